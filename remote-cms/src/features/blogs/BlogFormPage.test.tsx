import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DRAFT,
  TIPS,
  callsTo,
  cellsOf,
  choose,
  expectLocation,
  expectToast,
  field,
  fill,
  formFields,
  layOutSortRows,
  moveRowDown,
  previewState,
  renderKindAt,
  rowOf,
  serveDocuments,
  startAsAdmin,
  type Extra,
} from '../../components/document/testing';
import BlogsPage from './BlogsPage';
import BlogFormPage from './BlogFormPage';
import { BLOG_KIND } from './blogKind';

const NEW = '/cms/management/blog';
const EDIT = '/cms/management/blog/edit/5';
const LIST = '/cms/management/blogs';

const renderAt = (path: string) => renderKindAt(BLOG_KIND, { list: <BlogsPage />, form: <BlogFormPage /> }, path);
const serve = (extra?: Extra) => serveDocuments(BLOG_KIND, [TIPS, DRAFT], extra);
const contentCard = async () => (await screen.findByText('Blog Content')).closest('.ant-card') as HTMLElement;
const loaded = () => waitFor(() => expect(field('Blog Name')).toHaveValue('Saving tips'));

async function openAddContent() {
  await userEvent.click(within(await contentCard()).getByRole('button', { name: /Add Content/ }));
  return screen.findByRole('dialog', { name: 'Add Content Section' });
}

beforeEach(startAsAdmin);
afterEach(() => jest.restoreAllMocks());

describe('New Blog', () => {
  it('is titled New Blog, has no title field, content or preview, and starts active with the banner visible in #000000', async () => {
    serve();
    renderAt(NEW);
    expect(await screen.findByRole('heading', { name: 'New Blog' })).toBeInTheDocument();
    for (const section of ['Basic Information', 'Blog Banner', 'SEO']) expect(screen.getByText(section)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByText('Blog Content')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview Blog/ })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Is Banner Visible?' })).toBeChecked();
    expect(field('Banner Color')).toHaveValue('#000000');
    expect(field('Blog Name')).toHaveAttribute('maxLength', '250');
    expect(field('Url')).toHaveAttribute('maxLength', '250');
    expect(field('Keywords')).toHaveAttribute('maxLength', '1500');
    expect(screen.getByRole('button', { name: 'Create Blog' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Return to Listing/ })).toHaveAttribute('href', LIST);
  });

  it('says the spec’s messages: the name reads "Menu Item Name is required", the url must begin with /', async () => {
    serve();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Blog' });
    await userEvent.click(field('Blog Name'));
    await userEvent.tab();
    expect(await screen.findByText('Menu Item Name is required')).toBeInTheDocument();
    await userEvent.click(field('Url'));
    await userEvent.tab();
    expect(await screen.findByText('Url is required')).toBeInTheDocument();
    await fill(field('Url'), 'saving-tips');
    expect(await screen.findByText('Url must begin with /')).toBeInTheDocument();
  });

  it('creates the blog as multipart, then opens its edit route', async () => {
    const calls = serve((config) => (config.url === 'Blog/CreateBlog' ? { status: 200, data: { message: 'Blog created successfully', id: 5 } } : undefined));
    renderAt(NEW);
    await fill(await screen.findByLabelText('Blog Name', { selector: 'input' }), 'Saving tips');
    await fill(field('Url'), '/saving-tips');
    await fill(field('Description'), 'How to save');
    const create = screen.getByRole('button', { name: 'Create Blog' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Blog created successfully', 'success');
    const [created] = callsTo(calls, 'Blog/CreateBlog');
    expect(created?.method).toBe('POST');
    expect(formFields(created?.body)).toEqual({ name: 'Saving tips', url: '/saving-tips', isActive: 'true', isBannerVisible: 'true', bannerColor: '#000000', description: 'How to save' });
    await expectLocation(EDIT);
    expect(await screen.findByRole('heading', { name: 'Blog Details' })).toBeInTheDocument();
  });
});

describe('Blog Details', () => {
  it('saves the changes, then returns to the blog list', async () => {
    const calls = serve((config) => (config.url === 'Blog/UpdateBlog' ? { status: 200, data: { message: 'Blog updated successfully' } } : undefined));
    renderAt(EDIT);
    expect(await screen.findByRole('heading', { name: 'Blog Details' })).toBeInTheDocument();
    await loaded();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'Blog/GetBlogById', params: { blogId: 5 } });
    await userEvent.clear(field('Banner Color'));
    await fill(field('Banner Color'), '#ffffff');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Blog updated successfully', 'success');
    const [update] = callsTo(calls, 'Blog/UpdateBlog');
    expect(update?.method).toBe('PUT');
    expect(formFields(update?.body)).toEqual({
      id: '5',
      name: 'Saving tips',
      url: '/saving-tips',
      isActive: 'true',
      isBannerVisible: 'true',
      bannerColor: '#ffffff',
      keywords: 'about, deals',
      description: 'Who we are',
    });
    await expectLocation(LIST);
  });

  it('Preview Blog opens the preview with isBlog=true', async () => {
    serve();
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Preview Blog/ }));
    await expectLocation('/preview');
    expect(await previewState()).toEqual({ url: '/saving-tips', title: 'Saving tips', id: 5, isBlog: true });
  });

  it('removes the banner image after the confirm with DeleteBannerImage?blogId=', async () => {
    const calls = serve((config) => (config.url === 'Blog/DeleteBannerImage' ? { status: 200, data: { message: 'Banner image removed successfully' } } : undefined));
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Remove image/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Banner Image' });
    expect(callsTo(calls, 'Blog/DeleteBannerImage')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Banner image removed successfully', 'success');
    expect(callsTo(calls, 'Blog/DeleteBannerImage')).toEqual([expect.objectContaining({ method: 'DELETE', params: { blogId: 5 } })]);
  });
});

