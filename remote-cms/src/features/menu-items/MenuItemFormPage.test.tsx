import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { edit, expectLocation, expectToast, LIST, NEW, renderMenuAt, serveMenu, signInAsAdmin } from '../../testing/menuItems';
import MenuItemsPage from './MenuItemsPage';
import MenuItemFormPage from './MenuItemFormPage';

/** The list and form screens at their App.tsx routes, at `path`. */
const renderAt = (path: string) => renderMenuAt({ list: <MenuItemsPage />, form: <MenuItemFormPage /> }, path);

const nameField = () => screen.getByLabelText('Menu Item Name', { selector: 'input' });
const linkField = () => screen.queryByLabelText('Custom Link', { selector: 'input' });
const pageSelect = () => screen.getByRole('combobox', { name: 'Assigned Page' });
const parentSelect = () => screen.getByRole('combobox', { name: 'Parent Menu Item' });
const selectBox = (combobox: HTMLElement) => combobox.closest('.ant-select') as HTMLElement;
const assignedCard = () => screen.getByText('Assigned Menu Items').closest('.ant-card') as HTMLElement;

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByTitle(option));
}

/** Clears an antd select with its clear icon (shown on hover; it listens to mousedown). */
function clearSelect(combobox: HTMLElement) {
  const clear = selectBox(combobox).querySelector('.ant-select-clear') as HTMLElement;
  act(() => {
    fireEvent.mouseDown(clear);
  });
}

/** Waits until the item's form is loaded. */
async function loaded(name: string) {
  await waitFor(() => expect(nameField()).toHaveValue(name), { timeout: 5000 });
}

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAsAdmin();
});

