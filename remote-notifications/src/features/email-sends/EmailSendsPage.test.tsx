import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import EmailSendsPage from './EmailSendsPage';
import { COUNTS_URL, emailSend, SENDS_URL, serveEmailSends, subscriberCounts } from '../../testing/email-sends';

const renderPage = (search = '') => renderScreen(<EmailSendsPage />, { path: `/admin/push-notification/email-sends${search}` });

const table = () => screen.getByRole('table');
const bodyRows = () => Array.from(table().querySelectorAll<HTMLElement>('tbody tr.ant-table-row'));
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const firstTitle = () => bodyRows()[0]?.querySelectorAll('td')[2]?.textContent;
const sendsCalls = <C extends { url: string }>(calls: C[]) => calls.filter((call) => call.url === SENDS_URL);

/** A local-time timestamp, so the MM/DD/YYYY HH:mm the table shows does not depend on the zone. */
const localStamp = (year: number, month: number, day: number, hour: number, minute: number) => new Date(year, month - 1, day, hour, minute).toISOString();

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAs(1, { admin: true });
});

describe('Email sends', () => {
  it('lists every send with its kind, title and delivery counts, in the order the server answers', async () => {
    const sends = [
      emailSend({ id: 5, kind: 'alert', title: 'Noise-cancelling headphones −40 %', productId: 41, createdAt: localStamp(2026, 6, 30, 9, 5), total: 120, delivered: 110, deferred: 4, bounced: 3, failed: 1, queued: 2 }),
      emailSend({ id: 4, kind: 'digest', title: 'Your deals of 06/29/2026', createdAt: localStamp(2026, 6, 29, 18, 0), total: 900, delivered: 900 }),
      emailSend({ id: 3, kind: 'confirmation', title: 'Confirmations of 06/29/2026', createdAt: localStamp(2026, 6, 29, 0, 0), total: 14, delivered: 13, queued: 1 }),
      emailSend({ id: 2, kind: 'password-reset', title: 'Password resets of 06/28/2026', createdAt: localStamp(2026, 6, 28, 0, 0), total: 1, failed: 1 }),
      emailSend({ id: 1, kind: 'invitation', title: 'Invitations of 06/27/2026', createdAt: localStamp(2026, 6, 27, 0, 0), total: 2, bounced: 2 }),
    ];
    const calls = serveEmailSends(() => sends);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Email Sends' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const headers = ['Sent on', 'Kind', 'Title', 'Messages', 'Delivered', 'Deferred', 'Bounced', 'Failed', 'Queued'];
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(headers);
    expect(bodyRows().map(cellTexts)).toEqual([
      ['06/30/2026 09:05', 'Deal alert', 'Noise-cancelling headphones −40 %', '120', '110', '4', '3', '1', '2'],
      ['06/29/2026 18:00', 'Daily digest', 'Your deals of 06/29/2026', '900', '900', '0', '0', '0', '0'],
      ['06/29/2026 00:00', 'Confirmations', 'Confirmations of 06/29/2026', '14', '13', '0', '0', '0', '1'],
      ['06/28/2026 00:00', 'Password resets', 'Password resets of 06/28/2026', '1', '0', '0', '0', '1', '0'],
      ['06/27/2026 00:00', 'Invitations', 'Invitations of 06/27/2026', '2', '0', '0', '2', '0', '0'],
    ]);
    expect(sendsCalls(calls)[0]).toMatchObject({ method: 'GET', params: { page: 1, pageSize: 20 }, auth: expect.stringMatching(/^Bearer /) });
  });

  it("links an alert's title to the deal's page in a new tab, and tags only the counts that are not zero", async () => {
    serveEmailSends(() => [emailSend({ id: 7, title: 'Sneakers 20 % off', productId: 41, total: 10, delivered: 9, bounced: 1 }), emailSend({ id: 6, kind: 'digest', title: 'Digest', productId: null, total: 3, delivered: 3 })]);
    renderPage();
    const link = await screen.findByRole('link', { name: 'Sneakers 20 % off' });
    expect(link).toHaveAttribute('href', '/deal/details/41');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByRole('link', { name: 'Digest' })).not.toBeInTheDocument();
    const [alert] = bodyRows() as [HTMLElement];
    const cells = within(alert).getAllByRole('cell');
    const tagOf = (cell: HTMLElement | undefined) => cell?.querySelector('.ant-tag');
    expect(tagOf(cells[4])).toHaveTextContent('9');
    expect(tagOf(cells[4])).toHaveStyle({ backgroundColor: '#237804' });
    expect(tagOf(cells[6])).toHaveTextContent('1');
    expect(tagOf(cells[6])).toHaveStyle({ backgroundColor: '#c41d7f' });
    expect(tagOf(cells[5])).toBeNull();
    expect(cells[5]).toHaveTextContent('0');
  });

  it('shows the subscriber counts above the table', async () => {
    const calls = serveEmailSends(() => [], () => subscriberCounts({ confirmed: 1520, pending: 12, instant: 400, daily: 1120 }));
    renderPage();
    const counts = await screen.findByRole('region', { name: 'Email alert subscribers' });
    await waitFor(() => expect(counts).toHaveTextContent('1,520'));
    const figure = (title: string) => within(counts).getByText(title).closest('.ant-card');
    expect(figure('Confirmed subscribers')).toHaveTextContent('1,520');
    expect(figure('Waiting for confirmation')).toHaveTextContent('12');
    expect(figure('Instant alerts')).toHaveTextContent('400');
    expect(figure('Daily digest')).toHaveTextContent('1,120');
    expect(calls.find((call) => call.url === COUNTS_URL)).toMatchObject({ method: 'GET', auth: expect.stringMatching(/^Bearer /) });
    expect(counts.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('No email has been sent yet')).toBeInTheDocument();
  });

  it('pages on the server, 20 sends at a time, keeping the page in the address', async () => {
    const sends = Array.from({ length: 45 }, (_, index) => emailSend({ id: 100 - index, title: `Alert ${index + 1}` }));
    const calls = serveEmailSends(() => sends);
    renderPage();
    await waitFor(() => expect(firstTitle()).toBe('Alert 1'));
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    await waitFor(() => expect(firstTitle()).toBe('Alert 41'));
    expect(bodyRows()).toHaveLength(5);
    expect(sendsCalls(calls).at(-1)?.params).toEqual({ page: 3, pageSize: 20 });
    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=3');

    await userEvent.click(screen.getByTitle('20 / page'));
    await userEvent.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(bodyRows()).toHaveLength(45));
    expect(sendsCalls(calls).at(-1)?.params).toEqual({ page: 1, pageSize: 50 });
    expect(screen.getByTestId('location-search')).toHaveTextContent('?pageSize=50');
  });

  it('opens at the page the address names', async () => {
    const sends = Array.from({ length: 30 }, (_, index) => emailSend({ id: 100 - index, title: `Alert ${index + 1}` }));
    const calls = serveEmailSends(() => sends);
    renderPage('?page=2');
    await waitFor(() => expect(firstTitle()).toBe('Alert 21'));
    expect(sendsCalls(calls).map((call) => call.params)).toEqual([{ page: 2, pageSize: 20 }]);
  });

  it('reloads the counts and the page on Refresh', async () => {
    let confirmed = 3;
    const calls = serveEmailSends(() => [emailSend({ title: 'Only one' })], () => subscriberCounts({ confirmed }));
    renderPage();
    const counts = await screen.findByRole('region', { name: 'Email alert subscribers' });
    await waitFor(() => expect(counts).toHaveTextContent(/Confirmed subscribers\s*3/));
    confirmed = 4;
    await userEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(counts).toHaveTextContent(/Confirmed subscribers\s*4/));
    expect(sendsCalls(calls)).toHaveLength(2);
  });

  it("shows the server's message when the sends cannot be loaded", async () => {
    serveEmailSends(() => [], undefined, (config) => (config.url === SENDS_URL ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('links to the push history, marking the email sends as the current console', async () => {
    serveEmailSends(() => []);
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Notification consoles' });
    expect(within(nav).getByRole('link', { name: 'Push notifications' })).toHaveAttribute('href', '/admin/push-notification/history');
    expect(within(nav).getByRole('link', { name: 'Email sends' })).toHaveAttribute('aria-current', 'page');
  });
});

afterAll(() => clearSession());
