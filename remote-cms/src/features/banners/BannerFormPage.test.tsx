import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import type { AdminBanner, BannerItem, BannerSnapshot, DraftBannerItem, EditorialState } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { layOutSortRows, moveRowDown, expectLocation, renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import { choose, expectToast, fieldsOf, fileInput, optionsOf, png, rowOf, selectedOf } from '../../testing/sectionFields';
import BannerFormPage from './BannerFormPage';
import { formatBannerValue } from './draft';

// wangEditor needs a real browser; the form is tested with a textarea in its place.
jest.mock('../../components/rich-text/WangEditor', () => jest.requireActual('../../testing/TextareaEditor'));

const M = '/cms/management';
type Answer = { status: number; data?: unknown } | undefined;

const item = (overrides: Partial<BannerItem>): BannerItem => ({
  id: 1,
  bannerId: 3,
  name: 'Slide one',
  type: 'CONTENT_SECTION_DYNAMIC_BANNER',
  title: 'Holiday deals',
  description: '<p>Up to 50% off</p>',
  imagePath: 'slide-one.jpg',
  sortOrder: 1,
  alignment: 'LEFT',
  isPadded: false,
  isFloatingCard: false,
  hasRoundedCorners: false,
  isTextOnly: false,
  primaryButtonText: null,
  primaryButtonActionType: null,
  primaryButtonLink: null,
  secondaryButtonText: null,
  secondaryButtonActionType: null,
  secondaryButtonLink: null,
  ...overrides,
});

const BANNER: AdminBanner = {
  id: 3,
  name: 'Holiday slides',
  isActive: true,
  pageId: 5,
  blogId: null,
  bannerItems: [item({}), item({ id: 2, name: 'Slide two', title: 'Gift ideas', imagePath: 'slide-two.jpg', sortOrder: 2 })],
};

const NO_EDITS: EditorialState = { hasDraft: false, draftSavedAt: null, draftSavedBy: null, publishAt: null, unpublishAt: null, publishedAt: '2026-05-01T10:00:00.000Z' };

/** A snapshot item as the draft holds it. */
const snapshotItem = ({ bannerId: _bannerId, ...rest }: BannerItem, sortOrder: number, id: number | null = rest.id) => ({ ...rest, id, sortOrder });

/** A draft: renamed, Slide two first, Slide one gone, and a new slide (no id yet) with its uploaded image. */
const DRAFT: BannerSnapshot = {
  name: 'Holiday slides (draft)',
  isActive: true,
  items: [
    snapshotItem(item({ id: 2, name: 'Slide two', title: 'Gift ideas', imagePath: 'slide-two.jpg' }), 0),
    snapshotItem(item({ name: 'Slide new', title: 'Fresh deals', imagePath: 'stored-new.png' }), 1, null),
  ],
};

/**
 * A fake API holding the banner: SaveBannerDraft keeps the body as the draft (GetBannerById then
 * answers it), PublishBanner makes it the banner, DiscardBannerDraft drops it.
 */
function serve(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined, start: { draft?: BannerSnapshot | null; isActive?: boolean } = {}) {
  let draft: BannerSnapshot | null = start.draft ?? null;
  let published: AdminBanner = { ...BANNER, isActive: start.isActive ?? BANNER.isActive };
  let uploads = 0;
  const body = (config: InternalAxiosRequestConfig) => JSON.parse(String(config.data)) as { name: string; isActive: boolean; items: DraftBannerItem[] };
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Banner/GetBannerById') {
      return { status: 200, data: { ...published, draft, editorial: { ...NO_EDITS, hasDraft: draft !== null, draftSavedBy: draft ? 'Edda Editor' : null } } };
    }
    if (config.url === 'Banner/CreateBanner') return { status: 200, data: { message: 'Banner created successfully', id: 3 } };
    if (config.url === 'Banner/SaveBannerDraft') {
      const { name, isActive, items } = body(config);
      draft = { name, isActive, items: items.map((sent, index) => ({ ...snapshotItem(item({}), index), ...sent, id: sent.id ?? null, sortOrder: index }) as BannerSnapshot['items'][number]) };
      return { status: 200, data: { message: 'Draft saved' } };
    }
    if (config.url === 'Banner/PublishBanner') {
      if (draft) {
        let next = 100;
        const items = draft.items.map(({ id, ...rest }) => ({ ...rest, id: id ?? next++, bannerId: 3 }));
        published = { ...published, name: draft.name, isActive: draft.isActive, bannerItems: items };
      } else published = { ...published, isActive: true };
      draft = null;
      return { status: 200, data: { message: 'Published successfully' } };
    }
    if (config.url === 'Banner/DiscardBannerDraft') {
      draft = null;
      return { status: 200, data: { message: 'Draft discarded' } };
    }
    if (config.url === 'ContentSection/UploadImageToContentSection') return { status: 200, data: { message: 'Image uploaded', filePath: `stored-${++uploads}.png` } };
    if (config.url === 'Page/AssignContentSectionToPage' || config.url === 'Blog/AssignContentSectionToBlog') return { status: 200, data: { message: 'Added', id: 40 } };
    return { status: 404, data: { message: 'Not found' } };
  });
}

