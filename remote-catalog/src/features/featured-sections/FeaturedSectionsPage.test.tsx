import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import type { FeaturedSection } from '@deals/contract';
import { formatDateTime } from '../../lib/format';
import { expectLocation, expectToast, renderSectionsAt, rowOf, SECTIONS, serveSections, signInAs } from '../../testing/featuredSections';
import { layOutSortRows, moveRowDown } from '@deals/shared-auth/ui-testing';
import FeaturedSectionsPage from './FeaturedSectionsPage';
import FeaturedSectionFormPage from './FeaturedSectionFormPage';

/** The list and form screens at their App.tsx routes, at `path`. */
const renderAt = (path: string) => renderSectionsAt({ list: <FeaturedSectionsPage />, form: <FeaturedSectionFormPage /> }, path);

const LIST = '/admin/management/featured-sections';

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('Featured sections list', () => {
  it('shows every section with its dates and Yes/No, and gives an admin New, Sort and Remove', async () => {
    signInAs(true);
    const calls = serveSections();
    renderAt(LIST);
    const winter = await rowOf('Winter Sale');
    const [winterSection] = SECTIONS.slice(1);
    expect(within(winter).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      ' ViewRemove',
      'Winter Sale',
      formatDateTime(winterSection?.dateCreated),
      formatDateTime(winterSection?.dateUpdated),
      'No',
    ]);
    expect(within(await rowOf('Summer Picks')).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    for (const title of ['Actions', 'Featured Section Name', 'Created On', 'Last Updated', 'Is Active?']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(title.replace('?', '\\?')) })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Featured Sections' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New Featured Section/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sort Sections/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Summer Picks' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'FeaturedSection/GetAllFeaturedSections', params: { isActive: '' } });
  });

  it('shows staff who are not admins the list and View, without New, Sort or Remove', async () => {
    signInAs(false);
    serveSections();
    renderAt(LIST);
    await rowOf('Summer Picks');
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /New Featured Section/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sort Sections/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('opens a section from View and the new form from New Featured Section', async () => {
    signInAs(true);
    serveSections();
    renderAt(LIST);
    await userEvent.click(await screen.findByRole('link', { name: 'View Summer Picks' }));
    await expectLocation('/admin/management/featured-section/edit/1');
    expect(await screen.findByRole('heading', { name: 'Featured Section Details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Return to Listing/ }));
    await userEvent.click(await screen.findByRole('button', { name: /New Featured Section/ }));
    await expectLocation('/admin/management/featured-section');
    expect(await screen.findByRole('heading', { name: 'New Featured Section' })).toBeInTheDocument();
  });

  it('removes a section after the confirm, shows the server message and reloads', async () => {
    signInAs(true);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/DeleteFeaturedSection' ? { status: 200, data: { message: 'Featured Section deleted successfully' } } : undefined,
    );
    renderAt(LIST);
    await userEvent.click(within(await rowOf('Winter Sale')).getByRole('button', { name: 'Remove Winter Sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Featured Section' });
    expect(dialog).toHaveTextContent('Winter Sale');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Featured Section deleted successfully', 'success');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'FeaturedSection/DeleteFeaturedSection', params: { id: 2 } });
    await waitFor(() => expect(calls.filter((call) => call.url === 'FeaturedSection/GetAllFeaturedSections')).toHaveLength(2));
  });

  it('sends nothing when the remove is cancelled, and shows a failed remove as an error', async () => {
    signInAs(true);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/DeleteFeaturedSection' ? { status: 403, data: { message: 'You do not have permission to do this.' } } : undefined,
    );
    renderAt(LIST);
    await userEvent.click(within(await rowOf('Summer Picks')).getByRole('button', { name: 'Remove Summer Picks' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Featured Section' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Summer Picks' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Featured Section' })).getByRole('button', { name: 'Remove' }));
    await expectToast('You do not have permission to do this.', 'error');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('filters by name and by the active flag', async () => {
    signInAs(true);
    serveSections();
    renderAt(LIST);
    await rowOf('Winter Sale');
    await userEvent.type(screen.getByLabelText('Featured Section Name', { selector: 'input' }), 'summer');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Winter Sale')).not.toBeInTheDocument());
    expect(await rowOf('Summer Picks')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await rowOf('Winter Sale');
    await userEvent.click(screen.getByLabelText('Is Active?'));
    await userEvent.click(await screen.findByTitle('No'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Summer Picks')).not.toBeInTheDocument());
    expect(await rowOf('Winter Sale')).toBeInTheDocument();
  });

  it('downloads the shown rows as CSV', async () => {
    signInAs(false);
    serveSections();
    const blobs: Blob[] = [];
    const saved: string[] = [];
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:sections');
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt(LIST);
    await rowOf('Winter Sale');
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    click.mockRestore();
    expect(saved).toEqual(['featured-sections.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    const [summer, winter] = SECTIONS as [FeaturedSection, FeaturedSection];
    expect(text.replace('\uFEFF', '')).toBe(
      [
        'Featured Section Name,Created On,Last Updated,Is Active?',
        `Summer Picks,${formatDateTime(summer.dateCreated)},${formatDateTime(summer.dateUpdated)},Yes`,
        `Winter Sale,${formatDateTime(winter.dateCreated)},${formatDateTime(winter.dateUpdated)},No`,
        '',
      ].join('\r\n'),
    );
  });

  it('lists the sections with their images in Sort Sections and saves the renumbered order in one call', async () => {
    signInAs(true);
    const calls = serveSections((config) =>
      config.url === 'FeaturedSection/SortFeaturedSections' ? { status: 200, data: { message: 'Featured Sections sorted successfully' } } : undefined,
    );
    layOutSortRows();
    renderAt(LIST);
    await rowOf('Summer Picks');
    await userEvent.click(screen.getByRole('button', { name: /Sort Sections/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Sections' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Sections' });
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('li > [data-sort-id]'));
    expect(rows().map((item) => item.textContent)).toEqual(['Summer Picks', 'Winter Sale']);
    expect(list.querySelectorAll('img')).toHaveLength(2);
    const save = within(dialog).getByRole('button', { name: 'Save Order' });
    expect(save).toBeDisabled();

    await moveRowDown(rows()[0] as HTMLElement);
    await waitFor(() => expect(rows().map((item) => item.textContent)).toEqual(['Winter Sale', 'Summer Picks']));
    await userEvent.click(save);
    await expectToast('Featured Sections sorted successfully', 'success');
    expect(calls.filter((call) => call.url === 'FeaturedSection/SortFeaturedSections')).toEqual([
      expect.objectContaining({ method: 'PUT', body: [{ id: 2, sortOrder: 1 }, { id: 1, sortOrder: 2 }] }),
    ]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'FeaturedSection/GetAllFeaturedSections').length).toBeGreaterThanOrEqual(3));
  });

  it('shows the server message when the list cannot be loaded', async () => {
    signInAs(true);
    serveFakeApi(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderAt(LIST);
    await expectToast('Database unavailable', 'error');
  });
});
