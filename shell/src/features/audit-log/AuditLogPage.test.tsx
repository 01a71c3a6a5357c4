import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import type { AuditActor, AuditLogRow } from '@deals/contract';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { readCsvDownloads, renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import AuditLogPage from './AuditLogPage';
import { VALUE_PREVIEW } from './changes';

const LONG = `A very long description ${'that goes on '.repeat(10)}and ends here`;

const ACTORS: AuditActor[] = [
  { actorId: 1, actorName: 'admin', fullName: 'Site Admin', deleted: false },
  { actorId: 7, actorName: 'gone', fullName: null, deleted: true },
];

const entry = (id: number, extra: Partial<AuditLogRow>): AuditLogRow => ({
  id,
  at: '2026-05-02T10:15:00.000Z',
  actorId: 1,
  actorName: 'admin',
  action: 'update',
  recordType: 'Page',
  recordId: String(id),
  changes: null,
  ip: '203.0.113.7',
  route: 'PUT /api/Page/UpdatePage',
  ...extra,
});

const ROWS: AuditLogRow[] = [
  entry(3, { changes: { title: { from: 'Old title', to: 'New title' }, password: { from: '(hidden)', to: '(hidden)' }, description: { from: null, to: LONG } } }),
  entry(2, { actorId: 7, actorName: 'gone', action: 'create', recordType: 'Product', changes: { a: { from: null, to: 1 }, b: { from: null, to: 2 }, c: { from: null, to: 3 }, d: { from: null, to: 4 }, e: { from: null, to: true } } }),
  entry(1, { action: 'write', recordType: 'PushNotificationHistory', recordId: null, ip: null }),
];

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | undefined;

function serveAuditLog(extra: Handler = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'AuditLog/GetAuditLog') {
      const params = (config.params ?? {}) as { page?: number; pageSize?: number };
      return { status: 200, data: { items: ROWS, total: ROWS.length, page: params.page, pageSize: params.pageSize } };
    }
    if (config.url === 'AuditLog/GetAuditActors') return { status: 200, data: ACTORS };
    if (config.url === 'AuditLog/GetAuditRecordTypes') return { status: 200, data: ['Page', 'Product', 'PushNotificationHistory'] };
    if (config.url === 'AuditLog/ExportAuditLogCsv') return { status: 200, data: new Blob(['\uFEFFWhen,Who\r\n05/02/2026 10:15,admin\r\n'], { type: 'text/csv' }) };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const renderPage = (search = '') => renderScreen(<AuditLogPage />, { path: `/admin/management/audit-log${search}` });
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const rowOfRecord = (record: string) =>
  waitFor(
    () => {
      const row = bodyRows().find((candidate) => within(candidate).queryByText(record));
      if (!row) throw new Error(`No row for ${record}`);
      return row;
    },
    { timeout: 5000 },
  );
const logCalls = <C extends { url: string }>(calls: C[]) => calls.filter((call) => call.url === 'AuditLog/GetAuditLog');
const localDayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const localDayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

describe('Audit log', () => {
  it('shows each entry: when, who (deleted users by name), action, record, every change as name: from → to, IP', async () => {
    signInAs(1, { admin: true });
    const calls = serveAuditLog();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    const page = await rowOfRecord('Page #3');
    for (const name of ['When', 'Who', 'Action', 'Record', 'Changes', 'IP']) expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    // Server order (newest first) and the first page of 100.
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['Page #3', 'Product #2', 'PushNotificationHistory']);
    expect(logCalls(calls)[0]?.params).toEqual({ page: 1, pageSize: 100 });
    const cells = within(page).getAllByRole('cell');
    const local = new Date('2026-05-02T10:15:00.000Z');
    expect(cells[0]).toHaveTextContent(`05/0${local.getDate()}/2026 ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`);
    expect(cells[2]).toHaveTextContent('Update');
    expect(cells[5]).toHaveTextContent('203.0.113.7');
    const changes = within(cells[4]!).getAllByRole('listitem').map((item) => item.textContent);
    expect(changes[0]).toBe('title: Old title → New title');
    expect(changes[1]).toBe('password: (hidden) → (hidden)');
    expect(changes[2]).toBe(`description: (empty) → ${LONG.slice(0, VALUE_PREVIEW)}…`);
    const created = await rowOfRecord('Product #2');
    await waitFor(() => expect(within(created).getAllByRole('cell')[1]).toHaveTextContent('gone (deleted)'));
    expect(within(page).getAllByRole('cell')[1]).toHaveTextContent('Site Admin (admin)');
    expect(within(await rowOfRecord('PushNotificationHistory')).getAllByRole('cell')[2]).toHaveTextContent('Other write');
  });

  it('shows a long value whole in its tooltip, and every change of a long entry on demand', async () => {
    signInAs(1, { admin: true });
    serveAuditLog();
    renderPage();
    const page = await rowOfRecord('Page #3');
    fireEvent.mouseEnter(within(page).getByLabelText(LONG));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    const created = await rowOfRecord('Product #2');
    expect(within(created).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(created).getByRole('button', { name: 'Show all 5 changes' }));
    expect(within(created).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a: (empty) → 1', 'b: (empty) → 2', 'c: (empty) → 3', 'd: (empty) → 4', 'e: (empty) → true']);
  });

  it('starts from the filters in the address: person, record type, action, days as from/to, sort', async () => {
    signInAs(1, { admin: true });
    const calls = serveAuditLog();
    renderPage('?actorId=7&recordType=Product&action=create&when=2026-05-01,2026-05-03&sort=at.asc');
    await rowOfRecord('Page #3');
    expect(logCalls(calls)[0]?.params).toEqual({
      actorId: '7',
      recordType: 'Product',
      action: 'create',
      from: localDayStart('2026-05-01'),
      to: localDayEnd('2026-05-03'),
      sortBy: 'at',
      order: 'asc',
      page: 1,
      pageSize: 100,
    });
    // The person filter names the deleted user once the choices have loaded.
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item[title="gone (deleted)"]')).not.toBeNull());
  });

  it('filters by the person chosen from everyone in the log', async () => {
    signInAs(1, { admin: true });
    const calls = serveAuditLog();
    renderPage();
    await rowOfRecord('Page #3');
    const person = screen.getByLabelText('Person');
    fireEvent.mouseDown(person);
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="gone (deleted)"]');
      if (!found) throw new Error('no option for the deleted user yet');
      return found;
    });
    fireEvent.click(option);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(logCalls(calls).at(-1)?.params).toEqual({ actorId: '7', page: 1, pageSize: 100 }));
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?actorId=7'));
  });

  it('downloads every matching entry as CSV from the server, with the filters and the viewer time zone', async () => {
    signInAs(1, { admin: true });
    const calls = serveAuditLog();
    const downloads = readCsvDownloads();
    renderPage('?action=update&when=2026-05-01,2026-05-01');
    await rowOfRecord('Page #3');
    await userEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(async () => expect(await downloads()).toEqual([{ name: 'audit-log.csv', text: 'When,Who\r\n05/02/2026 10:15,admin\r\n' }]));
    const exported = calls.find((call) => call.url === 'AuditLog/ExportAuditLogCsv');
    expect(exported?.params).toEqual({ action: 'update', from: localDayStart('2026-05-01'), to: localDayEnd('2026-05-01'), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('tells staff the screen is for admins, without calling the API', async () => {
    signInAs(2, { admin: false });
    const calls = serveAuditLog();
    renderPage();
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server message when the log cannot be loaded', async () => {
    signInAs(1, { admin: true });
    serveAuditLog((config) => (config.url === 'AuditLog/GetAuditLog' ? { status: 500, data: { message: 'Database unavailable' } } : undefined));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});