function renderAt(path: string) {
  return renderRoutes(
    <>
      <Route path={`${M}/content-sections`} element={<p>List screen</p>} />
      <Route path={`${M}/banner`} element={<BannerFormPage />} />
      <Route path={`${M}/banner/edit/:bannerId`} element={<BannerFormPage />} />
      <Route path={`${M}/banner/pageId/:pageId`} element={<BannerFormPage />} />
      <Route path={`${M}/banner/blogId/:blogId`} element={<BannerFormPage />} />
      <Route path={`${M}/page/edit/:pageId`} element={<p>Page screen</p>} />
      <Route path={`${M}/blog/edit/:blogId`} element={<p>Blog screen</p>} />
    </>,
    path,
  );
}

const nameInput = () => screen.getByLabelText('Banner Name', { selector: 'input' });

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  hideToast();
  clearSession();
  signInAs(1, { admin: true });
});

describe('New Banner', () => {
  it('needs a name, offers the one Dynamic Banner type, creates the banner as JSON and opens its edit screen', async () => {
    const calls = serve();
    renderAt(`${M}/banner`);
    expect(await screen.findByRole('heading', { name: 'New Banner' })).toBeInTheDocument();
    expect(selectedOf('Type')).toBe('Dynamic Banner');
    expect(await optionsOf('Type')).toEqual(['Dynamic Banner']);
    expect(nameInput()).toHaveAttribute('maxLength', '150');
    await userEvent.click(nameInput());
    await userEvent.tab();
    expect(await screen.findByText('Banner Name is required')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    await userEvent.type(nameInput(), 'Holiday slides');
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Banner created successfully', 'success');
    expect(calls.find((call) => call.url === 'Banner/CreateBanner')).toMatchObject({ method: 'POST', body: { name: 'Holiday slides', isActive: true } });
    expect(calls.some((call) => call.url.includes('Assign'))).toBe(false);
    await expectLocation(`${M}/banner/edit/3`);
    expect(await screen.findByRole('heading', { name: 'Banner Details' })).toBeInTheDocument();
  });

  it('from a page: sends the pageId, adds the banner to the page, then opens the banner for its items', async () => {
    const calls = serve();
    renderAt(`${M}/banner/pageId/5`);
    expect(await screen.findByRole('link', { name: /Return to Page/ })).toHaveAttribute('href', `${M}/page/edit/5`);
    await userEvent.type(nameInput(), 'Holiday slides');
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectLocation(`${M}/banner/edit/3`);
    expect(calls.find((call) => call.url === 'Banner/CreateBanner')?.body).toEqual({ name: 'Holiday slides', isActive: false, pageId: 5 });
    expect(calls.find((call) => call.url === 'Page/AssignContentSectionToPage')).toMatchObject({ method: 'POST', params: { pageId: 5, contentSectionId: 3, type: 'BANNER' } });
    // The banner remembers its page: Return to Page, and Save Changes goes back there.
    expect(await screen.findByRole('link', { name: /Return to Page/ })).toHaveAttribute('href', `${M}/page/edit/5`);
  });

  it('from a blog: sends the blogId and adds the banner to the blog', async () => {
    const calls = serve();
    renderAt(`${M}/banner/blogId/9`);
    await userEvent.type(await screen.findByLabelText('Banner Name', { selector: 'input' }), 'Blog slides');
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectLocation(`${M}/banner/edit/3`);
    expect(calls.find((call) => call.url === 'Banner/CreateBanner')?.body).toEqual({ name: 'Blog slides', isActive: true, blogId: 9 });
    expect(calls.find((call) => call.url === 'Blog/AssignContentSectionToBlog')?.params).toEqual({ blogId: 9, contentSectionId: 3, type: 'BANNER' });
  });

  it('shows a failed create as a warning and stays', async () => {
    serve((config) =>
      config.url === 'Banner/CreateBanner'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { name: 'Banner Name must be at most 150 characters' } } }
        : undefined,
    );
    renderAt(`${M}/banner`);
    await userEvent.type(await screen.findByLabelText('Banner Name', { selector: 'input' }), 'Holiday');
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText('Banner Name must be at most 150 characters')).toBeInTheDocument();
    await expectLocation(`${M}/banner`);
  });
});

