import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_RESET_DELAY_MS } from '../../components/ImageEntityModal';
import {
  fill,
  formFields,
  layOutSortRows,
  modalField,
  moveRowDown,
  pickImage,
  readCsvDownloads,
  renderScreen,
  resetScreenState,
  rowOf,
  serveRecords,
  signInAs,
} from '../../testing/imageEntities';
import ProductCategoriesPage from './ProductCategoriesPage';

const CATEGORIES = [
  { id: 1, name: 'Electronics', imageFilePath: 'electronics.png', notifyImmediately: true, isActive: true, sortOrder: 1 },
  { id: 2, name: 'Home & Kitchen', imageFilePath: 'home.png', notifyImmediately: false, isActive: true, sortOrder: 2 },
  { id: 3, name: 'Toys', imageFilePath: 'toys.png', notifyImmediately: false, isActive: false, sortOrder: 3 },
];
const URLS = { list: 'ProductType/GetAllProductTypes', byId: 'ProductType/GetProductTypeById', idParam: 'productTypeId' };

const serveCategories = (extra?: Parameters<typeof serveRecords>[2], rows = CATEGORIES) => serveRecords(URLS, rows, extra);
const listLoads = (calls: { url: string }[]) => calls.filter((call) => call.url === URLS.list).length;
const created = (config: { url?: string }) => (config.url === 'ProductType/CreateProductType' ? { status: 200, data: { message: 'Product Category created successfully', id: 4 } } : undefined);

async function openAddNew() {
  await userEvent.click(await screen.findByRole('button', { name: /Add New Product Category/ }));
  return screen.findByRole('dialog', { name: 'Add New Product Category' });
}

/**
 * Records the delays the code schedules, still running every timer for real (a jest spy would make
 * testing-library believe fake timers are on). Returns the delays and a restore function.
 */
function recordTimerDelays() {
  const real = window.setTimeout;
  const delays: (number | undefined)[] = [];
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    delays.push(delay);
    return real(handler, delay, ...args);
  }) as typeof window.setTimeout;
  return { delays, restore: () => void (window.setTimeout = real) };
}

beforeEach(resetScreenState);
afterEach(() => jest.restoreAllMocks());