describe('New Menu Item', () => {
  it('starts active, top-level, not in a new tab, with Create disabled until the name is given', async () => {
    const calls = serveMenu();
    renderAt(NEW);
    expect(await screen.findByRole('heading', { name: 'New Menu Item' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Return to Listing/ })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(create.closest('.deals-form-footer')).not.toBeNull();
    expect(screen.getByRole('switch', { name: 'Is Active?' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Open in New Tab?' })).not.toBeChecked();
    expect(nameField()).toHaveAttribute('maxLength', '100');
    expect(linkField()).toHaveAttribute('maxLength', '250');
    // No assigned items before the item exists.
    expect(screen.queryByText('Assigned Menu Items')).not.toBeInTheDocument();

    await userEvent.click(nameField());
    await userEvent.tab();
    expect(await screen.findByText('Menu Item Name is required')).toBeInTheDocument();
    await userEvent.type(nameField(), '   ');
    await userEvent.tab();
    expect(screen.getByText('Menu Item Name is required')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await userEvent.type(nameField(), 'Deals');
    await waitFor(() => expect(create).toBeEnabled());
    expect(screen.queryByText('Menu Item Name is required')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.map((call) => call.url).sort()).toEqual(['MenuItem/GetAllMenuItems', 'Page/GetAllPages']));
    expect(calls.find((call) => call.url === 'Page/GetAllPages')?.params).toEqual({ isActive: '' });
  });

  it('disables the page selector while a custom link is set, and enables it once the link is cleared', async () => {
    serveMenu();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    expect(selectBox(pageSelect())).not.toHaveClass('ant-select-disabled');
    await userEvent.type(linkField() as HTMLElement, '/deals');
    await waitFor(() => expect(selectBox(pageSelect())).toHaveClass('ant-select-disabled'));
    expect(pageSelect()).toBeDisabled();
    expect(screen.getByText('A custom link is set: clear it to assign a page instead.')).toBeInTheDocument();
    await userEvent.clear(linkField() as HTMLElement);
    await waitFor(() => expect(selectBox(pageSelect())).not.toHaveClass('ant-select-disabled'));
  });

  it('shows the custom link field only while no page is chosen', async () => {
    serveMenu();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    expect(linkField()).toBeInTheDocument();
    await choose(pageSelect(), 'About us');
    await waitFor(() => expect(linkField()).not.toBeInTheDocument());
    // An inactive page is offered, and says so.
    await userEvent.click(pageSelect());
    expect(await screen.findByTitle('Terms (inactive)')).toBeInTheDocument();
    clearSelect(pageSelect());
    await waitFor(() => expect(linkField()).toBeInTheDocument());
  });

  it('says why a custom link cannot be used', async () => {
    serveMenu();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    await userEvent.type(nameField(), 'Bad');
    for (const link of ['javascript:alert(1)', '//evil.example', 'deals']) {
      await userEvent.clear(linkField() as HTMLElement);
      await userEvent.type(linkField() as HTMLElement, link);
      await userEvent.tab();
      expect(await screen.findByText(CMS_MESSAGES.linkInvalid)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    }
    for (const link of ['/deals', 'https://example.com/x', 'mailto:hi@example.com', 'tel:+15551234567']) {
      await userEvent.clear(linkField() as HTMLElement);
      await userEvent.type(linkField() as HTMLElement, link);
      await userEvent.tab();
      await waitFor(() => expect(screen.queryByText(CMS_MESSAGES.linkInvalid)).not.toBeInTheDocument());
    }
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
  });

  it('offers only top-level items as parents', async () => {
    serveMenu();
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    expect(selectBox(parentSelect())).not.toHaveClass('ant-select-disabled');
    await userEvent.click(parentSelect());
    expect(await screen.findByTitle('Company')).toBeInTheDocument();
    expect(screen.getByTitle('Deals')).toBeInTheDocument();
    expect(screen.getByTitle('Contact (inactive)')).toBeInTheDocument();
    expect(screen.queryByTitle('About')).not.toBeInTheDocument();
  });

  it('creates the item as JSON with its custom link, then opens its edit screen', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/CreateMenuItem' ? { status: 200, data: { message: 'Menu item created successfully', id: 2 } } : undefined));
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    await userEvent.type(nameField(), '  Deals ');
    await userEvent.type(linkField() as HTMLElement, ' /deals ');
    await choose(parentSelect(), 'Company');
    await userEvent.click(screen.getByRole('switch', { name: 'Open in New Tab?' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Is Active?' }));
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);

    await expectToast('Menu item created successfully', 'success');
    const created = calls.filter((call) => call.url === 'MenuItem/CreateMenuItem');
    expect(created).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { name: 'Deals', pageId: null, customLink: '/deals', openInNewTab: true, isActive: false, parentMenuItemId: 1 },
      }),
    ]);
    await expectLocation(edit(2));
    expect(await screen.findByRole('heading', { name: 'Menu Item Details' })).toBeInTheDocument();
    await loaded('Deals');
  });

  it('sends the chosen page and no custom link', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/CreateMenuItem' ? { status: 200, data: { message: 'Menu item created successfully', id: 3 } } : undefined));
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    await userEvent.type(nameField(), 'About');
    await choose(pageSelect(), 'About us');
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectLocation(edit(3));
    expect(calls.find((call) => call.url === 'MenuItem/CreateMenuItem')?.body).toEqual({
      name: 'About',
      pageId: 10,
      customLink: null,
      openInNewTab: false,
      isActive: true,
      parentMenuItemId: null,
    });
  });

  it('shows a failed create as a warning with the field message, and stays', async () => {
    serveMenu((config) =>
      config.url === 'MenuItem/CreateMenuItem'
        ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { parentMenuItemId: CMS_MESSAGES.menuParentHasParent } } }
        : undefined,
    );
    renderAt(NEW);
    await screen.findByRole('heading', { name: 'New Menu Item' });
    await userEvent.type(nameField(), 'Deep');
    await choose(parentSelect(), 'Deals');
    const create = screen.getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await screen.findByText(CMS_MESSAGES.menuParentHasParent)).toBeInTheDocument();
    await expectLocation(NEW);
  });

  it('shows a failed page list as an error', async () => {
    serveMenu((config) => (config.url === 'Page/GetAllPages' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(NEW);
    await expectToast('Database unavailable', 'error');
  });

  it('goes back to the list on Cancel', async () => {
    serveMenu();
    renderAt(NEW);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expectLocation(LIST);
  });
});