const bar = () => screen.getByRole('region', { name: 'Publishing' });
const saveDraftButton = () => screen.getByRole('button', { name: 'Save Draft' });
const publishButton = () => screen.getByRole('button', { name: /Publish$/ });
/** The calls that change something on the server (everything but reads). */
const writes = (calls: { method: string; url: string }[]) => calls.filter((call) => call.method !== 'GET');

describe('Banner Details', () => {
  it('edits the published banner when there is no draft: the bar, the items, and Save Draft sends the banner and all its items as JSON, then stays', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(calls[0]).toMatchObject({ url: 'Banner/GetBannerById', params: { bannerId: 3 } });
    const first = await rowOf('Slide one');
    expect(within(first).getByText('Holiday deals')).toBeInTheDocument();
    expect(within(first).getByAltText('Slide one')).toHaveAttribute('src', expect.stringContaining('slide-one.jpg'));
    expect(await rowOf('Slide two')).toBeInTheDocument();
    expect(within(bar()).getByText('Published')).toBeInTheDocument();
    expect(within(bar()).getByRole('button', { name: /Unpublish/ })).toBeInTheDocument();
    expect(within(bar()).queryByRole('button', { name: /Discard Changes/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    // Nothing to publish: no draft, no edit, already public.
    expect(publishButton()).toBeDisabled();

    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), 'Winter slides');
    await waitFor(() => expect(publishButton()).toBeEnabled());
    await waitFor(() => expect(saveDraftButton()).toBeEnabled());
    await userEvent.click(saveDraftButton());
    await expectToast('Draft saved', 'success');
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'Banner/SaveBannerDraft',
        body: {
          id: 3,
          name: 'Winter slides',
          isActive: true,
          items: [
            expect.objectContaining({ id: 1, name: 'Slide one', title: 'Holiday deals', imagePath: 'slide-one.jpg', type: 'CONTENT_SECTION_DYNAMIC_BANNER', alignment: 'LEFT' }),
            expect.objectContaining({ id: 2, name: 'Slide two', title: 'Gift ideas', imagePath: 'slide-two.jpg' }),
          ],
        },
      }),
    ]);
    // Stays and reloads: the draft is what the editor and the bar show now.
    await waitFor(() => expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(2));
    expect(await within(bar()).findByText('Changes not published')).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Winter slides');
    await expectLocation(`${M}/banner/edit/3`);
  });

  it('loads the draft rather than the published banner: its name, its items in its order, new ones marked', async () => {
    serve(undefined, { draft: DRAFT });
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides (draft)'));
    const rows = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[1]?.textContent);
    await waitFor(() => expect(rows()).toEqual(['Slide two', 'Slide newNew']));
    expect(screen.queryByText('Slide one')).not.toBeInTheDocument();
    expect(within(await rowOf('Slide new')).getByAltText('Slide new')).toHaveAttribute('src', expect.stringContaining('stored-new.png'));
    expect(within(bar()).getByText('Changes not published')).toBeInTheDocument();
    expect(within(bar()).getByText(/saved by Edda Editor/)).toBeInTheDocument();
    // A draft is something to publish.
    expect(publishButton()).toBeEnabled();
  });

  it('adds, edits and deletes items in the editor only; the new image is uploaded when the item is added; Save Draft sends every item in order', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');

    // Add: the image is required ("Error! Please upload an image"), then uploaded on Add.
    await userEvent.click(screen.getByRole('button', { name: /Add Banner Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Banner Item' });
    expect(selectedOf('Type', dialog)).toBe('Dynamic Banner');
    expect(within(dialog).getByLabelText('Name', { selector: 'input' })).toHaveAttribute('maxLength', '1000');
    expect(within(dialog).getByLabelText('Title', { selector: 'input' })).toHaveAttribute('maxLength', '1000');
    await userEvent.type(within(dialog).getByLabelText('Name', { selector: 'input' }), 'Slide three');
    await userEvent.type(within(dialog).getByLabelText('Title', { selector: 'input' }), 'Last chance');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Description' }), '<p>Ends Sunday</p>');
    await choose('Alignment', 'Center', dialog);
    const add = within(dialog).getByRole('button', { name: 'Add' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await expectToast('Error! Please upload an image', 'warning');
    expect(writes(calls)).toEqual([]);
    await userEvent.upload(fileInput(dialog), png('slide-three.png'));
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Banner Item' })).not.toBeInTheDocument());
    const upload = calls.find((call) => call.url === 'ContentSection/UploadImageToContentSection');
    expect(upload?.method).toBe('POST');
    expect(fieldsOf(upload?.body)).toEqual({ file: 'file:slide-three.png' });
    const added = await rowOf('Slide three');
    expect(within(added).getByText('New')).toBeInTheDocument();
    expect(within(added).getByAltText('Slide three')).toHaveAttribute('src', expect.stringContaining('stored-1.png'));
    expect(screen.getByText(/The slides have unsaved changes/)).toBeInTheDocument();

    // Edit: the button rules; a published item keeps its image.
    await userEvent.click(within(await rowOf('Slide two')).getByRole('button', { name: 'Edit Slide two' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Banner Item' });
    await waitFor(() => expect(within(edit).getByLabelText('Title', { selector: 'input' })).toHaveValue('Gift ideas'));
    expect(within(edit).getByAltText('Image preview')).toHaveAttribute('src', expect.stringContaining('slide-two.jpg'));
    const save = within(edit).getByRole('button', { name: 'Save Changes' });
    await userEvent.type(within(edit).getByLabelText('Primary Button Text'), 'See gifts');
    expect(await within(edit).findByText('Primary Action Type is required')).toBeInTheDocument();
    expect(within(edit).getByText('Primary Action Link is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await choose('Primary Action Type', 'Page', edit);
    await userEvent.type(within(edit).getByLabelText('Primary Action Link'), '/gifts');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Banner Item' })).not.toBeInTheDocument());

    // Delete: after the confirm, from the editor only.
    await userEvent.click(within(await rowOf('Slide one')).getByRole('button', { name: 'Delete Slide one' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Banner Item' });
    expect(confirm).toHaveTextContent('Slide one');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Slide one')).not.toBeInTheDocument());

    // Nothing reached the server but the image.
    expect(writes(calls).map((call) => call.url)).toEqual(['ContentSection/UploadImageToContentSection']);
    expect(calls.some((call) => call.url.startsWith('BannerItem/'))).toBe(false);

    await userEvent.click(saveDraftButton());
    await expectToast('Draft saved', 'success');
    const sent = calls.find((call) => call.url === 'Banner/SaveBannerDraft')?.body as { items: DraftBannerItem[] };
    expect(sent.items).toEqual([
      expect.objectContaining({ id: 2, title: 'Gift ideas', imagePath: 'slide-two.jpg', primaryButtonText: 'See gifts', primaryButtonActionType: 'PAGE', primaryButtonLink: '/gifts' }),
      expect.objectContaining({
        id: null,
        name: 'Slide three',
        title: 'Last chance',
        description: '<p>Ends Sunday</p>',
        type: 'CONTENT_SECTION_DYNAMIC_BANNER',
        alignment: 'CENTER',
        imagePath: 'stored-1.png',
        primaryButtonText: null,
      }),
    ]);
    // Saved: the hint is gone at once; reloaded from the saved draft, the new item is still new.
    await waitFor(() => expect(screen.queryByText(/The slides have unsaved changes/)).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(2));
    await waitFor(async () => expect(within(await rowOf('Slide three')).getByText('New')).toBeInTheDocument());
  });

  it('keeps the dialog open and sends nothing when the image upload fails', async () => {
    const calls = serve((config) => (config.url === 'ContentSection/UploadImageToContentSection' ? { status: 400, data: { message: 'Please upload a JPEG, PNG, WebP or GIF image', errors: { file: 'Please upload a JPEG, PNG, WebP or GIF image' } } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');
    await userEvent.click(screen.getByRole('button', { name: /Add Banner Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Banner Item' });
    await userEvent.type(within(dialog).getByLabelText('Title', { selector: 'input' }), 'Broken');
    await userEvent.upload(fileInput(dialog), png('broken.png'));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await expectToast('Please upload a JPEG, PNG, WebP or GIF image', 'warning');
    expect(screen.getByRole('dialog', { name: 'Add Banner Item' })).toBeInTheDocument();
    expect(screen.queryByText('Broken', { selector: 'td, td *' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === 'Banner/SaveBannerDraft')).toBe(false);
  });

  it('sorts the items by drag and drop in the editor; Save Draft sends the new order', async () => {
    const calls = serve();
    layOutSortRows();
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Banner Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Banner Items' });
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('li > [data-sort-id]'));
    expect(rows().map((row) => row.textContent)).toEqual(['Slide one', 'Slide two']);
    await moveRowDown(rows()[0] as HTMLElement);
    await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual(['Slide two', 'Slide one']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sort Banner Items' })).not.toBeInTheDocument());
    const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['Slide two', 'Slide one']);
    expect(writes(calls)).toEqual([]);

    await userEvent.click(saveDraftButton());
    await expectToast('Draft saved', 'success');
    const sent = calls.find((call) => call.url === 'Banner/SaveBannerDraft')?.body as { items: DraftBannerItem[] };
    expect(sent.items.map((sentItem) => sentItem.id)).toEqual([2, 1]);
  });

  it('Publish saves the unsaved edits as the draft first, then publishes it', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await userEvent.click(within(await rowOf('Slide one')).getByRole('button', { name: 'Delete Slide one' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Banner Item' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(publishButton()).toBeEnabled());
    await userEvent.click(publishButton());
    await expectToast('Published successfully', 'success');
    expect(writes(calls)).toEqual([
      expect.objectContaining({ url: 'Banner/SaveBannerDraft', body: expect.objectContaining({ items: [expect.objectContaining({ id: 2 })] }) }),
      expect.objectContaining({ method: 'PUT', url: 'Banner/PublishBanner', params: { bannerId: 3 } }),
    ]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(2));
    expect(await within(bar()).findByText('Published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Slide one')).not.toBeInTheDocument());
    await expectLocation(`${M}/banner/edit/3`);
  });

  it('Publish of a saved draft without unsaved edits only publishes', async () => {
    const calls = serve(undefined, { draft: DRAFT });
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides (draft)'));
    await userEvent.click(publishButton());
    await expectToast('Published successfully', 'success');
    expect(writes(calls).map((call) => call.url)).toEqual(['Banner/PublishBanner']);
    await waitFor(() => expect(publishButton()).toBeDisabled());
  });

  it('an inactive banner without a draft can be published (made active)', async () => {
    const calls = serve(undefined, { isActive: false });
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(within(bar()).getByText('Unpublished')).toBeInTheDocument();
    await waitFor(() => expect(publishButton()).toBeEnabled());
    await userEvent.click(publishButton());
    await expectToast('Published successfully', 'success');
    expect(writes(calls).map((call) => call.url)).toEqual(['Banner/PublishBanner']);
    expect(await within(bar()).findByText('Published')).toBeInTheDocument();
  });

  it('shows Save Draft errors: the name under its field, an item\'s on its row and in its dialog; stays', async () => {
    const calls = serve((config) =>
      config.url === 'Banner/SaveBannerDraft'
        ? {
            status: 400,
            data: {
              message: 'Please check the highlighted fields.',
              errors: { name: 'Banner Name must be at most 150 characters', 'items.1.primaryButtonLink': 'Primary Action Link is required' },
            },
          }
        : undefined,
    );
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');
    await waitFor(() => expect(saveDraftButton()).toBeEnabled());
    await userEvent.click(saveDraftButton());
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText('Banner Name must be at most 150 characters')).toBeInTheDocument();
    const problems = await screen.findByRole('list', { name: 'Problems with Slide two' });
    expect(problems).toHaveTextContent('Primary Action Link is required');
    expect(screen.queryByRole('list', { name: 'Problems with Slide one' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(1);

    await userEvent.click(within(await rowOf('Slide two')).getByRole('button', { name: 'Edit Slide two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner Item' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Primary Action Link is required');
    // Saving the item clears its messages.
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Problems with Slide two' })).not.toBeInTheDocument());
    await expectLocation(`${M}/banner/edit/3`);
  });

  it('the bar: Discard Changes drops the draft and the editor goes back to the published banner', async () => {
    const calls = serve(undefined, { draft: DRAFT });
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides (draft)'));
    await userEvent.click(within(bar()).getByRole('button', { name: /Discard Changes/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await expectToast('Draft discarded', 'success');
    expect(calls.find((call) => call.url === 'Banner/DiscardBannerDraft')).toMatchObject({ method: 'DELETE', params: { bannerId: 3 } });
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(await rowOf('Slide one')).toBeInTheDocument();
    expect(screen.queryByText('Slide new')).not.toBeInTheDocument();
  });

  it('Cancel returns to the page the banner came from, or to the list', async () => {
    serve();
    const { unmount } = renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectLocation(`${M}/page/edit/5`);
    unmount();

    serve((config) => (config.url === 'Banner/GetBannerById' ? { status: 200, data: { ...BANNER, pageId: null, draft: null } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(screen.queryByRole('link', { name: /Return to Page/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectLocation(`${M}/content-sections`);
  });

  it('shows a failed load as an error with Retry', async () => {
    serve((config) => (config.url === 'Banner/GetBannerById' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await expectToast('Database unavailable', 'error');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('formatBannerValue (the history)', () => {
  it('reads the items as their number and titles, and leaves other fields to the bar', () => {
    expect(formatBannerValue('items', [{ title: 'Title A', name: 'a' }, { title: null, name: 'Slide b' }, {}])).toBe('3 slides: Title A, Slide b, Untitled');
    expect(formatBannerValue('items', [{ title: 'Only' }])).toBe('1 slide: Only');
    expect(formatBannerValue('items', [])).toBe('No slides');
    expect(formatBannerValue('name', 'Holiday')).toBeUndefined();
  });
});
