/**
 * `/out/{dealId}` redirects to the deal's link and records the click without
 * personal data: once per visitor (salted hash of IP and user agent), deal and UTC day; bots, HEAD
 * and prefetches are redirected but not counted; the buffer is written on a clean shutdown.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createSharedTestDatabase, createTestDatabase } from '../../test-support/database.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { addDeal, addStore } from '../../test-support/search.js';
import { countable, isPrefetch, visitorKey } from './click-outs.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;

async function clickRows(app: FastifyInstance, dealId?: number) {
  const where = dealId === undefined ? sql`` : sql`WHERE product_id = ${dealId}`;
  const result = (await app.db.execute(sql`SELECT product_id, day::text AS day, visitor FROM deal_clicks ${where} ORDER BY day, visitor`)) as unknown as {
    rows: { product_id: number; day: string; visitor: string }[];
  };
  return result.rows;
}

async function hourTotal(app: FastifyInstance, dealId: number): Promise<number> {
  const result = (await app.db.execute(sql`SELECT coalesce(sum(clicks), 0)::int AS n FROM deal_click_hours WHERE product_id = ${dealId}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('click-outs: /out/{dealId}', () => {
  let t: TestApp;
  let clock = Date.parse('2026-03-10T12:00:00Z');
  let deal: number;
  let hidden: number;

  const out = (id: number | string, headers: Record<string, string> = { 'user-agent': BROWSER }, options: { method?: 'GET' | 'HEAD'; ip?: string } = {}) =>
    t.app.inject({ method: options.method ?? 'GET', url: `/out/${id}`, headers, remoteAddress: options.ip ?? '203.0.113.7' });

  before(async () => {
    t = await createTestApp({ clickOuts: { now: () => new Date(clock), flushMs: 60_000 }, popularity: { refreshMs: 0 } });
    const store = await addStore(t.app, 'Out Store');
    deal = await addDeal(t.app, { storeId: store, name: 'Out deal' });
    hidden = await addDeal(t.app, { storeId: store, name: 'Inactive deal', isActive: false });
  });
  after(() => t.close());
  beforeEach(async () => {
    await t.app.clickOuts.flush();
    await t.app.db.execute(sql`DELETE FROM deal_clicks`);
    await t.app.db.execute(sql`DELETE FROM deal_click_hours`);
    clock = Date.parse('2026-03-10T12:00:00Z');
  });

  it('answers 302 to the deal link, never cached, and 404 for an unknown or malformed id', async () => {
    const res = await out(deal);
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, 'https://shop.example/deal');
    assert.equal(res.headers['cache-control'], 'no-store');
    for (const id of [999_999, 'abc', '0', '12x', '99999999999']) {
      const missing = await out(id, { 'user-agent': BROWSER, accept: 'application/json' });
      assert.equal(missing.statusCode, 404, String(id));
      assert.equal(typeof missing.json().message, 'string');
    }
  });

  it('still redirects a deal that is not live (documented choice), and counts it', async () => {
    const res = await out(hidden);
    assert.equal(res.statusCode, 302);
    await t.app.clickOuts.flush();
    assert.equal((await clickRows(t.app, hidden)).length, 1);
  });

  it('counts one visitor once per deal per day: same IP and agent twice = 1, another agent = 2, the next day again', async () => {
    await out(deal);
    await out(deal);
    await t.app.clickOuts.flush();
    assert.equal((await clickRows(t.app, deal)).length, 1);
    await out(deal, { 'user-agent': OTHER_BROWSER });
    await t.app.clickOuts.flush();
    assert.equal((await clickRows(t.app, deal)).length, 2);
    await out(deal, { 'user-agent': BROWSER }, { ip: '198.51.100.9' });
    await t.app.clickOuts.flush();
    assert.equal((await clickRows(t.app, deal)).length, 3, 'another IP is another visitor');

    clock += DAY;
    await out(deal);
    await out(deal);
    await t.app.clickOuts.flush();
    const rows = await clickRows(t.app, deal);
    assert.deepEqual(rows.map((row) => row.day), ['2026-03-10', '2026-03-10', '2026-03-10', '2026-03-11']);
    assert.equal(await hourTotal(t.app, deal), 4, 'the hourly counts hold the unique clicks only');
  });

  it('stores no personal data: the visitor is a salted hash, the salt differs per day', async () => {
    await out(deal);
    clock += DAY;
    await out(deal);
    await t.app.clickOuts.flush();
    const rows = await clickRows(t.app, deal);
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.match(row.visitor, /^[A-Za-z0-9_-]{43}$/);
      assert.ok(!row.visitor.includes('203.0.113.7'));
    }
    assert.notEqual(rows[0]!.visitor, rows[1]!.visitor, 'the same visitor gets another key the next day');
    assert.notEqual(visitorKey('a', '1.1.1.1', BROWSER), visitorKey('b', '1.1.1.1', BROWSER));
  });

  it('redirects but does not count bots, HEAD requests and prefetches', async () => {
    const cases: { headers: Record<string, string>; method?: 'HEAD' }[] = [
      { headers: { 'user-agent': GOOGLEBOT } },
      { headers: { 'user-agent': 'curl/8.5.0' } },
      { headers: {} },
      { headers: { 'user-agent': BROWSER }, method: 'HEAD' },
      { headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' } },
      { headers: { 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' } },
      { headers: { 'user-agent': BROWSER, purpose: 'prefetch' } },
    ];
    for (const { headers, method } of cases) {
      const res = await out(deal, headers, method ? { method } : {});
      assert.equal(res.statusCode, 302, JSON.stringify(headers));
      assert.equal(res.headers.location, 'https://shop.example/deal');
    }
    await t.app.clickOuts.flush();
    assert.equal((await clickRows(t.app, deal)).length, 0);
    assert.equal(isPrefetch({ 'sec-purpose': 'prefetch' }), true);
    assert.equal(countable({ method: 'GET', headers: { 'user-agent': BROWSER } }), true);
  });

  it('answers the redirect before the click is written (buffered)', async () => {
    await out(deal);
    assert.equal(t.app.clickOuts.pending(), 1);
    assert.equal((await clickRows(t.app, deal)).length, 0);
    await t.app.clickOuts.flush();
    assert.equal(t.app.clickOuts.pending(), 0);
    assert.equal((await clickRows(t.app, deal)).length, 1);
  });

  it('writes a full batch at once, without waiting for the timer', async () => {
    const small = await createTestApp({ clickOuts: { batchSize: 3, flushMs: 60_000 }, popularity: { refreshMs: 0 } });
    try {
      const store = await addStore(small.app, 'Batch Store');
      const id = await addDeal(small.app, { storeId: store, name: 'Batch deal' });
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        await small.app.inject({ method: 'GET', url: `/out/${id}`, headers: { 'user-agent': BROWSER }, remoteAddress: ip });
      }
      for (let i = 0; i < 50 && (await clickRows(small.app, id)).length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal((await clickRows(small.app, id)).length, 3);
    } finally {
      await small.close();
    }
  });
});

describe('click-outs across instances and restarts', () => {
  it('writes the buffered clicks on a clean shutdown: close, reopen the same database, the click is there', async () => {
    const database = await createTestDatabase({ persistent: true });
    try {
      const options = { database: database.options, logger: false as const, env: { PUBLIC_CACHE_TTL_MS: '0' }, popularity: { refreshMs: 0 } };
      const first = await buildApp({ ...options, clickOuts: { flushMs: 3_600_000 } });
      const store = await addStore(first, 'Close Store');
      const id = await addDeal(first, { storeId: store, name: 'Close deal' });
      const res = await first.inject({ method: 'GET', url: `/out/${id}`, headers: { 'user-agent': BROWSER } });
      assert.equal(res.statusCode, 302);
      assert.equal(first.clickOuts.pending(), 1);
      await first.close();

      const second = await buildApp(options);
      try {
        assert.equal((await clickRows(second, id)).length, 1);
        assert.equal(await hourTotal(second, id), 1);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('shares the day salt between instances, so a visitor counts once across them', async () => {
    const database = await createSharedTestDatabase();
    const options = { database: database.options, logger: false as const, env: { PUBLIC_CACHE_TTL_MS: '0' }, popularity: { refreshMs: 0 }, clickOuts: { flushMs: 60_000 } };
    const a = await buildApp(options);
    const b = await buildApp(options);
    try {
      const store = await addStore(a, 'Shared Store');
      const id = await addDeal(a, { storeId: store, name: 'Shared deal' });
      await Promise.all([
        a.inject({ method: 'GET', url: `/out/${id}`, headers: { 'user-agent': BROWSER } }),
        b.inject({ method: 'GET', url: `/out/${id}`, headers: { 'user-agent': BROWSER } }),
      ]);
      await Promise.all([a.clickOuts.flush(), b.clickOuts.flush()]);
      assert.equal((await clickRows(a, id)).length, 1);
      const salts = (await a.db.execute(sql`SELECT count(*)::int AS n FROM click_salts`)) as unknown as { rows: { n: number }[] };
      assert.equal(salts.rows[0]!.n, 1);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
