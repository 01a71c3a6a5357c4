import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import {
  ABOUT,
  CONTACT,
  DRAFT_SAVED,
  NO_EDITS,
  callsTo,
  clearDateTime,
  typeDateTime,
  withDraft,
  cellsOf,
  choose,
  empty,
  expectLocation,
  expectToast,
  field,
  fill,
  formFields,
  imageFile,
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
import PagesPage from './PagesPage';
import PageFormPage from './PageFormPage';
import { PAGE_KIND } from './pageKind';

const NEW = '/cms/management/page';
const EDIT = '/cms/management/page/edit/1';
const LIST = '/cms/management/pages';

const renderAt = (path: string) => renderKindAt(PAGE_KIND, { list: <PagesPage />, form: <PageFormPage /> }, path);
const serve = (extra?: Extra) => serveDocuments(PAGE_KIND, [ABOUT, CONTACT], extra);
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const contentCard = async () => (await screen.findByText('Page Content')).closest('.ant-card') as HTMLElement;
const loaded = () => waitFor(() => expect(field('Page Name')).toHaveValue('About us'));

async function openAddContent() {
  await userEvent.click(within(await contentCard()).getByRole('button', { name: /Add Content/ }));
  return screen.findByRole('dialog', { name: 'Add Content Section' });
}

beforeEach(startAsAdmin);
afterEach(() => jest.restoreAllMocks());

describe('New Page', () => {
  it('shows the sections with their defaults and limits, and no content, preview or image removal', async () => {
    const calls = serve();
    renderAt(NEW);
    expect(await screen.findByRole('heading', { name: 'New Page' })).toBeInTheDocument();
    for (const section of ['Basic Information', 'Page Banner', 'SEO']) expect(screen.getByText(section)).toBeInTheDocument();
    expect(screen.queryByText('Page Content')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview Page/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove image/ })).not.toBeInTheDocument();
    // Creating publishes, as before: no draft buttons, no publishing bar.
    expect(screen.queryByRole('button', { name: /Publish|Save Draft/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Publishing' })).not.toBeInTheDocument();
    expect(field('Page Name')).toHaveAttribute('maxLength', '250');
    expect(field('Title')).toHaveAttribute('maxLength', '250');
    expect(field('Url')).toHaveAttribute('maxLength', '250');
    expect(field('Banner Color')).toHaveValue('#000000');
    expect(field('Banner Color')).toHaveAttribute('maxLength', '10');
    expect(field('Keywords')).toHaveAttribute('maxLength', '1500');
    expect(screen.getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Is Banner Visible?' })).toBeChecked();
    const create = screen.getByRole('button', { name: 'Create Page' });
    expect(create).toBeDisabled();
    expect(create.closest('.deals-form-footer')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Return to Listing/ })).toHaveAttribute('href', LIST);
    expect(calls).toEqual([]);
  });

  it('says every field message under its field', async () => {
    serve();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Page' });
    await userEvent.click(field('Page Name'));
    await userEvent.tab();
    expect(await screen.findByText('Page Name is required')).toBeInTheDocument();
    await userEvent.click(field('Url'));
    await userEvent.tab();
    expect(await screen.findByText('Url is required')).toBeInTheDocument();
    await fill(field('Url'), 'about-us');
    expect(await screen.findByText('Url must begin with /')).toBeInTheDocument();
    await empty(field('Url'));
    await fill(field('Url'), '/deals');
    expect(await screen.findByText('This url belongs to a fixed page of the site. Please choose another')).toBeInTheDocument();
    await empty(field('Url'));
    await fill(field('Url'), '/about us');
    expect(await screen.findByText('Please enter a url such as /about-us: letters, numbers, - _ . ~ between single slashes')).toBeInTheDocument();
    await empty(field('Banner Color'));
    await fill(field('Banner Color'), 'blue');
    expect(await screen.findByText('Please enter a valid hex colour such as #000000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Page' })).toBeDisabled();
  });

  it('creates the page as multipart with its banner image, then opens its edit screen', async () => {
    const calls = serve((config) => (config.url === 'Page/CreatePage' ? { status: 200, data: { message: 'Page created successfully', id: 1 } } : undefined));
    renderAt(NEW);
    await fill(await screen.findByLabelText('Page Name', { selector: 'input' }), 'About us');
    await fill(field('Title'), 'About our deals');
    await fill(field('Url'), '/about-us');
    await userEvent.click(screen.getByRole('switch', { name: 'Is Banner Visible?' }));
    await fill(field('Keywords'), 'about, deals');
    await userEvent.upload(fileInput(), imageFile('hero.png'));
    expect(await screen.findByText('hero.png')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Page' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);

    await expectToast('Page created successfully', 'success');
    const [created] = callsTo(calls, 'Page/CreatePage');
    expect(created?.method).toBe('POST');
    expect(formFields(created?.body)).toEqual({
      name: 'About us',
      title: 'About our deals',
      url: '/about-us',
      isActive: 'true',
      isBannerVisible: 'false',
      bannerColor: '#000000',
      keywords: 'about, deals',
      bannerImage: 'file:hero.png',
    });
    await expectLocation(EDIT);
    expect(await screen.findByRole('heading', { name: 'Page Details' })).toBeInTheDocument();
    await loaded();
  });

  it('shows a failed create as a warning with the field message, and stays', async () => {
    serve((config) =>
      config.url === 'Page/CreatePage' ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { url: 'This url is already in use' } } } : undefined,
    );
    renderAt(NEW);
    await fill(await screen.findByLabelText('Page Name', { selector: 'input' }), 'About');
    await fill(field('Url'), '/about-us');
    const create = screen.getByRole('button', { name: 'Create Page' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText('This url is already in use')).toBeInTheDocument();
    await expectLocation(NEW);
  });

  it('goes back to the list on Cancel', async () => {
    serve();
    renderAt(NEW);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expectLocation(LIST);
  });
});

