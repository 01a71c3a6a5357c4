import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { DEALS, PRODUCT_TYPES, STORES } from '../../testing/deals';
import DealsPage from './DealsPage';

function serveDeals(onDelete: () => { status: number; data?: unknown } = () => ({ status: 200, data: { message: 'Deal deleted successfully' } }), columns: unknown = null) {
  return serveFakeApi((config) => {
    if (config.url === 'Preferences/GetTableColumns') return { status: 200, data: { table: 'product-deals', columns } };
    if (config.url === 'Preferences/SaveTableColumns') return { status: 200, data: { message: 'Columns saved' } };
    if (config.url === 'Product/GetAllProducts') {
      // The server filters: here by name only, enough to see the table send it.
      const name = String(config.params?.name ?? '').toLowerCase();
      const items = DEALS.filter((deal) => deal.name.toLowerCase().includes(name));
      return { status: 200, data: { items, total: items.length + (config.params?.name ? 0 : 1234), page: config.params?.page, pageSize: config.params?.pageSize } };
    }
    if (config.url === 'Product/BulkUpdateProducts') {
      return { status: 200, data: { message: '2 deals deactivated', matched: 2, changed: 2, skipped: [] } };
    }
    if (config.url === 'Category/GetAllCategories') return { status: 200, data: STORES };
    if (config.url === 'ProductType/GetAllProductTypes') return { status: 200, data: PRODUCT_TYPES };
    if (config.url === 'Product/DeleteProduct') return onDelete();
    return { status: 404, data: { message: 'Not found' } };
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeEach(() => {
  hideToast();
  clearSession();
});

describe('Deals and Promo Codes list', () => {
  it('lists every deal with the spec columns, prices and computed discount, View opening the edit page in a new tab', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />);
    const row = await rowOf('Noise Cancelling Headphones');
    // The default set fits a 1440 px screen; the other spec columns wait in the column settings.
    const headers = (names: string[]) => names.filter((name) => screen.queryAllByRole('columnheader', { name: new RegExp(`^${name.replace('?', '\\?')}`) }).length > 0);
    const shown = ['Actions', 'Preview Image', 'Product Name', 'Store', 'Promo Code', 'Discount %', 'Current Price', 'Expires In', 'Is Active?', 'Clicks'];
    const hidden = ['Product Category', 'Previous Price', 'Posted By', 'Posted On', 'Last Updated On', 'Starts On'];
    expect(headers(shown)).toEqual(shown);
    expect(headers(hidden)).toEqual([]);
    expect(within(row).getByText('SAVE20')).toBeInTheDocument();
    expect(within(row).getByText('20%')).toBeInTheDocument();
    expect(within(row).getByText('$80.00')).toBeInTheDocument();
    const view = within(row).getByRole('link', { name: /View Noise Cancelling Headphones/ });
    expect(view).toHaveAttribute('href', '/admin/management/product-deal/edit/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(calls.find((call) => call.url === 'Product/GetAllProducts')?.params).toEqual({ page: 1, pageSize: 100 });
    expect(screen.getByText(/of 1,237$/)).toBeInTheDocument();
    // Admins may delete any deal.
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
  });

  it('shows the columns the staff member chose (kept by the API) and saves a new choice', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals(undefined, { previousPrice: { show: true, fixed: null }, promoCode: { show: false, fixed: null }, name: { show: false } });
    renderScreen(<DealsPage />);
    await rowOf('Noise Cancelling Headphones');
    expect(calls.find((call) => call.url === 'Preferences/GetTableColumns')?.params).toEqual({ table: 'product-deals' });
    await waitFor(() => expect(screen.queryAllByRole('columnheader', { name: /^Previous Price/ }).length).toBeGreaterThan(0));
    expect(screen.queryAllByRole('columnheader', { name: /^Promo Code/ })).toHaveLength(0);
    // The name stays whatever a setting says.
    expect(screen.getAllByRole('columnheader', { name: /^Product Name/ }).length).toBeGreaterThan(0);

    // Column settings: hide Discount %.
    await userEvent.click(screen.getByRole('img', { name: 'setting' }));
    const discount = await screen.findByText('Discount %', { selector: '.ant-tree-title *, .ant-tree-title' });
    await userEvent.click(discount.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
    await waitFor(() => expect(screen.queryAllByRole('columnheader', { name: /^Discount %/ })).toHaveLength(0));
    await waitFor(() => expect(calls.some((call) => call.url === 'Preferences/SaveTableColumns')).toBe(true), { timeout: 3000 });
    const saved = calls.filter((call) => call.url === 'Preferences/SaveTableColumns').at(-1)?.body as { table: string; columns: Record<string, { show: boolean }> };
    expect(saved.table).toBe('product-deals');
    expect(saved.columns.discount?.show).toBe(false);
    expect(saved.columns.previousPrice?.show).toBe(true);
    expect(saved.columns.name?.show).toBe(true);
  });

  it('offers Delete to other staff only on the deals they added', async () => {
    signInAs(7, { admin: false });
    serveDeals();
    renderScreen(<DealsPage />);
    expect(within(await rowOf('Paperback Novel')).getByRole('button', { name: 'Delete Paperback Novel' })).toBeInTheDocument();
    expect(within(await rowOf('Gaming Mouse')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Noise Cancelling Headphones')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and shows the server message', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Delete Gaming Mouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Deal' });
    expect(dialog).toHaveTextContent('Delete the deal "Gaming Mouse"?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deal deleted successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: 'Product/DeleteProduct', params: { productId: 3 } });
  });

  it('shows a refused delete as an error with the server message', async () => {
    signInAs(1, { admin: true });
    serveDeals(() => ({ status: 403, data: { message: 'You can only change deals you added. Ask an administrator for help.' } }));
    renderScreen(<DealsPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Delete Gaming Mouse' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Deal' })).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can only change deals you added.');
    expect(alert.closest('.ant-alert')).toHaveClass('ant-alert-error');
  });

  it('asks the server for the filtered page and keeps the filter in the address', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />);
    await rowOf('Gaming Mouse');
    await userEvent.type(screen.getByPlaceholderText('Part of a name'), 'mouse');
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await waitFor(() => expect(screen.queryByText('Paperback Novel')).not.toBeInTheDocument());
    expect(screen.getByText('Gaming Mouse')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'Product/GetAllProducts').at(-1)?.params).toEqual({ name: 'mouse', page: 1, pageSize: 100 });
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?name=mouse'));
  });

  it('starts from the state in the address: filter, sort and page', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />, { path: '/?name=mouse&sort=currentPrice.asc&page=2&pageSize=25' });
    await waitFor(() => expect(calls.some((call) => call.url === 'Product/GetAllProducts')).toBe(true));
    expect(calls.find((call) => call.url === 'Product/GetAllProducts')?.params).toEqual({ name: 'mouse', sortBy: 'currentPrice', order: 'asc', page: 2, pageSize: 25 });
    expect(screen.getByPlaceholderText('Part of a name')).toHaveValue('mouse');
  });

  it("keeps the dashboard's linked filters (exact expiry window, own deals) until Show all deals", async () => {
    signInAs(7, { admin: false });
    const calls = serveDeals();
    const from = '2026-06-30T12:00:00.000Z';
    const to = '2026-07-02T12:00:00.000Z';
    renderScreen(<DealsPage />, { path: `/?isActive=true&sort=dealExpiresIn.asc&expiresFrom=${from}&expiresTo=${to}&addedById=7` });
    await waitFor(() => expect(calls.some((call) => call.url === 'Product/GetAllProducts')).toBe(true));
    expect(calls.find((call) => call.url === 'Product/GetAllProducts')?.params).toEqual({
      expiresFrom: from,
      expiresTo: to,
      addedById: '7',
      isActive: 'true',
      sortBy: 'dealExpiresIn',
      order: 'asc',
      page: 1,
      pageSize: 100,
    });
    const notice = await screen.findByText(/^Only deals expiring between .+, posted by you\.$/);
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent(`expiresFrom=${encodeURIComponent(from)}`));

    const before = calls.filter((call) => call.url === 'Product/GetAllProducts').length;
    await userEvent.click(screen.getByRole('button', { name: 'Show all deals' }));
    await waitFor(() => expect(calls.filter((call) => call.url === 'Product/GetAllProducts').length).toBeGreaterThan(before));
    expect(calls.filter((call) => call.url === 'Product/GetAllProducts').at(-1)?.params).toEqual({ isActive: 'true', sortBy: 'dealExpiresIn', order: 'asc', page: 1, pageSize: 100 });
    expect(notice).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location-search')).not.toHaveTextContent('expiresFrom'));
  });

  it('bulk-deactivates the chosen rows after a confirmation naming the count', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('checkbox'));
    await userEvent.click(within(await rowOf('Paperback Novel')).getByRole('checkbox'));
    const bar = screen.getByLabelText('Bulk actions');
    expect(bar).toHaveTextContent('2 deals chosen');
    await userEvent.click(within(bar).getByRole('button', { name: /Deactivate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Deals' });
    expect(dialog).toHaveTextContent('Deactivate 2 deals?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('2 deals deactivated')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'Product/BulkUpdateProducts')?.body).toEqual({ action: 'deactivate', ids: [3, 2] });
  });

  it('acts on all deals matching the filter when asked, sending the filter rather than ids', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />, { path: '/?isActive=true' });
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /Choose all 1,237 deals matching the filter/ }));
    await userEvent.click(within(screen.getByLabelText('Bulk actions')).getByRole('button', { name: /Activate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Deals' });
    expect(dialog).toHaveTextContent('Activate all 1,237 deals matching the filter?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls.find((call) => call.url === 'Product/BulkUpdateProducts')?.body).toEqual({ action: 'activate', filter: { isActive: true } }));
  });

  it('shows each deal\'s clicks of the last 7 days and sorts by them on the server', async () => {
    signInAs(1, { admin: true });
    const calls = serveDeals();
    renderScreen(<DealsPage />);
    const row = await rowOf('Noise Cancelling Headphones');
    expect(screen.getAllByRole('columnheader', { name: /^Clicks \(7 days\)/ }).length).toBeGreaterThan(0);
    expect(within(row).getByText('1,234')).toBeInTheDocument();
    expect(within(await rowOf('Gaming Mouse')).getByText('0')).toBeInTheDocument();
    const before = calls.filter((call) => call.url === 'Product/GetAllProducts').length;
    const header = screen.getAllByRole('columnheader', { name: /^Clicks \(7 days\)/ })[0]!;
    await userEvent.click(within(header).getAllByText(/^Clicks \(7 days\)/)[0]!);
    await waitFor(() => expect(calls.filter((call) => call.url === 'Product/GetAllProducts').length).toBeGreaterThan(before));
    expect(calls.filter((call) => call.url === 'Product/GetAllProducts').at(-1)?.params).toMatchObject({ sortBy: 'clicks7d' });
  });

  it("keeps the earnings columns off by default, and once shown shows each deal's 30-day commission and EPC in its currency, a dash without any, and sorts by them on the server", async () => {
    signInAs(1, { admin: true });
    serveDeals();
    const hidden = renderScreen(<DealsPage />);
    await rowOf('Noise Cancelling Headphones');
    expect(screen.queryByRole('columnheader', { name: /^EPC \(30 d\)/ })).not.toBeInTheDocument();
    hidden.unmount();

    const calls = serveDeals(undefined, { commission30d: { show: true }, epc30d: { show: true } });
    renderScreen(<DealsPage />);
    const row = await rowOf('Noise Cancelling Headphones');
    expect(within(row).getByText('€12.50')).toBeInTheDocument();
    expect(within(row).getByText('€0.0125')).toBeInTheDocument();
    expect(within(await rowOf('Gaming Mouse')).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    const loads = () => calls.filter((call) => call.url === 'Product/GetAllProducts');
    for (const [title, key] of [
      ['Commission (30 d)', 'commission30d'],
      ['EPC (30 d)', 'epc30d'],
    ] as const) {
      const before = loads().length;
      const header = screen.getAllByRole('columnheader', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) })[0]!;
      await userEvent.click(within(header).getAllByText(title)[0]!);
      await waitFor(() => expect(loads().length).toBeGreaterThan(before));
      expect(loads().at(-1)?.params).toMatchObject({ sortBy: key });
    }
  });
});
