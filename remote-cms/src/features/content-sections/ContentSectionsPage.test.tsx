import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { expectLocation, renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import { choose, expectToast, rowOf } from '../../components/section-fields/testSupport';
import ContentSectionsPage from './ContentSectionsPage';
import { BANNERS, SECTIONS } from './fixtures';

const M = '/cms/management';
type Answer = { status: number; data?: unknown } | undefined;

function serve(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'ContentSection/GetAllContentSections') return { status: 200, data: SECTIONS };
    if (config.url === 'Banner/GetAllBanners') return { status: 200, data: BANNERS };
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
    expect(calls.map((call) => [call.url, call.params])).toEqual(
      expect.arrayContaining([
        ['ContentSection/GetAllContentSections', { isActive: '' }],
        ['Banner/GetAllBanners', { isActive: '' }],
      ]),
    );
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
    serve((config) => (config.url === 'Banner/GetAllBanners' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderList();
    await expectToast('Database unavailable', 'error');
  });
});
