import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import StoresPage from './StoresPage';

const STORES = [
  { id: 1, name: 'Amazon', imageFilePath: 'amazon.png', isActive: true, notifyImmediately: false, sortOrder: 1 },
  { id: 2, name: 'Old Navy', imageFilePath: 'old-navy.png', isActive: false, notifyImmediately: false, sortOrder: 2 },
  { id: 3, name: 'Best Buy', imageFilePath: null, isActive: true, notifyImmediately: false, sortOrder: 3 },
];
const URLS = { list: 'Category/GetAllCategories', byId: 'Category/GetCategoryById', idParam: 'categoryId' };

const EARNINGS_URL = 'Commissions/GetEarnings';
const earning = (key: string, currency: string | null, commission: number, epc: number) => ({ key, name: key, currency, clicks: 10, conversions: 1, revenue: 100, commission, epc, conversionRate: 10 });
/** Amazon earns in two currencies, Best Buy in one, Old Navy nothing (clicks only). */
const EARNINGS = {
  scope: 'all',
  groupBy: 'store',
  from: '2026-06-01',
  to: '2026-06-30',
  rows: [earning('1', 'EUR', 40, 0.5), earning('3', 'USD', 55.5, 1.23456), earning('1', 'USD', 12, 0.125), earning('2', null, 0, 0)],
  totals: [],
};

/** The store calls answered from STORES (and the stores' earnings); `extra` answers anything else first. */
const serveStores = (extra?: Parameters<typeof serveRecords>[2], rows = STORES) =>
  serveRecords(URLS, rows, (config) => extra?.(config) ?? (config.url === EARNINGS_URL ? { status: 200, data: EARNINGS } : undefined));
const listLoads = (calls: { url: string }[]) => calls.filter((call) => call.url === URLS.list).length;

async function openAddNew() {
  await userEvent.click(await screen.findByRole('button', { name: /Add New Store/ }));
  return screen.findByRole('dialog', { name: 'Add New Store' });
}

beforeEach(resetScreenState);
afterEach(() => jest.restoreAllMocks());

