import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Route } from 'react-router-dom';
import type { Banner, BannerItem } from '@deals/api/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { layOutSortRows, moveRowDown, expectLocation, renderRoutes, signInAs } from '@deals/shared-auth/ui-testing';
import { choose, expectToast, fieldsOf, fileInput, optionsOf, png, rowOf, selectedOf } from '../../components/section-fields/testSupport';
import BannerFormPage from './BannerFormPage';

// wangEditor needs a real browser; the form is tested with a textarea in its place.
jest.mock('../../components/rich-text/WangEditor', () => jest.requireActual('../../components/rich-text/testing'));

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

const BANNER: Banner = {
  id: 3,
  name: 'Holiday slides',
  isActive: true,
  pageId: 5,
  blogId: null,
  bannerItems: [item({}), item({ id: 2, name: 'Slide two', title: 'Gift ideas', imagePath: 'slide-two.jpg', sortOrder: 2 })],
};

function serve(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Banner/GetBannerById') return { status: 200, data: BANNER };
    if (config.url === 'Banner/CreateBanner') return { status: 200, data: { message: 'Banner created successfully', id: 3 } };
    if (config.url === 'Banner/UpdateBanner') return { status: 200, data: { message: 'Banner updated successfully' } };
    if (config.url === 'BannerItem/CreateBannerItem') return { status: 200, data: { message: 'Banner item created successfully', id: 9 } };
    if (config.url === 'BannerItem/UpdateBannerItem') return { status: 200, data: { message: 'Banner item updated successfully' } };
    if (config.url === 'BannerItem/DeleteBannerItem') return { status: 200, data: { message: 'Banner item deleted successfully' } };
    if (config.url === 'BannerItem/SortBannerItems') return { status: 200, data: { message: 'Banner items sorted successfully' } };
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

describe('Banner Details', () => {
  it('shows the banner and its items, saves the banner as JSON and returns to the page it came from', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(calls[0]).toMatchObject({ url: 'Banner/GetBannerById', params: { bannerId: 3 } });
    const first = await rowOf('Slide one');
    expect(within(first).getByText('Holiday deals')).toBeInTheDocument();
    expect(within(first).getByAltText('Slide one')).toHaveAttribute('src', expect.stringContaining('slide-one.jpg'));
    expect(await rowOf('Slide two')).toBeInTheDocument();

    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), 'Winter slides');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Banner updated successfully', 'success');
    expect(calls.find((call) => call.url === 'Banner/UpdateBanner')).toMatchObject({ method: 'PUT', body: { id: 3, name: 'Winter slides', isActive: true } });
    await expectLocation(`${M}/page/edit/5`);
  });

  it('returns to the list after saving a banner made on its own; a failed save is a warning', async () => {
    let fail = true;
    serve((config) => {
      if (config.url === 'Banner/GetBannerById') return { status: 200, data: { ...BANNER, pageId: null } };
      if (config.url === 'Banner/UpdateBanner' && fail) {
        fail = false;
        return { status: 500, data: { message: 'Database unavailable' } };
      }
      return undefined;
    });
    renderAt(`${M}/banner/edit/3`);
    await waitFor(() => expect(nameInput()).toHaveValue('Holiday slides'));
    expect(screen.queryByRole('link', { name: /Return to Page/ })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Database unavailable', 'warning');
    await userEvent.click(save);
    await expectLocation(`${M}/content-sections`);
  });

  it('adds a banner item: image required ("Error! Please upload an image"), then multipart with the bannerId', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');
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
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.upload(fileInput(dialog), png('slide-three.png'));
    await userEvent.click(add);
    await expectToast('Banner item created successfully', 'success');
    const create = calls.find((call) => call.url === 'BannerItem/CreateBannerItem');
    expect(create?.method).toBe('POST');
    expect(fieldsOf(create?.body)).toMatchObject({
      bannerId: '3',
      name: 'Slide three',
      title: 'Last chance',
      description: '<p>Ends Sunday</p>',
      type: 'CONTENT_SECTION_DYNAMIC_BANNER',
      alignment: 'CENTER',
      image: 'file:slide-three.png',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Banner Item' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(2));
  });

  it('edits a banner item with the button rules, and sends no image unless replaced', async () => {
    const calls = serve();
    renderAt(`${M}/banner/edit/3`);
    await userEvent.click(within(await rowOf('Slide two')).getByRole('button', { name: 'Edit Slide two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner Item' });
    await waitFor(() => expect(within(dialog).getByLabelText('Title', { selector: 'input' })).toHaveValue('Gift ideas'));
    expect(within(dialog).getByAltText('Image preview')).toHaveAttribute('src', expect.stringContaining('slide-two.jpg'));
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });

    await userEvent.type(within(dialog).getByLabelText('Primary Button Text'), 'See gifts');
    expect(await within(dialog).findByText('Primary Action Type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Primary Action Link is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await choose('Primary Action Type', 'Page', dialog);
    await userEvent.type(within(dialog).getByLabelText('Primary Action Link'), '/gifts');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Banner item updated successfully', 'success');
    const body = fieldsOf(calls.find((call) => call.url === 'BannerItem/UpdateBannerItem')?.body);
    expect(body).toMatchObject({ id: '2', title: 'Gift ideas', primaryButtonText: 'See gifts', primaryButtonActionType: 'PAGE', primaryButtonLink: '/gifts' });
    expect(body.image).toBeUndefined();
  });

  it('shows a failed banner item save as a warning and keeps the dialog open', async () => {
    serve((config) => (config.url === 'BannerItem/UpdateBannerItem' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await userEvent.click(within(await rowOf('Slide one')).getByRole('button', { name: 'Edit Slide one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner Item' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Database unavailable', 'warning');
    expect(screen.getByRole('dialog', { name: 'Edit Banner Item' })).toBeInTheDocument();
  });

  it('deletes a banner item after the confirm; a failed delete is an error', async () => {
    let fail = false;
    const calls = serve((config) => (config.url === 'BannerItem/DeleteBannerItem' && fail ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await userEvent.click(within(await rowOf('Slide one')).getByRole('button', { name: 'Delete Slide one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Banner Item' });
    expect(dialog).toHaveTextContent('Slide one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Banner item deleted successfully', 'success');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'BannerItem/DeleteBannerItem', params: { id: 1 } });
    await waitFor(() => expect(calls.filter((call) => call.url === 'Banner/GetBannerById')).toHaveLength(2));

    fail = true;
    await userEvent.click(within(await rowOf('Slide two')).getByRole('button', { name: 'Delete Slide two' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Banner Item' })).getByRole('button', { name: 'Delete' }));
    await expectToast('Database unavailable', 'error');
  });

  it('sorts the items by drag and drop and saves the order in one SortBannerItems call', async () => {
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
    await expectToast('Banner items sorted successfully', 'success');
    expect(calls.filter((call) => call.url === 'BannerItem/SortBannerItems')).toEqual([
      expect.objectContaining({ method: 'PUT', body: [{ id: 2, sortOrder: 1 }, { id: 1, sortOrder: 2 }] }),
    ]);
  });

  it('shows a failed sort as an error', async () => {
    serve((config) => (config.url === 'BannerItem/SortBannerItems' ? { status: 400, data: { message: 'All items must belong to one banner' } } : undefined));
    layOutSortRows();
    renderAt(`${M}/banner/edit/3`);
    await rowOf('Slide one');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Banner Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Banner Items' });
    await moveRowDown(list.querySelector('[data-sort-id]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('All items must belong to one banner', 'error');
  });

  it('shows a failed load as an error with Retry', async () => {
    serve((config) => (config.url === 'Banner/GetBannerById' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(`${M}/banner/edit/3`);
    await expectToast('Database unavailable', 'error');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
