/**
 * The decayed popularity score, the "Most Popular" sort of the public list, the
 * "Hot" flag on cards from the site's threshold, and the 7-day clicks on the admin deals table; the
 * incremental refresh (scores relative to the month's epoch: a round rewrites only the deals with
 * new clicks or hours leaving a window, a new month recomputes all).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DealCard, ProductListItem, TablePage } from '@deals/contract';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { addDeal, addStore } from '../../test-support/search.js';
import { decayedScore, POPULARITY_HALF_LIFE_HOURS, popularityEpoch, storedScore } from './deal-popularity.js';

const HOUR = 3_600_000;

/** Equal up to float rounding (stored scores reach 2^15 and more). */
function assertClose(actual: number, expected: number, message?: string) {
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), message ?? `${actual} ≠ ${expected}`);
}

type PopularityRow = { product_id: number; score: number; clicks_24h: number; clicks_7d: number; is_hot: boolean; version: string };

/** Every deal's popularity row, with the transaction that last wrote it (xmin). */
async function popularityRows(t: TestApp): Promise<Map<number, PopularityRow>> {
  const result = (await t.app.db.execute(sql`SELECT product_id, score, clicks_24h, clicks_7d, is_hot, xmin::text AS version FROM deal_popularity`)) as unknown as {
    rows: PopularityRow[];
  };
  return new Map(result.rows.map((row) => [row.product_id, row]));
}

/** `clicks` unique clicks of deal `dealId` in the hour starting at `hour` (as click-outs.ts adds them). */
async function addHourClicks(t: TestApp, dealId: number, hour: Date, clicks: number) {
  await t.app.db.execute(sql`INSERT INTO deal_click_hours (product_id, hour, clicks) VALUES (${dealId}, ${hour.toISOString()}::timestamptz, ${clicks})
    ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks`);
}

async function refreshState(t: TestApp) {
  const result = (await t.app.db.execute(sql`SELECT date_part('epoch', epoch) * 1000 AS epoch, date_part('epoch', refreshed_at) * 1000 AS refreshed_at FROM popularity_refresh_state`)) as unknown as {
    rows: { epoch: number; refreshed_at: number }[];
  };
  const row = result.rows[0]!;
  return { epoch: new Date(Number(row.epoch)), refreshedAt: new Date(Number(row.refreshed_at)) };
}