describe('Product Categories screen', () => {
  it('tells staff who are not admins that product categories are for admins, without calling the API', () => {
    signInAs('staff');
    const calls = serveCategories();
    renderScreen(<ProductCategoriesPage />);
    expect(screen.getByText('Only admins can manage product categories.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists every category with its image, both flags as Yes/No, and a jump-to-page box', async () => {
    signInAs('admin');
    const calls = serveCategories();
    renderScreen(<ProductCategoriesPage />);
    const electronics = await rowOf('Electronics');
    expect(within(electronics).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ViewDelete', '', 'Electronics', 'Yes', 'Yes']);
    expect(within(await rowOf('Toys')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ViewDelete', '', 'Toys', 'No', 'No']);
    expect(electronics.querySelector('img')).toHaveAttribute('src', expect.stringContaining('electronics.png'));
    for (const title of ['Actions', 'Image', 'Product Category', 'Send Notification Immediately\\?', 'Is Active\\?']) expect(screen.getByRole('columnheader', { name: new RegExp(title) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Product Categories' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sort Product Categories/ })).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', url: URLS.list, params: { isActive: '' } })]);
  });

  it('shows 100 rows per page with a jump-to-page box', async () => {
    signInAs('admin');
    const many = Array.from({ length: 101 }, (_, index) => ({ ...CATEGORIES[0], id: index + 1, name: `Category ${index + 1}`, sortOrder: index + 1 })) as typeof CATEGORIES;
    serveCategories(undefined, many);
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Category 100');
    expect(screen.queryByText('Category 101')).not.toBeInTheDocument();
    const jumpTo = screen.getByRole('spinbutton', { name: 'Go to page (1 to 2)' });
    await userEvent.type(jumpTo, '2{Enter}');
    expect(await rowOf('Category 101')).toBeInTheDocument();
  });

  it('shows the jump-to-page box with a single page too', async () => {
    signInAs('admin');
    serveCategories();
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Toys');
    const jumpTo = screen.getByRole('spinbutton', { name: 'Go to page (1 to 1)' });
    await userEvent.type(jumpTo, '5{Enter}');
    // Past the last page: the last page (the only one).
    expect(await rowOf('Toys')).toBeInTheDocument();
  });

  it('filters on a Yes/No flag and sorts on the name; Download writes the rows shown', async () => {
    signInAs('admin');
    serveCategories();
    const downloads = readCsvDownloads();
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Toys');
    await userEvent.click(screen.getByRole('combobox', { name: 'Is Active?' }));
    await userEvent.click(await screen.findByTitle('Yes'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Toys')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('columnheader', { name: /Product Category/ }));
    await userEvent.click(screen.getByRole('columnheader', { name: /Product Category/ }));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['Home & Kitchen', 'Electronics']));
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(await downloads()).toEqual([
      { name: 'product-categories.csv', text: 'Product Category,Send Notification Immediately?,Is Active?\r\nHome & Kitchen,No,Yes\r\nElectronics,Yes,Yes\r\n' },
    ]);
  });
});

describe('Product Category modal', () => {
  it('checks the name, keeps the button disabled while invalid, and refuses a new category without an image', async () => {
    signInAs('admin');
    const calls = serveCategories();
    renderScreen(<ProductCategoriesPage />);
    const dialog = await openAddNew();
    const add = within(dialog).getByRole('button', { name: 'Add Product Category' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Send Notification Immediately?' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(modalField('Product Category')).toHaveAttribute('maxLength', '250');

    await userEvent.click(modalField('Product Category'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Product Category is required')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await fill(modalField('Product Category'), 'Garden');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await within(dialog).findByText('Please upload an Image')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload an Image');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('creates the category as multipart with the image in logo, closes, and resets the form 250 ms later', async () => {
    signInAs('admin');
    const calls = serveCategories(created);
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Toys');
    let dialog = await openAddNew();
    await fill(modalField('Product Category'), 'Garden');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Send Notification Immediately?' }));
    await pickImage(dialog, new File(['webp'], 'garden.webp', { type: 'image/webp' }));
    const timers = recordTimerDelays();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Product Category' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product Category created successfully');
    timers.restore();
    const create = calls.find((call) => call.url === 'ProductType/CreateProductType');
    expect(create?.method).toBe('POST');
    expect(formFields(create?.body)).toEqual({ name: 'Garden', notifyImmediately: 'true', isActive: 'true', logo: 'file:garden.webp' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Product Category' })).not.toBeInTheDocument());
    expect(FORM_RESET_DELAY_MS).toBe(250);
    expect(timers.delays).toContain(FORM_RESET_DELAY_MS);
    await waitFor(() => expect(listLoads(calls)).toBe(2));

    // Once the delay has passed, Add New starts from the blank form again.
    await act(() => new Promise((resolve) => setTimeout(resolve, FORM_RESET_DELAY_MS)));
    dialog = await openAddNew();
    expect(modalField('Product Category')).toHaveValue('');
    expect(within(dialog).getByRole('switch', { name: 'Send Notification Immediately?' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Upload image (Image)' })).toBeInTheDocument();
    expect(within(dialog).queryByText('garden.webp')).not.toBeInTheDocument();
  });

  it('loads the category to edit, offers Replace image, and shows an update failure as a warning', async () => {
    signInAs('admin');
    const calls = serveCategories((config) => (config.url === 'ProductType/UpdateProductTypes' ? { status: 404, data: { message: 'Product Category not found' } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Electronics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product Category' });
    await waitFor(() => expect(modalField('Product Category')).toHaveValue('Electronics'));
    expect(calls.find((call) => call.url === URLS.byId)?.params).toEqual({ productTypeId: 1 });
    expect(within(dialog).getByRole('button', { name: 'Replace image (Image)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Send Notification Immediately?' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Is Active?' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Product Category not found');
    expect(toast).toHaveClass('ant-alert-warning');
    const update = calls.find((call) => call.url === 'ProductType/UpdateProductTypes');
    expect(update?.method).toBe('PUT');
    expect(formFields(update?.body)).toEqual({ id: '1', name: 'Electronics', notifyImmediately: 'true', isActive: 'false' });
    expect(screen.getByRole('dialog', { name: 'Edit Product Category' })).toBeInTheDocument();
  });

  it('closes with an error when the category cannot be loaded', async () => {
    signInAs('admin');
    serveCategories((config) => (config.url === URLS.byId ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Toys' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Product Category' })).not.toBeInTheDocument());
  });
});

describe('Delete product category', () => {
  it('asks first, then shows the 409 of a category that deals carry', async () => {
    signInAs('admin');
    const inUse = 'This product category cannot be deleted because 1 deal uses it. Remove it from those deals or make it inactive instead.';
    const calls = serveCategories((config) => (config.url === 'ProductType/DeleteProductType' ? { status: 409, data: { message: inUse } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Toys' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Product Category' });
    expect(confirm).toHaveTextContent('Delete the product category Toys? This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(inUse);
    expect(toast).toHaveClass('ant-alert-error');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'ProductType/DeleteProductType', params: { productTypeId: 3 } });
    expect(listLoads(calls)).toBe(1);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    signInAs('admin');
    const calls = serveCategories();
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Toys' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Product Category' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Product Category' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes, shows the server message and reloads the list', async () => {
    signInAs('admin');
    const calls = serveCategories((config) => (config.url === 'ProductType/DeleteProductType' ? { status: 200, data: { message: 'Product Category deleted successfully' } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Electronics' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Product Category' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product Category deleted successfully');
    expect(calls.find((call) => call.method === 'DELETE')?.params).toEqual({ productTypeId: 1 });
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });
});

describe('Sort Product Categories', () => {
  it('moves a category down by keyboard and saves the renumbered list in one call', async () => {
    signInAs('admin');
    const calls = serveCategories((config) => (config.url === 'ProductType/SortProductTypes' ? { status: 200, data: { message: 'Product Categories sorted successfully' } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Toys');
    await userEvent.click(screen.getByRole('button', { name: /Sort Product Categories/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Product Categories' });
    await within(dialog).findByText('Toys');
    const rows = () => Array.from(dialog.querySelectorAll<HTMLElement>('[data-sort-id]'));
    layOutSortRows();
    await moveRowDown(rows()[1] as HTMLElement);
    expect(rows().map((row) => row.textContent)).toEqual(['Electronics', 'Toys', 'Home & Kitchen']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Product Categories sorted successfully');
    expect(calls.filter((call) => call.url === 'ProductType/SortProductTypes')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: [
          { id: 1, sortOrder: 1 },
          { id: 3, sortOrder: 2 },
          { id: 2, sortOrder: 3 },
        ],
      }),
    ]);
    await waitFor(() => expect(listLoads(calls)).toBe(3));
  });

  it('shows a failed sort as an error and keeps the modal open', async () => {
    signInAs('admin');
    serveCategories((config) => (config.url === 'ProductType/SortProductTypes' ? { status: 404, data: { message: 'Some product categories in the list no longer exist (id 3). Please reload and try again.' } } : undefined));
    renderScreen(<ProductCategoriesPage />);
    await rowOf('Toys');
    await userEvent.click(screen.getByRole('button', { name: /Sort Product Categories/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Product Categories' });
    await within(dialog).findByText('Toys');
    layOutSortRows();
    await moveRowDown(dialog.querySelector<HTMLElement>('[data-sort-id]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Some product categories in the list no longer exist (id 3).');
    expect(toast).toHaveClass('ant-alert-error');
    expect(screen.getByRole('dialog', { name: 'Sort Product Categories' })).toBeInTheDocument();
  });

  it('reads No Items Available when there are no categories', async () => {
    signInAs('admin');
    serveCategories(undefined, []);
    renderScreen(<ProductCategoriesPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Sort Product Categories/ }));
    expect(await within(await screen.findByRole('dialog', { name: 'Sort Product Categories' })).findByText('No Items Available')).toBeInTheDocument();
  });
});
