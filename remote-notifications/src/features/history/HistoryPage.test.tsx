import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import HistoryPage from './HistoryPage';
import { EXPORT_URL, HISTORY_URL, historyRow, holdCalls, localStamp, readCsvDownloads, SEND_URL, serveHistory } from '../../testing/history';

const renderPage = (search = '') => renderScreen(<HistoryPage />, { path: `/admin/push-notification/history${search}` });

// The table's filter form has Title and Message fields too: these are the send form's.
const sendForm = () => screen.getByText('New Notification').closest('.ant-card') as HTMLElement;
const titleField = () => within(sendForm()).getByLabelText('Title', { selector: 'input' });
const messageField = () => within(sendForm()).getByLabelText('Message', { selector: 'textarea' });
const createButton = () => screen.getByRole('button', { name: /Create Notification/ });
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
/** The table row whose Title cell reads `title`, once it shows. */
const rowOf = (title: string) =>
  waitFor(
    () => {
      const row = bodyRows().find((candidate) => candidate.querySelector('td')?.textContent === title);
      if (!row) throw new Error(`No history row titled ${title}`);
      return row;
    },
    { timeout: 5000 },
  );

async function expectToast(text: string, state: 'success' | 'error') {
  const toast = await screen.findByRole(state === 'success' ? 'status' : 'alert');
  await waitFor(() => expect(toast).toHaveTextContent(text));
  expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
}

