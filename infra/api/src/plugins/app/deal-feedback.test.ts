/**
 * "Did this code work?" and visitor reports: one answer per visitor per deal per day (the
 * click-outs' visitor key), bots and prefetches answered but not counted, 404 for deals that are
 * unknown or not live, the per-IP limit shared by two instances, the minimum of answers before a
 * rate shows, the rate in the cards and the detail, and "Most Popular" weighing success.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox/type';
import { Value } from '@sinclair/typebox/value';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DealCardSchema, DealDetailSchema, FEEDBACK_MESSAGES, FEEDBACK_RATE_LIMIT, MESSAGES, type DealCard, type DealDetail } from '@deals/contract';
import { buildApp } from '../../app.js';
import { createSharedTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { addDeal, addStore } from '../../test-support/search.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;

type Rows<T> = { rows: T[] };

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value));

describe('visitor feedback: DealFeedback/Vote and DealFeedback/Report', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let clock = Date.parse('2026-03-10T12:00:00Z');
  let deal: number;
  let other: number;
  let expired: number;
  let inactive: number;
  let ipSeed = 0;

  const open = () =>
    buildApp({ database: database.options, logger: false, env: { PUBLIC_CACHE_TTL_MS: '0' }, feedback: { now: () => new Date(clock), flushMs: 60_000 }, popularity: { refreshMs: 0 }, linkHealth: { schedule: false } });
  /** A distinct visitor: an address of its own (so the per-IP limit never interferes unless a test wants it). */
  const visitor = () => `198.51.${Math.floor(++ipSeed / 250)}.${(ipSeed % 250) + 1}`;
  const vote = (app: FastifyInstance, productId: number, worked: boolean, { ip = visitor(), userAgent = BROWSER, headers = {} as Record<string, string> } = {}) =>
    app.inject({ method: 'POST', url: '/api/DealFeedback/Vote', payload: { productId, worked }, remoteAddress: ip, headers: { 'user-agent': userAgent, ...headers } });
  const report = (app: FastifyInstance, productId: number, reason: string, ip = visitor()) =>
    app.inject({ method: 'POST', url: '/api/DealFeedback/Report', payload: { productId, reason }, remoteAddress: ip, headers: { 'user-agent': BROWSER } });
  const votes = async (productId: number) =>
    ((await one.db.execute(sql`SELECT worked FROM deal_votes WHERE product_id = ${productId} ORDER BY voted_at`)) as unknown as Rows<{ worked: boolean }>).rows.map((row) => row.worked);
  const detail = async (productId: number) => {
    const res = await one.inject({ method: 'GET', url: `/api/Product/GetProductDetailById?productId=${productId}` });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as DealDetail;
    assert.deepEqual([...Value.Errors(DealDetailSchema, body)].map((error) => `${error.path} ${error.message}`), [], 'matches the contract');
    return body;
  };
  const cards = async (body: object = {}) => {
    const res = await one.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: body });
    assert.equal(res.statusCode, 200, res.body);
    const list = res.json() as DealCard[];
    assert.deepEqual([...Value.Errors(Type.Array(DealCardSchema), list)].map((error) => `${error.path} ${error.message}`), [], 'matches the contract');
    return list;
  };
  const flush = async () => {
    await one.dealFeedback.flush();
    await two.dealFeedback.flush();
  };

  before(async () => {
    database = await createSharedTestDatabase();
    one = await open();
    await one.ready();
    two = await open();
    await two.ready();
    const store = await addStore(one, 'Feedback Store');
    deal = await addDeal(one, { storeId: store, name: 'Code deal', promoCode: 'SAVE10', addedHour: 2 });
    other = await addDeal(one, { storeId: store, name: 'Other deal', promoCode: 'OTHER', addedHour: 1 });
    expired = await addDeal(one, { storeId: store, name: 'Expired deal', dealExpiresIn: new Date(Date.parse('2026-03-09T00:00:00Z')) });
    inactive = await addDeal(one, { storeId: store, name: 'Inactive deal', isActive: false });
  });
  after(async () => {
    await one.close();
    await two.close();
    await database.drop();
  });
  beforeEach(async () => {
    await flush();
    await one.db.execute(sql`DELETE FROM deal_votes`);
    await one.db.execute(sql`DELETE FROM deal_reports`);
    await one.db.execute(sql`UPDATE deal_popularity SET votes_30d = 0, worked_30d = 0, last_worked_at = NULL, success_rate = NULL, success_factor = 1, score = 0`);
    await one.db.execute(sql`UPDATE trust_settings SET min_answers = 5`);
    clock = Date.parse('2026-03-10T12:00:00Z');
  });

  it('counts one answer per visitor, deal and day across instances; the first answer of the day stays', async () => {
    const ip = visitor();
    assert.equal((await vote(one, deal, false, { ip })).json().message, FEEDBACK_MESSAGES.voted);
    assert.equal((await vote(two, deal, true, { ip })).statusCode, 200);
    assert.equal((await vote(one, other, true, { ip })).statusCode, 200);
    await flush();
    assert.deepEqual(await votes(deal), [false]);
    assert.deepEqual(await votes(other), [true]);
    clock += DAY;
    await vote(two, deal, true, { ip });
    await flush();
    assert.deepEqual(await votes(deal), [false, true], 'a new day is a new answer');
    const keys = (await one.db.execute(sql`SELECT visitor FROM deal_votes`)) as unknown as Rows<{ visitor: string }>;
    assert.ok(keys.rows.every((row) => !row.visitor.includes(ip)), 'no address is stored');
  });

  it('answers bots and prefetches alike but does not count them', async () => {
    assert.equal((await vote(one, deal, false, { userAgent: GOOGLEBOT })).statusCode, 200);
    assert.equal((await vote(one, deal, false, { userAgent: '' })).statusCode, 200);
    assert.equal((await vote(one, deal, false, { headers: { 'sec-purpose': 'prefetch' } })).statusCode, 200);
    const botReport = await one.inject({ method: 'POST', url: '/api/DealFeedback/Report', payload: { productId: deal, reason: 'EXPIRED' }, remoteAddress: visitor(), headers: { 'user-agent': GOOGLEBOT } });
    assert.equal(botReport.statusCode, 200);
    await flush();
    assert.deepEqual(await votes(deal), []);
    const reports = (await one.db.execute(sql`SELECT count(*)::int AS n FROM deal_reports`)) as unknown as Rows<{ n: number }>;
    assert.equal(reports.rows[0]!.n, 0);
  });

  it('answers 404 for unknown, expired and inactive deals and 400 for bad bodies, recording nothing', async () => {
    for (const id of [999_999, expired, inactive]) {
      const res = await vote(one, id, true);
      assert.equal(res.statusCode, 404, `deal ${id}`);
      assert.equal(res.json().message, 'Deal not found');
      assert.equal((await report(one, id, 'EXPIRED')).statusCode, 404);
    }
    const bad = [{ productId: deal }, { productId: deal, worked: 'yes' }, { productId: 'x', worked: true }];
    for (const payload of bad) {
      const res = await one.inject({ method: 'POST', url: '/api/DealFeedback/Vote', payload, remoteAddress: visitor(), headers: { 'user-agent': BROWSER } });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
    }
    const res = await report(one, deal, 'SPAM');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.reason, FEEDBACK_MESSAGES.reason);
    await flush();
    const count = (await one.db.execute(sql`SELECT (SELECT count(*) FROM deal_votes)::int + (SELECT count(*) FROM deal_reports)::int AS n`)) as unknown as Rows<{ n: number }>;
    assert.equal(count.rows[0]!.n, 0);
  });

  it('limits each address across both instances, votes and reports together', async () => {
    const ip = visitor();
    for (let index = 0; index < 20; index++) assert.equal((await vote(one, deal, true, { ip })).statusCode, 200);
    await one.dealFeedback.flush();
    // The other instance learns the address's count with its own next write of counts.
    assert.equal((await report(two, deal, 'EXPIRED', ip)).statusCode, 200);
    await two.dealFeedback.flush();
    for (let index = 0; index < FEEDBACK_RATE_LIMIT.max - 21; index++) assert.equal((await vote(two, other, true, { ip })).statusCode, 200, `request ${22 + index}`);
    const refused = await vote(two, deal, true, { ip });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, MESSAGES.rateLimited);
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal((await report(two, deal, 'EXPIRED', ip)).statusCode, 429, 'reports share the limit');
    assert.equal((await vote(two, deal, true)).statusCode, 200, 'another address is not limited');
  });

  it('de-duplicates reports per visitor, deal, reason and day', async () => {
    const ip = visitor();
    await report(one, deal, 'CODE_FAILED', ip);
    await report(two, deal, 'CODE_FAILED', ip);
    await report(one, deal, 'LINK_BROKEN', ip);
    await report(two, deal, 'CODE_FAILED');
    await flush();
    const rows = (await one.db.execute(sql`SELECT reason, count(*)::int AS n FROM deal_reports WHERE product_id = ${deal} GROUP BY reason ORDER BY reason`)) as unknown as Rows<{ reason: string; n: number }>;
    assert.deepEqual(rows.rows, [
      { reason: 'CODE_FAILED', n: 2 },
      { reason: 'LINK_BROKEN', n: 1 },
    ]);
  });

  it('shows the success rate and last worked once the deal has the minimum of answers, in the detail and the cards', async () => {
    for (let index = 0; index < 3; index++) await vote(one, deal, true);
    await flush();
    let shown = await detail(deal);
    assert.equal(shown.successRate, null, 'below the minimum: no rate');
    assert.equal(shown.lastWorkedAt, null);
    assert.equal(shown.feedbackCount, 3);
    let card = (await cards()).find((candidate) => candidate.id === deal)!;
    assert.equal(card.successRate, undefined);
    assert.equal(card.feedbackCount, 3);

    clock += 3_600_000;
    await vote(two, deal, true);
    await vote(two, deal, false);
    await flush();
    shown = await detail(deal);
    assert.equal(shown.successRate, 80);
    assert.equal(shown.feedbackCount, 5);
    assert.equal(shown.lastWorkedAt, new Date(clock).toISOString());
    card = (await cards()).find((candidate) => candidate.id === deal)!;
    assert.equal(card.successRate, 80);
    assert.equal(card.lastWorkedAt, new Date(clock).toISOString());
    const plain = (await cards()).find((candidate) => candidate.id === other)!;
    assert.ok(!('successRate' in plain) && !('feedbackCount' in plain) && !('verifiedAt' in plain), 'a card without answers is as before');

    // A higher minimum hides the rate at once; answers older than 30 days stop counting.
    await one.inject({ method: 'GET', url: '/api/health' });
    await one.db.execute(sql`UPDATE trust_settings SET min_answers = 6`);
    await one.db.execute(sql`UPDATE deal_votes SET voted_at = voted_at - interval '31 days' WHERE worked`);
    await one.dealPopularity.refresh(new Date(clock));
    await one.dealPopularity.refresh(new Date(clock + 60_000));
    shown = await detail(deal);
    assert.equal(shown.successRate, null);
    assert.equal(shown.feedbackCount, 1, 'the Yes answers left the 30 days');
  });

  it('ranks a deal whose code fails below an equally clicked one that works under Most Popular', async () => {
    const hour = new Date(Date.parse('2026-03-10T11:00:00Z'));
    await one.db.execute(sql`INSERT INTO deal_click_hours (product_id, hour, clicks) VALUES (${deal}, ${hour.toISOString()}::timestamptz, 10), (${other}, ${hour.toISOString()}::timestamptz, 10)
      ON CONFLICT (product_id, hour) DO UPDATE SET clicks = excluded.clicks`);
    await one.db.execute(sql`DELETE FROM popularity_refresh_state`);
    await one.dealPopularity.refresh(new Date(clock));
    const order = async () => (await cards({ sortBy: 'DESC_POPULARITY' })).map((card) => card.id).filter((id) => id === deal || id === other);
    assert.deepEqual(await order(), [other, deal], 'equal clicks: the newer id first');
    for (let index = 0; index < 5; index++) await vote(one, other, false);
    for (let index = 0; index < 5; index++) await vote(two, deal, true);
    await flush();
    assert.deepEqual(await order(), [deal, other], 'the code that works ranks first');
    // The next rounds keep the factor: a full round recomputes clicks and answers alike.
    await one.db.execute(sql`DELETE FROM popularity_refresh_state`);
    await one.dealPopularity.refresh(new Date(clock + 60_000));
    assert.deepEqual(await order(), [deal, other]);
  });
});
