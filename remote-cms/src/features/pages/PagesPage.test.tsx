import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ABOUT, CONTACT, callsTo, cellsOf, expectLocation, expectToast, renderKindAt, rowOf, serveDocuments, startAsAdmin, withDraft } from '../../testing/documents';
import { formatDateTime } from '../../components/document';
import PagesPage from './PagesPage';
import PageFormPage from './PageFormPage';
import { PAGE_KIND } from './pageKind';

const LIST = '/cms/management/pages';
const renderList = () => renderKindAt(PAGE_KIND, { list: <PagesPage />, form: <PageFormPage /> }, LIST);

beforeEach(startAsAdmin);

describe('Pages list', () => {
  it('lists every page with its name, title, url and Yes/No active flag', async () => {
    const calls = serveDocuments(PAGE_KIND, [ABOUT, CONTACT]);
    renderList();
    expect(await screen.findByRole('heading', { name: 'Pages' })).toBeInTheDocument();
    const about = await rowOf('About us');
    expect(cellsOf(about).slice(1)).toEqual(['About us', 'About our deals', '/about-us', 'Yes']);
    expect(cellsOf(await rowOf('Contact')).slice(1)).toEqual(['Contact', '—', '/contact', 'No']);
    for (const title of ['Actions', 'Page Name', 'Title', 'Url', 'Is Active\\?']) expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeInTheDocument();
    // One page, from the API.
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: 'Page/GetAllPages', params: { page: 1, pageSize: 100 } })]);
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('says "Changes not published" and "Scheduled" (its instants in the tooltip) under the name', async () => {
    const publishAt = '2030-01-02T09:30:00.000Z';
    const unpublishAt = '2030-02-03T18:00:00.000Z';
    serveDocuments(PAGE_KIND, [withDraft(ABOUT, { title: 'New title' }), { ...CONTACT, publishAt, unpublishAt }]);
    renderList();
    const about = await rowOf('About us');
    // The list shows the published fields; the tag says there is more to publish.
    expect(cellsOf(about).slice(1)).toEqual(['About usChanges not published', 'About our deals', '/about-us', 'Yes']);
    expect(within(about).queryByText(/^Scheduled/)).not.toBeInTheDocument();
    const contact = await rowOf('Contact');
    expect(within(contact).queryByText('Changes not published')).not.toBeInTheDocument();
    // The instants are in the tooltip, and in the tag's words for screen readers.
    const scheduled = within(contact).getByText(/^Scheduled/);
    expect(scheduled).toHaveTextContent(`Scheduled: Publishes ${formatDateTime(publishAt)} · Unpublishes ${formatDateTime(unpublishAt)}`);
    await userEvent.hover(scheduled);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`Publishes ${formatDateTime(publishAt)} · Unpublishes ${formatDateTime(unpublishAt)}`);
  });

  it('opens a page with View', async () => {
    serveDocuments(PAGE_KIND, [ABOUT, CONTACT]);
    renderList();
    await userEvent.click(within(await rowOf('About us')).getByRole('link', { name: 'View About us' }));
    await expectLocation('/cms/management/page/edit/1');
    expect(await screen.findByRole('heading', { name: 'Page Details' })).toBeInTheDocument();
  });

  it('goes to New Page', async () => {
    serveDocuments(PAGE_KIND, [ABOUT]);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /New Page/ }));
    await expectLocation('/cms/management/page');
    expect(await screen.findByRole('heading', { name: 'New Page' })).toBeInTheDocument();
  });

  it('removes a page only after the confirm, then reloads the list', async () => {
    const calls = serveDocuments(PAGE_KIND, [ABOUT, CONTACT], (config) =>
      config.url === 'Page/DeletePage' ? { status: 200, data: { message: 'Page deleted successfully' } } : undefined,
    );
    renderList();
    await userEvent.click(within(await rowOf('Contact')).getByRole('button', { name: 'Remove Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Page' });
    expect(callsTo(calls, 'Page/DeletePage')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Page deleted successfully', 'success');
    expect(callsTo(calls, 'Page/DeletePage')).toEqual([expect.objectContaining({ method: 'DELETE', params: { id: 2 } })]);
    await waitFor(() => expect(callsTo(calls, 'Page/GetAllPages')).toHaveLength(2));
  });

  it('does nothing when the remove is cancelled, and shows a failed delete as an error', async () => {
    const calls = serveDocuments(PAGE_KIND, [ABOUT], (config) => (config.url === 'Page/DeletePage' ? { status: 500, data: { message: 'Could not delete' } } : undefined));
    renderList();
    await userEvent.click(within(await rowOf('About us')).getByRole('button', { name: 'Remove About us' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Page' })).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'Page/DeletePage')).toEqual([]);
    await userEvent.click(within(await rowOf('About us')).getByRole('button', { name: 'Remove About us' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Page' })).getByRole('button', { name: 'Remove' }));
    await expectToast('Could not delete', 'error');
  });

  it('filters on the url', async () => {
    serveDocuments(PAGE_KIND, [ABOUT, CONTACT]);
    renderList();
    await rowOf('Contact');
    await userEvent.type(screen.getByLabelText('Url', { selector: 'input' }), 'about');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Contact', { selector: 'td, td *' })).not.toBeInTheDocument());
    expect(await rowOf('About us')).toBeInTheDocument();
  });
});