describe('Page Details', () => {
  it('loads the page and saves its changes as the draft, then stays and reloads it', async () => {
    const calls = serve((config) => (config.url === 'Page/SavePageDraft' ? { status: 200, data: { message: 'Draft saved' } } : undefined));
    renderAt(EDIT);
    expect(await screen.findByRole('heading', { name: 'Page Details' })).toBeInTheDocument();
    await loaded();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'Page/GetPageById', params: { pageId: 1 } });
    expect(field('Title')).toHaveValue('About our deals');
    expect(field('Url')).toHaveValue('/about-us');
    expect(field('Banner Color')).toHaveValue('#1a2b3c');
    expect(field('Keywords')).toHaveValue('about, deals');
    expect(field('Description')).toHaveValue('Who we are');
    expect(screen.getByAltText('Banner Image preview')).toHaveAttribute('src', expect.stringContaining('pages/about.png'));

    await empty(field('Title'));
    await empty(field('Description'));
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    const save = screen.getByRole('button', { name: 'Save Draft' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await expectToast('Draft saved', 'success');
    // The editor saves drafts: the public page (UpdatePage) is left alone.
    expect(callsTo(calls, 'Page/UpdatePage')).toEqual([]);
    const [draft] = callsTo(calls, 'Page/SavePageDraft');
    expect(draft?.method).toBe('PUT');
    expect(formFields(draft?.body)).toEqual({ id: '1', name: 'About us', url: '/about-us', isActive: 'false', isBannerVisible: 'true', bannerColor: '#1a2b3c', keywords: 'about, deals' });
    await waitFor(() => expect(callsTo(calls, 'Page/GetPageById')).toHaveLength(2));
    await expectLocation(EDIT);
  });

  it('shows a failed draft save as a warning and stays', async () => {
    serve((config) => (config.url === 'Page/SavePageDraft' ? { status: 404, data: { message: 'Page not found' } } : undefined));
    renderAt(EDIT);
    await loaded();
    await fill(field('Keywords'), ', more');
    const save = screen.getByRole('button', { name: 'Save Draft' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Page not found', 'warning');
    await expectLocation(EDIT);
  });

  it('says so when the page does not exist', async () => {
    serve();
    renderAt('/cms/management/page/edit/99');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
  });

  it('shows a failed load as an error with Retry', async () => {
    let failing = true;
    serve((config) => (failing && config.url === 'Page/GetPageById' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(EDIT);
    await expectToast('Database unavailable', 'error');
    failing = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await loaded();
  });

  it('removes the banner image after the confirm, then shows none', async () => {
    let removed = false;
    const calls = serve((config) => {
      if (config.url === 'Page/DeleteBannerImage') {
        removed = true;
        return { status: 200, data: { message: 'Banner image removed successfully' } };
      }
      if (config.url === 'Page/GetPageById' && removed) return { status: 200, data: { ...ABOUT, bannerImageFilePath: null } };
      return undefined;
    });
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Remove image/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Banner Image' });
    expect(callsTo(calls, 'Page/DeleteBannerImage')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Banner image removed successfully', 'success');
    expect(callsTo(calls, 'Page/DeleteBannerImage')).toEqual([expect.objectContaining({ method: 'DELETE', params: { pageId: 1 } })]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Remove image/ })).not.toBeInTheDocument());
    expect(screen.getByText('No image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Upload image/ })).toBeInTheDocument();
  });

  it('keeps the banner image when its removal is cancelled, and shows a failed removal as a warning', async () => {
    const calls = serve((config) => (config.url === 'Page/DeleteBannerImage' ? { status: 500, data: { message: 'Could not remove' } } : undefined));
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Remove image/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Banner Image' })).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'Page/DeleteBannerImage')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /Remove image/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Banner Image' })).getByRole('button', { name: 'Remove' }));
    await expectToast('Could not remove', 'warning');
  });

  it('opens the preview with the url, title, id and isBlog=false', async () => {
    serve();
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Preview Page/ }));
    await expectLocation('/preview');
    expect(await previewState()).toEqual({ url: '/about-us', title: 'About our deals', id: 1, isBlog: false });
  });
});

