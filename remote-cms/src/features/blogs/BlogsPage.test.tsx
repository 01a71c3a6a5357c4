import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DRAFT, TIPS, callsTo, cellsOf, expectLocation, expectToast, renderKindAt, rowOf, serveDocuments, startAsAdmin } from '../../components/document/testing';
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
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: 'Blog/GetAllBlogs', params: { isActive: '' } })]);
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

  it('filters on the active flag, sorts on the name and downloads the rows shown', async () => {
    serveDocuments(BLOG_KIND, [TIPS, DRAFT, { ...TIPS, id: 7, name: 'Apple deals', url: '/apple-deals' }]);
    const downloads = readCsvDownloads();
    renderList();
    await rowOf('Draft post');
    await userEvent.click(screen.getByRole('combobox', { name: 'Is Active?' }));
    await userEvent.click(await screen.findByTitle('Yes'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Draft post', { selector: 'td, td *' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('columnheader', { name: /Blog Name/ }));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Apple deals', 'Saving tips']));
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(await downloads()).toEqual([
      {
        name: 'blogs.csv',
        text: 'Blog Name,Url,Added By,Added On,Is Active?\r\nApple deals,/apple-deals,Bea Blogger,03/05/2024 14:07,Yes\r\nSaving tips,/saving-tips,Bea Blogger,03/05/2024 14:07,Yes\r\n',
      },
    ]);
  });

  it('shows 100 rows per page with a jump-to-page box', async () => {
    // Blog 1 is the newest: the list starts with it.
    const many = Array.from({ length: 101 }, (_, index) => ({ ...TIPS, id: index + 1, name: `Blog ${index + 1}`, addedOn: new Date(Date.UTC(2024, 0, 1) - index * 60_000).toISOString() }));
    serveDocuments(BLOG_KIND, many);
    renderList();
    await rowOf('Blog 100');
    expect(screen.queryByText('Blog 101', { selector: 'td, td *' })).not.toBeInTheDocument();
    const jumpTo = screen.getByRole('textbox', { name: 'Page' });
    await userEvent.type(jumpTo, '2');
    fireEvent.keyUp(jumpTo, { key: 'Enter', keyCode: 13 });
    expect(await rowOf('Blog 101')).toBeInTheDocument();
  });
});
