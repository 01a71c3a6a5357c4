import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { PRODUCT_TYPES, STORES, product } from '../../testing/deals';
import DealFormPage from './DealFormPage';

type Answer = { status: number; data?: unknown } | undefined;

function serveForm(extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Category/GetAllCategories') return { status: 200, data: STORES };
    if (config.url === 'ProductType/GetAllProductTypes') return { status: 200, data: PRODUCT_TYPES };
    if (config.url === 'Product/GetProductById') return { status: 200, data: product() };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const CREATE = { path: '/admin/management/product-deal/create', route: '/admin/management/product-deal/create' };
const EDIT = { path: '/admin/management/product-deal/edit/5', route: '/admin/management/product-deal/edit/:productId' };

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  const choice = await screen.findByTitle(option);
  await userEvent.click(choice);
}

async function fillRequiredFields() {
  await choose('Store', 'Amazon');
  await choose('Product Categories', 'Books');
  await userEvent.type(screen.getByLabelText('Product Name'), 'Kindle Paperwhite');
  await userEvent.type(screen.getByLabelText('Link'), 'https://amazon.example/kindle');
  await userEvent.type(screen.getByLabelText('Current Price'), '99.5');
  await userEvent.type(screen.getByLabelText('Previous Price'), '150');
  await userEvent.click(screen.getByLabelText('Promo Code'));
}

const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kindle.png', { type: 'image/png' });

beforeEach(() => {
  hideToast();
  clearSession();
});

describe('Create New Deal', () => {
  it('shows the spec messages for touched required fields and keeps Create Deal disabled until valid', async () => {
    signInAs(7, { admin: false });
    serveForm();
    renderScreen(<DealFormPage />, CREATE);
    const name = await screen.findByLabelText('Product Name');
    await userEvent.click(name);
    await userEvent.click(screen.getByLabelText('Link'));
    await userEvent.click(screen.getByLabelText('Current Price'));
    expect(await screen.findByText('Product Name is required')).toBeInTheDocument();
    expect(screen.getByText('Link is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Badge Text'), 'x'.repeat(30));
    expect(screen.getByRole('button', { name: 'Create Deal' })).toBeDisabled();
    // The colour defaults to black and the discount follows the prices.
    expect(screen.getByLabelText('Badge Color')).toHaveValue('#000000');
    await userEvent.type(screen.getByLabelText('Current Price'), '75');
    await userEvent.type(screen.getByLabelText('Previous Price'), '100');
    expect(await screen.findByText('25%')).toBeInTheDocument();
  });

  it('warns Please Upload a Product Image and sends nothing without an image', async () => {
    signInAs(7, { admin: false });
    const calls = serveForm();
    renderScreen(<DealFormPage />, CREATE);
    await screen.findByLabelText('Product Name');
    expect(screen.queryByRole('button', { name: /History/ })).not.toBeInTheDocument();
    await fillRequiredFields();
    const create = screen.getByRole('button', { name: 'Create Deal' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please Upload a Product Image');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the deal as multipart with the image and repeated categories, then opens its edit page', async () => {
    signInAs(7, { admin: false });
    const calls = serveForm((config) => (config.url === 'Product/CreateProduct' ? { status: 200, data: { message: 'Deal created successfully', id: 42 } } : undefined));
    renderScreen(<DealFormPage />, { path: CREATE.path, route: '/admin/management/product-deal/*' });
    await screen.findByLabelText('Product Name');
    await fillRequiredFields();
    await choose('Product Categories', 'Electronics');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [pngFile()] } });
    expect(await screen.findByText('kindle.png')).toBeInTheDocument();
    expect(screen.getByText('Replace image')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Deal' }));
    expect(await screen.findByText('Deal created successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.url === 'Product/CreateProduct')?.body as FormData;
    expect(body.get('name')).toBe('Kindle Paperwhite');
    expect(body.get('categoryId')).toBe('1');
    expect(body.getAll('productTypeIds')).toEqual(['11', '10']);
    expect(body.get('currentPrice')).toBe('99.5');
    expect(body.get('badgeColor')).toBe('#000000');
    expect(body.get('isActive')).toBe('true');
    expect(body.has('promoCode')).toBe(false);
    expect((body.get('image') as File).name).toBe('kindle.png');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/management/product-deal/edit/42'));
  });

  it('shows a create failure as a warning with the server message and its field message under the field', async () => {
    signInAs(7, { admin: false });
    serveForm((config) =>
      config.url === 'Product/CreateProduct' ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { link: 'Link must be at most 3000 characters' } } } : undefined,
    );
    renderScreen(<DealFormPage />, CREATE);
    await screen.findByLabelText('Product Name');
    await fillRequiredFields();
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [pngFile()] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Deal' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the highlighted fields.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(screen.getByText('Link must be at most 3000 characters')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/management/product-deal/create');
  });
});