const historyCalls = <C extends { url: string }>(calls: C[]) => calls.filter((call) => call.url === HISTORY_URL);

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAs(1, { admin: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Push notification history', () => {
  it('shows every column in the order the server answers (newest first), with the delivery state of each notification', async () => {
    const rows = [
      historyRow({ id: 3, title: 'Newest', message: 'Just queued', createdBy: 'Ada Admin', dateCreated: localStamp(2026, 11, 20, 17, 30), status: 'queued' }),
      historyRow({ id: 2, title: 'Middle', message: 'Going out now', numberOfDevicesNotificationSentTo: 3, numberOfTargets: 10, createdBy: 'Bo Boss', dateCreated: localStamp(2026, 11, 20, 9, 0), status: 'sending', kind: 'follow-alert' }),
      historyRow({ id: 1, title: 'Oldest', message: 'Sent last year', numberOfDevicesNotificationSentTo: 42, numberOfTargets: 45, createdBy: null, dateCreated: localStamp(2025, 3, 4, 8, 5), status: 'done', kind: 'new-deal' }),
    ];
    const calls = serveHistory(() => rows);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Push Notifications' })).toBeInTheDocument();
    await rowOf('Oldest');
    const headers = ['Title', 'Message', 'Sent To', 'Created By', 'Date Created', 'Type', 'Delivery'];
    for (const title of headers) expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();

    expect(bodyRows().map(cellTexts)).toEqual([
      ['Newest', 'Just queued', '0', 'Ada Admin', '11/20/2026 17:30', 'Staff', 'Queued'],
      ['Middle', 'Going out now', '3', 'Bo Boss', '11/20/2026 09:00', 'Follow alert', 'Sending… 3 of 10'],
      ['Oldest', 'Sent last year', '42', '—', '03/04/2025 08:05', 'New deal', 'Done'],
    ]);
    expect(within(bodyRows()[1] as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(historyCalls(calls)[0]).toMatchObject({ method: 'GET', auth: expect.stringMatching(/^Bearer /) });
  });

  it('pages the history 100 rows at a time', async () => {
    const rows = Array.from({ length: 130 }, (_, index) => historyRow({ id: 1000 + index, title: `Blast ${index + 1}`, dateCreated: new Date(Date.UTC(2026, 0, 1, 0, 0) - index * 60_000).toISOString() }));
    serveHistory(() => rows);
    renderPage();
    await rowOf('Blast 1');
    expect(bodyRows()).toHaveLength(100);
    expect(bodyRows()[99]).toHaveTextContent('Blast 100');
    expect(screen.getByTitle('100 / page')).toBeInTheDocument();
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(bodyRows()).toHaveLength(30));
    expect(bodyRows()[0]).toHaveTextContent('Blast 101');
  });

  it('asks the server for the filtered page and keeps the filter in the address', async () => {
    const rows = [historyRow({ id: 2, title: 'Weekend deals' }), historyRow({ id: 1, title: 'Flash sale' })];
    const calls = serveHistory(() => rows);
    renderPage();
    await rowOf('Flash sale');
    expect(historyCalls(calls)[0]?.params).toEqual({ page: 1, pageSize: 100 });
    await userEvent.type(screen.getByLabelText('Title', { selector: '.ant-pro-table-search input' }), 'weekend');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(historyCalls(calls).at(-1)?.params).toEqual({ title: 'weekend', page: 1, pageSize: 100 });
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?title=weekend'));
  });

  it('filters by type, so alert sends can be seen apart from staff notifications', async () => {
    const calls = serveHistory(() => [historyRow({ title: 'Lego alert', kind: 'follow-alert' })]);
    renderPage('?kind=follow-alert');
    await rowOf('Lego alert');
    expect(historyCalls(calls)[0]?.params).toEqual({ kind: 'follow-alert', page: 1, pageSize: 100 });
    expect(cellTexts(await rowOf('Lego alert'))).toContain('Follow alert');
  });

  it('starts from the state in the address: filter, sort and page', async () => {
    const calls = serveHistory(() => [historyRow({ title: 'Flash sale' })]);
    renderPage('?createdBy=ada&sort=numberOfDevicesNotificationSentTo.asc&page=2&pageSize=25');
    await waitFor(() => expect(historyCalls(calls).length).toBeGreaterThan(0));
    expect(historyCalls(calls)[0]?.params).toEqual({ createdBy: 'ada', sortBy: 'numberOfDevicesNotificationSentTo', order: 'asc', page: 2, pageSize: 25 });
    expect(screen.getByLabelText('Created By', { selector: '.ant-pro-table-search input' })).toHaveValue('ada');
  });

  it('downloads every notification matching the filters as CSV from the server', async () => {
    const rows = [historyRow({ id: 2, title: 'Weekend deals' }), historyRow({ id: 1, title: 'Flash sale' })];
    const csv = 'Title,Message,Sent To,Targets,Created By,Date Created,Delivery\r\nWeekend deals,"Save, big",5,6,Ada Admin,05/02/2026 10:15,Done\r\n';
    const calls = serveHistory(
      () => rows,
      (config) => (config.url === EXPORT_URL ? { status: 200, data: new Blob([`\uFEFF${csv}`], { type: 'text/csv' }) } : undefined),
    );
    const downloads = readCsvDownloads();
    renderPage();
    await rowOf('Flash sale');
    await userEvent.type(screen.getByLabelText('Title', { selector: '.ant-pro-table-search input' }), 'weekend');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(async () => expect(await downloads()).toEqual([{ name: 'push-notifications.csv', text: csv }]));
    const exported = calls.find((call) => call.url === EXPORT_URL);
    expect(exported?.params).toMatchObject({ title: 'weekend', timeZone: expect.any(String) });
    expect(exported?.params).not.toHaveProperty('page');
  });

  it('shows a failed load as an error with the server message', async () => {
    serveHistory(() => [], () => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderPage();
    await expectToast('Database unavailable', 'error');
  });
});

describe('Sending a notification', () => {
  it('keeps Create Notification disabled until both the title and the message are filled', async () => {
    serveHistory(() => []);
    renderPage();
    await screen.findByRole('heading', { name: 'Push Notifications' });
    expect(titleField()).toHaveAttribute('maxLength', String(LIMITS.pushNotification.title));
    expect(messageField()).toHaveAttribute('maxLength', String(LIMITS.pushNotification.message));
    expect(createButton()).toBeDisabled();

    await userEvent.type(titleField(), 'Flash sale');
    await waitFor(() => expect(createButton()).toBeDisabled());
    await userEvent.type(messageField(), '   ');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.pushNotification.messageRequired)).toBeInTheDocument();
    expect(createButton()).toBeDisabled();

    await userEvent.type(messageField(), '50% off tonight');
    await waitFor(() => expect(createButton()).toBeEnabled());

    await userEvent.clear(titleField());
    expect(await screen.findByText(MESSAGES.pushNotification.titleRequired)).toBeInTheDocument();
    await waitFor(() => expect(createButton()).toBeDisabled());
  });

  it('sends the texts in the query string with an empty body, shows the server message, clears the form and reloads', async () => {
    const rows = [historyRow({ id: 1, title: 'Earlier', status: 'done' })];
    const calls = serveHistory(
      () => rows,
      (config) => {
        if (config.url !== SEND_URL) return undefined;
        rows.unshift(historyRow({ id: 2, title: 'Flash sale', message: '50% off tonight', dateCreated: new Date().toISOString(), status: 'done', numberOfDevicesNotificationSentTo: 7, numberOfTargets: 7 }));
        return { status: 200, data: { message: 'Push notification queued for delivery', id: 2 } };
      },
    );
    renderPage();
    await rowOf('Earlier');
    await userEvent.type(titleField(), '  Flash sale ');
    await userEvent.type(messageField(), '50% off tonight');
    const release = holdCalls(SEND_URL);
    await waitFor(() => expect(createButton()).toBeEnabled());
    await userEvent.click(createButton());

    // While the call runs the button is busy: a second click sends nothing more.
    await waitFor(() => expect(createButton()).toBeDisabled());
    await userEvent.click(createButton());
    act(() => release());

    await expectToast('Push notification queued for delivery', 'success');
    const sends = calls.filter((call) => call.url === SEND_URL);
    expect(sends).toEqual([expect.objectContaining({ method: 'POST', params: { title: 'Flash sale', message: '50% off tonight' }, body: undefined })]);
    await waitFor(() => expect(titleField()).toHaveValue(''));
    expect(messageField()).toHaveValue('');
    expect(createButton()).toBeDisabled();
    expect(screen.queryByText(MESSAGES.pushNotification.titleRequired)).not.toBeInTheDocument();
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(2));
    expect(await rowOf('Flash sale')).toHaveTextContent('7');
  });

  it('shows a refused send as an error with the server message, the field message under its field, and keeps the texts', async () => {
    const calls = serveHistory(
      () => [],
      (config) =>
        config.url === SEND_URL ? { status: 400, data: { message: 'Title must be at most 100 characters', errors: { title: 'Title must be at most 100 characters' } } } : undefined,
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Push Notifications' });
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(1));
    await userEvent.type(titleField(), 'Flash sale');
    await userEvent.type(messageField(), 'Tonight');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await userEvent.click(createButton());

    await expectToast('Title must be at most 100 characters', 'error');
    expect(await screen.findByText('Title must be at most 100 characters', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(titleField()).toHaveValue('Flash sale');
    expect(messageField()).toHaveValue('Tonight');
    expect(historyCalls(calls)).toHaveLength(1);
  });

  it('shows a server failure as an error toast', async () => {
    serveHistory(
      () => [],
      (config) => (config.url === SEND_URL ? { status: 500, data: { message: 'Database unavailable' } } : undefined),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Push Notifications' });
    await userEvent.type(titleField(), 'Flash sale');
    await userEvent.type(messageField(), 'Tonight');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await userEvent.click(createButton());
    await expectToast('Database unavailable', 'error');
    expect(titleField()).toHaveValue('Flash sale');
  });
});

describe('Delivery progress', () => {
  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  it('re-loads every 3 s while a delivery is under way and stops once all are done', async () => {
    jest.useFakeTimers();
    const answers = [
      [historyRow({ id: 9, title: 'Flash sale', status: 'sending', numberOfDevicesNotificationSentTo: 3, numberOfTargets: 10 }), historyRow({ id: 8, title: 'Old one', status: 'done' })],
      [historyRow({ id: 9, title: 'Flash sale', status: 'sending', numberOfDevicesNotificationSentTo: 7, numberOfTargets: 10 }), historyRow({ id: 8, title: 'Old one', status: 'done' })],
      [historyRow({ id: 9, title: 'Flash sale', status: 'done', numberOfDevicesNotificationSentTo: 9, numberOfTargets: 10 }), historyRow({ id: 8, title: 'Old one', status: 'done' })],
    ];
    let served = 0;
    const calls = serveHistory(() => answers[Math.min(served++, answers.length - 1)] ?? []);
    renderPage();
    expect(await screen.findByText('Sending… 3 of 10')).toBeInTheDocument();
    expect(historyCalls(calls)).toHaveLength(1);

    await advance(2800);
    expect(historyCalls(calls)).toHaveLength(1);
    await advance(400);
    expect(await screen.findByText('Sending… 7 of 10')).toBeInTheDocument();
    expect(historyCalls(calls)).toHaveLength(2);

    await advance(3200);
    await waitFor(() => expect(screen.queryByText(/Sending…/)).not.toBeInTheDocument());
    expect(cellTexts(await rowOf('Flash sale'))).toEqual(['Flash sale', 'Message 9', '9', 'Ada Admin', '01/01/2026 12:00', 'Staff', 'Done']);
    expect(historyCalls(calls)).toHaveLength(3);

    await advance(15_000);
    expect(historyCalls(calls)).toHaveLength(3);
  });

  it('does not poll when every notification is done', async () => {
    jest.useFakeTimers();
    const calls = serveHistory(() => [historyRow({ title: 'All sent', status: 'done' })]);
    renderPage();
    await rowOf('All sent');
    await advance(10_000);
    expect(historyCalls(calls)).toHaveLength(1);
  });

  it('stops polling when the screen closes', async () => {
    jest.useFakeTimers();
    const calls = serveHistory(() => [historyRow({ title: 'Waiting', status: 'queued' })]);
    const { unmount } = renderPage();
    await rowOf('Waiting');
    await advance(3200);
    await waitFor(() => expect(historyCalls(calls)).toHaveLength(2));
    unmount();
    await advance(15_000);
    expect(historyCalls(calls)).toHaveLength(2);
  });

  it('stops polling after a failed load instead of repeating its error', async () => {
    jest.useFakeTimers();
    let fails = false;
    const calls = serveHistory(
      () => [historyRow({ title: 'Waiting', status: 'queued' })],
      (config) => (fails && config.url === HISTORY_URL ? { status: 503, data: { message: 'Service unavailable' } } : undefined),
    );
    renderPage();
    await rowOf('Waiting');
    fails = true;
    await advance(3200);
    await expectToast('Service unavailable', 'error');
    expect(historyCalls(calls)).toHaveLength(2);
    await advance(15_000);
    expect(historyCalls(calls)).toHaveLength(2);
  });
});
