import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ABOUT,
  CONTACT,
  callsTo,
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
} from '../../components/document/testing';
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
  it('loads the page and saves its changes, then returns to the list', async () => {
    const calls = serve((config) => (config.url === 'Page/UpdatePage' ? { status: 200, data: { message: 'Page updated successfully' } } : undefined));
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
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await expectToast('Page updated successfully', 'success');
    const [update] = callsTo(calls, 'Page/UpdatePage');
    expect(update?.method).toBe('PUT');
    expect(formFields(update?.body)).toEqual({ id: '1', name: 'About us', url: '/about-us', isActive: 'false', isBannerVisible: 'true', bannerColor: '#1a2b3c', keywords: 'about, deals' });
    await expectLocation(LIST);
  });

  it('shows a failed update as a warning and stays', async () => {
    serve((config) => (config.url === 'Page/UpdatePage' ? { status: 404, data: { message: 'Page not found' } } : undefined));
    renderAt(EDIT);
    await loaded();
    await fill(field('Keywords'), ', more');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Page not found', 'warning');
    await expectLocation(EDIT);
  });

  it('says so when the page does not exist', async () => {
    serve();
    renderAt('/cms/management/page/edit/99');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
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
