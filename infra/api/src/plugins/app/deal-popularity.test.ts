/**
 * Issue 19 point 2: the decayed popularity score, the "Most Popular" sort of the public list, the
 * "Hot" flag on cards from the site's threshold, and the 7-day clicks on the admin deals table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DealCard, ProductListItem, TablePage } from '../../contract/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { addDeal, addStore } from '../../test-support/search.js';
import { decayedScore, POPULARITY_HALF_LIFE_HOURS } from './deal-popularity.js';

const HOUR = 3_600_000;

describe('decay math', () => {
  it('halves a click\'s weight every half-life and drops clicks older than 7 days', () => {
    assert.equal(POPULARITY_HALF_LIFE_HOURS, 48);
    assert.equal(decayedScore([{ count: 1, ageHours: 0 }]), 1);
    assert.equal(decayedScore([{ count: 4, ageHours: 48 }]), 2);
    assert.equal(decayedScore([{ count: 4, ageHours: 96 }]), 1);
    assert.equal(decayedScore([{ count: 100, ageHours: 7 * 24 }]), 0);
    assert.ok(decayedScore([{ count: 3, ageHours: 1 }]) > decayedScore([{ count: 5, ageHours: 72 }]), '3 fresh clicks beat 5 of three days ago');
  });
});

describe('popularity: refresh, Most Popular sort, Hot badge, admin column', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  const deals: Record<string, number> = {};
  const now = new Date(Date.UTC(2026, 2, 10, 12));

  /** `clicks` unique clicks in the hour starting `hoursAgo` hours before `now` (whole hours). */
  async function addClicks(dealId: number, hoursAgo: number, clicks: number) {
    const hour = new Date(now.getTime() - hoursAgo * HOUR).toISOString();
    await t.app.db.execute(sql`INSERT INTO deal_click_hours (product_id, hour, clicks) VALUES (${dealId}, ${hour}::timestamptz, ${clicks})
      ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks`);
  }
  const popularity = async (dealId: number) => {
    const result = (await t.app.db.execute(sql`SELECT score, clicks_24h, clicks_7d, is_hot FROM deal_popularity WHERE product_id = ${dealId}`)) as unknown as {
      rows: { score: number; clicks_24h: number; clicks_7d: number; is_hot: boolean }[];
    };
    return result.rows[0]!;
  };
  const search = async (body: object): Promise<DealCard[]> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: body });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  before(async () => {
    t = await createTestApp({ popularity: { refreshMs: 0 } });
    people = await createTestStaff(t.app);
    store = await addStore(t.app, 'Popular Store');
    // Added in this order: newest-first would list them backwards.
    for (const [i, name] of ['steady', 'fresh', 'old', 'none', 'hidden', 'stale'].entries()) {
      deals[name] = await addDeal(t.app, { storeId: store, name: `Pop ${name}`, addedHour: i, isActive: name !== 'hidden' });
    }
    await addClicks(deals.steady!, 50, 6); // 6 × 0.5^(50/48) ≈ 2.91
    await addClicks(deals.fresh!, 1, 4); // 4 × 0.5^(1/48) ≈ 3.94
    await addClicks(deals.old!, 100, 8); // 8 × 0.5^(100/48) ≈ 1.89
    await addClicks(deals.hidden!, 0, 50); // not live: never listed
    await addClicks(deals.stale!, 8 * 24, 40); // outside the 7 days: 0
    assert.equal(await t.app.dealPopularity.refresh(now), true);
  });
  after(() => t.close());

  it('every deal has its popularity row from its creation', async () => {
    const result = (await t.app.db.execute(sql`SELECT count(*)::int AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM deal_popularity d WHERE d.product_id = p.id)`)) as unknown as {
      rows: { n: number }[];
    };
    assert.equal(result.rows[0]!.n, 0);
  });

  it('stores the decayed score of the last 7 days and the 24 h / 7 d counts', async () => {
    const steady = await popularity(deals.steady!);
    assert.ok(Math.abs(steady.score - decayedScore([{ count: 6, ageHours: 50 }])) < 1e-9, String(steady.score));
    assert.equal(steady.clicks_24h, 0);
    assert.equal(steady.clicks_7d, 6);
    const fresh = await popularity(deals.fresh!);
    assert.ok(Math.abs(fresh.score - decayedScore([{ count: 4, ageHours: 1 }])) < 1e-9);
    assert.equal(fresh.clicks_24h, 4);
    const stale = await popularity(deals.stale!);
    assert.deepEqual([stale.score, stale.clicks_7d], [0, 0]);
  });

  it('sorts the public list by popularity (then newest id), live deals only', async () => {
    const cards = await search({ sortBy: 'DESC_POPULARITY' });
    assert.deepEqual(
      cards.map((card) => card.id),
      [deals.fresh, deals.steady, deals.old, deals.stale, deals.none],
    );
    // The same with a store filter and a search text.
    const filtered = await search({ sortBy: 'DESC_POPULARITY', categories: [store], searchTerm: 'pop' });
    assert.deepEqual(filtered.map((card) => card.id).slice(0, 3), [deals.fresh, deals.steady, deals.old]);
  });

  it('decays over time: a later refresh lowers the scores and drops clicks that left the window', async () => {
    await t.app.dealPopularity.refresh(new Date(now.getTime() + 6 * 24 * HOUR));
    assert.equal((await popularity(deals.old!)).clicks_7d, 0);
    assert.ok(Math.abs((await popularity(deals.fresh!)).score - decayedScore([{ count: 4, ageHours: 145 }])) < 1e-9);
    await t.app.dealPopularity.refresh(now);
    assert.equal((await popularity(deals.old!)).clicks_7d, 8);
  });

  it('marks a card Hot from the threshold of unique clicks in 24 h (default 10, set in the site settings)', async () => {
    await addClicks(deals.steady!, 2, 10);
    await t.app.dealPopularity.refresh(now);
    const hot = (cards: DealCard[]) => cards.filter((card) => card.hot).map((card) => card.id);
    assert.deepEqual(hot(await search({})), [deals.steady], '10 clicks reach the default threshold, 4 do not');

    const asset = await t.app.inject({ method: 'GET', url: '/api/Asset/GetAsset', headers: people.admin.headers });
    assert.equal(asset.json().hotDealThreshold, 10);
    const save = (hotDealThreshold: unknown, headers = people.admin.headers) =>
      t.app.inject({ method: 'PUT', url: '/api/Asset/UpdateAsset', headers, payload: { companyName: 'Deals', emailAddress: 'team@deals.example', hotDealThreshold } });
    assert.equal((await save(0)).statusCode, 400);
    assert.equal((await save(4, people.staff.headers)).statusCode, 403);
    const saved = await save(4);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Asset/GetAsset', headers: people.admin.headers })).json().hotDealThreshold, 4);
    // The save refreshes at once (with the real clock, so refresh again at the test's time).
    await t.app.dealPopularity.refresh(now);
    assert.deepEqual(hot(await search({})).sort(), [deals.steady, deals.fresh].sort());
    // Settings saved without the field keep the threshold.
    await t.app.inject({ method: 'PUT', url: '/api/Asset/UpdateAsset', headers: people.admin.headers, payload: { companyName: 'Deals', emailAddress: 'team@deals.example' } });
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Asset/GetAsset', headers: people.admin.headers })).json().hotDealThreshold, 4);
    await save(10);
    await t.app.dealPopularity.refresh(now);
  });

  it('shows the 7-day clicks on the admin deals table, sortable both ways', async () => {
    const page = async (order: 'asc' | 'desc'): Promise<TablePage<ProductListItem>> => {
      const res = await t.app.inject({ method: 'GET', url: `/api/Product/GetAllProducts?page=1&pageSize=50&sortBy=clicks7d&order=${order}`, headers: people.admin.headers });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const desc = await page('desc');
    const clicks = Object.fromEntries(desc.items.map((row) => [row.id, row.clicks7d]));
    assert.equal(clicks[deals.steady!], 16);
    assert.equal(clicks[deals.hidden!], 50);
    assert.equal(clicks[deals.none!], 0);
    assert.deepEqual(desc.items.slice(0, 3).map((row) => row.id), [deals.hidden, deals.steady, deals.old]);
    const asc = await page('asc');
    assert.deepEqual(asc.items.map((row) => row.id), [...desc.items.map((row) => row.id)].reverse());
    const unpaged = await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts', headers: people.admin.headers });
    assert.equal((unpaged.json() as ProductListItem[]).find((row) => row.id === deals.hidden)!.clicks7d, 50);
  });

  it('real clicks through /out reach the score after a refresh', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/out/${deals.none}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });
    assert.equal(res.statusCode, 302);
    await t.app.clickOuts.flush();
    await t.app.dealPopularity.refresh();
    const none = await popularity(deals.none!);
    assert.equal(none.clicks_7d, 1);
    // Counted in its hour, which began up to an hour ago: 0.5^(60 min / 48 h) ≈ 0.9857 at the least.
    assert.ok(none.score > 0.985 && none.score <= 1, String(none.score));
  });
});
