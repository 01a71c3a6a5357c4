/**
 * `POST Product/BulkUpdateProducts`: bulk actions of the admin deals table on chosen
 * rows or on every deal matching the filters, one transaction each, the owner rule per row.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { DEAL_BULK_MAX_IDS, DEAL_BULK_MESSAGES, type BulkUpdateProductsBody, type BulkUpdateProductsResponse } from '@deals/contract';
import { featuredSectionProducts, productImages, products } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addFeaturedSection, linkDeals } from '../../../test-support/catalog.js';
import { fakeImageName, insertDeal, insertStore } from '../../../test-support/deals.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const DAY = 86_400_000;
const EXPIRY = new Date('2026-12-01T12:00:00Z');

describe('BulkUpdateProducts', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  let otherStore: number;
  /** Four deals of the staff member, three of the admin; the first of each inactive, no expiry on the last of each. */
  let staffDeals: number[];
  let adminDeals: number[];

  const bulk = async (body: Partial<BulkUpdateProductsBody> & Record<string, unknown>, headers: Record<string, string> = people.admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/Product/BulkUpdateProducts', headers, payload: body });
  const done = async (body: Partial<BulkUpdateProductsBody>, headers?: Record<string, string>): Promise<BulkUpdateProductsResponse> => {
    const res = await bulk(body, headers);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const rows = (ids: number[]) =>
    t.app.db.select({ id: products.id, isActive: products.isActive, expires: products.dealExpiresIn, modified: products.dateTimeModified }).from(products).where(inArray(products.id, ids)).orderBy(products.id);

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    store = await insertStore(t.app, { name: 'Bulk Store' });
    otherStore = await insertStore(t.app, { name: 'Other Bulk Store' });
  });
  beforeEach(async () => {
    await t.app.db.delete(products);
    const make = async (owner: number, count: number, categoryId: number) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        ids.push(await insertDeal(t.app, { name: `Bulk ${owner}-${i}`, categoryId, addedById: owner, isActive: i !== 0, dealExpiresIn: i === count - 1 ? null : EXPIRY }));
      }
      return ids;
    };
    staffDeals = await make(people.staff.id, 4, store);
    adminDeals = await make(people.admin.id, 3, otherStore);
  });
  after(() => t.close());

  it('deactivates chosen deals in one go and says how many; already inactive ones are counted apart', async () => {
    const answer = await done({ action: 'deactivate', ids: [...staffDeals, adminDeals[0]!] });
    assert.deepEqual({ matched: answer.matched, changed: answer.changed }, { matched: 5, changed: 3 });
    assert.deepEqual(answer.skipped.map((entry) => [entry.reason, entry.count]), [['unchanged', 2]]);
    assert.equal(answer.message, `3 deals deactivated; 2 skipped: 2 ${DEAL_BULK_MESSAGES.skipped.unchanged}`);
    assert.ok((await rows(staffDeals)).every((row) => !row.isActive));
    assert.equal((await rows([adminDeals[1]!]))[0]!.isActive, true, 'deals not chosen stay as they were');
  });

  it('lets staff change only their own deals, counting the others as skipped, and changes nothing of theirs', async () => {
    const before = await rows(adminDeals);
    const answer = await done({ action: 'deactivate', ids: [...staffDeals, ...adminDeals] }, people.staff.headers);
    assert.equal(answer.changed, 3);
    assert.deepEqual(answer.skipped.map((entry) => [entry.reason, entry.count]), [['notOwner', 3], ['unchanged', 1]]);
    assert.match(answer.message, /3 added by someone else \(staff change only their own deals\)/);
    assert.deepEqual(await rows(adminDeals), before);
    const removed = await done({ action: 'delete', filter: {} }, people.staff.headers);
    assert.deepEqual({ changed: removed.changed, skipped: removed.skipped.map((entry) => entry.reason) }, { changed: 4, skipped: ['notOwner'] });
    assert.equal((await rows(adminDeals)).length, 3);
  });

  it('acts on every deal matching the filter ("all N matching")', async () => {
    const answer = await done({ action: 'activate', filter: { storeIds: [store], isActive: false } });
    assert.deepEqual({ matched: answer.matched, changed: answer.changed }, { matched: 1, changed: 1 });
    assert.ok((await rows(staffDeals)).every((row) => row.isActive));
    assert.equal((await rows([adminDeals[0]!]))[0]!.isActive, false, 'the other store is untouched');
    const named = await done({ action: 'deactivate', filter: { name: 'bulk' } });
    assert.equal(named.matched, 7);
  });

  it('sets and extends expiries; deals without one, or starting after the new one, are skipped with the reason', async () => {
    await t.app.db.update(products).set({ dealStartsIn: new Date('2027-01-01T00:00:00Z') }).where(eq(products.id, staffDeals[1]!));
    const newExpiry = '2026-12-24T18:00:00.000Z';
    const set = await done({ action: 'setExpiry', ids: staffDeals, expiresAt: newExpiry });
    assert.equal(set.changed, 3);
    assert.deepEqual(set.skipped.map((entry) => [entry.reason, entry.count]), [['startsAfterExpiry', 1]]);
    const after = await rows(staffDeals);
    assert.equal(after.filter((row) => row.expires?.toISOString() === newExpiry).length, 3);

    const extended = await done({ action: 'extendExpiry', ids: adminDeals, days: 7 });
    assert.equal(extended.changed, 2);
    assert.deepEqual(extended.skipped.map((entry) => [entry.reason, entry.count]), [['noExpiry', 1]]);
    const expiries = (await rows(adminDeals)).map((row) => row.expires?.getTime() ?? null);
    assert.deepEqual(expiries, [EXPIRY.getTime() + 7 * DAY, EXPIRY.getTime() + 7 * DAY, null]);
  });

  it('adds deals to a featured section after its last one, skipping those already there; any staff member may', async () => {
    const section = await addFeaturedSection(t.app);
    await linkDeals(t.app, section, [adminDeals[0]!]);
    const answer = await done({ action: 'addToFeaturedSection', ids: [adminDeals[0]!, adminDeals[1]!, staffDeals[0]!], featuredSectionId: section }, people.staff.headers);
    assert.equal(answer.changed, 2);
    assert.deepEqual(answer.skipped.map((entry) => [entry.reason, entry.count]), [['alreadyInSection', 1]]);
    const links = await t.app.db.select().from(featuredSectionProducts).where(eq(featuredSectionProducts.featuredSectionId, section)).orderBy(featuredSectionProducts.sortOrder);
    assert.deepEqual(links.map((link) => link.sortOrder), [0, 1, 2]);
    assert.equal((await bulk({ action: 'addToFeaturedSection', ids: [adminDeals[0]!], featuredSectionId: 999_999 })).statusCode, 404);
  });

  it('deletes with the images and section places, in one transaction', async () => {
    const image = fakeImageName('bulk-delete');
    const withImage = await insertDeal(t.app, { categoryId: store, addedById: people.admin.id, images: [image] });
    const section = await addFeaturedSection(t.app);
    await linkDeals(t.app, section, [withImage]);
    const answer = await done({ action: 'delete', ids: [withImage, adminDeals[0]!] });
    assert.equal(answer.changed, 2);
    assert.equal((await rows([withImage, adminDeals[0]!])).length, 0);
    assert.equal((await t.app.db.select().from(productImages).where(eq(productImages.productId, withImage))).length, 0);
    assert.equal((await t.app.db.select().from(featuredSectionProducts).where(eq(featuredSectionProducts.productId, withImage))).length, 0);
  });

  it('refuses a request without what its action needs, with the reason, and changes nothing', async () => {
    const activeCount = async () => Number(((await t.app.db.execute(sql`SELECT count(*) AS n FROM products WHERE is_active`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
    const before = await activeCount();
    for (const [body, message] of [
      [{ action: 'deactivate' }, DEAL_BULK_MESSAGES.selection],
      [{ action: 'deactivate', ids: [] }, DEAL_BULK_MESSAGES.selection],
      [{ action: 'deactivate', ids: [1], filter: {} }, DEAL_BULK_MESSAGES.bothSelections],
      [{ action: 'archive', ids: [1] }, DEAL_BULK_MESSAGES.action],
      [{ action: 'setExpiry', ids: [1] }, DEAL_BULK_MESSAGES.expiresAt],
      [{ action: 'setExpiry', ids: [1], expiresAt: 'soon' }, DEAL_BULK_MESSAGES.expiresAt],
      [{ action: 'extendExpiry', ids: [1], days: 0 }, DEAL_BULK_MESSAGES.days],
      [{ action: 'extendExpiry', ids: [1] }, DEAL_BULK_MESSAGES.days],
      [{ action: 'addToFeaturedSection', ids: [1] }, DEAL_BULK_MESSAGES.featuredSection],
      [{ action: 'delete', ids: Array.from({ length: DEAL_BULK_MAX_IDS + 1 }, (_, i) => i + 1) }, DEAL_BULK_MESSAGES.tooManyIds],
      [{ action: 'delete', filter: { addedFrom: 'yesterday' } }, 'Must be a date and time (ISO 8601)'],
    ] as const) {
      const res = await bulk(body as Record<string, unknown>);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.json().message, message, JSON.stringify(body).slice(0, 80));
    }
    assert.equal(await activeCount(), before);
    assert.equal((await rows([...staffDeals, ...adminDeals])).length, 7);
  });

  it('is for signed-in staff only', async () => {
    const res = await bulk({ action: 'delete', filter: {} }, {});
    assert.equal(res.statusCode, 401);
    assert.equal((await rows([...staffDeals, ...adminDeals])).length, 7);
  });
});
