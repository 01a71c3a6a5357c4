import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi, type FakeApiHandler } from '@deals/shared-auth/testing';
import { layOutSortRows, moveRowDown, renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import type { FooterItem } from '@deals/contract';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import FooterItemsPage from './FooterItemsPage';

const ITEMS: FooterItem[] = [
  { id: 1, label: 'Privacy Policy', to: '/privacy', sortOrder: 1 },
  { id: 2, label: 'Contact Us', to: 'mailto:hi@example.com', sortOrder: 2 },
  { id: 3, label: 'Careers', to: 'https://jobs.example.com', sortOrder: 3 },
];

type Answer = { status: number; data?: unknown } | undefined;

function serveFooter(extra: (config: Parameters<FakeApiHandler>[0]) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    const params = (config.params ?? {}) as Record<string, unknown>;
    if (config.url === 'FooterItem/GetAllFooterItems') return { status: 200, data: ITEMS };
    if (config.url === 'FooterItem/GetFooterItemById') {
      const found = ITEMS.find((item) => item.id === params.footerItemId);
      return found ? { status: 200, data: found } : { status: 404, data: { message: 'Footer item not found' } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

const renderPage = () => renderScreen(<FooterItemsPage />, { path: '/cms/management/footer-items' });

const rowOf = async (label: string) => (await screen.findByRole('button', { name: `View ${label}` }, { timeout: 5000 })).closest('tr') as HTMLElement;

async function expectToast(text: string, state: 'success' | 'warning' | 'error') {
  const toast = await screen.findByRole(state === 'success' ? 'status' : 'alert');
  await waitFor(() => expect(toast).toHaveTextContent(text));
  expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
}

const labelField = (dialog: HTMLElement) => within(dialog).getByLabelText('Label', { selector: 'input' });
const linkField = (dialog: HTMLElement) => within(dialog).getByLabelText('Link', { selector: 'input' });

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAs(1, { admin: true });
});

describe('Footer items', () => {
  it('lists every footer item in footer order with its label and link', async () => {
    const calls = serveFooter();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Footer Items' })).toBeInTheDocument();
    expect(within(await rowOf('Contact Us')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ViewDelete', 'Contact Us', 'mailto:hi@example.com']);
    expect(screen.getAllByRole('button', { name: /^View / }).map((button) => button.getAttribute('aria-label'))).toEqual(['View Privacy Policy', 'View Contact Us', 'View Careers']);
    for (const title of ['Actions', 'Label', 'Link']) expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'FooterItem/GetAllFooterItems' });
    expect(screen.getByRole('button', { name: /Add Footer Item/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sort Items/ })).toBeInTheDocument();
  });

  it('adds a footer item from the modal with every rule, as JSON, then reloads', async () => {
    const calls = serveFooter((config) => (config.url === 'FooterItem/CreateFooterItem' ? { status: 200, data: { message: 'Footer item created successfully', id: 4 } } : undefined));
    renderPage();
    await rowOf('Careers');
    await userEvent.click(screen.getByRole('button', { name: /Add Footer Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Footer Item' });
    const add = within(dialog).getByRole('button', { name: 'Add Footer Item' });
    expect(add).toBeDisabled();
    expect(labelField(dialog)).toHaveAttribute('maxLength', '250');
    expect(linkField(dialog)).toHaveAttribute('maxLength', '500');

    await userEvent.click(labelField(dialog));
    await userEvent.click(linkField(dialog));
    await userEvent.tab();
    expect(await within(dialog).findByText('Footer label is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Link is required')).toBeInTheDocument();
    await userEvent.type(labelField(dialog), ' Terms ');
    await userEvent.type(linkField(dialog), 'javascript:alert(1)');
    await userEvent.tab();
    expect(await within(dialog).findByText(CMS_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.clear(linkField(dialog));
    await userEvent.type(linkField(dialog), '/terms ');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);

    await expectToast('Footer item created successfully', 'success');
    expect(calls.filter((call) => call.url === 'FooterItem/CreateFooterItem')).toEqual([expect.objectContaining({ method: 'POST', body: { label: 'Terms', to: '/terms' } })]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Footer Item' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === 'FooterItem/GetAllFooterItems')).toHaveLength(2));
  });

  it('shows a failed create as a warning with the field message, and keeps the modal open', async () => {
    serveFooter((config) =>
      config.url === 'FooterItem/CreateFooterItem' ? { status: 400, data: { message: 'Please check the highlighted fields.', errors: { to: CMS_MESSAGES.linkInvalid } } } : undefined,
    );
    renderPage();
    await rowOf('Careers');
    await userEvent.click(screen.getByRole('button', { name: /Add Footer Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Footer Item' });
    await userEvent.type(labelField(dialog), 'Terms');
    await userEvent.type(linkField(dialog), '/terms');
    const add = within(dialog).getByRole('button', { name: 'Add Footer Item' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await expectToast('Please check the highlighted fields.', 'warning');
    expect(await within(dialog).findByText(CMS_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Footer Item' })).toBeInTheDocument();
  });

  it('loads an item into the edit modal from View and saves it with its id', async () => {
    const calls = serveFooter((config) => (config.url === 'FooterItem/UpdateFooterItem' ? { status: 200, data: { message: 'Footer item updated successfully' } } : undefined));
    renderPage();
    await userEvent.click(within(await rowOf('Contact Us')).getByRole('button', { name: 'View Contact Us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Footer Item' });
    await waitFor(() => expect(labelField(dialog)).toHaveValue('Contact Us'));
    expect(linkField(dialog)).toHaveValue('mailto:hi@example.com');
    expect(calls.find((call) => call.url === 'FooterItem/GetFooterItemById')).toMatchObject({ method: 'GET', params: { footerItemId: 2 } });
    await userEvent.clear(labelField(dialog));
    await userEvent.type(labelField(dialog), 'Email Us');
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);

    await expectToast('Footer item updated successfully', 'success');
    expect(calls.filter((call) => call.url === 'FooterItem/UpdateFooterItem')).toEqual([
      expect.objectContaining({ method: 'PUT', body: { id: 2, label: 'Email Us', to: 'mailto:hi@example.com' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Footer Item' })).not.toBeInTheDocument());
  });

  it('shows a failed update as a warning, and a failed load as an error that closes the modal', async () => {
    let loadFails = false;
    serveFooter((config) => {
      if (config.url === 'FooterItem/UpdateFooterItem') return { status: 404, data: { message: 'Footer item not found' } };
      if (loadFails && config.url === 'FooterItem/GetFooterItemById') return { status: 500, data: { message: 'Database unavailable' } };
      return undefined;
    });
    renderPage();
    await userEvent.click(within(await rowOf('Careers')).getByRole('button', { name: 'View Careers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Footer Item' });
    await waitFor(() => expect(labelField(dialog)).toHaveValue('Careers'));
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectToast('Footer item not found', 'warning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Footer Item' })).not.toBeInTheDocument());

    act(() => hideToast());
    loadFails = true;
    await userEvent.click(screen.getByRole('button', { name: 'View Careers' }));
    await expectToast('Database unavailable', 'error');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Footer Item' })).not.toBeInTheDocument());
  });

  it('deletes an item only after the confirm, and shows a failed delete as an error', async () => {
    let fails = false;
    const calls = serveFooter((config) =>
      config.url === 'FooterItem/DeleteFooterItem' ? (fails ? { status: 404, data: { message: 'Footer item not found' } } : { status: 200, data: { message: 'Footer item deleted successfully' } }) : undefined,
    );
    renderPage();
    await userEvent.click(within(await rowOf('Careers')).getByRole('button', { name: 'Delete Careers' }));
    const first = await screen.findByRole('dialog', { name: 'Delete Footer Item' });
    expect(first).toHaveTextContent('Delete the footer item "Careers"?');
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Careers' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Footer Item' })).getByRole('button', { name: 'Delete' }));
    await expectToast('Footer item deleted successfully', 'success');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([expect.objectContaining({ url: 'FooterItem/DeleteFooterItem', params: { footerItemId: 3 } })]);
    await waitFor(() => expect(calls.filter((call) => call.url === 'FooterItem/GetAllFooterItems')).toHaveLength(2));

    act(() => hideToast());
    fails = true;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Careers' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Footer Item' })).getByRole('button', { name: 'Delete' }));
    await expectToast('Footer item not found', 'error');
  });

  it('sorts the items by drag and drop and saves the new order in one call', async () => {
    const calls = serveFooter((config) => (config.url === 'FooterItem/SortFooterItems' ? { status: 200, data: { message: 'Footer items sorted successfully' } } : undefined));
    layOutSortRows();
    renderPage();
    await rowOf('Careers');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Footer Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Footer Items' });
    const rows = () => Array.from(list.querySelectorAll<HTMLElement>('li > [data-sort-id]'));
    expect(rows().map((row) => row.dataset.sortId)).toEqual(['1', '2', '3']);
    await moveRowDown(rows()[0] as HTMLElement);
    await waitFor(() => expect(rows().map((row) => row.dataset.sortId)).toEqual(['2', '1', '3']));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast('Footer items sorted successfully', 'success');
    expect(calls.filter((call) => call.url === 'FooterItem/SortFooterItems')).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: [
          { id: 2, sortOrder: 1 },
          { id: 1, sortOrder: 2 },
          { id: 3, sortOrder: 3 },
        ],
      }),
    ]);
  });

  it('shows a failed sort and a failed list as errors', async () => {
    serveFooter((config) => (config.url === 'FooterItem/SortFooterItems' ? { status: 400, data: { message: CMS_MESSAGES.sortUnknown } } : undefined));
    layOutSortRows();
    renderPage();
    await rowOf('Careers');
    await userEvent.click(screen.getByRole('button', { name: /Sort Items/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sort Footer Items' });
    const list = await within(dialog).findByRole('list', { name: 'Sort Footer Items' });
    await moveRowDown(list.querySelector('[data-sort-id]') as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Order' }));
    await expectToast(CMS_MESSAGES.sortUnknown, 'error');
  });

  it('shows the server message as an error when the list cannot be loaded', async () => {
    serveFakeApi(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderPage();
    await expectToast('Database unavailable', 'error');
  });
});
