/**
 * A featured section's deals and the Add Deals picker as server-side tables: pages and
 * totals from the database, the section's order or a column's, the picker leaving out the
 * section's own deals; the spec's calls unchanged without the new parameters.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEAL_PICKER_LIMIT, type FeaturedSectionDetail, type FeaturedSectionProduct, type ProductSearchItem, type TablePage } from '@deals/contract';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addFeaturedSection, addProductType, addStore, linkDeals } from '../../../test-support/catalog.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

describe('featured section deals as server-side tables', () => {
  let t: TestApp;
  let people: TestStaff;
  let section: number;
  /** In the section's order: Zeta, Alpha, Mango (stores B, A, C), then 60 "Bulk" deals. */
  let sectionDeals: number[];
  let outside: number[];

  const get = async <T>(url: string, headers: Record<string, string> = people.staff.headers): Promise<T> => {
    const res = await t.app.inject({ url, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as T;
  };

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    const [a, b, c] = [await addStore(t.app, { name: 'Store A' }), await addStore(t.app, { name: 'store B' }), await addStore(t.app, { name: 'Store C' })];
    const type = await addProductType(t.app, { name: 'Gadgets' });
    section = await addFeaturedSection(t.app, { name: 'Big Section' });
    sectionDeals = [
      await addDeal(t.app, { name: 'Zeta Phone', categoryId: b, promoCode: 'ZZ', productTypeIds: [type], images: [{ filePath: 'a'.repeat(32) + '.png', isPreviewImage: true }] }),
      await addDeal(t.app, { name: 'Alpha Lamp', categoryId: a, promoCode: null, isActive: false }),
      await addDeal(t.app, { name: 'Mango Juicer', categoryId: c, promoCode: 'AA' }),
    ];
    for (let i = 0; i < 60; i++) sectionDeals.push(await addDeal(t.app, { name: `Bulk Deal ${String(i).padStart(2, '0')}`, categoryId: a }));
    await linkDeals(t.app, section, sectionDeals);
    outside = [await addDeal(t.app, { name: 'Alpha Outside', categoryId: a }), await addDeal(t.app, { name: 'Bulk Deal Outside', categoryId: a })];
  });
  after(() => t.close());

  it('pages the section\'s deals in the section\'s order with the total, the rows as the section detail writes them', async () => {
    const detail = await get<FeaturedSectionDetail>(`/api/FeaturedSection/GetFeaturedSection?id=${section}`);
    const first = await get<TablePage<FeaturedSectionProduct>>(`/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}&page=1&pageSize=25`);
    assert.equal(first.total, 63);
    assert.deepEqual(first.items, detail.products.slice(0, 25));
    const last = await get<TablePage<FeaturedSectionProduct>>(`/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}&page=3&pageSize=25`);
    assert.deepEqual(
      last.items.map((deal) => deal.id),
      sectionDeals.slice(50),
    );
    // Without the deals: the form's own call stays light.
    const light = await get<FeaturedSectionDetail>(`/api/FeaturedSection/GetFeaturedSection?id=${section}&withProducts=false`);
    assert.deepEqual(light.products, []);
    assert.equal(light.name, 'Big Section');
  });

  it('sorts by name, store and promo code both ways and filters by name', async () => {
    const names = async (query: string) =>
      (await get<TablePage<FeaturedSectionProduct>>(`/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}&pageSize=3&name=a&${query}`)).items.map((deal) => deal.name);
    assert.deepEqual(await names('sortBy=name&order=asc'), ['Alpha Lamp', 'Bulk Deal 00', 'Bulk Deal 01']);
    assert.deepEqual(await names('sortBy=name&order=desc'), ['Zeta Phone', 'Mango Juicer', 'Bulk Deal 59']);
    assert.deepEqual((await names('sortBy=category&order=desc')).slice(0, 2), ['Mango Juicer', 'Zeta Phone']);
    // Empty promo codes last either way.
    assert.deepEqual((await names('sortBy=promoCode&order=asc')).slice(0, 2), ['Mango Juicer', 'Zeta Phone']);
    assert.deepEqual((await names('sortBy=promoCode&order=desc')).slice(0, 2), ['Zeta Phone', 'Mango Juicer']);
    const filtered = await get<TablePage<FeaturedSectionProduct>>(`/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}&page=1&name=ALPHA`);
    assert.deepEqual(filtered.items.map((deal) => deal.name), ['Alpha Lamp']);
    assert.equal(filtered.total, 1);
  });

  it('refuses bad queries, an unknown section and anonymous callers', async () => {
    const bad = await t.app.inject({ url: `/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}&sortBy=price`, headers: people.staff.headers });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^sortBy must be one of position, name, category, promoCode/);
    const missing = await t.app.inject({ url: '/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=999999', headers: people.staff.headers });
    assert.equal(missing.statusCode, 404);
    const anonymous = await t.app.inject({ url: `/api/FeaturedSection/GetFeaturedSectionProducts?featuredSectionId=${section}` });
    assert.equal(anonymous.statusCode, 401);
  });

  it('pages the picker over every match, leaving out the section\'s own deals, and keeps the spec\'s answer without a page', async () => {
    const spec = await get<ProductSearchItem[]>('/api/Product/GetAllProductsBySearchTerm?searchTerm=bulk');
    assert.equal(spec.length, DEAL_PICKER_LIMIT);
    const paged = await get<TablePage<ProductSearchItem>>(`/api/Product/GetAllProductsBySearchTerm?searchTerm=bulk&page=1&pageSize=50&excludeFeaturedSectionId=${section}`);
    assert.deepEqual(
      paged.items.map((deal) => deal.id),
      [outside[1]],
    );
    assert.equal(paged.total, 1);
    const all = await get<TablePage<ProductSearchItem>>('/api/Product/GetAllProductsBySearchTerm?searchTerm=bulk&page=2&pageSize=50');
    assert.equal(all.total, 61);
    assert.equal(all.items.length, 11);
    // Rows as the spec's call writes them.
    const zeta = await get<TablePage<ProductSearchItem>>('/api/Product/GetAllProductsBySearchTerm?searchTerm=zeta&page=1');
    assert.deepEqual(zeta.items, await get<ProductSearchItem[]>('/api/Product/GetAllProductsBySearchTerm?searchTerm=zeta'));
    const tooBig = await t.app.inject({ url: '/api/Product/GetAllProductsBySearchTerm?page=1&pageSize=51', headers: people.staff.headers });
    assert.equal(tooBig.statusCode, 400);
  });
});