describe('Menu Item Details', () => {
  it('loads the item and saves its changes as JSON, then returns to the list', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/UpdateMenuItems' ? { status: 200, data: { message: 'Menu item updated successfully' } } : undefined));
    renderAt(edit(3));
    expect(await screen.findByRole('heading', { name: 'Menu Item Details' })).toBeInTheDocument();
    await loaded('About');
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'MenuItem/GetMenuItemById', params: { menuItemId: 3 } });
    expect(screen.getByRole('link', { name: /Return to Listing/ })).toHaveAttribute('href', LIST);
    // A page is assigned: no custom link field.
    expect(linkField()).not.toBeInTheDocument();
    await waitFor(() => expect(selectBox(pageSelect())).toHaveTextContent('About us'));
    expect(selectBox(parentSelect())).toHaveTextContent('Company');
    // The item has no children: it may choose (or change) its parent, never itself.
    expect(selectBox(parentSelect())).not.toHaveClass('ant-select-disabled');

    await userEvent.clear(nameField());
    await userEvent.tab();
    expect(await screen.findByText('Menu Item Name is required')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await userEvent.type(nameField(), 'About Us');
    clearSelect(parentSelect());
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await expectToast('Menu item updated successfully', 'success');
    expect(calls.filter((call) => call.url === 'MenuItem/UpdateMenuItems')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: { id: 3, name: 'About Us', pageId: 10, customLink: null, openInNewTab: false, isActive: true, parentMenuItemId: null },
      }),
    ]);
    await expectLocation(LIST);
  });

  it('shows a failed update as a warning and stays on the screen', async () => {
    serveMenu((config) => (config.url === 'MenuItem/UpdateMenuItems' ? { status: 404, data: { message: 'Menu item not found' } } : undefined));
    renderAt(edit(2));
    await loaded('Deals');
    expect(linkField()).toHaveValue('/deals');
    expect(pageSelect()).toBeDisabled();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Menu item not found', 'warning');
    await expectLocation(edit(2));
    expect(nameField()).toHaveValue('Deals');
  });

  it('disables the parent of an item that has assigned items, and says why', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/UpdateMenuItems' ? { status: 200, data: { message: 'Menu item updated successfully' } } : undefined));
    renderAt(edit(1));
    await loaded('Company');
    expect(selectBox(parentSelect())).toHaveClass('ant-select-disabled');
    expect(parentSelect()).toBeDisabled();
    expect(screen.getByText(CMS_MESSAGES.menuHasChildren)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectLocation(LIST);
    expect(calls.find((call) => call.url === 'MenuItem/UpdateMenuItems')?.body).toEqual({
      id: 1,
      name: 'Company',
      pageId: null,
      customLink: null,
      openInNewTab: false,
      isActive: true,
      parentMenuItemId: null,
    });
  });

  it('lists the assigned items with their page and Yes/No', async () => {
    serveMenu();
    renderAt(edit(1));
    await loaded('Company');
    const card = assignedCard();
    const row = within(card).getByRole('link', { name: 'View About' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['About', 'About us', 'Yes', 'Remove']);
    for (const title of ['Name', 'Page', 'Is Active?', 'Remove']) expect(within(card).getByRole('columnheader', { name: title })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Assign New/ })).toBeInTheDocument();
  });

  it('hides Assign New for an item with a parent, and says why', async () => {
    serveMenu();
    renderAt(edit(3));
    await loaded('About');
    const card = assignedCard();
    expect(within(card).queryByRole('button', { name: /Assign New/ })).not.toBeInTheDocument();
    expect(within(card).getByText(CMS_MESSAGES.menuParentHasParent)).toBeInTheDocument();
    expect(within(card).getByText(/"About" is assigned under "Company"/)).toBeInTheDocument();
  });

  it('assigns the ticked items in one call, never offering the item itself, then reloads it', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/AssignParentMenuItem' ? { status: 200, data: { message: 'Menu items assigned successfully' } } : undefined));
    renderAt(edit(2));
    await loaded('Deals');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: /Assign New/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Menu Items' });
    const list = await within(dialog).findByRole('list', { name: 'Menu items to assign' });
    // Deals itself has neither parent nor children, yet is not offered to itself.
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(list).queryByText('Deals')).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('checkbox', { name: /Contact/ }));
    expect(within(dialog).getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await expectToast('Menu items assigned successfully', 'success');
    expect(calls.filter((call) => call.url === 'MenuItem/AssignParentMenuItem')).toEqual([expect.objectContaining({ method: 'PUT', body: { parentId: 2, childMenuItemIds: [4] } })]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Menu Items' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === 'MenuItem/GetMenuItemById')).toHaveLength(2));
  });

  it('sends the ticked items in menu order', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/AssignParentMenuItem' ? { status: 200, data: { message: 'Menu items assigned successfully' } } : undefined));
    renderAt(edit(1));
    await loaded('Company');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: /Assign New/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Menu Items' });
    const list = await within(dialog).findByRole('list', { name: 'Menu items to assign' });
    await userEvent.click(within(list).getByRole('checkbox', { name: /Contact/ }));
    await userEvent.click(within(list).getByRole('checkbox', { name: /Deals/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await expectToast('Menu items assigned successfully', 'success');
    expect(calls.find((call) => call.url === 'MenuItem/AssignParentMenuItem')?.body).toEqual({ parentId: 1, childMenuItemIds: [2, 4] });
  });

  it('asks for a choice before assigning, and shows a failed assign as a warning', async () => {
    const calls = serveMenu((config) =>
      config.url === 'MenuItem/AssignParentMenuItem' ? { status: 400, data: { message: CMS_MESSAGES.menuHasChildren, errors: { childMenuItemIds: CMS_MESSAGES.menuHasChildren } } } : undefined,
    );
    renderAt(edit(1));
    await loaded('Company');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: /Assign New/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Menu Items' });
    await within(dialog).findByRole('list', { name: 'Menu items to assign' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await expectToast(CMS_MESSAGES.menuChildrenRequired, 'warning');
    expect(calls.some((call) => call.url === 'MenuItem/AssignParentMenuItem')).toBe(false);

    act(() => hideToast());
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Deals/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await expectToast(CMS_MESSAGES.menuHasChildren, 'warning');
    expect(screen.getByRole('dialog', { name: 'Assign Menu Items' })).toBeInTheDocument();
  });

  it('shows a failed candidate list as an error and closes the modal', async () => {
    serveMenu((config) => (config.url === 'MenuItem/GetMenuItemsWithNoParentOrChild' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(edit(1));
    await loaded('Company');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: /Assign New/ }));
    await expectToast('Database unavailable', 'error');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Menu Items' })).not.toBeInTheDocument());
  });

  it('removes an assigned item after the confirm, then reloads the item', async () => {
    const calls = serveMenu((config) => (config.url === 'MenuItem/RemoveParentMenuItem' ? { status: 200, data: { message: 'Menu item removed from its parent successfully' } } : undefined));
    renderAt(edit(1));
    await loaded('Company');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: 'Remove About' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Menu Item' });
    expect(dialog).toHaveTextContent('Remove "About" from "Company"? It stays in the menu as a top-level item.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expectToast('Menu item removed from its parent successfully', 'success');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([expect.objectContaining({ url: 'MenuItem/RemoveParentMenuItem', params: { menuItemId: 3 } })]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'MenuItem/GetMenuItemById')).toHaveLength(2));
  });

  it('shows a failed remove as a warning', async () => {
    serveMenu((config) => (config.url === 'MenuItem/RemoveParentMenuItem' ? { status: 404, data: { message: 'Menu item not found' } } : undefined));
    renderAt(edit(1));
    await loaded('Company');
    await userEvent.click(within(assignedCard()).getByRole('button', { name: 'Remove About' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove Menu Item' })).getByRole('button', { name: 'Remove' }));
    await expectToast('Menu item not found', 'warning');
  });

  it('says so when the item does not exist, with a way back to the list', async () => {
    serveMenu();
    renderAt(edit(99));
    expect(await screen.findByText(CMS_MESSAGES.menuItemNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Return to Listing/ }));
    await expectLocation(LIST);
  });

  it('shows a failed load as an error with Retry', async () => {
    let failing = true;
    serveMenu((config) => (failing && config.url === 'MenuItem/GetMenuItemById' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderAt(edit(3));
    await expectToast('Database unavailable', 'error');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded('About');
  });
});
