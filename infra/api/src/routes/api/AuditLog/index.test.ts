/**
 * The audit log screen's calls (admins only): one page of the log with its
 * total, newest first, filtered by person, record type, action and day range; the CSV; the
 * person and record-type choices; and the daily retention purge.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { AUDIT_MESSAGES, MESSAGES, type AuditActor, type AuditLogRow, type TablePage } from '@deals/contract';
import { auditLog, users } from '../../../db/schema.js';
import { AUDIT_RETENTION_QUEUE, nextPurgeAt } from '../../../plugins/app/audit-retention.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, type TestStaff, type TestUser } from '../../../test-support/staff.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Midnight UTC ten days ago: the fixture's first entry; one every 6 hours, 12 in all (three days). */
const START = Math.floor(Date.now() / DAY) * DAY - 10 * DAY;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const RETENTION_DAYS = 30;

describe('AuditLog', () => {
  let t: TestApp;
  let people: TestStaff;
  let gone: TestUser;
  const ids: number[] = [];

  const get = (call: string, query = '', headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/AuditLog/${call}?${query}`, headers });
  const page = async (query: string): Promise<TablePage<AuditLogRow>> => {
    const res = await get('GetAuditLog', query);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  /** The fixture's indexes (0–11) of the rows a query answers, in order. */
  const fixture = async (query: string) => {
    const result = await page(`pageSize=500&${query}`);
    return result.items.filter((row) => ids.includes(row.id)).map((row) => ids.indexOf(row.id));
  };

  before(async () => {
    t = await createTestApp({ push: { worker: { enabled: false } }, jobs: { pollingIntervalSeconds: 0.5 }, audit: { retentionDays: RETENTION_DAYS } });
    people = await createTestStaff(t.app);
    gone = await createTestUser(t.app, 'gone-user', false, { fullName: 'Gone Person' });
    // Inserting is all the log allows (updates and deletes are refused): entries are written with their time.
    for (let i = 0; i < 12; i++) {
      const actor = i % 3 === 0 ? people.admin : i % 3 === 1 ? people.staff : gone;
      const [row] = await t.app.db
        .insert(auditLog)
        .values({
          at: new Date(START + i * 6 * HOUR),
          actorId: actor.id,
          actorName: actor.username,
          action: i % 2 ? 'update' : 'create',
          recordType: i < 6 ? 'Page' : 'Product',
          recordId: String(100 + i),
          changes: i % 2 ? { title: { from: `Old ${i}`, to: `New ${i}` }, password: { from: '(hidden)', to: '(hidden)' } } : null,
          ip: '203.0.113.7',
          route: i < 6 ? 'PUT /api/Page/UpdatePage' : 'PUT /api/Product/UpdateProduct',
        })
        .returning({ id: auditLog.id });
      ids.push(row!.id);
    }
    // The user is deleted afterwards: the log keeps their id and name.
    await t.app.db.delete(users).where(sql`${users.id} = ${gone.id}`);
  });
  after(() => t.close());

  it('answers one page, newest first, with the total, and pages without overlap', async () => {
    const first = await page('page=1&pageSize=5');
    assert.equal(first.total, 12);
    assert.deepEqual({ page: first.page, pageSize: first.pageSize }, { page: 1, pageSize: 5 });
    assert.deepEqual(first.items.map((row) => row.id), [...ids].reverse().slice(0, 5));
    const rest = [...(await page('page=2&pageSize=5')).items, ...(await page('page=3&pageSize=5')).items];
    assert.deepEqual(rest.map((row) => row.id), [...ids].reverse().slice(5));
    const defaults = await page('');
    assert.deepEqual({ page: defaults.page, pageSize: defaults.pageSize, total: defaults.total }, { page: 1, pageSize: 100, total: 12 });
  });

  it('answers every column of an entry', async () => {
    const [row] = (await page('page=1&pageSize=1&sortBy=at&order=asc&action=update')).items;
    assert.deepEqual(row, {
      id: ids[1],
      at: new Date(START + 6 * HOUR).toISOString(),
      actorId: people.staff.id,
      actorName: people.staff.username,
      action: 'update',
      recordType: 'Page',
      recordId: '101',
      changes: { title: { from: 'Old 1', to: 'New 1' }, password: { from: '(hidden)', to: '(hidden)' } },
      ip: '203.0.113.7',
      route: 'PUT /api/Page/UpdatePage',
    });
  });

  it('filters by person (a deleted one too), record type and action, with their totals', async () => {
    assert.deepEqual(await fixture(`actorId=${people.admin.id}`), [9, 6, 3, 0]);
    assert.deepEqual(await fixture(`actorId=${gone.id}`), [11, 8, 5, 2]);
    assert.deepEqual(await fixture('recordType=Page&action=update'), [5, 3, 1]);
    assert.deepEqual(await fixture(`recordType=Product&action=create&actorId=${people.staff.id}`), [10]);
    const filtered = await page('recordType=Product&pageSize=2');
    assert.equal(filtered.total, 6);
    assert.equal(filtered.items.length, 2);
    assert.equal((await page('recordType=Nothing')).total, 0);
  });

  it('filters by an inclusive range of days (UTC, or the time zone given) or of instants', async () => {
    const second = dayOf(START + DAY);
    assert.deepEqual(await fixture(`from=${second}&to=${second}`), [7, 6, 5, 4]);
    assert.deepEqual(await fixture(`from=${second}`), [11, 10, 9, 8, 7, 6, 5, 4]);
    assert.deepEqual(await fixture(`to=${dayOf(START)}`), [3, 2, 1, 0]);
    // New York's day starts 4 or 5 hours after UTC's: its second day runs to the third's 00:00 UTC entry.
    assert.deepEqual(await fixture(`from=${second}&to=${second}&timeZone=America/New_York`), [8, 7, 6, 5]);
    const instant = (i: number) => new Date(START + i * 6 * HOUR).toISOString();
    assert.deepEqual(await fixture(`from=${instant(2)}&to=${instant(4)}`), [4, 3, 2]);
  });

  it('sorts by who, action and record type both ways', async () => {
    const rows = (await page('pageSize=100&sortBy=actorName&order=asc')).items;
    const names = rows.map((row) => row.actorName.toLowerCase());
    assert.deepEqual(names, [...names].sort());
    const types = (await page('pageSize=100&sortBy=recordType&order=desc')).items.map((row) => row.recordType);
    assert.deepEqual(types, [...types].sort().reverse());
  });

  it('refuses malformed filters with the contract messages', async () => {
    const res = await get('GetAuditLog', 'from=yesterday');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.from, AUDIT_MESSAGES.day);
    const zone = await get('GetAuditLog', 'timeZone=Mars/Olympus');
    assert.equal(zone.statusCode, 400);
    assert.ok(zone.json().errors.timeZone);
  });

  it('lists everyone in the log, deleted users by name, and the record types', async () => {
    const actors = (await get('GetAuditActors')).json() as AuditActor[];
    const byId = new Map(actors.map((actor) => [actor.actorId, actor]));
    assert.deepEqual(byId.get(gone.id), { actorId: gone.id, actorName: 'gone-user', fullName: null, deleted: true });
    assert.deepEqual(byId.get(people.staff.id), { actorId: people.staff.id, actorName: 'test-staff', fullName: 'test-staff Tester', deleted: false });
    assert.ok(byId.has(people.admin.id));
    assert.equal(byId.has(people.otherStaff.id), false, 'someone who never wrote is not a choice');
    const types = (await get('GetAuditRecordTypes')).json() as string[];
    assert.ok(types.includes('Page') && types.includes('Product'));
    assert.deepEqual(types, [...types].sort());
  });

  it('downloads the filtered log as CSV, the changes as readable text', async () => {
    const res = await get('ExportAuditLogCsv', `recordType=Page&action=update&timeZone=UTC`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /audit-log\.csv/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], 'When,Who,Action,Record Type,Record Id,Changes,IP,Call');
    assert.equal(lines.length, 4);
    const at = new Date(START + 5 * 6 * HOUR);
    const stamp = `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()} ${String(at.getUTCHours()).padStart(2, '0')}:00`;
    assert.equal(lines[1], `${stamp},gone-user,Update,Page,105,title: Old 5 → New 5; password: (hidden) → (hidden),203.0.113.7,PUT /api/Page/UpdatePage`);
  });

  it('is for admins only: staff get 403, anonymous callers 401', async () => {
    for (const call of ['GetAuditLog', 'ExportAuditLogCsv', 'GetAuditActors', 'GetAuditRecordTypes']) {
      const staff = await get(call, '', people.staff.headers);
      assert.equal(staff.statusCode, 403, call);
      assert.equal(staff.json().message, MESSAGES.auth.forbidden);
      const anonymous = await get(call, '', {});
      assert.equal(anonymous.statusCode, 401, call);
    }
  });

  it('reading the log writes nothing to it', async () => {
    const count = async () => (await page('')).total;
    const before = await count();
    await get('GetAuditLog');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await count(), before);
  });

  it('plans one purge a day (one waiting job, however many instances start) for 03:00 UTC', async () => {
    const waiting = async () =>
      (
        (await t.app.db.execute(sql`SELECT start_after FROM pgboss.job WHERE name = ${AUDIT_RETENTION_QUEUE} AND state = 'created' AND singleton_key IS NULL`)) as unknown as {
          rows: { start_after: string | Date }[];
        }
      ).rows;
    const planned = await waiting();
    assert.equal(planned.length, 1);
    assert.equal(new Date(planned[0]!.start_after).getTime(), nextPurgeAt(new Date()).getTime());
    // Another instance planning again changes nothing.
    assert.equal(await t.app.jobs.boss.send(AUDIT_RETENTION_QUEUE, {}, { startAfter: nextPurgeAt(new Date()) }), null);
    assert.equal((await waiting()).length, 1);
    assert.deepEqual(nextPurgeAt(new Date('2026-05-01T02:59:00Z')), new Date('2026-05-01T03:00:00Z'));
    assert.deepEqual(nextPurgeAt(new Date('2026-05-01T03:00:00Z')), new Date('2026-05-02T03:00:00Z'));
  });

  it('the daily job deletes the entries past the retention, and only those', async () => {
    for (const daysAgo of [400, RETENTION_DAYS + 1, RETENTION_DAYS - 1]) {
      await t.app.db
        .insert(auditLog)
        .values({ at: new Date(Date.now() - daysAgo * DAY), actorId: people.admin.id, actorName: people.admin.username, action: 'update', recordType: 'Retention', recordId: String(daysAgo), route: 'PUT /x' });
    }
    const retained = async () => (await page('recordType=Retention&sortBy=at&order=asc')).items.map((row) => row.recordId);
    assert.deepEqual(await retained(), ['400', '31', '29']);
    // The job as the queue runs it (a key of its own, so the planned one stays waiting).
    assert.ok(await t.app.jobs.boss.send(AUDIT_RETENTION_QUEUE, {}, { singletonKey: 'test-now' }));
    for (let tries = 0; tries < 100 && (await retained()).length > 1; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(await retained(), ['29']);
    assert.equal((await page('')).total >= 12, true, 'the recent entries stay');
    assert.equal(await t.app.auditRetention.purge(), 0, 'nothing more to purge');
    assert.equal(t.app.auditRetention.days, RETENTION_DAYS);
  });
});
