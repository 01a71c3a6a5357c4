/**
 * Link health and Needs attention through the API, two instances on one database: Check now and
 * its evidence, a round holding the per-host limit, the optional automatic deactivation, the
 * queue's reasons and scope, Mark verified (the public "Verified" date), Dismiss until something new
 * happens, deactivation, the settings (admins, validated, audited) and the dashboard's count.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ATTENTION_MESSAGES,
  DEFAULT_SOFT_DEAD_PHRASES,
  MESSAGES,
  TRUST_MESSAGES,
  type AttentionQueuePage,
  type AttentionRow,
  type DashboardStats,
  type DealCard,
  type DealDetail,
  type LinkCheck,
  type TrustSettings,
} from '@deals/contract';
import { buildApp } from '../../../app.js';
import { addDeal, addStore } from '../../../test-support/catalog.js';
import { assertAdminOnly } from '../../../test-support/cms-pages.js';
import { createSharedTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';
import { startStoreServer, type StoreServer } from '../../../test-support/store-server.js';

type Rows<T> = { rows: T[] };
const HOUR = 3_600_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('LinkHealth: checks, Needs attention and settings', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let people: TestStaff;
  let stores: StoreServer[];
  let storeId: number;
  let ipSeed = 0;

  const open = () =>
    buildApp({
      database: database.options,
      logger: false,
      env: { PUBLIC_CACHE_TTL_MS: '0' },
      fetchAllowHosts: ['127.0.0.1', '127.0.0.2', '127.0.0.3'],
      linkHealth: { schedule: false, timeoutMs: 1_000, retryDelayMs: 10 },
      feedback: { flushMs: 60_000 },
      popularity: { refreshMs: 0 },
    });
  const as = (who: 'admin' | 'staff' | 'otherStaff') => people[who].headers;
  const call = async <T>(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as T };
  };
  const queue = async (app: FastifyInstance, who: 'admin' | 'staff' | 'otherStaff' = 'admin', query = '') => {
    const res = await call<AttentionQueuePage>(app, 'GET', `/api/LinkHealth/GetAttentionQueue?${query.includes('page') ? '' : 'page=1&pageSize=50'}${query}`, as(who));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };
  const rowOf = (page: AttentionQueuePage, id: number): AttentionRow | undefined => page.items.find((row) => row.productId === id);
  const checkNow = (app: FastifyInstance, id: number, who: 'admin' | 'staff' | 'otherStaff' = 'admin') => call<LinkCheck>(app, 'POST', `/api/LinkHealth/CheckProduct?productId=${id}`, as(who));
  const deal = (link: string, extra: Parameters<typeof addDeal>[1] extends infer D ? Partial<D> : never = {}) =>
    addDeal(one, { categoryId: storeId, link, addedById: people.staff.id, ...extra });
  const visitorReport = async (id: number, reason: string) => {
    const res = await two.inject({ method: 'POST', url: '/api/DealFeedback/Report', payload: { productId: id, reason }, remoteAddress: `192.0.2.${++ipSeed}`, headers: { 'user-agent': BROWSER } });
    assert.equal(res.statusCode, 200, res.body);
    await two.dealFeedback.flush();
  };

  before(async () => {
    database = await createSharedTestDatabase();
    one = await open();
    await one.ready();
    two = await open();
    await two.ready();
    people = await createTestStaff(one);
    stores = [await startStoreServer('127.0.0.1', { workMs: 20 }), await startStoreServer('127.0.0.2', { workMs: 20 }), await startStoreServer('127.0.0.3', { workMs: 20 })];
    storeId = await addStore(one, { name: 'Health Store' });
  });
  after(async () => {
    await one.close();
    await two.close();
    await Promise.all(stores.map((store) => store.close()));
    await database.drop();
  });
  beforeEach(async () => {
    await one.db.execute(sql`UPDATE products SET is_active = false`);
    await one.db.execute(sql`UPDATE trust_settings SET min_answers = 5, low_success_percent = 50, auto_deactivate_after_dead_checks = NULL, soft_dead_phrases = NULL`);
  });

  it('checks one deal now on either instance and keeps the result with its evidence', async () => {
    const dead = await deal(`${stores[0]!.origin}/gone`);
    const res = await checkNow(two, dead);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'DEAD');
    assert.equal(res.body.httpStatus, 404);
    assert.equal(res.body.finalUrl, `${stores[0]!.origin}/gone`);
    assert.equal(res.body.consecutiveDead, 1);
    assert.equal((await checkNow(one, dead)).body.consecutiveDead, 2, 'dead checks in a row add up');
    const row = rowOf(await queue(one), dead)!;
    assert.deepEqual(row.reasons.map((reason) => reason.kind), ['LINK']);
    assert.equal(row.reasons[0]!.detail, 'Link is dead: the server answered 404 (2 checks in a row)');
    assert.equal(row.linkCheck?.status, 'DEAD');

    assert.equal((await checkNow(one, dead, 'otherStaff')).status, 403, 'staff check their own deals only');
    assert.equal((await checkNow(one, 999_999)).status, 404);
    assert.equal((await call(one, 'POST', '/api/LinkHealth/CheckProduct?productId=abc', as('admin'))).status, 400);
    assert.equal((await one.inject({ method: 'POST', url: `/api/LinkHealth/CheckProduct?productId=${dead}` })).statusCode, 401);
  });

  it('runs a round over every live deal with at most 2 requests per store host, and skips deals already checked in it', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 30; index++) ids.push(await deal(`${stores[index % 3]!.origin}/ok?n=${index}`));
    const off = await deal(`${stores[0]!.origin}/gone`, { isActive: false });
    for (const store of stores) store.maxConcurrent = 0;
    const startedAt = new Date();
    assert.equal(await one.linkHealth.runRound(startedAt), 30);
    for (const store of stores) assert.ok(store.maxConcurrent <= 2 && store.maxConcurrent >= 1, `${store.host}: ${store.maxConcurrent} at once`);
    const results = (await one.db.execute(sql`SELECT status, count(*)::int AS n FROM deal_link_checks WHERE product_id = ANY(${sql.param(ids)}::int[]) GROUP BY status`)) as unknown as Rows<{ status: string; n: number }>;
    assert.deepEqual(results.rows, [{ status: 'OK', n: 30 }]);
    const offChecked = (await one.db.execute(sql`SELECT count(*)::int AS n FROM deal_link_checks WHERE product_id = ${off}`)) as unknown as Rows<{ n: number }>;
    assert.equal(offChecked.rows[0]!.n, 0, 'deals that are not live are not checked');
    assert.equal(await two.linkHealth.runRound(startedAt), 0, 'a resumed round skips what it already checked');
  });

  it('switches a deal off after the set number of dead checks in a row, audited as the link check', async () => {
    const dying = await deal(`${stores[1]!.origin}/removed`);
    await one.db.execute(sql`UPDATE trust_settings SET auto_deactivate_after_dead_checks = 2`);
    await checkNow(one, dying);
    let active = (await one.db.execute(sql`SELECT is_active FROM products WHERE id = ${dying}`)) as unknown as Rows<{ is_active: boolean }>;
    assert.equal(active.rows[0]!.is_active, true);
    await checkNow(two, dying);
    active = (await one.db.execute(sql`SELECT is_active FROM products WHERE id = ${dying}`)) as unknown as Rows<{ is_active: boolean }>;
    assert.equal(active.rows[0]!.is_active, false);
    const audit = (await one.db.execute(sql`SELECT actor_name, action FROM audit_log WHERE record_type = 'Product' AND record_id = ${String(dying)} AND action = 'deactivate'`)) as unknown as Rows<{
      actor_name: string;
      action: string;
    }>;
    assert.deepEqual(audit.rows, [{ actor_name: 'link check', action: 'deactivate' }]);
    assert.equal(rowOf(await queue(one), dying), undefined, 'a deal that is off needs no attention');
  });

  it('lists failing links, low success, reports and expiring deals with their reasons, staff their own only', async () => {
    const broken = await deal(`${stores[0]!.origin}/soft`);
    const failing = await deal(`${stores[1]!.origin}/ok`, { promoCode: 'FAIL' });
    const reported = await deal(`${stores[2]!.origin}/ok`);
    const expiring = await deal(`${stores[2]!.origin}/ok`, { dealExpiresIn: new Date(Date.now() + 24 * HOUR) });
    const later = await deal(`${stores[2]!.origin}/ok`, { dealExpiresIn: new Date(Date.now() + 72 * HOUR) });
    const othersDeal = await deal(`${stores[0]!.origin}/gone`, { addedById: people.otherStaff.id });
    const fine = await deal(`${stores[0]!.origin}/ok`);
    await checkNow(one, broken);
    await checkNow(one, othersDeal);
    await checkNow(one, fine);
    for (let index = 0; index < 5; index++) {
      const res = await one.inject({ method: 'POST', url: '/api/DealFeedback/Vote', payload: { productId: failing, worked: index === 0 }, remoteAddress: `203.0.113.${++ipSeed % 250}`, headers: { 'user-agent': BROWSER } });
      assert.equal(res.statusCode, 200);
    }
    await one.dealFeedback.flush();
    await visitorReport(reported, 'CODE_FAILED');
    await visitorReport(reported, 'CODE_FAILED');
    await visitorReport(reported, 'LINK_BROKEN');

    const all = await queue(two);
    const ids = all.items.map((row) => row.productId);
    for (const id of [broken, failing, reported, expiring, othersDeal]) assert.ok(ids.includes(id), `deal ${id} listed`);
    for (const id of [later, fine]) assert.ok(!ids.includes(id), `deal ${id} not listed`);
    assert.equal(all.total, all.items.length);
    assert.deepEqual(rowOf(all, broken)!.reasons, [{ kind: 'LINK', detail: 'Page says the offer is gone: the page says “no longer available”' }]);
    assert.deepEqual(rowOf(all, failing)!.reasons, [{ kind: 'LOW_SUCCESS', detail: '20% success over 5 answers' }]);
    assert.deepEqual(rowOf(all, reported)!.reasons, [{ kind: 'REPORTS', detail: '3 reports: 2 × code did not work, 1 × link is broken' }]);
    assert.deepEqual(rowOf(all, reported)!.reports, { CODE_FAILED: 2, EXPIRED: 0, WRONG_PRICE: 0, LINK_BROKEN: 1 });
    assert.deepEqual(rowOf(all, expiring)!.reasons, [{ kind: 'EXPIRING', detail: 'Expires in 23 h' }]);
    assert.ok(ids.indexOf(broken) < ids.indexOf(reported) && ids.indexOf(reported) < ids.indexOf(failing) && ids.indexOf(failing) < ids.indexOf(expiring), 'most urgent first');

    const mine = await queue(one, 'staff');
    assert.ok(!mine.items.some((row) => row.productId === othersDeal));
    assert.equal(mine.total, all.total - 1);
    assert.deepEqual((await queue(one, 'admin', '&reason=REPORTS')).items.map((row) => row.productId), [reported]);
    assert.equal((await queue(one, 'admin', '&pageSize=2')).items.length, 2);
    assert.equal((await queue(one, 'admin', '&pageSize=2')).total, all.total);
    assert.equal((await queue(one, 'admin', '&page=99')).total, all.total, 'a page past the end still says the total');
    assert.equal((await call(one, 'GET', '/api/LinkHealth/GetAttentionQueue?pageSize=9999', as('admin'))).status, 400);
    assert.equal((await call(one, 'GET', '/api/LinkHealth/GetAttentionQueue?reason=NOPE', as('admin'))).status, 400);
    assert.equal((await one.inject({ method: 'GET', url: '/api/LinkHealth/GetAttentionQueue' })).statusCode, 401);

    const stats = await call<DashboardStats>(two, 'GET', '/api/Dashboard/GetStats', as('admin'));
    assert.equal(stats.body.needsAttention, all.total, 'the dashboard tile counts the queue');
    assert.equal((await call<DashboardStats>(two, 'GET', '/api/Dashboard/GetStats', as('staff'))).body.needsAttention, mine.total);
  });

  it('Mark verified sets the public Verified date and clears the row; staff cannot verify others’ deals', async () => {
    const id = await deal(`${stores[0]!.origin}/ok`);
    const others = await deal(`${stores[0]!.origin}/ok`, { addedById: people.otherStaff.id });
    await visitorReport(id, 'EXPIRED');
    await visitorReport(others, 'EXPIRED');
    const res = await call<{ message: string; done: number; skipped: number }>(one, 'POST', '/api/LinkHealth/MarkVerified', as('staff'), { productIds: [id, others] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { message: `${ATTENTION_MESSAGES.verified(1)}; ${ATTENTION_MESSAGES.skipped(1)}`, done: 1, skipped: 1 });
    const detail = (await two.inject({ method: 'GET', url: `/api/Product/GetProductDetailById?productId=${id}` })).json() as DealDetail;
    assert.ok(detail.verifiedAt && Date.now() - Date.parse(detail.verifiedAt) < 60_000, 'verified just now');
    const card = ((await two.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: {} })).json() as DealCard[]).find((candidate) => candidate.id === id)!;
    assert.equal(card.verifiedAt, detail.verifiedAt);
    const listed = await queue(two);
    assert.equal(rowOf(listed, id), undefined);
    assert.ok(rowOf(listed, others), 'the skipped deal is still listed');
    const audit = (await one.db.execute(sql`SELECT action, actor_name FROM audit_log WHERE record_id = ${String(id)} AND action = 'verify'`)) as unknown as Rows<{ action: string; actor_name: string }>;
    assert.deepEqual(audit.rows, [{ action: 'verify', actor_name: people.staff.username }]);
    const empty = await call<{ errors: Record<string, string> }>(one, 'POST', '/api/LinkHealth/MarkVerified', as('admin'), { productIds: [] });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors.productIds, ATTENTION_MESSAGES.selection);
  });

  it('Dismiss hides a deal until something new happens: a new report or another link status', async () => {
    const id = await deal(`${stores[0]!.origin}/gone`);
    await checkNow(one, id);
    const res = await call<{ done: number }>(two, 'POST', '/api/LinkHealth/Dismiss', as('admin'), { productIds: [id] });
    assert.deepEqual([res.status, res.body.done], [200, 1]);
    assert.equal(rowOf(await queue(one), id), undefined);
    await checkNow(two, id);
    assert.equal(rowOf(await queue(one), id), undefined, 'the same failure again is nothing new');
    await visitorReport(id, 'LINK_BROKEN');
    const back = rowOf(await queue(one), id);
    assert.deepEqual(back?.reasons.map((reason) => reason.kind), ['LINK', 'REPORTS'], 'a new report brings it back');

    await call(two, 'POST', '/api/LinkHealth/Dismiss', as('admin'), { productIds: [id] });
    await one.db.execute(sql`UPDATE products SET link = ${`${stores[0]!.origin}/to-home`} WHERE id = ${id}`);
    await checkNow(one, id);
    assert.deepEqual(rowOf(await queue(one), id)?.reasons.map((reason) => reason.kind), ['LINK', 'REPORTS'], 'another link status brings it back');

    const bulk = await call(one, 'POST', '/api/Product/BulkUpdateProducts', as('admin'), { action: 'deactivate', ids: [id] });
    assert.equal(bulk.status, 200);
    assert.equal(rowOf(await queue(one), id), undefined, 'deactivated deals leave the queue');
  });

  it('keeps the settings for admins: validated, audited, the phrases used by the next check', async () => {
    const current = await call<TrustSettings>(one, 'GET', '/api/LinkHealth/GetSettings', as('staff'));
    assert.deepEqual(current.body, { minAnswers: 5, lowSuccessPercent: 50, checkPeriodHours: 24, autoDeactivateAfterDeadChecks: null, softDeadPhrases: [...DEFAULT_SOFT_DEAD_PHRASES] });
    const values: TrustSettings = { minAnswers: 3, lowSuccessPercent: 60, checkPeriodHours: 12, autoDeactivateAfterDeadChecks: 3, softDeadPhrases: ['Great blender', ' great blender '] };
    await assertAdminOnly(one, people, [{ method: 'PUT', url: '/api/LinkHealth/UpdateSettings', payload: values }], async () => (await call(one, 'GET', '/api/LinkHealth/GetSettings', as('admin'))).body);
    for (const [field, value, message] of [
      ['minAnswers', 0, TRUST_MESSAGES.minAnswers],
      ['lowSuccessPercent', 101, TRUST_MESSAGES.lowSuccessPercent],
      ['checkPeriodHours', 1.5, TRUST_MESSAGES.checkPeriodHours],
      ['autoDeactivateAfterDeadChecks', 101, TRUST_MESSAGES.autoDeactivate],
      ['autoDeactivateAfterDeadChecks', -1, TRUST_MESSAGES.autoDeactivate],
      ['softDeadPhrases', ['x'.repeat(201)], TRUST_MESSAGES.phrases],
    ] as const) {
      const bad = await call<{ errors: Record<string, string> }>(one, 'PUT', '/api/LinkHealth/UpdateSettings', as('admin'), { ...values, [field]: value });
      assert.equal(bad.status, 400, field);
      assert.equal(Object.values(bad.body.errors)[0], message, field);
    }
    const saved = await call<{ message: string }>(two, 'PUT', '/api/LinkHealth/UpdateSettings', as('admin'), values);
    assert.deepEqual(saved, { status: 200, body: { message: TRUST_MESSAGES.saved } });
    assert.deepEqual((await call<TrustSettings>(one, 'GET', '/api/LinkHealth/GetSettings', as('admin'))).body, { ...values, softDeadPhrases: ['Great blender'] });
    const id = await deal(`${stores[2]!.origin}/product`);
    assert.equal((await checkNow(one, id)).body.status, 'SOFT_DEAD', 'the saved phrases apply at once on the other instance');
    const audit = (await one.db.execute(sql`SELECT action FROM audit_log WHERE record_type = 'TrustSettings'`)) as unknown as Rows<{ action: string }>;
    assert.deepEqual(audit.rows, [{ action: 'update' }]);
    assert.equal((await call(one, 'GET', '/api/LinkHealth/GetSettings', {})).status, 401);
    assert.equal(MESSAGES.auth.required.length > 0, true);
  });
});