describe('Drafts and publishing', () => {
  /** About us with unpublished edits: a new title, description and banner image. */
  const ABOUT_DRAFT = withDraft(ABOUT, { title: 'About our new deals', description: 'Who we are now', bannerImageFilePath: 'pages/about-new.png' });
  const bar = () => screen.getByRole('region', { name: 'Publishing' });
  const ok = (message: string) => ({ status: 200, data: { message } });
  /** Serves About us as `current()` answers it, and `more` first. */
  const serveAbout = (current: () => typeof ABOUT, more: Extra = () => undefined) =>
    serveDocuments(PAGE_KIND, [ABOUT, CONTACT], (config) => more(config) ?? (config.url === 'Page/GetPageById' && config.params?.pageId === 1 ? { status: 200, data: current() } : undefined));
  /** Confirms the open Popconfirm with its button. */
  const confirmPopover = async (title: string, button: string) => {
    const popover = (await screen.findByText(title)).closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(popover).getByRole('button', { name: button }));
  };

  it('edits the draft: its values and banner image, with "Changes not published", who saved it and when', async () => {
    serveAbout(() => ABOUT_DRAFT);
    renderAt(EDIT);
    await loaded();
    expect(field('Title')).toHaveValue('About our new deals');
    expect(field('Description')).toHaveValue('Who we are now');
    expect(field('Keywords')).toHaveValue('about, deals');
    expect(screen.getByAltText('Banner Image preview')).toHaveAttribute('src', expect.stringContaining('pages/about-new.png'));
    expect(within(bar()).getByText('Changes not published')).toBeInTheDocument();
    expect(within(bar()).queryByText('Published')).not.toBeInTheDocument();
    expect(bar()).toHaveTextContent(`saved by ${DRAFT_SAVED.by} at ${formatDateTime(DRAFT_SAVED.at)}`);
    for (const name of ['Discard Changes', 'Unpublish', 'Schedule…', 'Share Preview Link', 'History']) expect(within(bar()).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    // DeleteBannerImage takes the image off the published page and the draft alike: offered with a draft too.
    expect(screen.getByRole('button', { name: /Remove image/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Publish$/ })).toBeEnabled();
  });

  it('shows a published page without changes as Published, and Publish waits for an edit', async () => {
    serveAbout(() => ({ ...ABOUT, editorial: NO_EDITS, draft: null }));
    renderAt(EDIT);
    await loaded();
    expect(within(bar()).getByText('Published')).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: /Discard Changes/ })).not.toBeInTheDocument();
    const publish = screen.getByRole('button', { name: /Publish$/ });
    expect(publish).toBeDisabled();
    await fill(field('Keywords'), ', more');
    await waitFor(() => expect(publish).toBeEnabled());
  });

  it('shows an inactive page as Unpublished with its schedules, without Unpublish', async () => {
    const publishAt = '2030-01-02T09:30:00.000Z';
    const unpublishAt = '2030-02-03T18:00:00.000Z';
    serveAbout(() => ({ ...CONTACT, id: 1, editorial: { ...NO_EDITS, publishAt, unpublishAt } }));
    renderAt(EDIT);
    await waitFor(() => expect(field('Page Name')).toHaveValue('Contact'));
    expect(within(bar()).getByText('Unpublished')).toBeInTheDocument();
    expect(within(bar()).getByText(`Scheduled to publish ${formatDateTime(publishAt)}`)).toBeInTheDocument();
    expect(within(bar()).getByText(`Scheduled to unpublish ${formatDateTime(unpublishAt)}`)).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: /Unpublish/ })).not.toBeInTheDocument();
    // Publishing an inactive page makes it active: there is something to publish.
    expect(screen.getByRole('button', { name: /Publish$/ })).toBeEnabled();
  });

  it('Publish saves the unsaved edits as the draft first, then publishes, then shows the published page', async () => {
    let current: typeof ABOUT = ABOUT_DRAFT;
    const calls = serveAbout(
      () => current,
      (config) => {
        if (config.url === 'Page/SavePageDraft') return ok('Draft saved');
        if (config.url !== 'Page/PublishPage') return undefined;
        current = { ...ABOUT, title: 'About our new deals', description: 'Who we are now', keywords: 'about, deals, more', bannerImageFilePath: 'pages/about-new.png', draft: null, editorial: NO_EDITS };
        return ok('Published successfully');
      },
    );
    renderAt(EDIT);
    await loaded();
    await fill(field('Keywords'), ', more');
    const publish = screen.getByRole('button', { name: /Publish$/ });
    await waitFor(() => expect(publish).toBeEnabled());
    await userEvent.click(publish);

    await expectToast('Published successfully', 'success');
    const writes = calls.filter((call) => call.method !== 'GET').map((call) => call.url);
    expect(writes).toEqual(['Page/SavePageDraft', 'Page/PublishPage']);
    expect(formFields(callsTo(calls, 'Page/SavePageDraft')[0]?.body)).toEqual({
      id: '1',
      name: 'About us',
      title: 'About our new deals',
      url: '/about-us',
      isActive: 'true',
      isBannerVisible: 'true',
      bannerColor: '#1a2b3c',
      keywords: 'about, deals, more',
      description: 'Who we are now',
    });
    expect(callsTo(calls, 'Page/PublishPage')[0]).toMatchObject({ method: 'PUT', params: { pageId: 1 } });
    await waitFor(() => expect(within(bar()).getByText('Published')).toBeInTheDocument());
    expect(within(bar()).queryByText('Changes not published')).not.toBeInTheDocument();
    expect(field('Keywords')).toHaveValue('about, deals, more');
    await expectLocation(EDIT);
  });

  it('Publish of a saved draft publishes it at once; a refused publish is a warning', async () => {
    let refuse = true;
    const calls = serveAbout(
      () => ABOUT_DRAFT,
      (config) => (config.url === 'Page/PublishPage' ? (refuse ? { status: 400, data: { message: 'There are no changes to publish.' } } : ok('Published successfully')) : undefined),
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: /Publish$/ }));
    await expectToast('There are no changes to publish.', 'warning');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: /Publish$/ }));
    await expectToast('Published successfully', 'success');
    expect(callsTo(calls, 'Page/SavePageDraft')).toEqual([]);
    expect(callsTo(calls, 'Page/PublishPage')).toHaveLength(2);
  });

  it('Publish with an invalid edit publishes nothing', async () => {
    const calls = serveAbout(() => ABOUT_DRAFT);
    renderAt(EDIT);
    await loaded();
    await empty(field('Url'));
    expect(await screen.findByText('Url is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Publish$/ })).toBeDisabled();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('Discard Changes drops the draft after the confirm and shows the published page again', async () => {
    let current: typeof ABOUT = ABOUT_DRAFT;
    const calls = serveAbout(
      () => current,
      (config) => {
        if (config.url !== 'Page/DiscardPageDraft') return undefined;
        current = { ...ABOUT, draft: null, editorial: NO_EDITS };
        return ok('Draft discarded');
      },
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Discard Changes/ }));
    expect(callsTo(calls, 'Page/DiscardPageDraft')).toEqual([]);
    await confirmPopover('Discard the unpublished changes?', 'Discard');
    await expectToast('Draft discarded', 'success');
    expect(callsTo(calls, 'Page/DiscardPageDraft')).toEqual([expect.objectContaining({ method: 'DELETE', params: { pageId: 1 } })]);
    await waitFor(() => expect(field('Title')).toHaveValue('About our deals'));
    expect(field('Description')).toHaveValue('Who we are');
    expect(screen.getByAltText('Banner Image preview')).toHaveAttribute('src', expect.stringContaining('pages/about.png'));
    expect(within(bar()).getByText('Published')).toBeInTheDocument();
  });

  it('Unpublish takes the page off the site after the confirm', async () => {
    let current: typeof ABOUT = ABOUT;
    const calls = serveAbout(
      () => current,
      (config) => {
        if (config.url !== 'Page/UnpublishPage') return undefined;
        current = { ...ABOUT, isActive: false };
        return ok('Unpublished successfully');
      },
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Unpublish/ }));
    await confirmPopover('Unpublish this page?', 'Unpublish');
    await expectToast('Unpublished successfully', 'success');
    expect(callsTo(calls, 'Page/UnpublishPage')).toEqual([expect.objectContaining({ method: 'PUT', params: { pageId: 1 } })]);
    await waitFor(() => expect(within(bar()).getByText('Unpublished')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Is Active?' })).not.toBeChecked());
  });

  it('Schedule… sends both instants as ISO, shows a field error from the server, then saves', async () => {
    const publishAt = dayjs().add(2, 'day').hour(9).minute(30).second(0).millisecond(0);
    const unpublishAt = publishAt.add(1, 'day').hour(18).minute(5);
    let answers = 0;
    const calls = serveAbout(
      () => ABOUT_DRAFT,
      (config) => {
        if (config.url !== 'Page/SchedulePage') return undefined;
        answers += 1;
        return answers === 1
          ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { unpublishAt: 'Unpublish must come after publish' } } }
          : ok('Schedule saved');
      },
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Page' });
    await typeDateTime(within(dialog).getByLabelText('Publish at'), publishAt.format('MM/DD/YYYY HH:mm'));
    await typeDateTime(within(dialog).getByLabelText('Unpublish at'), unpublishAt.format('MM/DD/YYYY HH:mm'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await within(dialog).findByText('Unpublish must come after publish')).toBeInTheDocument();
    const [first] = callsTo(calls, 'Page/SchedulePage');
    expect(first).toMatchObject({ method: 'PUT', params: { pageId: 1 }, body: { publishAt: publishAt.toISOString(), unpublishAt: unpublishAt.toISOString() } });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Schedule saved', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule Page' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(calls, 'Page/GetPageById')).toHaveLength(2));
  });

  it('Schedule… starts from the saved schedule, and a cleared field is sent as null', async () => {
    const publishAt = dayjs().add(3, 'day').hour(8).minute(0).second(0).millisecond(0).toISOString();
    const calls = serveAbout(() => withDraft(ABOUT, { title: 'Soon' }, { publishAt }), (config) => (config.url === 'Page/SchedulePage' ? ok('Schedule saved') : undefined));
    renderAt(EDIT);
    await waitFor(() => expect(field('Title')).toHaveValue('Soon'));
    await userEvent.click(within(bar()).getByRole('button', { name: /Schedule/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Page' });
    const input = within(dialog).getByLabelText('Publish at');
    expect(input).toHaveValue(formatDateTime(publishAt));
    expect(within(dialog).getByLabelText('Unpublish at')).toHaveValue('');
    await clearDateTime(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectToast('Schedule saved', 'success');
    expect(callsTo(calls, 'Page/SchedulePage')[0]?.body).toEqual({ publishAt: null, unpublishAt: null });
  });

  it('Share Preview Link shows the full link with Copy and when it expires', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = { token: 'tok-123', path: '/preview/shared/tok-123', expiresAt: '2030-05-06T07:08:00.000Z' };
    const calls = serveAbout(() => ABOUT_DRAFT, (config) => (config.url === 'Page/CreatePagePreviewLink' ? { status: 200, data: link } : undefined));
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /Share Preview Link/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Preview Link' });
    expect(callsTo(calls, 'Page/CreatePagePreviewLink')).toEqual([expect.objectContaining({ method: 'POST', params: { pageId: 1 } })]);
    const url = `${window.location.origin}/preview/shared/tok-123`;
    expect(within(dialog).getByRole('textbox', { name: 'Preview link' })).toHaveValue(url);
    expect(within(dialog).getByRole('textbox', { name: 'Preview link' })).toHaveAttribute('readonly');
    expect(dialog).toHaveTextContent(`Expires ${formatDateTime(link.expiresAt)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: /Copy/ }));
    expect(writeText).toHaveBeenCalledWith(url);
    await expectToast('Link copied', 'success');
    await userEvent.click(within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share Preview Link' })).not.toBeInTheDocument());
  });

  it('History opens the page revisions in a drawer; Restore reloads the draft and closes it', async () => {
    let current: typeof ABOUT = ABOUT;
    const revisions = [
      { id: 12, recordType: 'page', recordId: 1, action: 'publish', actorName: 'Ada Admin', at: '2026-05-02T10:00:00.000Z', changes: { title: { from: 'About', to: 'About our deals' } } },
      { id: 11, recordType: 'page', recordId: 1, action: 'create', actorName: 'Ada Admin', at: '2026-05-01T10:00:00.000Z', changes: { title: { from: null, to: 'About' }, isActive: { from: null, to: true } } },
    ];
    const calls = serveAbout(
      () => current,
      (config) => {
        if (config.url === 'Revisions/GetRevisions') return { status: 200, data: revisions };
        if (config.url !== 'Revisions/RestoreRevision') return undefined;
        current = withDraft(ABOUT, { title: 'About' });
        return ok('Revision restored as the draft. Publish it to make it public.');
      },
    );
    renderAt(EDIT);
    await loaded();
    await userEvent.click(within(bar()).getByRole('button', { name: /History/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Page history' });
    expect(await within(drawer).findByRole('region', { name: 'Published by Ada Admin' })).toBeInTheDocument();
    expect(callsTo(calls, 'Revisions/GetRevisions')).toEqual([expect.objectContaining({ params: { recordType: 'page', recordId: 1 } })]);
    // The form's own labels.
    expect(within(drawer).getAllByText('Title')).toHaveLength(2);
    expect(within(drawer).getByText('Is Active?')).toBeInTheDocument();

    await userEvent.click(within(within(drawer).getByRole('region', { name: 'Created by Ada Admin' })).getByRole('button', { name: 'Restore' }));
    await confirmPopover('Restore this revision?', 'Restore');
    await expectToast('Revision restored as the draft. Publish it to make it public.', 'success');
    expect(callsTo(calls, 'Revisions/RestoreRevision')).toEqual([expect.objectContaining({ params: { revisionId: 11 } })]);
    await waitFor(() => expect(field('Title')).toHaveValue('About'));
    expect(within(bar()).getByText('Changes not published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Page history' })).not.toBeInTheDocument());
  });
});

describe('Page Content', () => {
  it('lists the components with their type, and View opens the banner or content section', async () => {
    serve();
    renderAt(EDIT);
    const card = await contentCard();
    const banner = await rowOf('Spring banner', card);
    expect(cellsOf(banner).slice(1)).toEqual(['Spring banner', 'Banner']);
    expect(cellsOf(await rowOf('Our story', card)).slice(1)).toEqual(['Our story', 'Content Section']);
    for (const title of ['Actions', 'Name', 'Type']) expect(within(card).getByRole('columnheader', { name: title })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Our story' })).toHaveAttribute('href', '/cms/management/content-section/edit/9');
    await userEvent.click(within(banner).getByRole('link', { name: 'View Spring banner' }));
    await expectLocation('/cms/management/banner/edit/7');
  });

  it('removes a component after the confirm with its assignment id, then reloads the page', async () => {
    const calls = serve((config) => (config.url === 'Page/UnassignContentSection' ? { status: 200, data: { message: 'Content removed from the page successfully' } } : undefined));
    renderAt(EDIT);
    const card = await contentCard();
    await userEvent.click(within(await rowOf('Our story', card)).getByRole('button', { name: 'Remove Our story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Content' });
    expect(callsTo(calls, 'Page/UnassignContentSection')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Content removed from the page successfully', 'success');
    expect(callsTo(calls, 'Page/UnassignContentSection')).toEqual([expect.objectContaining({ method: 'DELETE', params: { contentSectionBannerId: 32 } })]);
    await waitFor(() => expect(callsTo(calls, 'Page/GetPageById')).toHaveLength(2));
  });

  it('shows a failed remove as a warning', async () => {
    serve((config) => (config.url === 'Page/UnassignContentSection' ? { status: 404, data: { message: 'This content is not assigned any more' } } : undefined));
    renderAt(EDIT);
    await userEvent.click(within(await rowOf('Our story', await contentCard())).getByRole('button', { name: 'Remove Our story' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Content' })).getByRole('button', { name: 'Remove' }));
    await expectToast('This content is not assigned any more', 'warning');
  });

  it('warns when Add is pressed without both a type and a component, and Create New without a type', async () => {
    const calls = serve();
    renderAt(EDIT);
    const dialog = await openAddContent();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Please select both type & component', 'warning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectToast('Please select type of Component you want to create', 'warning');
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Please select both type & component', 'warning');
    expect(callsTo(calls, 'Page/AssignContentSectionToPage')).toEqual([]);
    await expectLocation(EDIT);
  });

  it('clears the component and loads the options again when the type changes, then adds the chosen one', async () => {
    const calls = serve((config) =>
      config.url === 'Page/AssignContentSectionToPage' ? { status: 200, data: { message: 'Content added to the page successfully', id: 33 } } : undefined,
    );
    renderAt(EDIT);
    const dialog = await openAddContent();
    const component = within(dialog).getByRole('combobox', { name: 'Component' });
    expect(component).toBeDisabled();
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await waitFor(() => expect(callsTo(calls, 'ContentSection/GetContentSectionOptions')).toEqual([expect.objectContaining({ method: 'GET', params: { pageId: 1, type: 'BANNER' } })]));
    await choose(component, 'Summer banner');
    expect(within(dialog).getByTitle('Summer banner')).toBeInTheDocument();

    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Content Section');
    await waitFor(() => expect(within(dialog).queryByTitle('Summer banner')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(calls, 'ContentSection/GetContentSectionOptions')[1]).toMatchObject({ params: { pageId: 1, type: 'CONTENTSECTION' } }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Please select both type & component', 'warning');

    await choose(component, 'Meet the team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Content added to the page successfully', 'success');
    const [assign] = callsTo(calls, 'Page/AssignContentSectionToPage');
    expect(assign).toMatchObject({ method: 'POST', params: { pageId: 1, contentSectionId: 19, type: 'CONTENTSECTION' } });
    expect(assign?.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Content Section' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(calls, 'Page/GetPageById')).toHaveLength(2));
  });

  it('shows a failed add as a warning and keeps the modal open', async () => {
    serve((config) => (config.url === 'Page/AssignContentSectionToPage' ? { status: 400, data: { message: 'This component is already added' } } : undefined));
    renderAt(EDIT);
    const dialog = await openAddContent();
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await choose(within(dialog).getByRole('combobox', { name: 'Component' }), 'Spring banner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('This component is already added', 'warning');
    expect(screen.getByRole('dialog', { name: 'Add Content Section' })).toBeInTheDocument();
  });

  it('Create New opens a new content section for this page', async () => {
    serve();
    renderAt(EDIT);
    const dialog = await openAddContent();
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Content Section');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectLocation('/cms/management/content-section/pageId/1');
  });

  it('Create New opens a new banner for this page', async () => {
    serve();
    renderAt(EDIT);
    const dialog = await openAddContent();
    await choose(within(dialog).getByRole('combobox', { name: 'Type' }), 'Banner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New' }));
    await expectLocation('/cms/management/banner/pageId/1');
  });

  it('sorts the components by keyboard and saves the new order in one call', async () => {
    const calls = serve((config) => (config.url === 'Page/SortPageContentSections' ? { status: 200, data: { message: 'Page content sorted successfully' } } : undefined));
    renderAt(EDIT);
    await userEvent.click(within(await contentCard()).getByRole('button', { name: /Sort$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Sections' });
    await within(dialog).findByText('Our story');
    layOutSortRows();
    const rows = () => Array.from(dialog.querySelectorAll<HTMLElement>('[data-sort-id]'));
    await moveRowDown(rows()[0] as HTMLElement);
    expect(rows().map((row) => row.getAttribute('data-sort-id'))).toEqual(['32', '31']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('Page content sorted successfully', 'success');
    const sorts = callsTo(calls, 'Page/SortPageContentSections');
    expect(sorts).toHaveLength(1);
    expect(sorts[0]).toMatchObject({
      method: 'PUT',
      body: [
        { id: 32, sortOrder: 1 },
        { id: 31, sortOrder: 2 },
      ],
    });
    await waitFor(() => expect(callsTo(calls, 'Page/GetPageById').length).toBeGreaterThanOrEqual(3));
  });

  it('says No Items Available when there is nothing to sort', async () => {
    serve();
    renderAt('/cms/management/page/edit/2');
    await userEvent.click(within(await contentCard()).getByRole('button', { name: /Sort/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Sections' });
    expect(await within(dialog).findByText('No Items Available')).toBeInTheDocument();
  });
});
