/**
 * `GET Dashboard/GetStats`, the dashboard's figures. Staff see their own deals'
 * and notifications' figures, admins everyone's; clicks are zero-filled over 30 UTC days; the
 * expiring window is the one the admin deals table's filters take, so the dashboard's link lists
 * exactly the deals it counts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { DASHBOARD_CLICK_DAYS, DASHBOARD_TOP_SIZE, type DashboardStats, type ProductListItem, type TablePage } from '@deals/contract';
import { pushNotificationHistory } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertDeal, insertStore } from '../../../test-support/deals.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';
import { statsPeriod } from '../../../plugins/app/dashboard-stats.js';
import { OWN_FIGURES_RULE } from './index.js';

const STATS = '/api/Dashboard/GetStats';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Midnight UTC of today minus `daysAgo` days, plus `hour` hours. */
const utcDayStart = (daysAgo: number, hour = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY + hour * HOUR);
};
const dayText = (daysAgo: number) => utcDayStart(daysAgo).toISOString().slice(0, 10);

describe('GET /api/Dashboard/GetStats', () => {
  let t: TestApp;
  let people: TestStaff;
  const deal: Record<string, number> = {};
  let alpha: number;
  let beta: number;

  async function addClicks(dealId: number, daysAgo: number, clicks: number, hour = 0) {
    await t.app.db.execute(sql`INSERT INTO deal_click_hours (product_id, hour, clicks) VALUES (${dealId}, ${utcDayStart(daysAgo, hour).toISOString()}::timestamptz, ${clicks})
      ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks`);
  }
  const stats = async (headers: Record<string, string>): Promise<DashboardStats> => {
    const res = await t.app.inject({ method: 'GET', url: STATS, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const clicksOn = (figures: DashboardStats) => Object.fromEntries(figures.clicksPerDay.filter((day) => day.clicks > 0).map((day) => [day.day, day.clicks]));

  before(async () => {
    // Clicks are written straight into the hourly counts here; the popularity refresh (which
    // would prune) and the click buffer's timer stay out of the way.
    t = await createTestApp({ popularity: { refreshMs: 0 }, clickOuts: { flushMs: 3_600_000 }, push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
    alpha = await insertStore(t.app, { name: 'Alpha Store' });
    beta = await insertStore(t.app, { name: 'Beta Store' });
    const closed = await insertStore(t.app, { name: 'Closed Store', isActive: false });
    const now = Date.now();
    const staff = people.staff.id;
    const other = people.otherStaff.id;
    deal.staffLive = await insertDeal(t.app, { name: 'Staff live', categoryId: alpha, addedById: staff });
    deal.staffExpiring = await insertDeal(t.app, { name: 'Staff expiring', categoryId: beta, addedById: staff, dealExpiresIn: new Date(now + 47 * HOUR) });
    deal.staffExpired = await insertDeal(t.app, { name: 'Staff expired', categoryId: beta, addedById: staff, dealExpiresIn: new Date(now - HOUR) });
    deal.staffNotStarted = await insertDeal(t.app, { name: 'Staff not started', categoryId: alpha, addedById: staff, dealStartsIn: new Date(now + DAY) });
    deal.staffInactive = await insertDeal(t.app, { name: 'Staff inactive', categoryId: alpha, addedById: staff, isActive: false, dealExpiresIn: new Date(now + 10 * HOUR) });
    deal.otherExpiring = await insertDeal(t.app, { name: 'Other expiring', categoryId: alpha, addedById: other, dealExpiresIn: new Date(now + HOUR) });
    deal.otherLate = await insertDeal(t.app, { name: 'Other late', categoryId: alpha, addedById: other, dealExpiresIn: new Date(now + 49 * HOUR) });
    deal.adminClosedStore = await insertDeal(t.app, { name: 'Admin closed store', categoryId: closed, addedById: people.admin.id });

    await addClicks(deal.staffLive, 0, 3);
    await addClicks(deal.staffLive, 2, 2, 13);
    await addClicks(deal.staffExpiring, 0, 1, 1);
    await addClicks(deal.staffExpired, 5, 4, 23);
    await addClicks(deal.otherExpiring, DASHBOARD_CLICK_DAYS - 1, 7);
    await addClicks(deal.otherExpiring, DASHBOARD_CLICK_DAYS, 100, 23); // the day before the chart: not counted

    const notification = (createdById: number | null, numberOfTargets: number, delivered: number, daysAgo = 1) => ({
      title: 'Dashboard test',
      message: 'Figures',
      createdById,
      numberOfTargets,
      numberOfDevicesNotificationSentTo: delivered,
      status: 'done',
      dateCreated: new Date(now - daysAgo * DAY),
    });
    await t.app.db
      .insert(pushNotificationHistory)
      .values([notification(staff, 10, 8), notification(staff, 5, 5, 20), notification(people.admin.id, 100, 90), notification(null, 20, 20), notification(staff, 50, 50, 40)]);
  });
  after(() => t.close());

  it('gives a staff member the figures of their own deals and notifications', async () => {
    const figures = await stats(people.staff.headers);
    assert.equal(figures.scope, 'own');
    assert.equal(figures.liveDeals, 2, 'live: active, started, not expired (not the inactive, expired or not-started ones)');
    assert.equal(figures.expiringSoon.count, 1, 'the active one expiring in 47 h; the inactive one is not counted');
    assert.deepEqual(clicksOn(figures), { [dayText(5)]: 4, [dayText(2)]: 2, [dayText(0)]: 4 });
    assert.deepEqual(
      figures.topDeals.map((row) => [row.name, row.store, row.clicks]),
      [
        ['Staff live', 'Alpha Store', 5],
        ['Staff expired', 'Beta Store', 4],
        ['Staff expiring', 'Beta Store', 1],
      ],
    );
    assert.deepEqual(figures.topDeals[0], { id: deal.staffLive, name: 'Staff live', storeId: alpha, store: 'Alpha Store', clicks: 5 });
    assert.deepEqual(figures.topStores, [
      { id: alpha, name: 'Alpha Store', clicks: 5 },
      { id: beta, name: 'Beta Store', clicks: 5 },
    ]);
    assert.deepEqual(figures.notifications, { sent: 2, targets: 15, delivered: 13 }, 'their two notifications of the 30 days, not the one of 40 days ago');
  });

  it("gives an admin everyone's figures", async () => {
    const figures = await stats(people.admin.headers);
    assert.equal(figures.scope, 'all');
    assert.equal(figures.liveDeals, 4, 'not the deal of a closed store');
    assert.equal(figures.expiringSoon.count, 2, 'in 1 h and 47 h, not 49 h');
    assert.deepEqual(clicksOn(figures), { [dayText(DASHBOARD_CLICK_DAYS - 1)]: 7, [dayText(5)]: 4, [dayText(2)]: 2, [dayText(0)]: 4 });
    assert.deepEqual(
      figures.topDeals.map((row) => [row.id, row.clicks]),
      [
        [deal.otherExpiring, 7],
        [deal.staffLive, 5],
        [deal.staffExpired, 4],
        [deal.staffExpiring, 1],
      ],
    );
    assert.deepEqual(figures.topStores, [
      { id: alpha, name: 'Alpha Store', clicks: 12 },
      { id: beta, name: 'Beta Store', clicks: 5 },
    ]);
    assert.deepEqual(figures.notifications, { sent: 4, targets: 135, delivered: 123 }, 'automatic alerts (no sender) included');
  });

  it('zero-fills 30 UTC days, oldest first, ending today', async () => {
    const { clicksPerDay } = await stats(people.otherStaff.headers);
    assert.equal(clicksPerDay.length, DASHBOARD_CLICK_DAYS);
    assert.deepEqual(
      clicksPerDay.map((day) => day.day),
      Array.from({ length: DASHBOARD_CLICK_DAYS }, (_, i) => dayText(DASHBOARD_CLICK_DAYS - 1 - i)),
    );
    assert.deepEqual(
      clicksPerDay.map((day) => day.clicks),
      [7, ...Array<number>(DASHBOARD_CLICK_DAYS - 1).fill(0)],
    );
  });

  it('takes the days of the chart in UTC, across a month end', () => {
    const period = statsPeriod(new Date('2026-03-10T23:30:00.000Z'));
    assert.equal(period.firstDay, '2026-02-09');
    assert.equal(period.firstDayStart, '2026-02-09T00:00:00.000Z');
    assert.equal(period.expiringFrom, '2026-03-10T23:30:00.000Z');
    assert.equal(period.expiringTo, '2026-03-12T23:30:00.000Z');
  });

  it('answers the expiring window the admin deals table filters by, listing exactly the deals counted', async () => {
    for (const person of [people.staff, people.admin]) {
      const before = Date.now();
      const figures = await stats(person.headers);
      const from = Date.parse(figures.expiringSoon.from);
      assert.ok(from >= before - 1000 && from <= Date.now() + 1000, 'from is now');
      assert.equal(Date.parse(figures.expiringSoon.to) - from, 48 * HOUR);
      const query = new URLSearchParams({ page: '1', pageSize: '100', isActive: 'true', expiresFrom: figures.expiringSoon.from, expiresTo: figures.expiringSoon.to });
      if (!person.isAdmin) query.set('addedById', String(person.id));
      const res = await t.app.inject({ method: 'GET', url: `/api/Product/GetAllProducts?${query.toString()}`, headers: person.headers });
      assert.equal(res.statusCode, 200, res.body);
      const listed = (res.json() as TablePage<ProductListItem>).items.map((row) => row.id).sort((a, b) => a - b);
      const expected = (person.isAdmin ? [deal.staffExpiring!, deal.otherExpiring!] : [deal.staffExpiring!]).sort((a, b) => a - b);
      assert.deepEqual(listed, expected);
      assert.equal(figures.expiringSoon.count, listed.length);
    }
  });

  it('is for signed-in staff: 401 anonymously or with a bad token', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ method: 'GET', url: STATS, headers });
      assert.equal(res.statusCode, 401);
      assert.ok(res.json().message);
    }
  });

  it('declares its access level and its scoping rule', () => {
    const declared = t.app.apiRoutes.filter((route) => route.url.startsWith('/api/Dashboard/')).map((route) => [`${route.method} ${route.url}`, route.access, route.rule]);
    assert.deepEqual(declared, [['GET /api/Dashboard/GetStats', 'staff', OWN_FIGURES_RULE]]);
  });

  it('counts a click on /out/{id} once written, on top of the day and the Top 10', async () => {
    const clicked = await insertDeal(t.app, { name: 'Clicked now', categoryId: beta, addedById: people.otherStaff.id });
    const before = await stats(people.otherStaff.headers);
    const res = await t.app.inject({ method: 'GET', url: `/out/${clicked}`, headers: { 'user-agent': BROWSER }, remoteAddress: '203.0.113.50' });
    assert.equal(res.statusCode, 302);
    await t.app.clickOuts.flush();
    const after = await stats(people.otherStaff.headers);
    assert.equal(after.clicksPerDay.at(-1)!.clicks, before.clicksPerDay.at(-1)!.clicks + 1);
    assert.deepEqual(after.topDeals.find((row) => row.id === clicked), { id: clicked, name: 'Clicked now', storeId: beta, store: 'Beta Store', clicks: 1 });
  });

  it('lists at most 10 deals and 10 stores, most clicked first', async () => {
    for (let i = 1; i <= DASHBOARD_TOP_SIZE + 2; i++) {
      const store = await insertStore(t.app, { name: `Top Store ${String(i).padStart(2, '0')}` });
      const id = await insertDeal(t.app, { name: `Top deal ${i}`, categoryId: store, addedById: people.admin.id });
      await addClicks(id, 1, 100 + i);
    }
    const figures = await stats(people.admin.headers);
    assert.equal(figures.topDeals.length, DASHBOARD_TOP_SIZE);
    assert.deepEqual(
      figures.topDeals.map((row) => row.name),
      Array.from({ length: DASHBOARD_TOP_SIZE }, (_, i) => `Top deal ${DASHBOARD_TOP_SIZE + 2 - i}`),
    );
    assert.equal(figures.topStores.length, DASHBOARD_TOP_SIZE);
    assert.equal(figures.topStores[0]!.name, `Top Store ${DASHBOARD_TOP_SIZE + 2}`);
    const staffFigures = await stats(people.staff.headers);
    assert.ok(!staffFigures.topDeals.some((row) => row.name.startsWith('Top deal')), "an admin's deals never show in a staff member's figures");
  });
});
