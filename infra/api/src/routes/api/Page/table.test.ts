/**
 * `GET Page/GetAllPages` as a server-side table, and `Page/ExportPagesCsv`. The calls
 * share their implementation with blogs (Blog/table.test.ts covers every filter); this checks what
 * differs: the pages alone, by name by default, the title filter and the CSV's columns.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAGE_TABLE_SORT_KEYS, TABLE_MAX_PAGE_SIZE, type PageListItem, type TablePage } from '@deals/contract';
import { csvLines, getJson, sortedLikeTable } from '../../../test-support/admin-table.js';
import { assertAdminOnly, insertPage } from '../../../test-support/cms-pages.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const WORDS = ['kilo', 'Alpha', 'juliet', 'bravo', 'india', 'charlie', 'hotel', 'delta', 'golf'];

describe('GetAllPages as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;
  let ids: number[];

  const url = (query: string) => `/api/Page/GetAllPages?${query}`;
  const page = (query: string) => getJson<TablePage<PageListItem>>(t.app, url(query), people.admin.headers);
  const all = () => getJson<PageListItem[]>(t.app, url('isActive='), people.admin.headers);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    await insertPage(t.app, { name: 'Pg a blog', url: '/blog/not-a-page', isBlog: true });
    ids = [];
    for (const [i, word] of WORDS.entries()) {
      ids.push(
        await insertPage(t.app, {
          name: `Pg ${word}`,
          title: i % 3 === 0 ? null : `Title ${WORDS[(i + 4) % WORDS.length]}`,
          url: `/pages/${word.toLowerCase()}`,
          isActive: i % 4 !== 1,
          addedById: people.admin.id,
        }),
      );
    }
  });
  after(() => t.close());

  it('answers the spec call unchanged without page, and pages it in the same order (by name), with the total', async () => {
    const rows = await all();
    assert.ok(Array.isArray(rows));
    assert.deepEqual(rows.map((row) => row.name.slice(3).toLowerCase()), [...WORDS].map((word) => word.toLowerCase()).sort());
    const first = await page('page=1&pageSize=5');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: WORDS.length, page: 1, pageSize: 5 });
    assert.deepEqual(first.items, rows.slice(0, 5), 'a page row is the same row the spec call answers');
    assert.deepEqual((await page('page=2&pageSize=5')).items, rows.slice(5));
  });

  it('sorts by every column both ways, empty titles last', async () => {
    const rows = await all();
    for (const key of PAGE_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(got.items.map((row) => row.id), sortedLikeTable(rows, (row) => row[key], order).map((row) => row.id), `${key} ${order}`);
      }
    }
  });

  it('filters by name, title, url and active, with their totals', async () => {
    const names = async (query: string) => {
      const result = await page(`page=1&${query}`);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.name.slice(3));
    };
    assert.deepEqual(await names('name=AL'), ['Alpha']);
    assert.deepEqual(await names('title=title%20KILO'), ['charlie']);
    assert.deepEqual(await names('url=%2Fpages%2Fj'), ['juliet']);
    assert.deepEqual(await names('isActive=false'), ['Alpha', 'charlie']);
    assert.deepEqual(await names('isActive=true&name=e'), ['delta', 'hotel', 'juliet']);
  });

  it('streams the CSV of every matching page, formulas defused', async () => {
    const exported = (query: string) => t.app.inject({ method: 'GET', url: `/api/Page/ExportPagesCsv?${query}`, headers: people.admin.headers });
    const res = await exported('sortBy=url&order=desc');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="pages.csv"/);
    const lines = csvLines(res.body);
    assert.equal(lines[0], 'Id,Page Name,Title,Url,Is Active?');
    assert.deepEqual(lines.slice(1).map((line) => line.split(',')[3]), WORDS.map((word) => `/pages/${word.toLowerCase()}`).sort().reverse());
    assert.ok(lines.includes(`${ids[1]},Pg Alpha,Title charlie,/pages/alpha,No`), res.body);
    assert.ok(lines.includes(`${ids[0]},Pg kilo,,/pages/kilo,Yes`), 'an empty title is an empty cell');
    const formula = await insertPage(t.app, { name: '+SUM(A1)', url: '/pages/formula' });
    assert.ok((await exported('name=SUM')).body.includes(`${formula},'+SUM(A1)`));
  });

  it('is for admins only', async () => {
    await assertAdminOnly(t.app, people, [{ method: 'GET', url: url('page=1') }, { method: 'GET', url: '/api/Page/ExportPagesCsv' }], async () => null);
  });
});
