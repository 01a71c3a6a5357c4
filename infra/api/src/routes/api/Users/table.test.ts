/**
 * `GET Users/GetAllUsers` as a server-side table: without `page` it answers as the spec
 * says (every user by username); with it, one page of the filtered, sorted users and their total.
 * `Users/ExportUsersCsv` streams every matching user. Email stays an admin's column throughout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { MESSAGES, TABLE_MAX_PAGE_SIZE, TABLE_MESSAGES, USER_TABLE_SORT_KEYS, type TablePage, type UserListItem } from '@deals/contract';
import { users } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, type TestStaff } from '../../../test-support/staff.js';
import { assertNoPasswordHash, userCount } from '../../../test-support/users.js';

const WORDS = ['alpha', 'Bravo', 'charlie', 'delta', 'Echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
const DAY = 86_400_000;
const BASE = Date.parse('2026-06-01T00:00:00Z');

describe('GetAllUsers as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;

  const list = async (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/Users/GetAllUsers?${query}`, headers });
  const page = async (query: string, headers: Record<string, string> = people.admin.headers): Promise<TablePage<UserListItem>> => {
    const res = await list(query, headers);
    assert.equal(res.statusCode, 200, res.body);
    assertNoPasswordHash(res.body);
    return res.json();
  };
  const exported = async (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/Users/ExportUsersCsv?${query}`, headers });
  const csvLines = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    for (const [i, word] of WORDS.entries()) {
      // Names like "Tbl alpha Person", emails at two domains, every third one an admin, every fourth inactive.
      const user = await createTestUser(t.app, `tbl-${word}`, i % 3 === 0, {
        fullName: `Tbl ${word} Person`,
        email: `${word.toLowerCase()}@${i % 2 ? 'odd' : 'even'}.example`,
        phone: i % 2 ? `555-01${i}` : null,
        isActive: i % 4 !== 0,
      });
      await t.app.db.update(users).set({ createdAt: new Date(BASE + i * DAY) }).where(eq(users.id, user.id));
    }
  });
  after(() => t.close());

  it('answers the spec call unchanged without page: every user by username, contact details for admins only', async () => {
    const res = await list('');
    assert.equal(res.statusCode, 200);
    const rows = res.json() as UserListItem[];
    assert.ok(Array.isArray(rows));
    const names = rows.map((row) => row.username);
    assert.deepEqual(names, [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    assert.equal(rows.length, await userCount(t.app));
    const staffRows = (await list('', people.staff.headers)).json() as UserListItem[];
    assert.ok(Array.isArray(staffRows));
    assert.ok(staffRows.every((row) => row.email === null && row.phone === null));
  });

  it('pages in the same order as the whole list, with the total, and no row twice or missed', async () => {
    const all = (await list('')).json() as UserListItem[];
    const first = await page('page=1&pageSize=5');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: all.length, page: 1, pageSize: 5 });
    assert.deepEqual(first.items, all.slice(0, 5), 'a page row is the same row the spec call answers');
    const rest = [...(await page('page=2&pageSize=5')).items, ...(await page('page=3&pageSize=5')).items];
    assert.deepEqual(rest, all.slice(5));
    const beyond = await page('page=9&pageSize=5');
    assert.deepEqual({ items: beyond.items, total: beyond.total }, { items: [], total: all.length });
    const defaults = await page('page=1');
    assert.equal(defaults.pageSize, 100);
  });

  it('gives ordinary staff the same rows without email and phone', async () => {
    const mine = await page('page=1&pageSize=100', people.staff.headers);
    const admins = await page('page=1&pageSize=100');
    assert.deepEqual(mine.items, admins.items.map((row) => ({ ...row, email: null, phone: null })));
    assert.ok(admins.items.some((row) => row.phone === '555-011'), 'admins see phones');
  });

  it('sorts by every column both ways, the user id breaking ties', async () => {
    const all = (await list('')).json() as UserListItem[];
    for (const key of USER_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const value = (row: UserListItem) => {
          const v = row[key];
          return typeof v === 'string' ? v.toLowerCase() : v;
        };
        const expected = [...all].sort((a, b) => {
          const [x, y] = [value(a)!, value(b)!];
          const by = x < y ? -1 : x > y ? 1 : 0;
          return (order === 'asc' ? by : -by) || (order === 'asc' ? a.id - b.id : b.id - a.id);
        });
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(got.items.map((row) => row.id), expected.map((row) => row.id), `${key} ${order}`);
      }
    }
  });

  it('filters by username, full name, email, active, role and created date, with their totals', async () => {
    const names = async (query: string, headers = people.admin.headers) => {
      const result = await page(`page=1&pageSize=100&sortBy=username&order=asc&${query}`, headers);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.username);
    };
    assert.deepEqual(await names('username=TBL-E'), ['tbl-Echo']);
    assert.deepEqual(await names('username=%25'), [], 'a % typed matches itself');
    assert.deepEqual(await names('fullName=O%20pers'), ['tbl-Bravo', 'tbl-Echo']);
    assert.deepEqual(await names('email=ODD.example'), ['tbl-Bravo', 'tbl-delta', 'tbl-foxtrot', 'tbl-hotel', 'tbl-juliet']);
    assert.deepEqual(await names('isActive=false'), ['tbl-alpha', 'tbl-Echo', 'tbl-india']);
    assert.deepEqual(await names('isAdmin=true&fullName=tbl'), ['tbl-alpha', 'tbl-delta', 'tbl-golf', 'tbl-juliet']);
    assert.deepEqual(await names('isAdmin=false&isActive=true&username=tbl'), ['tbl-Bravo', 'tbl-charlie', 'tbl-foxtrot', 'tbl-hotel']);
    assert.deepEqual(await names(`createdFrom=${new Date(BASE + 8 * DAY).toISOString()}&createdTo=${new Date(BASE + 9 * DAY).toISOString()}`), ['tbl-india', 'tbl-juliet']);
    assert.deepEqual(await names(`createdTo=${new Date(BASE + DAY).toISOString()}`), ['tbl-alpha', 'tbl-Bravo']);
    assert.deepEqual(await names('isActive=', people.staff.headers), (await names('')), 'an empty flag means all');
  });

  it('refuses ordinary staff filtering or sorting by the email they cannot see (403), in the list and the export', async () => {
    for (const query of ['page=1&email=odd', 'page=1&sortBy=email', 'email=odd']) {
      const res = await list(query, people.staff.headers);
      assert.equal(res.statusCode, query.startsWith('page') ? 403 : 200, query);
      if (res.statusCode === 403) assert.equal(res.json().message, MESSAGES.auth.forbidden);
    }
    assert.equal((await exported('email=odd', people.staff.headers)).statusCode, 403);
    assert.equal((await exported('sortBy=email', people.staff.headers)).statusCode, 403);
  });

  it('refuses bad paging, sorting and filter values with the reason, 400', async () => {
    for (const [query, message] of [
      ['page=0', TABLE_MESSAGES.page],
      [`pageSize=${TABLE_MAX_PAGE_SIZE + 1}`, TABLE_MESSAGES.pageSize],
      ['page=1&sortBy=passwordHash', TABLE_MESSAGES.sortBy(USER_TABLE_SORT_KEYS)],
      ['page=1&order=up', TABLE_MESSAGES.order],
      ['page=1&createdFrom=yesterday', TABLE_MESSAGES.date],
      ['page=1&isAdmin=maybe', 'Must be true, false or empty'],
    ] as const) {
      const res = await list(query);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().message, message, query);
    }
  });

  it('streams the CSV of every matching user in the asked order, the columns the table shows, formulas defused', async () => {
    const res = await exported('sortBy=fullName&order=desc&isActive=true&username=tbl&timeZone=America/New_York');
    assert.equal(res.statusCode, 200, res.body);
    assertNoPasswordHash(res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="users.csv"/);
    const lines = csvLines(res.body);
    assert.equal(lines[0], 'Username,Full Name,Is User Active?,Is User Admin?');
    const active = WORDS.filter((_, i) => i % 4 !== 0);
    assert.deepEqual(lines.slice(1).map((line) => line.split(',')[1]), active.map((word) => `Tbl ${word} Person`).sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    assert.equal(lines.find((line) => line.startsWith('tbl-delta,')), 'tbl-delta,Tbl delta Person,Yes,Yes');
    assert.equal(lines.find((line) => line.startsWith('tbl-Bravo,')), 'tbl-Bravo,Tbl Bravo Person,Yes,No');
    assert.ok(!res.body.includes('@'), 'no contact details in the CSV');

    const all = csvLines((await exported('')).body);
    assert.equal(all.length, 1 + (await userCount(t.app)), 'every user without filters');
    const staffCsv = await exported('isAdmin=true', people.staff.headers);
    assert.equal(staffCsv.statusCode, 200);
    assert.equal(csvLines(staffCsv.body).length, 1 + (await page('page=1&isAdmin=true')).total, 'the admins');

    const formula = await createTestUser(t.app, 'formula-user', false, { fullName: '=HYPERLINK("http://evil.example")' });
    const defused = await exported('username=formula');
    assert.ok(defused.body.includes(`formula-user,"'=HYPERLINK(""http://evil.example"")"`), defused.body);
    await t.app.db.delete(users).where(eq(users.id, formula.id));
  });

  it('is for staff only', async () => {
    assert.equal((await list('page=1', {})).statusCode, 401);
    assert.equal((await exported('', {})).statusCode, 401);
    assert.equal((await list('page=1', people.staff.headers)).statusCode, 200);
    assert.equal((await exported('', people.staff.headers)).statusCode, 200);
  });
});
