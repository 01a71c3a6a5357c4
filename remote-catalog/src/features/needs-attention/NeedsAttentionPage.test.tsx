import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { ATTENTION_MESSAGES, type AttentionRow, type LinkCheck } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { readCsvDownloads, renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { formatDateTime } from '../../lib/format';
import NeedsAttentionPage from './NeedsAttentionPage';

const deadCheck: LinkCheck = {
  productId: 1,
  status: 'DEAD',
  httpStatus: 404,
  finalUrl: 'https://shop.example/gone',
  reason: 'the server answered 404',
  checkedAt: '2026-06-30T08:00:00.000Z',
  consecutiveDead: 2,
};

const row = (overrides: Partial<AttentionRow>): AttentionRow => ({
  productId: 1,
  name: 'Deal',
  storeId: 1,
  store: 'Amazon',
  promoCode: null,
  link: 'https://shop.example/deal',
  addedById: 1,
  addedBy: 'admin',
  dealExpiresIn: null,
  verifiedAt: null,
  successRate: null,
  feedbackCount: 0,
  reports: { CODE_FAILED: 0, EXPIRED: 0, WRONG_PRICE: 0, LINK_BROKEN: 0 },
  linkCheck: null,
  reasons: [],
  ...overrides,
});

const ROWS: AttentionRow[] = [
  row({
    productId: 1,
    name: 'Noise Cancelling Headphones',
    store: 'Amazon',
    promoCode: 'SAVE20',
    successRate: 40,
    feedbackCount: 10,
    reports: { CODE_FAILED: 3, EXPIRED: 0, WRONG_PRICE: 0, LINK_BROKEN: 1 },
    linkCheck: deadCheck,
    verifiedAt: '2026-06-01T10:00:00.000Z',
    reasons: [
      { kind: 'LINK', detail: 'The store answered 404 twice in a row' },
      { kind: 'REPORTS', detail: '4 reports in the last 30 days' },
    ],
  }),
  row({ productId: 2, name: 'Paperback Novel', store: 'Target', dealExpiresIn: '2026-07-01T10:00:00.000Z', reasons: [{ kind: 'EXPIRING', detail: 'Expires in 22 h' }] }),
  row({ productId: 3, name: 'Gaming Mouse', successRate: 20, feedbackCount: 5, reasons: [{ kind: 'LOW_SUCCESS', detail: '1 of 5 visitors said the code worked' }] }),
];

type Answer = { status: number; data?: unknown };

/** The queue's API: GetAttentionQueue answers `rows()` (the server pages and filters), the actions their messages. */
function serveQueue({ rows = () => ROWS, extra }: { rows?: () => AttentionRow[]; extra?: (config: InternalAxiosRequestConfig) => Answer | undefined } = {}) {
  return serveFakeApi((config) => {
    const own = extra?.(config);
    if (own) return own;
    if (config.url === 'LinkHealth/GetAttentionQueue') {
      const items = rows();
      return { status: 200, data: { items, total: items.length, page: config.params?.page, pageSize: config.params?.pageSize } };
    }
    const count = (JSON.parse(String(config.data ?? '{}')) as { productIds?: number[] }).productIds?.length ?? 0;
    if (config.url === 'LinkHealth/MarkVerified') return { status: 200, data: { message: ATTENTION_MESSAGES.verified(count), done: count, skipped: 0 } };
    if (config.url === 'LinkHealth/Dismiss') return { status: 200, data: { message: ATTENTION_MESSAGES.dismissed(count), done: count, skipped: 0 } };
    if (config.url === 'Product/BulkUpdateProducts') return { status: 200, data: { message: '1 deal deactivated', matched: 1, changed: 1, skipped: [] } };
    if (config.url === 'LinkHealth/CheckProduct') return { status: 200, data: { ...deadCheck, productId: Number(config.params?.productId) } };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const queueLoads = (calls: ReturnType<typeof serveQueue>) => calls.filter((call) => call.url === 'LinkHealth/GetAttentionQueue');

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

describe('Needs attention', () => {
  it('lists the rows of the page with their reasons and evidence, the name opening the deal', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    const headphones = await rowOf('Noise Cancelling Headphones');
    expect(within(headphones).getByRole('link', { name: 'Noise Cancelling Headphones' })).toHaveAttribute('href', '/admin/management/product-deal/edit/1');
    expect(headphones).toHaveTextContent('Amazon');
    expect(within(headphones).getByText('SAVE20')).toBeInTheDocument();
    // Each reason is a tag with what the API saw.
    expect(within(headphones).getByText('Link check failed')).toBeInTheDocument();
    expect(within(headphones).getByText('The store answered 404 twice in a row')).toBeInTheDocument();
    expect(within(headphones).getByText('Visitor reports')).toBeInTheDocument();
    // The link check's evidence: status, HTTP answer, where it ended, when.
    expect(within(headphones).getByText('Link is dead · HTTP 404')).toBeInTheDocument();
    expect(within(headphones).getByRole('link', { name: 'https://shop.example/gone' })).toHaveAttribute('target', '_blank');
    expect(within(headphones).getByText(`Checked ${formatDateTime('2026-06-30T08:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(headphones).getByText('40% of 10 answers')).toBeInTheDocument();
    expect(within(within(headphones).getByRole('list', { name: 'Reports on Noise Cancelling Headphones' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Code did not work: 3',
      'Link is broken: 1',
    ]);
    expect(headphones).toHaveTextContent(formatDateTime('2026-06-01T10:00:00.000Z'));

    const novel = await rowOf('Paperback Novel');
    expect(within(novel).getByText('Expires within 48 h')).toBeInTheDocument();
    expect(novel).toHaveTextContent(formatDateTime('2026-07-01T10:00:00.000Z'));
    expect(within(novel).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(novel).getByText('Never')).toBeInTheDocument();
    expect(within(await rowOf('Gaming Mouse')).getByText('Low success rate')).toBeInTheDocument();

    expect(queueLoads(calls)[0]?.params).toEqual({ page: 1, pageSize: 100 });
    expect(screen.getByText(/of 3$/)).toBeInTheDocument();
  });

  it('says so when nothing needs attention', async () => {
    signInAs(7, { admin: false });
    serveQueue({ rows: () => [] });
    renderScreen(<NeedsAttentionPage />);
    expect(await screen.findByText('Nothing needs attention')).toBeInTheDocument();
  });

  it('sends the reason filter, from the address and from the form', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />, { path: '/?reason=LINK' });
    await rowOf('Gaming Mouse');
    expect(queueLoads(calls)[0]?.params).toEqual({ reason: 'LINK', page: 1, pageSize: 100 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByTitle('Visitor reports'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(queueLoads(calls).at(-1)?.params).toEqual({ reason: 'REPORTS', page: 1, pageSize: 100 }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?reason=REPORTS'));
  });

  it('marks the chosen rows verified, posting their ids, and reloads', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('checkbox', { name: 'Choose Gaming Mouse' }));
    await userEvent.click(within(await rowOf('Noise Cancelling Headphones')).getByRole('checkbox', { name: 'Choose Noise Cancelling Headphones' }));
    const bar = screen.getByLabelText('Bulk actions');
    expect(bar).toHaveTextContent('2 deals chosen');
    const loads = queueLoads(calls).length;
    await userEvent.click(within(bar).getByRole('button', { name: /Mark verified/ }));
    expect(await screen.findByText('2 deals marked verified')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'LinkHealth/MarkVerified')).toMatchObject({ method: 'POST', body: { productIds: [3, 1] } });
    await waitFor(() => expect(queueLoads(calls).length).toBeGreaterThan(loads));
    // The settled rows leave the choice.
    await waitFor(() => expect(screen.queryByLabelText('Bulk actions')).not.toBeInTheDocument());
  });

  it('dismisses the chosen rows, and one row from its own action', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Paperback Novel')).getByRole('checkbox', { name: 'Choose Paperback Novel' }));
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('checkbox', { name: 'Choose Gaming Mouse' }));
    await userEvent.click(within(screen.getByLabelText('Bulk actions')).getByRole('button', { name: /Dismiss/ }));
    expect(await screen.findByText('2 deals dismissed until something new happens')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'LinkHealth/Dismiss').map((call) => call.body)).toEqual([{ productIds: [2, 3] }]);

    await userEvent.click(within(await rowOf('Noise Cancelling Headphones')).getByRole('button', { name: 'Dismiss Noise Cancelling Headphones' }));
    await waitFor(() => expect(calls.filter((call) => call.url === 'LinkHealth/Dismiss').map((call) => call.body)).toEqual([{ productIds: [2, 3] }, { productIds: [1] }]));
    expect(calls.some((call) => call.url === 'LinkHealth/MarkVerified')).toBe(false);
  });

  it('marks one row verified from its own action', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Mark Gaming Mouse verified' }));
    expect(await screen.findByText('1 deal marked verified')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'LinkHealth/MarkVerified')?.body).toEqual({ productIds: [3] });
  });

  it('checks a link now, posting its deal, shows the result and reloads the rows', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await rowOf('Paperback Novel');
    const loads = queueLoads(calls).length;
    await userEvent.click(within(await rowOf('Paperback Novel')).getByRole('button', { name: 'Check the link of Paperback Novel now' }));
    const toast = await screen.findByText('Link checked: Link is dead (the server answered 404)');
    expect(toast.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(calls.find((call) => call.url === 'LinkHealth/CheckProduct')).toMatchObject({ method: 'POST', params: { productId: 2 } });
    await waitFor(() => expect(queueLoads(calls).length).toBeGreaterThan(loads));
  });

  it('shows a failed check as an error with the server message', async () => {
    signInAs(1, { admin: true });
    serveQueue({ extra: (config) => (config.url === 'LinkHealth/CheckProduct' ? { status: 404, data: { message: 'Product not found' } } : undefined) });
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Check the link of Gaming Mouse now' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('deactivates a row only after the confirmation, through the deals bulk call', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Deactivate Gaming Mouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Deal' });
    expect(dialog).toHaveTextContent('Deactivate the deal "Gaming Mouse"?');
    expect(calls.some((call) => call.url === 'Product/BulkUpdateProducts')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('1 deal deactivated')).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'Product/BulkUpdateProducts')?.body).toEqual({ action: 'deactivate', ids: [3] });
  });

  it('deactivates the chosen rows after a confirmation naming the count', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('checkbox', { name: 'Choose Gaming Mouse' }));
    await userEvent.click(within(await rowOf('Paperback Novel')).getByRole('checkbox', { name: 'Choose Paperback Novel' }));
    await userEvent.click(within(screen.getByLabelText('Bulk actions')).getByRole('button', { name: /Deactivate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Deals' });
    expect(dialog).toHaveTextContent('Deactivate 2 deals?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls.find((call) => call.url === 'Product/BulkUpdateProducts')?.body).toEqual({ action: 'deactivate', ids: [3, 2] }));
  });

  it('opens the deal form from Edit', async () => {
    signInAs(1, { admin: true });
    serveQueue();
    renderScreen(<NeedsAttentionPage />);
    await userEvent.click(within(await rowOf('Gaming Mouse')).getByRole('button', { name: 'Edit Gaming Mouse' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/management/product-deal/edit/3'));
  });

  it('offers Settings to admins only', async () => {
    signInAs(7, { admin: false });
    serveQueue();
    const { unmount } = renderScreen(<NeedsAttentionPage />);
    await rowOf('Gaming Mouse');
    expect(screen.queryByRole('button', { name: /Settings/ })).not.toBeInTheDocument();
    unmount();
    signInAs(1, { admin: true });
    renderScreen(<NeedsAttentionPage />);
    await rowOf('Gaming Mouse');
    expect(screen.getByRole('button', { name: /Settings/ })).toBeInTheDocument();
  });

  it('downloads every matching row as CSV, the evidence in columns', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    const downloads = readCsvDownloads();
    renderScreen(<NeedsAttentionPage />, { path: '/?reason=LINK' });
    await rowOf('Gaming Mouse');
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    const [file] = await waitFor(async () => {
      const saved = await downloads();
      expect(saved).toHaveLength(1);
      return saved;
    });
    expect(calls.filter((call) => call.url === 'LinkHealth/GetAttentionQueue').at(-1)?.params).toEqual({ reason: 'LINK', page: 1, pageSize: 500 });
    const lines = file?.text.trim().split('\r\n') ?? [];
    expect(file?.name).toBe('needs-attention.csv');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Noise Cancelling Headphones,Amazon,SAVE20,Link check failed: The store answered 404 twice in a row; Visitor reports: 4 reports in the last 30 days,Link is dead,404,https://shop.example/gone');
  });
});
