import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { expectLocation, expectToast, layOutSortRows, LIST, moveRowDown, renderMenuAt, rowOf, serveMenu, signInAsAdmin } from '../../testing/menuItems';
import MenuItemsPage from './MenuItemsPage';
import MenuItemFormPage from './MenuItemFormPage';

/** The list and form screens at their App.tsx routes, at `path`. */
const renderAt = (path: string) => renderMenuAt({ list: <MenuItemsPage />, form: <MenuItemFormPage /> }, path);

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAsAdmin();
});

describe('Menu items list', () => {
  it('shows every item in menu order with its page, link, parent and Yes/No flags', async () => {
    const calls = serveMenu();
    renderAt(LIST);
    expect(await screen.findByRole('heading', { name: 'Menu Items' })).toBeInTheDocument();
    const cells = async (name: string) => within(await rowOf(name)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(await cells('Company')).toEqual([' ViewDelete', 'Company', '-', '-', '-', 'No', 'Yes']);
    expect(await cells('About')).toEqual([' ViewDelete', 'About', 'About us', '-', 'Company', 'No', 'Yes']);
    expect(await cells('Deals')).toEqual([' ViewDelete', 'Deals', '-', '/deals', '-', 'No', 'Yes']);
    expect(await cells('Contact')).toEqual([' ViewDelete', 'Contact', '-', 'mailto:hi@example.com', '-', 'Yes', 'No']);
    const names = screen.getAllByRole('link', { name: /^View / }).map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual(['View Company', 'View About', 'View Deals', 'View Contact']);
    for (const title of ['Actions', 'Name', 'Page', 'Custom Link', 'Parent Menu Item', 'Open in New Tab?', 'Is Active?']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title.replace('?', '\\?')}`) })).toBeInTheDocument();
    }
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'MenuItem/GetAllMenuItems', params: { isActive: '' } });
  });

  it('opens an item from View and the new form from New Menu Item', async () => {
    serveMenu();
    renderAt(LIST);
    await userEvent.click(await screen.findByRole('link', { name: 'View Deals' }));
    await expectLocation('/cms/management/menu-item/edit/2');
    expect(await screen.findByRole('heading', { name: 'Menu Item Details' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Return to Listing/ }));
    await userEvent.click(await screen.findByRole('button', { name: /New Menu Item/ }));
    await expectLocation('/cms/management/menu-item');
    expect(await screen.findByRole('heading', { name: 'New Menu Item' })).toBeInTheDocument();
  });

  it('deletes an item after the confirm, shows the server message and reloads', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/DeleteMenuItem' ? { status: 200, data: { message: 'Menu item deleted successfully' } } : undefined));
    renderAt(LIST);
    await userEvent.click(within(await rowOf('Company')).getByRole('button', { name: 'Delete Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Menu Item' });
    expect(dialog).toHaveTextContent('Delete the menu item "Company"? Its 1 assigned menu item will become top-level items.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Menu item deleted successfully', 'success');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([expect.objectContaining({ url: 'MenuItem/DeleteMenuItem', params: { id: 1 } })]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'MenuItem/GetAllMenuItems')).toHaveLength(2));
  });

  it('sends nothing when the delete is cancelled, and shows a failed delete as an error', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/DeleteMenuItem' ? { status: 404, data: { message: 'Menu item not found' } } : undefined));
    renderAt(LIST);
    await userEvent.click(within(await rowOf('Deals')).getByRole('button', { name: 'Delete Deals' }));
    const first = await screen.findByRole('dialog', { name: 'Delete Menu Item' });
    expect(first).toHaveTextContent('Delete the menu item "Deals"?');
    expect(first).not.toHaveTextContent('top-level');
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Deals' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Menu Item' })).getByRole('button', { name: 'Delete' }));
    await expectToast('Menu item not found', 'error');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('filters by name and by the active flag', async () => {
    serveMenu();
    renderAt(LIST);
    await rowOf('Contact');
    await userEvent.type(screen.getByLabelText('Name', { selector: 'input' }), 'deal');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View Company' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(await rowOf('Deals')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await rowOf('Company');
    await userEvent.click(screen.getByLabelText('Is Active?'));
    await userEvent.click(await screen.findByTitle('No'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View Deals' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(await rowOf('Contact')).toBeInTheDocument();
  });

  it('downloads the shown rows as CSV', async () => {
    serveMenu();
    const blobs: Blob[] = [];
    const saved: string[] = [];
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:menu');
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt(LIST);
    await rowOf('Contact');
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    click.mockRestore();
    expect(saved).toEqual(['menu-items.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text.replace('\uFEFF', '')).toBe(
      [
        'Name,Page,Custom Link,Parent Menu Item,Open in New Tab?,Is Active?',
        'Company,,,,No,Yes',
        'About,About us,,Company,No,Yes',
        'Deals,,/deals,,No,Yes',
        'Contact,,mailto:hi@example.com,,Yes,No',
        '',
      ].join('\r\n'),
    );
  });

  it('sorts the items by drag and drop and saves the renumbered menu in one call', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/SortMenuItems' ? { status: 200, data: { message: 'Menu items sorted successfully' } } : undefined));
    layOutSortRows();
    renderAt(LIST);
    await rowOf('Company');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Items' });
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('li > [data-sort-id]'));
    expect(rows().map((row) => row.textContent)).toEqual(['Company', 'Aboutunder Company', 'Deals', 'Contact']);
    const save = within(dialog).getByRole('button', { name: 'Save Order' });
    expect(save).toBeDisabled();

    await moveRowDown(rows()[2] as HTMLElement);
    await waitFor(() => expect(rows().map((row) => row.textContent)).toEqual(['Company', 'Aboutunder Company', 'Contact', 'Deals']));
    await userEvent.click(save);
    await expectToast('Menu items sorted successfully', 'success');
    expect(calls.filter((call) => call.url === 'MenuItem/SortMenuItems')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: [
          { id: 1, sortOrder: 1 },
          { id: 3, sortOrder: 2 },
          { id: 4, sortOrder: 3 },
          { id: 2, sortOrder: 4 },
        ],
      }),
    ]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'MenuItem/GetAllMenuItems').length).toBeGreaterThanOrEqual(3));
  });

  it('shows a failed sort as an error and keeps the modal open', async () => {
    serveMenu((config) => (config.url === 'MenuItem/SortMenuItems' ? { status: 400, data: { message: 'Each item may appear only once in the new order' } } : undefined));
    layOutSortRows();
    renderAt(LIST);
    await rowOf('Company');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Items' });
    await moveRowDown(list.querySelector('[data-sort-id]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('Each item may appear only once in the new order', 'error');
    expect(screen.getByRole('dialog', { name: 'Sort Items' })).toBeInTheDocument();
  });

  it('shows the server message as an error when the list cannot be loaded', async () => {
    serveFakeApi(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderAt(LIST);
    await expectToast('Database unavailable', 'error');
  });
});
