/**
 * `GET PushNotificationHistory/GetPushNotificationHistory` as a server-side table:
 * without `page` it answers as the spec says (every row, newest first); with it, one page of the
 * filtered, sorted rows and their total. `ExportPushNotificationHistoryCsv` streams every matching row.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  MESSAGES,
  PUSH_HISTORY_MESSAGES,
  PUSH_HISTORY_TABLE_SORT_KEYS,
  TABLE_MAX_PAGE_SIZE,
  TABLE_MESSAGES,
  type PushNotificationHistoryRow,
  type PushNotificationStatus,
  type TablePage,
} from '@deals/contract';
import { pushNotificationHistory } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, type TestStaff } from '../../../test-support/staff.js';

const WORDS = ['alpha', 'Bravo', 'charlie', 'delta', 'Echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
const STATUSES: PushNotificationStatus[] = ['done', 'done', 'failed', 'sending', 'queued'];
const DAY = 86_400_000;
const BASE = Date.parse('2026-06-01T00:00:00Z');

describe('GetPushNotificationHistory as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;
  let ids: number[];

  const list = async (query: string, headers: Record<string, string> = people.admin.headers) =>
    t.app.inject({ method: 'GET', url: `/api/PushNotificationHistory/GetPushNotificationHistory?${query}`, headers });
  const page = async (query: string): Promise<TablePage<PushNotificationHistoryRow>> => {
    const res = await list(query);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const exported = async (query: string, headers: Record<string, string> = people.admin.headers) =>
    t.app.inject({ method: 'GET', url: `/api/PushNotificationHistory/ExportPushNotificationHistoryCsv?${query}`, headers });

  before(async () => {
    // No delivery worker: the rows keep the states written here.
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
    const other = await createTestUser(t.app, 'zoe', true, { fullName: 'Zoe Sender' });
    ids = [];
    for (const [i, word] of WORDS.entries()) {
      const [row] = await t.app.db
        .insert(pushNotificationHistory)
        .values({
          title: `Tbl ${word}`,
          message: `Message ${WORDS[WORDS.length - 1 - i]} ${i % 3 ? 'sale' : 'codes'}`,
          numberOfDevicesNotificationSentTo: (i * 7) % 5,
          numberOfTargets: 10,
          status: STATUSES[i % STATUSES.length]!,
          // Every fourth row has lost its sender; the others alternate between two admins.
          createdById: i % 4 === 3 ? null : i % 2 ? other.id : people.admin.id,
          dateCreated: new Date(BASE + i * DAY),
        })
        .returning({ id: pushNotificationHistory.id });
      ids.push(row!.id);
    }
  });
  after(() => t.close());

  it('answers the spec call unchanged without page: every row, newest first', async () => {
    const res = await list('');
    assert.equal(res.statusCode, 200);
    const rows = res.json() as PushNotificationHistoryRow[];
    assert.ok(Array.isArray(rows));
    assert.deepEqual(rows.map((row) => row.id), [...ids].reverse());
  });

  it('pages in the same order as the whole list, with the total, and no row twice or missed', async () => {
    const all = (await list('')).json() as PushNotificationHistoryRow[];
    const first = await page('page=1&pageSize=5');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: WORDS.length, page: 1, pageSize: 5 });
    assert.deepEqual(first.items, all.slice(0, 5), 'a page row is the same row the spec call answers');
    const rest = [...(await page('page=2&pageSize=5')).items, ...(await page('page=3&pageSize=5')).items];
    assert.deepEqual(rest, all.slice(5));
    const beyond = await page('page=9&pageSize=5');
    assert.deepEqual({ items: beyond.items, total: beyond.total }, { items: [], total: WORDS.length });
  });

  it('sorts by every column both ways, empty senders last, the row id breaking ties', async () => {
    const all = (await list('')).json() as PushNotificationHistoryRow[];
    const value = (row: PushNotificationHistoryRow, key: (typeof PUSH_HISTORY_TABLE_SORT_KEYS)[number]) => {
      const v = row[key];
      return typeof v === 'string' && key !== 'dateCreated' ? v.toLowerCase() : v;
    };
    for (const key of PUSH_HISTORY_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = [...all].sort((a, b) => {
          const [x, y] = [value(a, key), value(b, key)];
          if (x === null || y === null) return x === y ? (order === 'asc' ? a.id - b.id : b.id - a.id) : x === null ? 1 : -1;
          const by = x < y ? -1 : x > y ? 1 : 0;
          return (order === 'asc' ? by : -by) || (order === 'asc' ? a.id - b.id : b.id - a.id);
        });
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(got.items.map((row) => row.id), expected.map((row) => row.id), `${key} ${order}`);
      }
    }
  });

  it('filters by title, message, sender, delivery state and sending date, with their totals', async () => {
    const titles = async (query: string) => {
      const result = await page(`page=1&pageSize=100&sortBy=title&order=asc&${query}`);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.title.slice(4));
    };
    assert.deepEqual(await titles('title=HO'), ['Echo', 'hotel']);
    assert.deepEqual(await titles('title=%25'), [], 'a % typed matches itself');
    assert.deepEqual(await titles('message=LIMA'), ['alpha']);
    assert.deepEqual(await titles('message=codes'), ['alpha', 'delta', 'golf', 'juliet']);
    assert.deepEqual(await titles('createdBy=zoe%20s'), ['Bravo', 'foxtrot', 'juliet']);
    assert.deepEqual(await titles('createdBy=tester'), ['alpha', 'charlie', 'Echo', 'golf', 'india', 'kilo']);
    assert.deepEqual(await titles('status=sending'), ['delta', 'india']);
    // Every row here is a console send; alert kinds have rows of their own in push/follow-alerts.test.ts.
    assert.equal((await titles('kind=staff')).length, (await titles('')).length);
    assert.deepEqual(await titles('kind=follow-alert'), []);
    assert.deepEqual(await titles(`sentFrom=${new Date(BASE + 10 * DAY).toISOString()}`), ['kilo', 'lima']);
    assert.deepEqual(await titles(`sentTo=${new Date(BASE + DAY).toISOString()}`), ['alpha', 'Bravo']);
    assert.deepEqual(await titles(`sentFrom=${new Date(BASE + 2 * DAY).toISOString()}&sentTo=${new Date(BASE + 5 * DAY).toISOString()}&status=done`), ['foxtrot']);
  });

  it('refuses bad paging, sorting and filter values with the reason, 400', async () => {
    for (const [query, message] of [
      ['page=0', TABLE_MESSAGES.page],
      [`pageSize=${TABLE_MAX_PAGE_SIZE + 1}`, TABLE_MESSAGES.pageSize],
      ['page=1&sortBy=createdById', TABLE_MESSAGES.sortBy(PUSH_HISTORY_TABLE_SORT_KEYS)],
      ['page=1&order=up', TABLE_MESSAGES.order],
      ['page=1&sentFrom=yesterday', TABLE_MESSAGES.date],
      ['page=1&status=lost', PUSH_HISTORY_MESSAGES.status],
      ['page=1&kind=robot', PUSH_HISTORY_MESSAGES.kind],
    ] as const) {
      const res = await list(query);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().message, message, query);
    }
  });

  it("streams the CSV of every matching row in the asked order, dates in the viewer's zone, formulas defused", async () => {
    const res = await exported('sortBy=title&order=asc&status=done&timeZone=America/New_York');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="push-notifications.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    assert.equal(lines[0], 'Title,Message,Sent To,Targets,Created By,Date Created,Delivery,Type');
    assert.deepEqual(lines.slice(1).map((line) => line.split(',')[0]), ['Tbl alpha', 'Tbl Bravo', 'Tbl foxtrot', 'Tbl golf', 'Tbl kilo', 'Tbl lima']);
    // Bravo (i = 1): sent 2026-06-02 00:00 UTC = 06/01/2026 20:00 in New York, by Zoe, 7 % 5 = 2 of 10.
    assert.equal(lines[2], 'Tbl Bravo,Message kilo sale,2,10,Zoe Sender,06/01/2026 20:00,Done,Staff');
    const sending = (await exported('status=sending&sortBy=dateCreated&order=asc')).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    // delta (i = 3): no sender left, sent 2026-06-04 00:00 UTC, 21 % 5 = 1 of 10.
    assert.equal(sending[1], 'Tbl delta,Message india codes,1,10,,06/04/2026 00:00,Sending… 1 of 10,Staff');

    const [formula] = await t.app.db
      .insert(pushNotificationHistory)
      .values({ title: '=HYPERLINK("http://evil.example")', message: '@SUM(A1)', status: 'done', createdById: people.admin.id })
      .returning({ id: pushNotificationHistory.id });
    const defused = await exported('title=HYPERLINK');
    assert.ok(defused.body.includes(`"'=HYPERLINK(""http://evil.example"")",'@SUM(A1)`), defused.body);
    assert.ok(formula);

    const refused = await exported('timeZone=Mars/Olympus');
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, TABLE_MESSAGES.timeZone);
  });

  it('is for admins only', async () => {
    for (const call of [() => list('page=1', {}), () => exported('', {})]) assert.equal((await call()).statusCode, 401);
    for (const call of [() => list('page=1', people.staff.headers), () => exported('', people.staff.headers)]) {
      const res = await call();
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().message, MESSAGES.auth.forbidden);
    }
  });
});