describe('Stores screen', () => {
  it('tells staff who are not admins that stores are for admins, without calling the API', () => {
    signInAs('staff');
    const calls = serveStores();
    renderScreen(<StoresPage />);
    expect(screen.getByText('Only admins can manage stores.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add New Store/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lists every store, active or not, with its logo, name and Yes/No', async () => {
    signInAs('admin');
    const calls = serveStores();
    renderScreen(<StoresPage />);
    const oldNavy = await rowOf('Old Navy');
    expect(within(oldNavy).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ViewDelete', '', 'Old Navy', 'No', '—', '—']);
    expect(oldNavy.querySelector('img')).toHaveAttribute('src', expect.stringContaining('old-navy.png'));
    expect(within(await rowOf('Best Buy')).getByLabelText('No image')).toBeInTheDocument();
    for (const title of ['Actions', 'Logo', 'Store Name', 'Is Active?']) expect(screen.getByRole('columnheader', { name: new RegExp(title.replace('?', '\\?')) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stores' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sort Stores/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Amazon' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Amazon' })).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', url: URLS.list, params: { isActive: '' } }),
      expect.objectContaining({ method: 'GET', url: EARNINGS_URL, params: { groupBy: 'store' } }),
    ]);
  });

  it("shows each store's 30-day commission and EPC per currency, never summed, and sorts by the largest", async () => {
    signInAs('admin');
    serveStores();
    renderScreen(<StoresPage />);
    const amazon = await rowOf('Amazon');
    const cells = () => within(amazon).getAllByRole('cell').map((cell) => cell.textContent);
    // Two currencies: both shown, the larger commission first.
    await waitFor(() => expect(cells().slice(-2)).toEqual(['€40.00$12.00', '€0.50$0.125']));
    expect(within(await rowOf('Best Buy')).getAllByRole('cell').slice(-2).map((cell) => cell.textContent)).toEqual(['$55.50', '$1.2346']);
    expect(screen.queryByText(/52\.00/)).not.toBeInTheDocument();

    const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    await userEvent.click(screen.getByRole('columnheader', { name: /Commission \(30 days\)/ }));
    await waitFor(() => expect(names()).toEqual(['Old Navy', 'Amazon', 'Best Buy']));
    await userEvent.click(screen.getByRole('columnheader', { name: /Commission \(30 days\)/ }));
    await waitFor(() => expect(names()).toEqual(['Best Buy', 'Amazon', 'Old Navy']));
  });

  it('shows the server message as an error when the list cannot be loaded', async () => {
    signInAs('admin');
    serveStores(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderScreen(<StoresPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-error');
  });

  it('filters on the name and downloads the rows shown as CSV', async () => {
    signInAs('admin');
    serveStores();
    const downloads = readCsvDownloads();
    renderScreen(<StoresPage />);
    await rowOf('Best Buy');
    await userEvent.type(screen.getByLabelText('Store Name', { selector: 'input' }), 'AVY');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('Best Buy')).not.toBeInTheDocument());
    expect(await rowOf('Old Navy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(await downloads()).toEqual([{ name: 'stores.csv', text: 'Store Name,Is Active?\r\nOld Navy,No\r\n' }]);
  });
});

describe('Store modal', () => {
  it('checks the name, keeps the button disabled while invalid, and refuses a new store without an image', async () => {
    signInAs('admin');
    const calls = serveStores();
    renderScreen(<StoresPage />);
    const dialog = await openAddNew();
    const add = within(dialog).getByRole('button', { name: 'Add Store' });
    expect(add).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Upload image (Logo)' })).toBeInTheDocument();
    expect(modalField('Store Name')).toHaveAttribute('maxLength', '250');

    await userEvent.click(modalField('Store Name'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Store Name is required')).toBeInTheDocument();
    await fill(modalField('Store Name'), '   ');
    expect(within(dialog).getByText('Store Name is required')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await fill(modalField('Store Name'), 'Target');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await within(dialog).findByText('Please upload an Image')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload an Image');
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-error');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(add).toBeDisabled();

    // Picking an image clears the message and the button comes back.
    await pickImage(dialog);
    await waitFor(() => expect(within(dialog).queryByText('Please upload an Image')).not.toBeInTheDocument());
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('creates the store as multipart with the name, the flag and the logo, then reloads the list', async () => {
    signInAs('admin');
    const calls = serveStores((config) => (config.url === 'Category/CreateCategory' ? { status: 200, data: { message: 'Store created successfully', id: 4 } } : undefined));
    renderScreen(<StoresPage />);
    await rowOf('Amazon');
    const dialog = await openAddNew();
    await fill(modalField('Store Name'), '  Target  ');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Is Active?' }));
    await pickImage(dialog);
    expect(within(dialog).getByText('logo.png')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store created successfully');
    const create = calls.find((call) => call.url === 'Category/CreateCategory');
    expect(create?.method).toBe('POST');
    expect(formFields(create?.body)).toEqual({ name: 'Target', isActive: 'false', affiliateNetwork: 'NONE', affiliateLinkTemplate: '', logo: 'file:logo.png' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Store' })).not.toBeInTheDocument());
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  it('loads the store to edit, offers Replace image, and updates without a logo when none was picked', async () => {
    signInAs('admin');
    const calls = serveStores((config) => (config.url === 'Category/UpdateCategory' ? { status: 200, data: { message: 'Store updated successfully' } } : undefined));
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Amazon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    await waitFor(() => expect(modalField('Store Name')).toHaveValue('Amazon'));
    expect(calls.find((call) => call.url === URLS.byId)?.params).toEqual({ categoryId: 1 });
    expect(within(dialog).getByRole('button', { name: 'Replace image (Logo)' })).toBeInTheDocument();
    expect(within(dialog).getByAltText('Logo preview')).toHaveAttribute('src', expect.stringContaining('amazon.png'));

    await fill(modalField('Store Name'), ' Prime');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store updated successfully');
    const update = calls.find((call) => call.url === 'Category/UpdateCategory');
    expect(update?.method).toBe('PUT');
    expect(formFields(update?.body)).toEqual({ id: '1', name: 'Amazon Prime', isActive: 'true', affiliateNetwork: 'NONE', affiliateLinkTemplate: '' });
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  it('sends a replaced logo and shows an update failure as a warning with the server message', async () => {
    signInAs('admin');
    const calls = serveStores((config) =>
      config.url === 'Category/UpdateCategory' ? { status: 400, data: { message: 'Store Name must not contain HTML tags', errors: { name: 'Store Name must not contain HTML tags' } } } : undefined,
    );
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Old Navy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    await waitFor(() => expect(modalField('Store Name')).toHaveValue('Old Navy'));
    await fill(modalField('Store Name'), '<b>');
    await pickImage(dialog, new File(['gif'], 'new-logo.gif', { type: 'image/gif' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Store Name must not contain HTML tags');
    expect(toast).toHaveClass('ant-alert-warning');
    expect(within(dialog).getByText('Store Name must not contain HTML tags')).toBeInTheDocument();
    expect(formFields(calls.find((call) => call.url === 'Category/UpdateCategory')?.body)).toEqual({ id: '2', name: 'Old Navy<b>', isActive: 'false', affiliateNetwork: 'NONE', affiliateLinkTemplate: '', logo: 'file:new-logo.gif' });
    expect(screen.getByRole('dialog', { name: 'Edit Store' })).toBeInTheDocument();
    expect(listLoads(calls)).toBe(1);
  });
});

describe('Store affiliate link', () => {
  const AWIN = 'https://www.awin1.com/cread.php?awinmid=ADVERTISER_ID&awinaffid=PUBLISHER_ID&clickref={clickId}&ued={url}';
  const CJ = 'https://www.anrdoezrs.net/click-PUBLISHER_ID-ADVERTISER_ID?sid={clickId}&url={url}';
  const template = () => modalField('Link template');

  async function pickNetwork(dialog: HTMLElement, label: string) {
    await userEvent.click(within(dialog).getByLabelText('Affiliate network'));
    await userEvent.click(await screen.findByTitle(label, { exact: true }));
  }

  it('fills a picked network\'s preset while the template is empty or another preset, and asks for the account values', async () => {
    signInAs('admin');
    serveStores();
    renderScreen(<StoresPage />);
    const dialog = await openAddNew();
    expect(template()).toBeDisabled();
    expect(within(dialog).getByText(/Placeholders: \{url\} \{clickId\} \{dealId\} \{storeId\}/)).toBeInTheDocument();

    await pickNetwork(dialog, 'Awin');
    expect(template()).toHaveValue(AWIN);
    expect(await within(dialog).findByText('Replace ADVERTISER_ID with your own value from the network')).toBeInTheDocument();
    // Still a preset: another network's replaces it.
    await pickNetwork(dialog, 'CJ');
    expect(template()).toHaveValue(CJ);

    // Typed by hand: kept when the network changes.
    await userEvent.clear(template());
    await userEvent.tab();
    expect(await within(dialog).findByText('Enter the link template')).toBeInTheDocument();
    await fill(template(), 'https://track.example/c?sub={clickId}&to={url}');
    await waitFor(() => expect(within(dialog).queryByText('Enter the link template')).not.toBeInTheDocument());
    await pickNetwork(dialog, 'Rakuten Advertising');
    expect(template()).toHaveValue('https://track.example/c?sub={clickId}&to={url}');

    // None: no template at all.
    await pickNetwork(dialog, 'None');
    expect(template()).toHaveValue('');
    expect(template()).toBeDisabled();
  });

  it("clears the preset's message while the account values are typed, before the field is left", async () => {
    signInAs('admin');
    serveStores();
    renderScreen(<StoresPage />);
    const dialog = await openAddNew();
    await pickNetwork(dialog, 'Awin');
    expect(await within(dialog).findByText('Replace ADVERTISER_ID with your own value from the network')).toBeInTheDocument();
    await userEvent.clear(template());
    await userEvent.paste(AWIN.replace('ADVERTISER_ID', '1001').replace('PUBLISHER_ID', '2002'));
    expect(template()).toHaveFocus();
    await waitFor(() => expect(within(dialog).queryByText(/Replace [A-Z_]+ with your own value/)).not.toBeInTheDocument());
  });

  it('sends the network and template on create, and shows the server\'s template message under the field', async () => {
    signInAs('admin');
    const calls = serveStores((config) =>
      config.url === 'Category/CreateCategory'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { affiliateLinkTemplate: 'Link template must contain {clickId}, so that commissions can be matched to clicks' } } }
        : undefined,
    );
    renderScreen(<StoresPage />);
    await rowOf('Amazon');
    const dialog = await openAddNew();
    await fill(modalField('Store Name'), 'Shop');
    await pickNetwork(dialog, 'Amazon Associates');
    await userEvent.clear(template());
    await fill(template(), '{url}?tag=shop-20&ascsubtag={clickId}');
    await pickImage(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Store' }));
    expect(await within(dialog).findByText('Link template must contain {clickId}, so that commissions can be matched to clicks')).toBeInTheDocument();
    expect(formFields(calls.find((call) => call.url === 'Category/CreateCategory')?.body)).toEqual({
      name: 'Shop',
      isActive: 'true',
      affiliateNetwork: 'AMAZON',
      affiliateLinkTemplate: '{url}?tag=shop-20&ascsubtag={clickId}',
      logo: 'file:logo.png',
    });
  });

  it("loads a store's network and template, and None sends an empty template on update", async () => {
    signInAs('admin');
    const impact = 'https://shop.sjv.io/c/1/2/3?subId1={clickId}&u={url}';
    const calls = serveStores((config) => {
      if (config.url === URLS.byId) return { status: 200, data: { ...STORES[0], affiliateNetwork: 'IMPACT', affiliateLinkTemplate: impact } };
      return config.url === 'Category/UpdateCategory' ? { status: 200, data: { message: 'Store updated successfully' } } : undefined;
    });
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Amazon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    await waitFor(() => expect(template()).toHaveValue(impact));
    expect(within(dialog).getByTitle('Impact')).toBeInTheDocument();
    await pickNetwork(dialog, 'None');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store updated successfully');
    expect(formFields(calls.find((call) => call.url === 'Category/UpdateCategory')?.body)).toEqual({ id: '1', name: 'Amazon', isActive: 'true', affiliateNetwork: 'NONE', affiliateLinkTemplate: '' });
  });
});

describe('Delete store', () => {
  it('asks first, then shows the 409 of a store that deals use and keeps the list', async () => {
    signInAs('admin');
    const inUse = 'This store cannot be deleted because 3 deals use it. Move those deals to another store or make the store inactive instead.';
    const calls = serveStores((config) => (config.url === 'Category/DeleteCategory' ? { status: 409, data: { message: inUse } } : undefined));
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Amazon' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Store' });
    expect(confirm).toHaveTextContent('Delete the store Amazon? This cannot be undone.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(inUse);
    expect(toast).toHaveClass('ant-alert-error');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'Category/DeleteCategory', params: { categoryId: 1 } });
    expect(listLoads(calls)).toBe(1);
  });

  it('deletes after the confirmation, shows the server message and reloads the list', async () => {
    signInAs('admin');
    const calls = serveStores((config) => (config.url === 'Category/DeleteCategory' ? { status: 200, data: { message: 'Store deleted successfully' } } : undefined));
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Best Buy' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Store' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store deleted successfully');
    expect(calls.find((call) => call.method === 'DELETE')?.params).toEqual({ categoryId: 3 });
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  it('reloads the list when the store was already deleted elsewhere (404)', async () => {
    signInAs('admin');
    const calls = serveStores((config) => (config.url === 'Category/DeleteCategory' ? { status: 404, data: { message: 'Store not found' } } : undefined));
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old Navy' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Store' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Store not found');
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });
});

describe('Sort Stores', () => {
  it('shows the stores with their logos in sort order and saves the renumbered list in one call', async () => {
    signInAs('admin');
    const calls = serveStores((config) => (config.url === 'Category/SortCategories' ? { status: 200, data: { message: 'Stores sorted successfully' } } : undefined), [STORES[2], STORES[0], STORES[1]] as typeof STORES);
    renderScreen(<StoresPage />);
    await rowOf('Amazon');
    await userEvent.click(screen.getByRole('button', { name: /Sort Stores/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Stores' });
    await within(dialog).findByText('Old Navy');
    const rows = () => Array.from(dialog.querySelectorAll<HTMLElement>('[data-sort-id]'));
    expect(rows().map((row) => row.textContent)).toEqual(['Amazon', 'Old Navy', '—Best Buy']);
    expect(rows()[0]?.querySelector('img')).toHaveAttribute('src', expect.stringContaining('amazon.png'));
    const save = within(dialog).getByRole('button', { name: 'Save Order' });
    expect(save).toBeDisabled();

    layOutSortRows();
    await moveRowDown(rows()[0] as HTMLElement);
    expect(rows().map((row) => row.textContent)).toEqual(['Old Navy', 'Amazon', '—Best Buy']);
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Stores sorted successfully');
    const sorts = calls.filter((call) => call.url === 'Category/SortCategories');
    expect(sorts).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: [
          { id: 2, sortOrder: 1 },
          { id: 1, sortOrder: 2 },
          { id: 3, sortOrder: 3 },
        ],
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sort Stores' })).not.toBeInTheDocument());
    await waitFor(() => expect(listLoads(calls)).toBe(3));
  });

  it('reads No Items Available when there are no stores', async () => {
    signInAs('admin');
    serveStores(undefined, []);
    renderScreen(<StoresPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Sort Stores/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Stores' });
    expect(await within(dialog).findByText('No Items Available')).toBeInTheDocument();
  });
});
