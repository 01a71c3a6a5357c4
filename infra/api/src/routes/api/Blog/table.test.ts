/**
 * `GET Blog/GetAllBlogs` as a server-side table: without `page` it answers as the spec
 * says (every blog, newest first); with it, one page of the filtered, sorted blogs and their total.
 * Also `Blog/ExportBlogsCsv`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAGE_TABLE_SORT_KEYS, TABLE_MAX_PAGE_SIZE, TABLE_MESSAGES, type PageListItem, type TablePage } from '@deals/contract';
import { csvLines, getJson, sortedLikeTable } from '../../../test-support/admin-table.js';
import { assertAdminOnly, insertPage } from '../../../test-support/cms-pages.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const WORDS = ['alpha', 'Bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo'];
const DAY = 86_400_000;
const BASE = Date.parse('2026-06-01T00:00:00Z');

describe('GetAllBlogs as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;
  let ids: number[];

  const url = (query: string) => `/api/Blog/GetAllBlogs?${query}`;
  const list = (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: url(query), headers });
  const page = (query: string) => getJson<TablePage<PageListItem>>(t.app, url(query), people.admin.headers);
  const all = () => getJson<PageListItem[]>(t.app, url('isActive='), people.admin.headers);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    // A page is not a blog: no blog list shows it.
    await insertPage(t.app, { name: 'Blg not a blog', url: '/not-a-blog', isBlog: false });
    ids = [];
    for (const [i, word] of WORDS.entries()) {
      ids.push(
        await insertPage(t.app, {
          name: `Blg ${word}`,
          url: `/blog/${word.toLowerCase()}`,
          isBlog: true,
          isActive: i % 4 !== 0,
          addedById: i % 3 === 0 ? null : i % 2 ? people.staff.id : people.admin.id,
          addedOn: new Date(BASE + i * DAY),
        }),
      );
    }
  });
  after(() => t.close());

  it('answers the spec call unchanged without page: every blog, newest first', async () => {
    const rows = await all();
    assert.ok(Array.isArray(rows));
    assert.deepEqual(rows.map((row) => row.id), [...ids].reverse());
    assert.equal((await getJson<PageListItem[]>(t.app, url('isActive=false'), people.admin.headers)).length, 3);
  });

  it('pages in the same order as the whole list, with the total, and no row twice or missed', async () => {
    const rows = await all();
    const first = await page('page=1&pageSize=4');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: WORDS.length, page: 1, pageSize: 4 });
    assert.deepEqual(first.items, rows.slice(0, 4), 'a page row is the same row the spec call answers');
    const rest = [...(await page('page=2&pageSize=4')).items, ...(await page('page=3&pageSize=4')).items];
    assert.deepEqual(rest.map((row) => row.id), rows.slice(4).map((row) => row.id));
    assert.deepEqual(await page('page=9&pageSize=4'), { items: [], total: WORDS.length, page: 9, pageSize: 4 });
    assert.equal((await page('pageSize=2')).page, 1, 'pageSize alone pages too');
  });

  it('sorts by every column both ways, empty values last, the id breaking ties', async () => {
    const rows = await all();
    for (const key of PAGE_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = sortedLikeTable(rows, (row) => row[key], order);
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(got.items.map((row) => row.id), expected.map((row) => row.id), `${key} ${order}`);
      }
    }
  });

  it('filters by name, url, author, added on and active, with their totals', async () => {
    const names = async (query: string) => {
      const result = await page(`page=1&pageSize=100&sortBy=name&order=asc&${query}`);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.name.slice(4));
    };
    assert.deepEqual(await names('name=LI'), ['charlie', 'juliet']);
    assert.deepEqual(await names('name=%25'), [], 'a % typed matches itself');
    assert.deepEqual(await names('url=%2Fblog%2Fb'), ['Bravo']);
    assert.deepEqual(await names(`addedBy=${encodeURIComponent('test-staff')}`), ['Bravo', 'foxtrot', 'hotel']);
    assert.deepEqual(await names('addedBy=TESTER'), ['Bravo', 'charlie', 'echo', 'foxtrot', 'hotel', 'india', 'kilo']);
    assert.deepEqual(await names('isActive=false'), ['alpha', 'echo', 'india']);
    assert.deepEqual(await names('isActive=true&name=o'), ['Bravo', 'foxtrot', 'golf', 'hotel', 'kilo']);
    assert.deepEqual(await names(`addedFrom=${new Date(BASE + 9 * DAY).toISOString()}`), ['juliet', 'kilo']);
    assert.deepEqual(await names(`addedTo=${new Date(BASE + DAY).toISOString()}`), ['alpha', 'Bravo']);
    assert.deepEqual(await names(`addedFrom=${new Date(BASE + 2 * DAY).toISOString()}&addedTo=${new Date(BASE + 3.5 * DAY).toISOString()}`), ['charlie', 'delta']);
  });

  it('refuses bad paging, sorting and filter values with the reason, 400', async () => {
    for (const [query, message] of [
      ['page=0', TABLE_MESSAGES.page],
      [`pageSize=${TABLE_MAX_PAGE_SIZE + 1}`, TABLE_MESSAGES.pageSize],
      ['page=1&sortBy=password', TABLE_MESSAGES.sortBy(PAGE_TABLE_SORT_KEYS)],
      ['page=1&order=up', TABLE_MESSAGES.order],
      ['page=1&addedFrom=yesterday', TABLE_MESSAGES.date],
    ] as const) {
      const res = await list(query);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().message, message, query);
    }
  });

  it('streams the CSV of every matching blog in the asked order, dates in the viewer\'s zone, formulas defused', async () => {
    const exported = (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/Blog/ExportBlogsCsv?${query}`, headers });
    const res = await exported('sortBy=name&order=asc&isActive=true&timeZone=America/New_York');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="blogs.csv"/);
    const lines = csvLines(res.body);
    assert.equal(lines[0], 'Id,Blog Name,Url,Added By,Added On,Is Active?');
    const active = WORDS.filter((_, i) => i % 4 !== 0);
    assert.deepEqual(lines.slice(1).map((line) => line.split(',')[1]), active.map((word) => `Blg ${word}`).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // Bravo (i = 1): added 2026-06-02 00:00 UTC = 06/01/2026 20:00 in New York, by the staff member.
    assert.equal(lines.find((line) => line.includes('Blg Bravo')), `${ids[1]},Blg Bravo,/blog/bravo,test-staff Tester,06/01/2026 20:00,Yes`);
    assert.equal(csvLines((await exported('name=Bravo')).body)[1], `${ids[1]},Blg Bravo,/blog/bravo,test-staff Tester,06/02/2026 00:00,Yes`, 'UTC without a zone');

    const formula = await insertPage(t.app, { name: '=HYPERLINK("http://evil.example")', url: '/blog/formula', isBlog: true });
    const defused = await exported('name=HYPERLINK');
    assert.ok(defused.body.includes(`${formula},"'=HYPERLINK(""http://evil.example"")"`), defused.body);
    await t.app.inject({ method: 'DELETE', url: `/api/Blog/DeleteBlog?id=${formula}`, headers: people.admin.headers });

    const refused = await exported('timeZone=Mars/Olympus');
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, TABLE_MESSAGES.timeZone);
  });

  it('is for admins only', async () => {
    await assertAdminOnly(
      t.app,
      people,
      [
        { method: 'GET', url: url('page=1') },
        { method: 'GET', url: '/api/Blog/ExportBlogsCsv' },
      ],
      async () => null,
    );
  });
});
