/** `GET Banner/GetAllBanners` as a server-side table, and `Banner/ExportBannersCsv`. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BANNER_TABLE_SORT_KEYS, TABLE_MAX_PAGE_SIZE, type BannerSummary, type TablePage } from '@deals/contract';
import { csvLines, getJson, sortedLikeTable } from '../../../test-support/admin-table.js';
import { assertAdminOnly, insertBanner } from '../../../test-support/cms-pages.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BANNERS = [
  { name: 'Bn kilo', isActive: true, items: 2 },
  { name: 'Bn Alpha', isActive: false, items: 0 },
  { name: 'Bn india', isActive: true, items: 3 },
  { name: 'Bn bravo', isActive: true, items: 2 },
  { name: 'Bn charlie', isActive: false, items: 1 },
];

describe('GetAllBanners as a server-side table', () => {
  let t: TestApp;
  let people: TestStaff;
  let ids: number[];

  const url = (query: string) => `/api/Banner/GetAllBanners?${query}`;
  const page = (query: string) => getJson<TablePage<BannerSummary>>(t.app, url(query), people.admin.headers);
  const all = () => getJson<BannerSummary[]>(t.app, url('isActive='), people.admin.headers);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    ids = [];
    for (const { items, ...banner } of BANNERS) ids.push(await insertBanner(t.app, banner, Array.from({ length: items }, () => ({}))));
  });
  after(() => t.close());

  it('answers the spec call unchanged without page, and pages it in the same order, with the total', async () => {
    const rows = await all();
    assert.deepEqual(rows.map((row) => row.name), ['Bn Alpha', 'Bn bravo', 'Bn charlie', 'Bn india', 'Bn kilo']);
    const first = await page('page=1&pageSize=3');
    assert.deepEqual(first, { items: rows.slice(0, 3), total: 5, page: 1, pageSize: 3 });
    assert.deepEqual((await page('page=2&pageSize=3')).items, rows.slice(3));
  });

  it('sorts by every column both ways and filters by name and active', async () => {
    const rows = await all();
    for (const key of BANNER_TABLE_SORT_KEYS) {
      for (const order of ['asc', 'desc'] as const) {
        const got = await page(`page=1&pageSize=${TABLE_MAX_PAGE_SIZE}&sortBy=${key}&order=${order}`);
        assert.deepEqual(got.items.map((row) => row.id), sortedLikeTable(rows, (row) => row[key], order).map((row) => row.id), `${key} ${order}`);
      }
    }
    const filtered = await page('page=1&name=AR&isActive=false');
    assert.deepEqual({ names: filtered.items.map((row) => row.name), total: filtered.total }, { names: ['Bn charlie'], total: 1 });
  });

  it('streams the CSV of every matching banner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Banner/ExportBannersCsv?isActive=true&sortBy=bannerItemCount&order=desc', headers: people.admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="banners.csv"/);
    assert.deepEqual(csvLines(res.body), ['Id,Name,Banner Items,Is Active?', `${ids[2]},Bn india,3,Yes`, `${ids[3]},Bn bravo,2,Yes`, `${ids[0]},Bn kilo,2,Yes`]);
  });

  it('is for admins only', async () => {
    await assertAdminOnly(t.app, people, [{ method: 'GET', url: url('page=1') }, { method: 'GET', url: '/api/Banner/ExportBannersCsv' }], async () => null);
  });
});
