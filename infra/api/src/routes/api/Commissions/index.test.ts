/**
 * Affiliate revenue end to end through the API: a store's template set by an admin, click-outs
 * tagged with a click id each (unique under concurrency and across two instances), commission
 * reports imported idempotently with status updates and unmatched rows, and the earnings in the
 * reports, the deals table (rows, sort, CSV) and the dashboard, scoped to staff's own deals.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AFFILIATE_MESSAGES, COMMISSION_MESSAGES, type CommissionImportResult, type EarningsReport, type ProductListItem } from '@deals/contract';
import { buildApp } from '../../../app.js';
import { createSharedTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addStore } from '../../../test-support/search.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const TEMPLATE = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref={clickId}&ued={url}';
const GENERIC_HEADER = 'transactionId,clickRef,date,amount,commission,currency,status';
const today = () => new Date().toISOString().slice(0, 10);

async function clickIds(app: FastifyInstance): Promise<{ click_id: string; product_id: number; category_id: number }[]> {
  return ((await app.db.execute(sql`SELECT click_id, product_id, category_id FROM affiliate_clicks ORDER BY clicked_at`)) as unknown as { rows: { click_id: string; product_id: number; category_id: number }[] }).rows;
}

describe('affiliate revenue', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  let staffDeal: number;
  let otherDeal: number;
  let trackingDeal: number;

  const out = (id: number, ip = '203.0.113.9', headers: Record<string, string> = { 'user-agent': BROWSER }) =>
    t.app.inject({ method: 'GET', url: `/out/${id}`, headers, remoteAddress: ip });
  const importCsv = (csv: string, format = 'generic', headers = people.admin.headers) =>
    t.app.inject({ method: 'POST', url: `/api/Commissions/Import?format=${format}`, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });
  const clickOf = async (dealId: number): Promise<string> => {
    const res = await out(dealId);
    const clickId = new URL(res.headers.location as string).searchParams.get('clickref');
    assert.ok(clickId);
    return clickId;
  };

  before(async () => {
    t = await createTestApp({ clickOuts: { flushMs: 60_000 }, popularity: { refreshMs: 0 }, earnings: { refreshMs: 0 } });
    people = await createTestStaff(t.app);
    store = await addStore(t.app, 'Tagged Store');
    staffDeal = await addDeal(t.app, { storeId: store, name: 'Staff deal' });
    otherDeal = await addDeal(t.app, { storeId: store, name: 'Other deal' });
    trackingDeal = await addDeal(t.app, { storeId: store, name: 'Tracking deal' });
    await t.app.db.execute(sql`UPDATE products SET added_by_id = ${people.staff.id}, link = 'https://shop.example/p?id=5#top' WHERE id = ${staffDeal}`);
    await t.app.db.execute(sql`UPDATE products SET added_by_id = ${people.otherStaff.id} WHERE id = ${otherDeal}`);
    await t.app.db.execute(sql`UPDATE products SET affiliate_mode = 'TRACKING', link = 'https://network.example/track?id=9' WHERE id = ${trackingDeal}`);
  });
  after(() => t.close());

  it('lets an admin set a store template, validated with its messages and shown to staff only', async () => {
    const update = (fields: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/Category/UpdateCategory', headers: people.admin.headers, payload: { id: store, name: 'Tagged Store', ...fields } });
    const bad = await update({ affiliateNetwork: 'AWIN', affiliateLinkTemplate: 'https://www.awin1.com/cread.php?awinmid=ADVERTISER_ID&clickref={clickId}&ued={url}' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors.affiliateLinkTemplate, AFFILIATE_MESSAGES.templatePresetToken('ADVERTISER_ID'));
    const missing = await update({ affiliateNetwork: 'AWIN' });
    assert.equal(missing.json().errors.affiliateLinkTemplate, AFFILIATE_MESSAGES.templateRequired);
    const unknown = await update({ affiliateNetwork: 'EBAY', affiliateLinkTemplate: TEMPLATE });
    assert.equal(unknown.statusCode, 400);
    const staffTry = await t.app.inject({ method: 'PUT', url: '/api/Category/UpdateCategory', headers: people.staff.headers, payload: { id: store, name: 'Tagged Store', affiliateNetwork: 'AWIN', affiliateLinkTemplate: TEMPLATE } });
    assert.equal(staffTry.statusCode, 403);

    assert.equal((await update({ affiliateNetwork: 'AWIN', affiliateLinkTemplate: TEMPLATE })).statusCode, 200);
    const asStaff = await t.app.inject({ url: `/api/Category/GetCategoryById?categoryId=${store}`, headers: people.staff.headers });
    assert.equal(asStaff.json().affiliateLinkTemplate, TEMPLATE);
    assert.equal(asStaff.json().affiliateNetwork, 'AWIN');
    const anonymous = await t.app.inject({ url: `/api/Category/GetCategoryById?categoryId=${store}` });
    assert.equal(anonymous.json().affiliateLinkTemplate, undefined);
    assert.equal((await t.app.inject({ url: '/api/Category/GetAllCategories?isActive=' })).json()[0].affiliateNetwork, undefined);

    const audit = await t.app.db.execute(sql`SELECT changes FROM audit_log WHERE record_type = 'store' AND action = 'update' ORDER BY id DESC LIMIT 1`);
    assert.equal((audit as unknown as { rows: { changes: Record<string, { to: unknown }> }[] }).rows[0]!.changes.affiliateLinkTemplate?.to, TEMPLATE);
  });

  it('sends every click through the expanded template with a new click id, stored with deal and store; a tracking link goes as it is', async () => {
    const first = await out(staffDeal);
    const second = await out(staffDeal);
    assert.equal(first.statusCode, 302);
    const a = new URL(first.headers.location as string);
    const b = new URL(second.headers.location as string);
    assert.equal(a.hostname, 'www.awin1.com');
    assert.equal(a.searchParams.get('ued'), 'https://shop.example/p?id=5#top');
    assert.match(a.searchParams.get('clickref')!, /^[0-9a-f]{32}$/);
    assert.notEqual(a.searchParams.get('clickref'), b.searchParams.get('clickref'));

    const bot = await out(staffDeal, '203.0.113.9', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    assert.equal(bot.statusCode, 302);
    const tracking = await out(trackingDeal);
    assert.equal(tracking.headers.location, 'https://network.example/track?id=9');

    await t.app.clickOuts.flush();
    const stored = await clickIds(t.app);
    assert.deepEqual(
      stored.map((row) => row.click_id),
      [a.searchParams.get('clickref'), b.searchParams.get('clickref')],
      'the bot and the tracking link have no stored click id',
    );
    assert.deepEqual(stored.map((row) => [row.product_id, row.category_id]), [[staffDeal, store], [staffDeal, store]]);
    // The visitor still counts once for the day.
    const counted = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM deal_clicks WHERE product_id = ${staffDeal}`);
    assert.equal((counted as unknown as { rows: { n: number }[] }).rows[0]!.n, 1);
  });

  it('gives 200 concurrent click-outs 200 different click ids', async () => {
    await t.app.clickOuts.flush();
    const before = (await clickIds(t.app)).length;
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => out(otherDeal, `198.51.100.${i % 250}`)));
    const ids = responses.map((res) => new URL(res.headers.location as string).searchParams.get('clickref'));
    assert.equal(new Set(ids).size, 200);
    await t.app.clickOuts.flush();
    assert.equal((await clickIds(t.app)).length, before + 200);
  });

  it('imports a generic report: matched rows saved, unmatched and unreadable ones listed; again, nothing counts twice; a new status updates', async () => {
    const staffClick = await clickOf(staffDeal);
    const otherClick = await clickOf(otherDeal);
    await t.app.clickOuts.flush();
    const csv = [
      GENERIC_HEADER,
      `T-1,${staffClick},${today()},120.00,12.00,EUR,pending`,
      `T-2,${otherClick},${today()},50,5.5,USD,approved`,
      `T-3,nosuchclick,${today()},10,1,EUR,pending`,
      `T-4,${otherClick},${today()},10,1,EUR,maybe`,
      `T-5,${otherClick},${today()},10,1,EUR,declined`,
    ].join('\n');
    const first = await importCsv(csv);
    assert.equal(first.statusCode, 200, first.body);
    const result = first.json<CommissionImportResult>();
    assert.deepEqual([result.rows, result.created, result.updated, result.unchanged, result.unmatched], [5, 3, 0, 0, 2]);
    assert.deepEqual(
      result.problems.map((problem) => [problem.line, problem.transactionId, problem.reason]),
      [
        [4, 'T-3', COMMISSION_MESSAGES.rowUnknownClick],
        [5, 'T-4', COMMISSION_MESSAGES.rowStatus('maybe')],
      ],
    );

    const again = (await importCsv(csv)).json<CommissionImportResult>();
    assert.deepEqual([again.created, again.updated, again.unchanged], [0, 0, 3]);

    const later = (await importCsv([GENERIC_HEADER, `T-1,${staffClick},${today()},120.00,12.00,EUR,approved`].join('\n'))).json<CommissionImportResult>();
    assert.deepEqual([later.created, later.updated], [0, 1]);
    const rows = await t.app.db.execute(sql`SELECT transaction_id, status, product_id, category_id FROM commissions ORDER BY transaction_id`);
    assert.deepEqual(
      (rows as unknown as { rows: { transaction_id: string; status: string; product_id: number; category_id: number }[] }).rows.map((row) => [row.transaction_id, row.status, row.product_id, row.category_id]),
      [
        ['T-1', 'APPROVED', staffDeal, store],
        ['T-2', 'APPROVED', otherDeal, store],
        ['T-5', 'DECLINED', otherDeal, store],
      ],
    );
  });

  it('reads the Awin, CJ and Impact report headers, keeping each network\'s transaction ids apart', async () => {
    const click = await clickOf(otherDeal);
    await t.app.clickOuts.flush();
    const awin = await importCsv(`Transaction ID,Click Ref,Transaction Date,Sale Amount,Commission Amount,Currency,Commission Status\nA1,${click},${today()} 10:00:00,"1,000.00",40.00,GBP,pending`, 'awin');
    assert.deepEqual([awin.json().created, awin.json().unmatched], [1, 0]);
    const cj = await importCsv(`Event Date,Commission ID,SID,Sale Amount (USD),Publisher Commission (USD),Action Status\n${today()}T10:00:00Z,A1,${click},80,4,locked`, 'cj');
    assert.equal(cj.json().created, 1, cj.body);
    const impact = await importCsv(`Action ID,SubId1,Event Date,Sale Amount,Payout,Currency,Status\nI9,${click},${today()},30,3,EUR,REVERSED`, 'impact');
    assert.equal(impact.json().created, 1, impact.body);
    const networks = await t.app.db.execute(sql`SELECT network, currency, status FROM commissions WHERE transaction_id IN ('A1', 'I9') ORDER BY network`);
    assert.deepEqual(
      (networks as unknown as { rows: { network: string; currency: string; status: string }[] }).rows.map((row) => `${row.network} ${row.currency} ${row.status}`),
      ['awin GBP PENDING', 'cj USD APPROVED', 'impact EUR REVERSED'],
    );
  });

  it('refuses a report it cannot read, and non-admins', async () => {
    const missing = await importCsv('transactionId,date,amount,commission,currency,status\nX,2026-01-01,1,1,EUR,pending');
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, COMMISSION_MESSAGES.missingColumns('generic', ['clickRef']));
    assert.equal((await importCsv('')).statusCode, 400);
    assert.equal((await importCsv(`${GENERIC_HEADER}\n"unclosed,1`)).statusCode, 400);
    assert.equal((await importCsv(GENERIC_HEADER, 'ebay')).statusCode, 400);
    assert.equal((await importCsv(GENERIC_HEADER, 'generic', people.staff.headers)).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/Commissions/Import?format=generic', headers: { 'content-type': 'text/csv' }, payload: GENERIC_HEADER })).statusCode, 401);
  });

  it('reports earnings per deal, store and day by currency; staff see their own deals only', async () => {
    const report = (query: string, headers = people.admin.headers) => t.app.inject({ url: `/api/Commissions/GetEarnings?${query}`, headers });
    const deals = (await report('groupBy=deal')).json<EarningsReport>();
    assert.equal(deals.scope, 'all');
    const staffRow = deals.rows.find((row) => row.key === String(staffDeal))!;
    assert.equal(staffRow.currency, 'EUR');
    assert.equal(staffRow.commission, 12);
    assert.equal(staffRow.conversions, 1);
    assert.equal(staffRow.revenue, 120);
    assert.equal(staffRow.clicks, 1);
    assert.equal(staffRow.epc, 12);
    assert.equal(staffRow.conversionRate, 100);
    // The other deal earned in USD, GBP and EUR (reversed ones count for nothing): never summed.
    const other = deals.rows.filter((row) => row.key === String(otherDeal));
    assert.deepEqual(other.map((row) => `${row.currency} ${row.commission}`).sort(), ['GBP 40', 'USD 9.5']);
    const totals = deals.totals.map((row) => `${row.currency} ${row.commission}`).sort();
    assert.deepEqual(totals, ['EUR 12', 'GBP 40', 'USD 9.5']);

    const mine = (await report('groupBy=deal', people.staff.headers)).json<EarningsReport>();
    assert.equal(mine.scope, 'own');
    assert.deepEqual([...new Set(mine.rows.map((row) => row.key))], [String(staffDeal)]);
    assert.deepEqual(mine.totals.map((row) => `${row.currency} ${row.commission}`), ['EUR 12']);

    const stores = (await report('groupBy=store')).json<EarningsReport>();
    assert.ok(stores.rows.every((row) => row.key === String(store) && row.name === 'Tagged Store'));
    const days = (await report(`groupBy=day&from=${today()}&to=${today()}`)).json<EarningsReport>();
    assert.ok(days.rows.every((row) => row.key === today()));
    assert.equal((await report('from=2026-02-01&to=2026-01-01')).statusCode, 400);
    assert.equal((await report('groupBy=week')).statusCode, 400);
    for (const bad of ['from=2026-02-31', 'to=9999-12-31', 'from=0000-01-01&to=0000-01-02', 'from=2026-13-01']) assert.equal((await report(bad)).statusCode, 400, bad);
    assert.equal((await t.app.inject({ url: '/api/Commissions/GetEarnings' })).statusCode, 401);
  });

  it('shows commission30d and epc30d in the deals table rows, sort and CSV, and the earnings on the dashboard', async () => {
    await t.app.commissions.refreshEarnings();
    const page = await t.app.inject({ url: '/api/Product/GetAllProducts?page=1&pageSize=25&sortBy=epc30d&order=desc', headers: people.admin.headers });
    const items = page.json<{ items: ProductListItem[] }>().items;
    assert.equal(items[0]!.id, staffDeal);
    assert.equal(items[0]!.commission30d, 12);
    assert.equal(items[0]!.epc30d, 12);
    assert.equal(items[0]!.commissionCurrency, 'EUR');
    const byCommission = (await t.app.inject({ url: '/api/Product/GetAllProducts?page=1&pageSize=25&sortBy=commission30d&order=desc', headers: people.admin.headers })).json<{ items: ProductListItem[] }>().items;
    assert.deepEqual(byCommission.slice(0, 2).map((row) => [row.id, row.commission30d, row.commissionCurrency]), [
      [staffDeal, 12, 'EUR'],
      // Its main currency is the one of most commissions (USD twice, GBP once), never a sum of both.
      [otherDeal, 9.5, 'USD'],
    ]);
    assert.equal(byCommission.find((row) => row.id === trackingDeal)!.commissionCurrency, null);

    const csv = await t.app.inject({ url: '/api/Product/ExportProductsCsv?sortBy=epc30d&order=desc', headers: people.admin.headers });
    const lines = csv.body.split('\r\n');
    assert.match(lines[0]!, /Commission \(30 days\),EPC \(30 days\)$/);
    assert.match(lines[1]!, /,12\.00 EUR,12\.0000 EUR$/);

    const dashboard = (await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.staff.headers })).json();
    assert.deepEqual(dashboard.earnings.totals.map((row: { currency: string; commission: number }) => `${row.currency} ${row.commission}`), ['EUR 12']);
    assert.deepEqual(dashboard.earnings.topDeals.map((row: { key: string }) => row.key), [String(staffDeal)]);
    assert.deepEqual(dashboard.earnings.perDay, [{ day: today(), currency: 'EUR', commission: 12 }]);
    const all = (await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.admin.headers })).json();
    assert.deepEqual(all.earnings.totals.map((row: { currency: string }) => row.currency).sort(), ['EUR', 'GBP', 'USD']);
  });
});

describe('click ids across two instances on one database', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  before(async () => {
    database = await createSharedTestDatabase();
    const options = { database: database.options, logger: false as const, clickOuts: { flushMs: 60_000 }, popularity: { refreshMs: 0 }, earnings: { refreshMs: 0 }, env: { PUBLIC_CACHE_TTL_MS: '0' } };
    [one, two] = await Promise.all([buildApp(options), buildApp(options)]);
    await Promise.all([one.ready(), two.ready()]);
  });
  after(async () => {
    await one.close();
    await two.close();
    await database.drop();
  });

  it('never hands out the same click id twice, and both instances store theirs', async () => {
    const storeId = await addStore(one, 'Shared Store');
    const dealId = await addDeal(one, { storeId, name: 'Shared deal' });
    await one.db.execute(sql`UPDATE categories SET affiliate_network = 'CUSTOM', affiliate_link_template = 'https://t.example/c?sub={clickId}&u={url}' WHERE id = ${storeId}`);
    const click = (app: FastifyInstance, i: number) => app.inject({ url: `/out/${dealId}`, headers: { 'user-agent': BROWSER }, remoteAddress: `192.0.2.${i % 250}` });
    const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => click(i % 2 === 0 ? one : two, i)));
    const ids = responses.map((res) => new URL(res.headers.location as string).searchParams.get('sub'));
    assert.equal(new Set(ids).size, 300);
    await Promise.all([one.clickOuts.flush(), two.clickOuts.flush()]);
    assert.equal((await clickIds(one)).length, 300);
  });
});
