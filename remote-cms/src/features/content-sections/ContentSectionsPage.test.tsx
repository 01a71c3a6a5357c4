import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { expectLocation, readCsvDownloads, renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import { choose, expectToast, rowOf } from '../../testing/sectionFields';
import { formatDateTime } from '../../components/document/format';
import ContentSectionsPage from './ContentSectionsPage';
import { BANNERS, SECTIONS } from '../../testing/contentSections';

/** Both lists as the API's table rows: content sections first, each by name (the server's default order). */
const TABLE_ROWS = [
  ...SECTIONS.map((section) => ({ kind: 'CONTENT_SECTION', id: section.id, name: section.name, type: section.type, isActive: section.isActive })),
  ...BANNERS.map((banner) => ({ kind: 'BANNER', id: banner.id, name: banner.name, type: 'CONTENT_SECTION_DYNAMIC_BANNER', isActive: banner.isActive })),
];

const M = '/cms/management';
type Answer = { status: number; data?: unknown } | undefined;

function serve(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'ContentSection/GetAllContentSections') {
      // The server filters: here by kind, name, type and active, enough to see the table send them.
      const params = (config.params ?? {}) as Record<string, string | number | undefined>;
      const items = TABLE_ROWS.filter(
        (row) =>
          (!params.kind || row.kind === params.kind) &&
          row.name.toLowerCase().includes(String(params.name ?? '').toLowerCase()) &&
          (!params.type || row.type === params.type) &&
          (params.isActive === undefined || String(row.isActive) === params.isActive),
      );
      return { status: 200, data: { items, total: items.length, page: params.page, pageSize: params.pageSize } };
    }
    if (config.url === 'ContentSection/ExportContentSectionsCsv') return { status: 200, data: new Blob(['Kind,Id,Name,Type,Is Active?\r\n'], { type: 'text/csv' }) };
    return { status: 404, data: { message: 'Not found' } };
  });
}

function renderList() {
  return renderRoutes(
    <>
      <Route path={`${M}/content-sections`} element={<ContentSectionsPage />} />
      <Route path={`${M}/content-section`} element={<p>New section screen</p>} />
      <Route path={`${M}/banner`} element={<p>New banner screen</p>} />
    </>,
    `${M}/content-sections`,
  );
}

const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent);

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  hideToast();
  clearSession();
  signInAs(1, { admin: true });
});

