/**
 * `GET Product/GetAllProducts` as a server-side table: without `page` it answers as the
 * spec says (every row); with it, one page of the filtered, sorted rows and their total.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEAL_TABLE_SORT_KEYS, TABLE_MAX_PAGE_SIZE, TABLE_MESSAGES, type ProductListItem, type TablePage } from '@deals/contract';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertDeal, insertProductType, insertStore } from '../../../test-support/deals.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
const DAY = 86_400_000;
const BASE = Date.parse('2026-06-01T00:00:00Z');

describe('GetAllProducts as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;
  let ids: number[];
  let stores: number[];
  let types: number[];

  const list = async (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/Product/GetAllProducts?${query}`, headers });
  const page = async (query: string): Promise<TablePage<ProductListItem>> => {
    const res = await list(query);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    stores = [await insertStore(t.app, { name: 'Zeta Store' }), await insertStore(t.app, { name: 'Acme Store' })];
    types = [await insertProductType(t.app, { name: 'Gadgets' }), await insertProductType(t.app, { name: 'Books' })];
    ids = [];
    for (const [i, word] of WORDS.entries()) {
      ids.push(
        await insertDeal(t.app, {
          name: `Tbl ${word}`,
          categoryId: stores[i % 2]!,
          productTypeIds: [types[i % 3 === 0 ? 1 : 0]!],
          promoCode: i % 4 === 0 ? `SAVE${i}` : null,
          currentPrice: 10 + i,
          previousPrice: 100 - i,
          isActive: i % 5 !== 0,
          addedById: i % 2 ? people.staff.id : people.admin.id,
          dateTimeAdded: new Date(BASE + i * DAY),
          dealExpiresIn: i % 3 ? new Date(BASE + (20 + i) * DAY) : null,
        }),
      );
    }
  });
  after(() => t.close());

  it('answers the spec call unchanged without page: every row, newest first', async () => {
    const res = await list('');
    assert.equal(res.statusCode, 200);
    const rows = res.json() as ProductListItem[];
    assert.ok(Array.isArray(rows));
    assert.deepEqual(rows.map((row) => row.id), [...ids].reverse());
  });

  it('pages in the same order as the whole list, with the total, and no row twice or missed', async () => {
    const all = (await list('')).json() as ProductListItem[];
    const first = await page('page=1&pageSize=5');
    assert.deepEqual({ total: first.total, page: first.page, pageSize: first.pageSize }, { total: WORDS.length, page: 1, pageSize: 5 });
    assert.deepEqual(first.items, all.slice(0, 5), 'a page row is the same row the spec call answers');
    const rest = [...(await page('page=2&pageSize=5')).items, ...(await page('page=3&pageSize=5')).items];
    assert.deepEqual(rest.map((row) => row.id), all.slice(5).map((row) => row.id));
    const beyond = await page('page=9&pageSize=5');
    assert.deepEqual({ items: beyond.items, total: beyond.total }, { items: [], total: WORDS.length });
  });

  it('sorts by every column both ways, empty values last, the deal id breaking ties', async () => {
    const all = (await list('')).json() as ProductListItem[];
    const value = (row: ProductListItem, key: (typeof DEAL_TABLE_SORT_KEYS)[number]) => {
      const v = key === 'productTypes' ? row.productTypes.map((type) => type.name).join(', ') : row[key];
      return typeof v === 'string' && !/^\d{4}-/.test(v) ? v.toLowerCase() : v;
    };
    for (const key of DEAL_TABLE_SORT_KEYS) {
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

  it('filters by name, promo code, store, product category, poster, active and date ranges, with their totals', async () => {
    const names = async (query: string) => {
      const result = await page(`page=1&pageSize=100&sortBy=name&order=asc&${query}`);
      assert.equal(result.total, result.items.length);
      return result.items.map((row) => row.name.slice(4));
    };
    assert.deepEqual(await names('name=HO'), ['echo', 'hotel']);
    assert.deepEqual(await names('name=%25'), [], 'a % typed matches itself');
    assert.deepEqual(await names('promoCode=save'), ['alpha', 'echo', 'india']);
    assert.deepEqual(await names(`storeIds=${stores[1]}`), ['bravo', 'delta', 'foxtrot', 'hotel', 'juliet', 'lima']);
    assert.equal((await page(`page=1&storeIds=${stores[0]}&storeIds=${stores[1]}`)).total, WORDS.length, 'any of several stores');
    assert.deepEqual(await names(`productTypeIds=${types[1]}`), ['alpha', 'delta', 'golf', 'juliet']);
    assert.equal((await page(`page=1&productTypeIds=${types[0]}&productTypeIds=${types[1]}`)).total, WORDS.length, 'any of several product categories');
    assert.deepEqual(await names(`addedById=${people.admin.id}`), ['alpha', 'charlie', 'echo', 'golf', 'india', 'kilo']);
    const adminName = (await page('page=1&sortBy=name&order=asc')).items.find((row) => row.addedById === people.admin.id)!.addedBy!;
    assert.deepEqual(await names(`addedBy=${encodeURIComponent(adminName.split(" ")[0]!.toUpperCase())}`), ['alpha', 'charlie', 'echo', 'golf', 'india', 'kilo']);
    assert.equal((await page(`page=1&updatedFrom=${new Date(Date.now() + DAY).toISOString()}`)).total, 0, 'nothing modified tomorrow');
    assert.equal((await page(`page=1&updatedTo=${new Date(Date.now() + DAY).toISOString()}`)).total, WORDS.length);
    assert.deepEqual(await names('isActive=false'), ['alpha', 'foxtrot', 'kilo']);
    assert.deepEqual(await names(`addedFrom=${new Date(BASE + 10 * DAY).toISOString()}`), ['kilo', 'lima']);
    assert.deepEqual(await names(`addedTo=${new Date(BASE + DAY).toISOString()}`), ['alpha', 'bravo']);
    assert.deepEqual(await names(`expiresFrom=${new Date(BASE + 30 * DAY).toISOString()}&expiresTo=${new Date(BASE + 30.5 * DAY).toISOString()}`), ['kilo']);
    assert.deepEqual(await names(`storeIds=${stores[1]}&isActive=true&name=e`), ['delta', 'hotel', 'juliet']);
  });

  it('refuses bad paging, sorting and filter values with the reason, 400', async () => {
    for (const [query, message] of [
      ['page=0', TABLE_MESSAGES.page],
      ['page=x', TABLE_MESSAGES.page],
      [`pageSize=${TABLE_MAX_PAGE_SIZE + 1}`, TABLE_MESSAGES.pageSize],
      ['page=1&sortBy=password', TABLE_MESSAGES.sortBy(DEAL_TABLE_SORT_KEYS)],
      ['page=1&order=up', TABLE_MESSAGES.order],
      ['page=1&addedFrom=yesterday', TABLE_MESSAGES.date],
      ['page=1&storeIds=abc', 'storeIds must be a number'],
    ] as const) {
      const res = await list(query);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().message, message, query);
    }
  });

  it('streams the CSV of every matching deal in the asked order, dates in the viewer\'s zone, formulas defused', async () => {
    const exported = async (query: string, headers: Record<string, string> = people.admin.headers) => t.app.inject({ method: 'GET', url: `/api/Product/ExportProductsCsv?${query}`, headers });
    const res = await exported('sortBy=name&order=asc&isActive=true&timeZone=America/New_York');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="deals.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    assert.equal(lines[0], 'Id,Product Name,Store,Product Category,Promo Code,Discount %,Current Price,Previous Price,Posted By,Posted On,Last Updated On,Starts On,Expires In,Is Active?,Clicks (7 days),Commission (30 days),EPC (30 days)');
    const active = WORDS.filter((_, i) => i % 5 !== 0);
    assert.deepEqual(lines.slice(1).map((line) => line.split(',')[1]), active.map((word) => `Tbl ${word}`).sort());
    // bravo (i = 1): posted 2026-06-02 00:00 UTC = 06/01/2026 20:00 in New York; price 11; store Acme.
    const bravo = lines.find((line) => line.includes('Tbl bravo'))!.split(',');
    assert.deepEqual([bravo[2], bravo[6], bravo[7], bravo[9], bravo[13]], ['Acme Store', '$11.00', '$99.00', '06/01/2026 20:00', 'Yes']);

    const formula = await insertDeal(t.app, { name: '=HYPERLINK("http://evil.example")', categoryId: stores[0]!, promoCode: '@SUM(A1)' });
    const defused = await exported('name=HYPERLINK');
    assert.ok(defused.body.includes(`${formula},"'=HYPERLINK(""http://evil.example"")"`), defused.body);
    assert.ok(defused.body.includes("'@SUM(A1)"));
    await t.app.inject({ method: 'DELETE', url: `/api/Product/DeleteProduct?productId=${formula}`, headers: people.admin.headers });

    const refused = await exported('timeZone=Mars/Olympus');
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, TABLE_MESSAGES.timeZone);
    assert.equal((await exported('', {})).statusCode, 401);
  });

  it('is for staff only', async () => {
    assert.equal((await list('page=1', {})).statusCode, 401);
    assert.equal((await list('page=1', people.staff.headers)).statusCode, 200);
  });
});
