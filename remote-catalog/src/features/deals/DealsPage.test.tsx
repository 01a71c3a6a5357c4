import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { DEALS, PRODUCT_TYPES, STORES } from './fixtures';
import DealsPage from './DealsPage';

function serveDeals(onDelete: () => { status: number; data?: unknown } = () => ({ status: 200, data: { message: 'Deal deleted successfully' } })) {
  return serveFakeApi((config) => {
    if (config.url === 'Product/GetAllProducts') return { status: 200, data: DEALS };
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
    for (const header of ['Actions', 'Preview Image', 'Product Name', 'Store', 'Product Category', 'Promo Code', 'Discount %', 'Current Price', 'Previous Price', 'Posted By', 'Posted On', 'Last Updated On', 'Starts On', 'Expires In', 'Is Active?'])
      expect(screen.getAllByRole('columnheader', { name: new RegExp(`^${header.replace('?', '\\?')}`) }).length).toBeGreaterThan(0);
    expect(within(row).getByText('SAVE20')).toBeInTheDocument();
    expect(within(row).getByText('20%')).toBeInTheDocument();
    expect(within(row).getByText('$80.00')).toBeInTheDocument();
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
    const view = within(row).getByRole('link', { name: /View Noise Cancelling Headphones/ });
    expect(view).toHaveAttribute('href', '/admin/management/product-deal/edit/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(calls.find((call) => call.url === 'Product/GetAllProducts')?.params).toEqual({ isActive: '' });
    // Admins may delete any deal.
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
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

  it('filters by name on the client', async () => {
    signInAs(1, { admin: true });
    serveDeals();
    renderScreen(<DealsPage />);
    await rowOf('Gaming Mouse');
    await userEvent.type(screen.getByPlaceholderText('Part of a name'), 'mouse');
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await waitFor(() => expect(screen.queryByText('Paperback Novel')).not.toBeInTheDocument());
    expect(screen.getByText('Gaming Mouse')).toBeInTheDocument();
    expect(screen.queryByText('Noise Cancelling Headphones')).not.toBeInTheDocument();
  });
});
