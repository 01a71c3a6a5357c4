import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT, TIPS, callsTo, cellsOf, expectLocation, expectToast, renderKindAt, rowOf, serveDocuments, startAsAdmin } from '../../testing/documents';
import BlogsPage from './BlogsPage';
import BlogFormPage from './BlogFormPage';
import { BLOG_KIND } from './blogKind';
import { readCsvDownloads } from '@deals/shared-auth/ui-testing';

const LIST = '/cms/management/blogs';
const renderList = () => renderKindAt(BLOG_KIND, { list: <BlogsPage />, form: <BlogFormPage /> }, LIST);

beforeEach(startAsAdmin);
afterEach(() => jest.restoreAllMocks());

describe('Blogs list', () => {
  it('shows Actions, Blog Name, Added By, Added On (MM/DD/YYYY HH:mm) and Is Active? as Yes/No', async () => {
    const calls = serveDocuments(BLOG_KIND, [TIPS, DRAFT]);
    renderList();
    expect(await screen.findByRole('heading', { name: 'Blogs' })).toBeInTheDocument();
    const tips = await rowOf('Saving tips');
    expect(cellsOf(tips)).toEqual([' ViewRemove', 'Saving tips', 'Bea Blogger', '03/05/2024 14:07', 'Yes']);
    expect(cellsOf(await rowOf('Draft post')).slice(1)).toEqual(['Draft post', '—', '06/10/2024 08:30', 'No']);
    for (const title of ['Actions', 'Blog Name', 'Added By', 'Added On', 'Is Active\\?']) expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeInTheDocument();
    // One page, from the API.
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: 'Blog/GetAllBlogs', params: { page: 1, pageSize: 100 } })]);
    // Newest first until a column is sorted.
    expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Draft post', 'Saving tips']);
  });

  it('opens a blog with View and a new one with New Blog', async () => {
    serveDocuments(BLOG_KIND, [TIPS, DRAFT]);
    renderList();
    await userEvent.click(within(await rowOf('Saving tips')).getByRole('link', { name: 'View Saving tips' }));
    await expectLocation('/cms/management/blog/edit/5');
    expect(await screen.findByRole('heading', { name: 'Blog Details' })).toBeInTheDocument();
  });

  it('goes to New Blog', async () => {
    serveDocuments(BLOG_KIND, [TIPS]);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /New Blog/ }));
    await expectLocation('/cms/management/blog');
    expect(await screen.findByRole('heading', { name: 'New Blog' })).toBeInTheDocument();
  });

  it('removes a blog after the confirm, then reloads the list', async () => {
    const calls = serveDocuments(BLOG_KIND, [TIPS, DRAFT], (config) => (config.url === 'Blog/DeleteBlog' ? { status: 200, data: { message: 'Blog deleted successfully' } } : undefined));
    renderList();
    await userEvent.click(within(await rowOf('Draft post')).getByRole('button', { name: 'Remove Draft post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Blog' });
    expect(callsTo(calls, 'Blog/DeleteBlog')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Blog deleted successfully', 'success');
    expect(callsTo(calls, 'Blog/DeleteBlog')).toEqual([expect.objectContaining({ method: 'DELETE', params: { id: 6 } })]);
    await waitFor(() => expect(callsTo(calls, 'Blog/GetAllBlogs')).toHaveLength(2));
  });

  it('filters on the active flag and sorts on the name through the API, and downloads the matching rows from the API', async () => {
    const calls = serveDocuments(BLOG_KIND, [TIPS, DRAFT, { ...TIPS, id: 7, name: 'Apple deals', url: '/apple-deals' }]);
    const downloads = readCsvDownloads();
    renderList();
    await rowOf('Draft post');
    await userEvent.click(screen.getByRole('combobox', { name: 'Is Active?' }));
    await userEvent.click(await screen.findByTitle('Yes'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Draft post', { selector: 'td, td *' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('columnheader', { name: /Blog Name/ }));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Apple deals', 'Saving tips']));
    expect(callsTo(calls, 'Blog/GetAllBlogs').at(-1)?.params).toEqual({ isActive: 'true', sortBy: 'name', order: 'asc', page: 1, pageSize: 100 });
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(callsTo(calls, 'Blog/ExportBlogsCsv')).toHaveLength(1));
    expect(callsTo(calls, 'Blog/ExportBlogsCsv')[0]?.params).toEqual({ isActive: 'true', sortBy: 'name', order: 'asc', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(await downloads()).toEqual([{ name: 'blogs.csv', text: 'Name\r\nApple deals\r\nSaving tips\r\n' }]);
  });

  it('sends the author as the API filter', async () => {
    const calls = serveDocuments(BLOG_KIND, [TIPS, DRAFT]);
    renderList();
    await rowOf('Draft post');
    await userEvent.type(screen.getAllByPlaceholderText('Part of a name')[1]!, ' bea ');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Draft post', { selector: 'td, td *' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'Blog/GetAllBlogs').at(-1)?.params).toEqual({ addedBy: 'bea', page: 1, pageSize: 100 });
  });

  it('starts from the state in the address bar: the Added On days as instants, the sort and the page size', async () => {
    const calls = serveDocuments(BLOG_KIND, [TIPS, DRAFT]);
    renderKindAt(BLOG_KIND, { list: <BlogsPage />, form: <BlogFormPage /> }, `${LIST}?addedOnRange=2024-03-01,2024-03-31&sort=addedOn.asc&pageSize=25`);
    await rowOf('Saving tips');
    expect(callsTo(calls, 'Blog/GetAllBlogs')[0]?.params).toEqual({
      addedFrom: new Date('2024-03-01T00:00:00').toISOString(),
      addedTo: new Date('2024-03-31T23:59:59.999').toISOString(),
      sortBy: 'addedOn',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('shows 100 rows per page with a jump-to-page box', async () => {
    // Blog 1 is the newest: the list starts with it.
    const many = Array.from({ length: 101 }, (_, index) => ({ ...TIPS, id: index + 1, name: `Blog ${index + 1}`, addedOn: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString() }));
    const calls = serveDocuments(BLOG_KIND, many);
    renderList();
    await rowOf('Blog 100');
    expect(screen.queryByText('Blog 101', { selector: 'td, td *' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Go to page (1 to 2)' }), '2{Enter}');
    // The API pages: page 2 is asked for.
    expect(await screen.findByText('Blog 101', { selector: 'td, td *' }, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo(calls, 'Blog/GetAllBlogs').map((call) => call.params)).toEqual([
      { page: 1, pageSize: 100 },
      { page: 2, pageSize: 100 },
    ]);
  });
});
