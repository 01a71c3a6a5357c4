import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import {
  DRAFT,
  NO_EDITS,
  TIPS,
  callsTo,
  typeDateTime,
  withDraft,
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
} from '../../testing/documents';
import { formatDateTime } from '../../components/document';
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
    expect(screen.queryByRole('button', { name: /Publish|Save Draft/ })).not.toBeInTheDocument();
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
  it('saves the changes as the draft with SaveBlogDraft, then stays', async () => {
    const calls = serve((config) => (config.url === 'Blog/SaveBlogDraft' ? { status: 200, data: { message: 'Draft saved' } } : undefined));
    renderAt(EDIT);
    expect(await screen.findByRole('heading', { name: 'Blog Details' })).toBeInTheDocument();
    await loaded();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'Blog/GetBlogById', params: { blogId: 5 } });
    await userEvent.clear(field('Banner Color'));
    await fill(field('Banner Color'), '#ffffff');
    const save = screen.getByRole('button', { name: 'Save Draft' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Draft saved', 'success');
    expect(callsTo(calls, 'Blog/UpdateBlog')).toEqual([]);
    const [update] = callsTo(calls, 'Blog/SaveBlogDraft');
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
    await waitFor(() => expect(callsTo(calls, 'Blog/GetBlogById')).toHaveLength(2));
    await expectLocation(EDIT);
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

describe('Blog drafts and publishing', () => {
  const TIPS_DRAFT = withDraft(TIPS, { name: 'Saving tips 2026', bannerImageFilePath: 'blogs/tips-2026.png' });
  const bar = () => screen.getByRole('region', { name: 'Publishing' });
  const ok = (message: string) => ({ status: 200, data: { message } });
  const serveTips = (current: () => typeof TIPS, more: Extra = () => undefined) =>
    serveDocuments(BLOG_KIND, [TIPS, DRAFT], (config) => more(config) ?? (config.url === 'Blog/GetBlogById' && config.params?.blogId === 5 ? { status: 200, data: current() } : undefined));
  const draftLoaded = () => waitFor(() => expect(field('Blog Name')).toHaveValue('Saving tips 2026'));

  it('edits the draft, and Preview Blog opens it with the draft’s name', async () => {
    serveTips(() => TIPS_DRAFT);
    renderAt(EDIT);
    await draftLoaded();
    expect(screen.getByAltText('Banner Image preview')).toHaveAttribute('src', expect.stringContaining('blogs/tips-2026.png'));
    expect(within(bar()).getByText('Changes not published')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Preview Blog/ }));
    expect(await previewState()).toEqual({ url: '/saving-tips', title: 'Saving tips 2026', id: 5, isBlog: true });
  });

  it('Publish saves the edits with SaveBlogDraft, then PublishBlog?blogId=', async () => {
    let current: typeof TIPS = TIPS_DRAFT;
    const calls = serveTips(
      () => current,
      (config) => {
        if (config.url === 'Blog/SaveBlogDraft') return ok('Draft saved');
        if (config.url !== 'Blog/PublishBlog') return undefined;
        current = { ...TIPS, name: 'Saving tips 2026', keywords: 'about, deals, blog', draft: null, editorial: NO_EDITS };
        return ok('Published successfully');
      },
    );
    renderAt(EDIT);
    await draftLoaded();
    await fill(field('Keywords'), ', blog');
    const publish = screen.getByRole('button', { name: /Publish$/ });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);
    await expectToast('Published successfully', 'success');
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.url)).toEqual(['Blog/SaveBlogDraft', 'Blog/PublishBlog']);
    expect(formFields(callsTo(calls, 'Blog/SaveBlogDraft')[0]?.body)).toMatchObject({ id: '5', name: 'Saving tips 2026', keywords: 'about, deals, blog' });
    expect(callsTo(calls, 'Blog/PublishBlog')[0]).toMatchObject({ method: 'PUT', params: { blogId: 5 } });
    await waitFor(() => expect(within(bar()).getByText('Published')).toBeInTheDocument());
  });

  it('Discard Changes calls DiscardBlogDraft?blogId=', async () => {
    const calls = serveTips(() => TIPS_DRAFT, (config) => (config.url === 'Blog/DiscardBlogDraft' ? ok('Draft discarded') : undefined));
    renderAt(EDIT);
    await draftLoaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Discard Changes/ }));
    const popover = (await screen.findByText('Discard the unpublished changes?')).closest('.ant-popover') as HTMLElement;
    expect(popover).toHaveTextContent('The editor goes back to the published blog.');
    await userEvent.click(within(popover).getByRole('button', { name: 'Discard' }));
    await expectToast('Draft discarded', 'success');
    expect(callsTo(calls, 'Blog/DiscardBlogDraft')).toEqual([expect.objectContaining({ method: 'DELETE', params: { blogId: 5 } })]);
  });

  it('Schedule… saves with ScheduleBlog?blogId= and shows a server field error under Publish at', async () => {
    const publishAt = dayjs().add(1, 'day').hour(7).minute(45).second(0).millisecond(0);
    const calls = serveTips(
      () => TIPS,
      (config) => (config.url === 'Blog/ScheduleBlog' ? { status: 400, data: { message: 'There are no changes to publish.', errors: { publishAt: 'There are no changes to publish.' } } } : undefined),
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Blog' });
    await typeDateTime(within(dialog).getByLabelText('Publish at'), publishAt.format('MM/DD/YYYY HH:mm'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('There are no changes to publish.', 'warning');
    expect(within(dialog).getByText('There are no changes to publish.', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(callsTo(calls, 'Blog/ScheduleBlog')).toEqual([expect.objectContaining({ method: 'PUT', params: { blogId: 5 }, body: { publishAt: publishAt.toISOString(), unpublishAt: null } })]);
    expect(screen.getByRole('dialog', { name: 'Schedule Blog' })).toBeInTheDocument();
  });

  it('Share Preview Link calls CreateBlogPreviewLink?blogId= and shows the link', async () => {
    const link = { token: 'b-1', path: '/preview/shared/b-1', expiresAt: '2030-01-01T00:00:00.000Z' };
    const calls = serveTips(() => TIPS, (config) => (config.url === 'Blog/CreateBlogPreviewLink' ? { status: 200, data: link } : undefined));
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Share Preview Link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Preview Link' });
    expect(within(dialog).getByRole('textbox', { name: 'Preview link' })).toHaveValue(`${window.location.origin}/preview/shared/b-1`);
    expect(dialog).toHaveTextContent(`Expires ${formatDateTime(link.expiresAt)}`);
    expect(callsTo(calls, 'Blog/CreateBlogPreviewLink')).toEqual([expect.objectContaining({ method: 'POST', params: { blogId: 5 } })]);
  });

  it('History shows the blog revisions with the form’s labels', async () => {
    const revisions = [{ id: 3, recordType: 'blog', recordId: 5, action: 'create', actorName: 'Bea Blogger', at: '2026-05-01T10:00:00.000Z', changes: { name: { from: null, to: 'Saving tips' } } }];
    const calls = serveTips(() => TIPS, (config) => (config.url === 'Revisions/GetRevisions' ? { status: 200, data: revisions } : undefined));
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /History/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Blog history' });
    expect(await within(drawer).findByText('Blog Name')).toBeInTheDocument();
    expect(callsTo(calls, 'Revisions/GetRevisions')).toEqual([expect.objectContaining({ params: { recordType: 'blog', recordId: 5 } })]);
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