describe('Content Sections list', () => {
  it('lists content sections and banners with their kind, type label and active flag, each with View and Delete', async () => {
    const calls = serve();
    renderList();
    expect(await screen.findByRole('heading', { name: 'Content Sections' })).toBeInTheDocument();
    expect(cellsOf(await rowOf('About us')).slice(1)).toEqual(['Content Section', 'About us', 'Default', 'Yes']);
    expect(cellsOf(await rowOf('Our story')).slice(1)).toEqual(['Content Section', 'Our story', 'Text Only', 'No']);
    expect(cellsOf(await rowOf('Holiday slides')).slice(1)).toEqual(['Banner', 'Holiday slides', 'Dynamic Banner', 'Yes']);
    expect(screen.getByRole('link', { name: 'View About us' })).toHaveAttribute('href', `${M}/content-section/edit/7`);
    expect(screen.getByRole('link', { name: 'View Holiday slides' })).toHaveAttribute('href', `${M}/banner/edit/3`);
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
    // One page of both kinds, from the API.
    expect(calls.map((call) => [call.url, call.params])).toEqual([['ContentSection/GetAllContentSections', { page: 1, pageSize: 100 }]]);
  });

  it('says "Changes not published" and "Scheduled" (its instants in the tooltip) under the name', async () => {
    const publishAt = '2030-01-02T09:30:00.000Z';
    const unpublishAt = '2030-02-03T18:00:00.000Z';
    const [about, story, slides] = TABLE_ROWS;
    const items = [{ ...about, hasDraft: true, publishAt: null, unpublishAt: null }, { ...story, hasDraft: false, publishAt, unpublishAt }, slides];
    serve((config) => (config.url === 'ContentSection/GetAllContentSections' ? { status: 200, data: { items, total: items.length, page: 1, pageSize: 100 } } : undefined));
    renderList();
    const aboutRow = await rowOf('About us');
    // The list shows the published fields; the tag says there is more to publish.
    expect(cellsOf(aboutRow).slice(1)).toEqual(['Content Section', 'About usChanges not published', 'Default', 'Yes']);
    expect(within(aboutRow).queryByText(/^Scheduled/)).not.toBeInTheDocument();
    const storyRow = await rowOf('Our story');
    expect(within(storyRow).queryByText('Changes not published')).not.toBeInTheDocument();
    // The instants are in the tooltip, and in the tag's words for screen readers.
    const scheduled = within(storyRow).getByText(/^Scheduled/);
    expect(scheduled).toHaveTextContent(`Scheduled: Publishes ${formatDateTime(publishAt)} · Unpublishes ${formatDateTime(unpublishAt)}`);
    await userEvent.hover(scheduled);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`Publishes ${formatDateTime(publishAt)} · Unpublishes ${formatDateTime(unpublishAt)}`);
    // Neither: no tags.
    expect(cellsOf(await rowOf('Holiday slides')).slice(1)).toEqual(['Banner', 'Holiday slides', 'Dynamic Banner', 'Yes']);
  });

  it('opens New Content Section and New Banner', async () => {
    serve();
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /New Content Section/ }));
    await expectLocation(`${M}/content-section`);
  });

  it('opens New Banner', async () => {
    serve();
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /New Banner/ }));
    await expectLocation(`${M}/banner`);
  });

  it('filters by kind and by name', async () => {
    serve();
    renderList();
    await rowOf('Holiday slides');
    await choose('Kind', 'Banner');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('About us')).not.toBeInTheDocument());
    expect(await rowOf('Holiday slides')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await rowOf('About us');
    await userEvent.type(screen.getByLabelText('Name', { selector: 'input' }), 'story');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Holiday slides')).not.toBeInTheDocument());
    expect(await rowOf('Our story')).toBeInTheDocument();
  });

  it('sends the type as the API filter and sorts the Type column by the API key, and downloads from the API', async () => {
    const calls = serve();
    const downloads = readCsvDownloads();
    renderList();
    await rowOf('Holiday slides');
    await choose('Type', 'Text Only');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('About us')).not.toBeInTheDocument());
    expect(await rowOf('Our story')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('columnheader', { name: /Type/ }));
    const lists = () => calls.filter((call) => call.url === 'ContentSection/GetAllContentSections');
    await waitFor(() => expect(lists().at(-1)?.params).toEqual({ type: 'CONTENT_SECTION_TEXTONLY', sortBy: 'type', order: 'asc', page: 1, pageSize: 100 }));
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(calls.filter((call) => call.url === 'ContentSection/ExportContentSectionsCsv')).toHaveLength(1));
    expect(calls.find((call) => call.url === 'ContentSection/ExportContentSectionsCsv')?.params).toEqual({
      type: 'CONTENT_SECTION_TEXTONLY',
      sortBy: 'type',
      order: 'asc',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect((await downloads()).map((file) => file.name)).toEqual(['content-sections.csv']);
  });

  it('deletes a content section after the confirm and reloads', async () => {
    const calls = serve((config) =>
      config.url === 'ContentSection/DeleteContentSection' ? { status: 200, data: { message: 'Content section deleted successfully' } } : undefined,
    );
    renderList();
    await userEvent.click(within(await rowOf('Our story')).getByRole('button', { name: 'Delete Our story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Content Section' });
    expect(dialog).toHaveTextContent('Our story');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Content section deleted successfully', 'success');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'ContentSection/DeleteContentSection', params: { id: 8 } });
    await waitFor(() => expect(calls.filter((call) => call.url === 'ContentSection/GetAllContentSections')).toHaveLength(2));
  });

  it('deletes a banner with DeleteBanner; a failed delete is an error', async () => {
    const calls = serve((config) => (config.url === 'Banner/DeleteBanner' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderList();
    await userEvent.click(within(await rowOf('Holiday slides')).getByRole('button', { name: 'Delete Holiday slides' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Banner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Database unavailable', 'error');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'Banner/DeleteBanner', params: { id: 3 } });
  });

  it('shows a failed load as an error', async () => {
    serve((config) => (config.url === 'ContentSection/GetAllContentSections' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderList();
    await expectToast('Database unavailable', 'error');
  });
});