describe('a save that pushes a notification', () => {
  const NOTIFYING: typeof PRODUCT_TYPES = PRODUCT_TYPES.map((type) => (type.name === 'Books' ? { ...type, notifyImmediately: true } : type));
  const serveNotifying = (extra: (config: InternalAxiosRequestConfig) => Answer = () => undefined) =>
    serveForm((config) => {
      if (config.url === 'ProductType/GetAllProductTypes') return { status: 200, data: NOTIFYING };
      if (config.url === 'Devices/GetAudienceSize') return { status: 200, data: { devices: 1234 } };
      return extra(config);
    });

  it('says before the save that a live deal in a notifying category pushes to every device, and the confirm names it', async () => {
    signInAs(7, { admin: false });
    const calls = serveNotifying((config) => (config.url === 'Product/CreateProduct' ? { status: 200, data: { message: 'Deal created successfully', id: 42 } } : undefined));
    renderScreen(<DealFormPage />, { path: CREATE.path, route: '/admin/management/product-deal/*' });
    await screen.findByLabelText('Product Name');
    await choose('Product Categories', 'Electronics');
    // Electronics does not notify: no notice.
    expect(screen.queryByText('This save sends a push notification')).not.toBeInTheDocument();
    await fillRequiredFields();
    const notice = await screen.findByText(/Saving sends a push notification about this deal to 1,234 devices now \(Books has Send Notification Immediately on\)/);
    expect(notice).toBeInTheDocument();
    // An inactive deal pushes nothing.
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    await waitFor(() => expect(screen.queryByText('This save sends a push notification')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    expect(await screen.findByText('This save sends a push notification')).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [pngFile()] } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Deal' }));
    // The confirm names the notification and its reach; Cancel sends nothing.
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Save and send a push notification?');
    expect(confirm).toHaveTextContent('Saving sends “New deal: Kindle Paperwhite” to 1,234 devices now.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === 'Product/CreateProduct')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Create Deal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and Notify' }));
    expect(await screen.findByText('Deal created successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'Product/CreateProduct')).toHaveLength(1);
  });

  it('says nothing for a live deal already on the site', async () => {
    signInAs(1, { admin: true });
    serveNotifying((config) => (config.url === 'Product/GetProductById' ? { status: 200, data: product({ productTypeIds: [11] }) } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.type(screen.getByLabelText('Product Name'), ' 2');
    expect(screen.queryByText('This save sends a push notification')).not.toBeInTheDocument();
  });
});

describe('unsaved changes on the deal form', () => {
  it('asks before leaving typed changes, and not after saving them', async () => {
    signInAs(1, { admin: true });
    serveForm((config) => (config.url === 'Product/UpdateProduct' ? { status: 200, data: { message: 'Deal updated successfully' } } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    const name = await screen.findByDisplayValue('Wireless Mouse');
    await userEvent.type(name, ' MX');
    await userEvent.click(screen.getByRole('link', { name: /Return to Deals/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Leave without saving?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(EDIT.path);
    // Saving goes to the list without asking.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/management/product-deals'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Edit Deal', () => {
  it('loads the deal, saves the whole form and returns to the deals list', async () => {
    signInAs(1, { admin: true });
    const calls = serveForm((config) => (config.url === 'Product/UpdateProduct' ? { status: 200, data: { message: 'Deal updated successfully' } } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    const name = await screen.findByDisplayValue('Wireless Mouse');
    expect(screen.getByRole('link', { name: /Return to Deals/ })).toHaveAttribute('href', '/admin/management/product-deals');
    expect(screen.getByText('19%')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Wireless Mouse MX');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Deal updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.url === 'Product/UpdateProduct')?.body as FormData;
    expect(body.get('id')).toBe('5');
    expect(body.get('name')).toBe('Wireless Mouse MX');
    expect(body.get('promoCode')).toBe('TAKE20');
    expect(body.has('image')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/management/product-deals'));
  });

  it('is read-only without the save bar for staff who did not add the deal', async () => {
    signInAs(7, { admin: false });
    const calls = serveForm();
    renderScreen(<DealFormPage />, EDIT);
    expect(await screen.findByDisplayValue('Wireless Mouse')).toBeDisabled();
    expect(screen.getByText('Read-only')).toBeInTheDocument();
    expect(screen.getByLabelText('Link')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Images/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /set as preview or delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1 (preview)' })).toBeInTheDocument();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('lets the staff member who added the deal edit it', async () => {
    signInAs(1, { admin: false });
    serveForm();
    renderScreen(<DealFormPage />, EDIT);
    expect(await screen.findByDisplayValue('Wireless Mouse')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('sets another image as the preview and deletes an image after confirmation', async () => {
    signInAs(1, { admin: true });
    const calls = serveForm((config) => {
      if (config.url === 'ProductImage/SetPreviewImage') return { status: 200, data: { message: 'Preview image updated successfully' } };
      if (config.url === 'ProductImage/DeleteImage') return { status: 200, data: { message: 'Image deleted successfully' } };
      return undefined;
    });
    renderScreen(<DealFormPage />, EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Image 2: set as preview or delete' }));
    await userEvent.click(await screen.findByText('Set as Preview'));
    expect(await screen.findByText('Preview image updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'ProductImage/SetPreviewImage')).toMatchObject({ method: 'PUT', params: { imageId: 51 } });

    await userEvent.click(screen.getByRole('button', { name: 'Image 1, the preview: set as preview or delete' }));
    const menus = await screen.findAllByRole('menu');
    await userEvent.click(within(menus[menus.length - 1] as HTMLElement).getByText('Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Image' });
    expect(dialog).toHaveTextContent('The oldest remaining image becomes the preview.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image deleted successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'ProductImage/DeleteImage')).toMatchObject({ method: 'DELETE', params: { imageId: 50 } });
    // Each change reloads the deal's images.
    expect(calls.filter((call) => call.url === 'Product/GetProductById').length).toBeGreaterThanOrEqual(3);
  });

  it('warns Please Upload a Product Image when Add Images is confirmed with no file', async () => {
    signInAs(1, { admin: true });
    const calls = serveForm();
    renderScreen(<DealFormPage />, EDIT);
    await userEvent.click(await screen.findByRole('button', { name: /Add Images/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Add Images' })).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Upload a Product Image');
    expect(calls.some((call) => call.url === 'ProductImage/UploadImages')).toBe(false);
  });

  it('shows the History of the deal to whoever may edit it and restores a revision into the form', async () => {
    signInAs(1, { admin: false });
    let restored = false;
    const revisions = [
      {
        id: 12,
        recordType: 'deal',
        recordId: 5,
        action: 'save',
        actorName: 'staff1',
        at: '2026-05-02T10:00:00.000Z',
        changes: {
          currentPrice: { from: 89.99, to: 81.99 },
          link: { from: 'https://store.example/old-mouse', to: 'https://store.example/mouse' },
          additionalInformation: { from: 'Limit 3 per customer.', to: 'Limit 2 per customer.' },
        },
      },
      { id: 11, recordType: 'deal', recordId: 5, action: 'create', actorName: 'staff1', at: '2026-05-01T10:00:00.000Z', changes: { categoryId: { from: null, to: 2 }, productTypeIds: { from: null, to: [10, 11] } } },
    ];
    const calls = serveForm((config) => {
      if (config.url === 'Revisions/GetRevisions') return { status: 200, data: revisions };
      if (config.url === 'Revisions/RestoreRevision') {
        restored = true;
        return { status: 200, data: { message: 'Revision restored' } };
      }
      if (config.url === 'Product/GetProductById' && restored) return { status: 200, data: product({ currentPrice: 89.99, link: 'https://store.example/old-mouse' }) };
      return undefined;
    });
    renderScreen(<DealFormPage />, EDIT);
    const name = await screen.findByDisplayValue('Wireless Mouse');
    // Something typed is replaced by the restored deal.
    await userEvent.type(name, ' draft');

    await userEvent.click(screen.getByRole('button', { name: /History/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Deal history' });
    expect(await within(drawer).findByText('Saved')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'Revisions/GetRevisions')).toMatchObject({ method: 'GET', params: { recordType: 'deal', recordId: 5 } });
    const price = within(drawer).getByText('Current Price').parentElement as HTMLElement;
    expect(price.querySelector('del')).toHaveTextContent('$89.99');
    expect(price.querySelector('ins')).toHaveTextContent('$81.99');
    expect(within(drawer).getByText('About this item')).toBeInTheDocument();
    expect(within(drawer).getByText('Target')).toBeInTheDocument();
    expect(within(drawer).getByText('Electronics, Books')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Restore' }));
    const confirm = await screen.findByText('Restore this revision?');
    await userEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Revision restored')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'Revisions/RestoreRevision')).toMatchObject({ method: 'PUT', params: { revisionId: 11 } });
    expect(await screen.findByDisplayValue('https://store.example/old-mouse')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Wireless Mouse')).toBeInTheDocument();
  });

  it('shows no History to staff who may not edit the deal', async () => {
    signInAs(7, { admin: false });
    serveForm();
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    expect(screen.queryByRole('button', { name: /History/ })).not.toBeInTheDocument();
  });

  it('says Deal not found for an unknown id', async () => {
    signInAs(1, { admin: true });
    serveForm((config) => (config.url === 'Product/GetProductById' ? { status: 404, data: { message: 'Deal not found' } } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    expect(await screen.findByText('Deal not found')).toBeInTheDocument();
  });
});

describe('Affiliate link', () => {
  const CLICK = 'CLICKID';
  const preview = () => screen.getByLabelText('Visitors are sent to', { selector: 'code, code *, span' }).textContent;

  it("previews the store's template for a new deal, and says a store without one uses the link as it is", async () => {
    signInAs(7, { admin: false });
    serveForm();
    renderScreen(<DealFormPage />, CREATE);
    await screen.findByLabelText('Product Name');
    expect(screen.getByRole('radio', { name: "Use the store's link template" })).toBeChecked();
    expect(screen.getByText('Enter the link to see where visitors are sent.')).toBeInTheDocument();
    await choose('Store', 'Amazon');
    await userEvent.type(screen.getByLabelText('Link'), 'https://amazon.example/kindle');
    await waitFor(() => expect(preview()).toBe(`https://amazon.example/kindle?tag=deals-20&ascsubtag=${CLICK}`));
    expect(screen.getByText('(CLICKID: a new click id for every click)')).toBeInTheDocument();
    expect(screen.queryByText(/the link is used as it is/)).not.toBeInTheDocument();

    await choose('Store', 'Target');
    await waitFor(() => expect(preview()).toBe('https://amazon.example/kindle'));
    expect(screen.getByText('Target has no link template: the link is used as it is.')).toBeInTheDocument();
  });

  it("requires and checks the deal's own template, previewing it with the deal's and store's ids, and saves it", async () => {
    signInAs(1, { admin: true });
    const calls = serveForm((config) => (config.url === 'Product/UpdateProduct' ? { status: 200, data: { message: 'Deal updated successfully' } } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    expect(screen.queryByLabelText('Own link template')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Use its own link template' }));
    const own = screen.getByLabelText('Own link template');
    await userEvent.click(own);
    await userEvent.tab();
    expect(await screen.findByText('Enter the link template')).toBeInTheDocument();
    await userEvent.type(own, 'https://t.example/c?to={{url}');
    expect(await screen.findByText('Link template must contain {clickId}, so that commissions can be matched to clicks')).toBeInTheDocument();
    await userEvent.clear(own);
    await userEvent.type(own, 'https://t.example/c?sub={{clickId}&d={{dealId}&s={{storeId}&to={{url}');
    await waitFor(() => expect(preview()).toBe(`https://t.example/c?sub=${CLICK}&d=5&s=2&to=https%3A%2F%2Fstore.example%2Fmouse`));
    expect(screen.queryByText('Enter the link template')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Deal updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.url === 'Product/UpdateProduct')?.body as FormData;
    expect(body.get('affiliateMode')).toBe('OWN');
    expect(body.get('affiliateLinkTemplate')).toBe('https://t.example/c?sub={clickId}&d={dealId}&s={storeId}&to={url}');
  });

  it('previews a tracking link as it is', async () => {
    signInAs(1, { admin: true });
    serveForm((config) => (config.url === 'Product/GetProductById' ? { status: 200, data: product({ categoryId: 1, affiliateMode: 'TRACKING', link: 'https://go.example/track?id=9' }) } : undefined));
    renderScreen(<DealFormPage />, EDIT);
    await screen.findByDisplayValue('Wireless Mouse');
    expect(screen.getByRole('radio', { name: 'The link is already a tracking link' })).toBeChecked();
    // Amazon has a template, but a tracking link is never wrapped.
    await waitFor(() => expect(preview()).toBe('https://go.example/track?id=9'));
  });
});