describe('decay math', () => {
  it('halves a click\'s weight every half-life and drops clicks older than 7 days', () => {
    assert.equal(POPULARITY_HALF_LIFE_HOURS, 48);
    assert.equal(decayedScore([{ count: 1, ageHours: 0 }]), 1);
    assert.equal(decayedScore([{ count: 4, ageHours: 48 }]), 2);
    assert.equal(decayedScore([{ count: 4, ageHours: 96 }]), 1);
    assert.equal(decayedScore([{ count: 100, ageHours: 7 * 24 }]), 0);
    assert.ok(decayedScore([{ count: 3, ageHours: 1 }]) > decayedScore([{ count: 5, ageHours: 72 }]), '3 fresh clicks beat 5 of three days ago');
  });

  it('stores the score relative to the start of the UTC month: the decayed score times one factor common to every deal', () => {
    const at = new Date(Date.UTC(2026, 2, 5));
    assert.equal(popularityEpoch(at).toISOString(), '2026-03-01T00:00:00.000Z');
    assert.equal(popularityEpoch(new Date(Date.UTC(2026, 2, 31, 23, 59))).toISOString(), '2026-03-01T00:00:00.000Z');
    assert.equal(popularityEpoch(new Date(Date.UTC(2026, 3, 1))).toISOString(), '2026-04-01T00:00:00.000Z');
    // 4 days after the epoch: two half-lives, so a click of that hour weighs 4; one of 2 days before it 2.
    assert.equal(storedScore([{ count: 1, ageHours: 0 }], at), 4);
    assert.equal(storedScore([{ count: 1, ageHours: 48 }], at), 2);
    assert.equal(storedScore([{ count: 100, ageHours: 7 * 24 }], at), 0);
    // The same clicks stored later: the same score (nothing decays between rounds).
    const later = new Date(at.getTime() + 30 * HOUR);
    assertClose(storedScore([{ count: 3, ageHours: 30 + 5 }], later), storedScore([{ count: 3, ageHours: 5 }], at));
  });

  it('orders deals exactly as their decayed score at any moment', () => {
    const at = new Date(Date.UTC(2026, 2, 20, 7));
    const deals = Array.from({ length: 40 }, (_, i) =>
      Array.from({ length: 1 + (i % 5) }, (_, k) => ({ count: 1 + ((i * 7 + k * 3) % 11), ageHours: (i * 13 + k * 29) % (7 * 24) })),
    );
    const order = (score: (clicks: (typeof deals)[number]) => number) =>
      deals
        .map((clicks, id) => ({ id, score: score(clicks) }))
        .sort((a, b) => b.score - a.score || b.id - a.id)
        .map((deal) => deal.id);
    assert.deepEqual(order((clicks) => storedScore(clicks, at)), order(decayedScore));
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

  it('stores the score of the last 7 days (relative to the month\'s epoch) and the 24 h / 7 d counts', async () => {
    const steady = await popularity(deals.steady!);
    assertClose(steady.score, storedScore([{ count: 6, ageHours: 50 }], now));
    assert.equal(steady.clicks_24h, 0);
    assert.equal(steady.clicks_7d, 6);
    const fresh = await popularity(deals.fresh!);
    assertClose(fresh.score, storedScore([{ count: 4, ageHours: 1 }], now));
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
    const later = new Date(now.getTime() + 6 * 24 * HOUR);
    await t.app.dealPopularity.refresh(later);
    assert.equal((await popularity(deals.old!)).clicks_7d, 0);
    assertClose((await popularity(deals.fresh!)).score, storedScore([{ count: 4, ageHours: 145 }], later));
    // Relative to the epoch, not decayed: as a score at the moment, it has fallen.
    assertClose((await popularity(deals.fresh!)).score * 0.5 ** ((later.getTime() - popularityEpoch(later).getTime()) / (POPULARITY_HALF_LIFE_HOURS * HOUR)), decayedScore([{ count: 4, ageHours: 145 }]));
    // A clock that went back (here: the test's) recomputes every deal.
    await t.app.dealPopularity.refresh(now);
    assert.equal((await popularity(deals.old!)).clicks_7d, 8);
  });

  it('marks a card Hot from the threshold of unique clicks in 24 h (default 10, set in the site settings)', async () => {
    // In the hour of `now`, as clicks land (a later round finds the deals with new hour rows).
    await addClicks(deals.steady!, 0, 10);
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
    // Counted in its hour, which began up to an hour ago: 0.5^(60 min / 48 h) ≈ 0.9857 at the least
    // as the decayed score at the refresh (the stored one is relative to the month's epoch).
    const state = await refreshState(t);
    const decayed = none.score * 0.5 ** ((state.refreshedAt.getTime() - state.epoch.getTime()) / (POPULARITY_HALF_LIFE_HOURS * HOUR));
    assert.ok(decayed > 0.985 && decayed <= 1 + 1e-9, String(decayed));
  });
});

describe('popularity: the incremental refresh', () => {
  let t: TestApp;
  let clock = new Date(Date.UTC(2026, 2, 20, 12));
  const start = clock;
  const deals: Record<string, number> = {};
  const hoursBefore = (hours: number) => new Date(start.getTime() - hours * HOUR);
  const refreshAt = async (at: Date) => {
    clock = at;
    assert.equal(await t.app.dealPopularity.refresh(), true);
  };
  /** The stored score a full recompute gives each deal at `at`, from its hour rows. */
  async function expectedScores(at: Date, epoch = popularityEpoch(at)): Promise<Map<number, number>> {
    const result = (await t.app.db.execute(sql`SELECT product_id, date_part('epoch', hour) * 1000 AS hour, clicks FROM deal_click_hours`)) as unknown as {
      rows: { product_id: number; hour: number; clicks: number }[];
    };
    const clicks = new Map<number, { count: number; ageHours: number }[]>();
    for (const row of result.rows) {
      const list = clicks.get(row.product_id) ?? [];
      list.push({ count: row.clicks, ageHours: (at.getTime() - Number(row.hour)) / HOUR });
      clicks.set(row.product_id, list);
    }
    return new Map([...clicks].map(([id, list]) => [id, storedScore(list, at, epoch)]));
  }

  before(async () => {
    t = await createTestApp({ popularity: { refreshMs: 0, now: () => clock } });
    const store = await addStore(t.app, 'Incremental Store');
    for (const [i, name] of ['quiet', 'clicked', 'leaves24h', 'leaves7d', 'never'].entries()) {
      deals[name] = await addDeal(t.app, { storeId: store, name: `Inc ${name}`, addedHour: i });
    }
    await addHourClicks(t, deals.quiet!, hoursBefore(30), 5);
    await addHourClicks(t, deals.clicked!, hoursBefore(3), 2);
    await addHourClicks(t, deals.leaves24h!, hoursBefore(23), 12); // Hot (default threshold 10) until it is 24 h old
    await addHourClicks(t, deals.leaves24h!, hoursBefore(40), 1);
    await addHourClicks(t, deals.leaves7d!, hoursBefore(7 * 24 - 3), 7);
    await refreshAt(start); // the first round: every deal
  });
  after(() => t.close());

  it('the first round computes every deal and keeps its epoch and moment', async () => {
    const state = await refreshState(t);
    assert.equal(state.epoch.toISOString(), '2026-03-01T00:00:00.000Z');
    assert.equal(state.refreshedAt.toISOString(), start.toISOString());
    const rows = await popularityRows(t);
    for (const [id, score] of await expectedScores(start)) assertClose(rows.get(id)!.score, score);
    assert.deepEqual(
      [rows.get(deals.leaves24h!)!.clicks_24h, rows.get(deals.leaves24h!)!.clicks_7d, rows.get(deals.leaves24h!)!.is_hot],
      [12, 13, true],
    );
  });

  it('a round leaves the rows of deals without new clicks untouched and updates the clicked one', async () => {
    const before = await popularityRows(t);
    const at = new Date(start.getTime() + 60_000);
    await addHourClicks(t, deals.clicked!, start, 3); // a click of this minute, in the current hour
    await refreshAt(at);
    const rows = await popularityRows(t);
    for (const name of ['quiet', 'leaves24h', 'leaves7d', 'never']) {
      assert.deepEqual(rows.get(deals[name]!), before.get(deals[name]!), `${name} was rewritten`);
    }
    const clicked = rows.get(deals.clicked!)!;
    assert.notEqual(clicked.version, before.get(deals.clicked!)!.version);
    assert.deepEqual([clicked.clicks_24h, clicked.clicks_7d], [5, 5]);
    assertClose(clicked.score, storedScore([{ count: 2, ageHours: 3 }, { count: 3, ageHours: 0 }], start));
    // Later in the same hour, a click written late (the buffer) into that hour is still found.
    await addHourClicks(t, deals.clicked!, start, 1);
    await refreshAt(new Date(start.getTime() + 59 * 60_000));
    assert.equal((await popularityRows(t)).get(deals.clicked!)!.clicks_7d, 6);
  });

  it('updates a deal whose hour leaves the 24-hour window (clicks_24h, Hot), not its score', async () => {
    const before = (await popularityRows(t)).get(deals.leaves24h!)!;
    await refreshAt(new Date(start.getTime() + HOUR)); // its hour, 23 h before the start, is now 24 h old
    const after = (await popularityRows(t)).get(deals.leaves24h!)!;
    assert.deepEqual([after.clicks_24h, after.clicks_7d, after.is_hot], [0, 13, false]);
    assertClose(after.score, before.score);
    assert.equal((await popularityRows(t)).get(deals.leaves7d!)!.clicks_7d, 7, 'still within the 7 days');
  });

  it('updates a deal whose last hour leaves the 7-day window', async () => {
    await refreshAt(new Date(start.getTime() + 3 * HOUR + 30 * 60_000));
    const row = (await popularityRows(t)).get(deals.leaves7d!)!;
    assert.deepEqual([row.score, row.clicks_24h, row.clicks_7d], [0, 0, 0]);
  });

  it('a new Hot threshold re-marks every deal in the next round', async () => {
    const setThreshold = (n: number) =>
      t.app.db.execute(sql`INSERT INTO site_assets (id, hot_deal_threshold) VALUES (1, ${n}) ON CONFLICT (id) DO UPDATE SET hot_deal_threshold = excluded.hot_deal_threshold`);
    await setThreshold(3);
    await refreshAt(new Date(start.getTime() + 4 * HOUR));
    assert.equal((await popularityRows(t)).get(deals.clicked!)!.is_hot, true);
    await setThreshold(10);
    await refreshAt(new Date(start.getTime() + 4 * HOUR + 60_000));
    assert.equal((await popularityRows(t)).get(deals.clicked!)!.is_hot, false);
  });

  it('after many rounds with clicks in between: the same scores as a full recompute, ordered as the decayed scores', async () => {
    const many: number[] = [];
    const store = await addStore(t.app, 'Many Store');
    for (let i = 0; i < 12; i++) many.push(await addDeal(t.app, { storeId: store, name: `Many ${i}`, addedHour: 10 + i }));
    let at = new Date(start.getTime() + 5 * HOUR);
    for (let round = 0; round < 60; round++) {
      at = new Date(at.getTime() + 40 * 60_000);
      const hour = new Date(Math.floor(at.getTime() / HOUR) * HOUR);
      const dealId = many[(round * 7) % many.length]!;
      await addHourClicks(t, dealId, hour, 1 + (round % 4));
      await refreshAt(at);
    }
    const rows = await popularityRows(t);
    const expected = await expectedScores(at);
    for (const [id, score] of expected) assertClose(rows.get(id)!.score, score, `deal ${id}`);
    // Ordering by the stored score is ordering by the decayed score at this moment.
    const decayedAt = (id: number) => (expected.get(id) ?? 0) * 0.5 ** ((at.getTime() - popularityEpoch(at).getTime()) / (POPULARITY_HALF_LIFE_HOURS * HOUR));
    const ids = [...rows.keys()];
    const byStored = [...ids].sort((a, b) => rows.get(b)!.score - rows.get(a)!.score || b - a);
    const byDecayed = [...ids].sort((a, b) => decayedAt(b) - decayedAt(a) || b - a);
    assert.deepEqual(byStored, byDecayed);
    // A full recompute (no state: as on the first round) finds the same values.
    await t.app.db.execute(sql`DELETE FROM popularity_refresh_state`);
    await refreshAt(at);
    const recomputed = await popularityRows(t);
    for (const [id, row] of rows) {
      const again = recomputed.get(id)!;
      assertClose(again.score, row.score, `deal ${id}`);
      assert.deepEqual([again.clicks_24h, again.clicks_7d, again.is_hot], [row.clicks_24h, row.clicks_7d, row.is_hot], `deal ${id}`);
    }
  });

  it('a new month recomputes every deal relative to the new epoch', async () => {
    // The last round of March, then the first of April.
    await addHourClicks(t, deals.quiet!, new Date(Date.UTC(2026, 2, 31, 23)), 4);
    await refreshAt(new Date(Date.UTC(2026, 2, 31, 23, 30)));
    const march = await popularityRows(t);
    const april = new Date(Date.UTC(2026, 3, 1, 0, 10));
    await refreshAt(april);
    assert.equal((await refreshState(t)).epoch.toISOString(), '2026-04-01T00:00:00.000Z');
    const rows = await popularityRows(t);
    const expected = await expectedScores(april);
    for (const [id, score] of expected) assertClose(rows.get(id)!.score, score, `deal ${id}`);
    // The quiet deal got no clicks since, yet its score was rewritten for the new epoch: lower by
    // 2^(31 days / 2 days), its order among the deals unchanged.
    const quiet = rows.get(deals.quiet!)!;
    assert.notEqual(quiet.version, march.get(deals.quiet!)!.version);
    assertClose(quiet.score * 2 ** ((31 * 24) / POPULARITY_HALF_LIFE_HOURS), march.get(deals.quiet!)!.score);
    assert.equal(rows.get(deals.never!)!.score, 0);
  });
});