describe('Blog Content', () => {
  it('lists Name and Type with View and Remove; Remove unassigns after the confirm', async () => {
    const calls = serve((config) => (config.url === 'Blog/UnassignContentSection' ? { status: 200, data: { message: 'Content removed from the blog successfully' } } : undefined));
    renderAt(EDIT);
    const card = await contentCard();
    expect(cellsOf(await rowOf('Tips banner', card)).slice(1)).toEqual(['Tips banner', 'Banner']);
    expect(within(card).getByRole('link', { name: 'View Ten tips' })).toHaveAttribute('href', '/cms/management/content-section/edit/12');
    expect(within(card).getByRole('link', { name: 'View Tips banner' })).toHaveAttribute('href', '/cms/management/banner/edit/8');
    expect(within(card).getByRole('button', { name: /Sort Items/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove Tips banner' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Content' })).getByRole('button', { name: 'Remove' }));
    await expectToast('Content removed from the blog successfully', 'success');
    expect(callsTo(calls, 'Blog/UnassignContentSection')).toEqual([expect.objectContaining({ method: 'DELETE', params: { contentSectionBannerId: 41 } })]);
  });

  it('adds a component with the blog calls, type change reloading the options', async () => {
    const calls = serve((config) =>
      config.url === 'Blog/AssignContentSectionToBlog' ? { status: 200, data: { message: 'Content added to the blog successfully', id: 43 } } : undefined,
    );
    renderAt(EDIT);
    const dialog = await openAddContent();
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Content Section');
    await choose(within(dialog).getByRole('combobox', { name: 'Component' }), 'Our story');
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await waitFor(() => expect(within(dialog).queryByTitle('Our story')).not.toBeInTheDocument());
    await choose(within(dialog).getByRole('combobox', { name: 'Component' }), 'Summer banner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Content added to the blog successfully', 'success');
    expect(callsTo(calls, 'ContentSection/GetContentSectionOptionsForBlog').map((call) => call.params)).toEqual([
      { blogId: 5, type: 'CONTENTSECTION' },
      { blogId: 5, type: 'BANNER' },
    ]);
    expect(callsTo(calls, 'Blog/AssignContentSectionToBlog')).toEqual([expect.objectContaining({ method: 'POST', params: { blogId: 5, contentSectionId: 17, type: 'BANNER' } })]);
  });

  it('Create New opens a new banner or content section for this blog', async () => {
    serve();
    renderAt(EDIT);
    const dialog = await openAddContent();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectToast('Please select type of Component you want to create', 'warning');
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectLocation('/cms/management/banner/blogId/5');
  });

  it('Create New for a content section goes to /content-section/blogId/{id}', async () => {
    serve();
    renderAt(EDIT);
    const dialog = await openAddContent();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Please select both type & component', 'warning');
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Content Section');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectLocation('/cms/management/content-section/blogId/5');
  });

  it('Sort Items saves the new order in one SortBlogContentSections call', async () => {
    const calls = serve((config) => (config.url === 'Blog/SortBlogContentSections' ? { status: 200, data: { message: 'Blog content sorted successfully' } } : undefined));
    renderAt(EDIT);
    await userEvent.click(within(await contentCard()).getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Sections' });
    await within(dialog).findByText('Ten tips');
    layOutSortRows();
    await moveRowDown(dialog.querySelector<HTMLElement>('[data-sort-id="41"]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('Blog content sorted successfully', 'success');
    expect(callsTo(calls, 'Blog/SortBlogContentSections')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: [
          { id: 42, sortOrder: 1 },
          { id: 41, sortOrder: 2 },
        ],
      }),
    ]);
  });

  it('shows a failed sort as an error', async () => {
    serve((config) => (config.url === 'Blog/SortBlogContentSections' ? { status: 400, data: { message: 'Some of these items do not exist any more. Please reload and try again' } } : undefined));
    renderAt(EDIT);
    await userEvent.click(within(await contentCard()).getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Sections' });
    await within(dialog).findByText('Ten tips');
    layOutSortRows();
    await moveRowDown(dialog.querySelector<HTMLElement>('[data-sort-id="41"]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('Some of these items do not exist any more. Please reload and try again', 'error');
  });
});
