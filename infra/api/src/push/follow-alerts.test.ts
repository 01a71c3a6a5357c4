/**
 * Follow alerts: a new live deal is queued for, and fanned out to, exactly the
 * browsers whose followed words or stores match it. Deals are created through the API (as staff
 * do), follows made through DealAlerts/Follow, and the worker's claim is run by hand so the chosen
 * targets can be read before anything is sent.
 */
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { followWordMatches, LIMITS, normaliseFollowWord, type PushNotificationHistoryRow } from '@deals/contract';
import { pushDeliveries, pushDevices, pushNotificationAudience, pushNotificationHistory } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { insertDeal, insertProductType, insertStore } from '../test-support/deals.js';
import { form, testImage } from '../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';
import { createDeliveryStore, type DeliveryStore } from './delivery-store.js';
import { followAlertTitle, queueFollowAlerts } from './follow-alerts.js';

type Fields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const endpoint = `https://push.example.net/wpush/v2/${randomBytes(12).toString('base64url')}`;
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

describe('follow alerts', () => {
  let t: TestApp;
  let people: TestStaff;
  let deliveries: DeliveryStore;
  let lego: number;
  let toys: number;
  /** A store nobody follows, for the deals after the first test. */
  let plain: number;
  let quiet: number;
  let notifying: number;
  let image: Buffer;
  let ip = 0;
  const nextIp = () => `198.51.100.${(++ip % 250) + 1}`;

  /** A browser with deal alerts on, following `words` and `stores`; answers its device id and endpoint. */
  const browser = async (follows: { words?: string[]; stores?: number[] } = {}) => {
    const subscription = browserSubscription();
    const registered = await t.app.inject({ method: 'POST', url: '/api/Devices/Register', payload: { token: subscription.endpoint, platform: 'web', subscription }, remoteAddress: nextIp() });
    assert.equal(registered.statusCode, 200, registered.body);
    for (const word of follows.words ?? []) {
      const res = await t.app.inject({ method: 'POST', url: '/api/DealAlerts/Follow', payload: { token: subscription.endpoint, word }, remoteAddress: nextIp() });
      assert.equal(res.statusCode, 200, res.body);
    }
    for (const storeId of follows.stores ?? []) {
      const res = await t.app.inject({ method: 'POST', url: '/api/DealAlerts/Follow', payload: { token: subscription.endpoint, storeId }, remoteAddress: nextIp() });
      assert.equal(res.statusCode, 200, res.body);
    }
    const [device] = await t.app.db.select({ id: pushDevices.id }).from(pushDevices).where(eq(pushDevices.token, subscription.endpoint));
    assert.ok(device);
    return device.id;
  };

  const create = async (fields: Fields) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Product/CreateProduct',
      headers: people.staff.headers,
      payload: form({ categoryId: toys, productTypeIds: [quiet], currentPrice: '49.99', previousPrice: '99.99', link: 'https://shop.example.com/x', ...fields }, { image }),
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  };

  const alertOf = async (productId: number, kind: 'follow-alert' | 'new-deal' = 'follow-alert') =>
    t.app.db
      .select()
      .from(pushNotificationHistory)
      .where(and(eq(pushNotificationHistory.productId, productId), eq(pushNotificationHistory.kind, kind)));

  /** Runs the worker's claim until nothing is queued; answers the device ids each claimed notification targets. */
  const claimAll = async () => {
    while ((await deliveries.claimQueued(true)) !== null);
  };
  const targetsOf = async (notificationId: number) =>
    (await t.app.db.select({ deviceId: pushDeliveries.deviceId }).from(pushDeliveries).where(eq(pushDeliveries.notificationId, notificationId)).orderBy(asc(pushDeliveries.deviceId))).map(
      (row) => row.deviceId,
    );

  before(async () => {
    // No worker: the claim is run by hand, and nothing is sent.
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
    deliveries = createDeliveryStore(t.app.db);
    lego = await insertStore(t.app, { name: 'Brick House' });
    toys = await insertStore(t.app, { name: 'Toy Barn' });
    plain = await insertStore(t.app, { name: 'Plain Goods' });
    quiet = await insertProductType(t.app, { name: 'Toys', notifyImmediately: false });
    notifying = await insertProductType(t.app, { name: 'Hot toys', notifyImmediately: true });
    image = await testImage('png', 8, '#123456');
  });
  after(() => t.close());

  it('matches whole words of the name, in any case, ignoring punctuation', () => {
    assert.equal(normaliseFollowWord('  LEGO '), 'lego');
    assert.equal(normaliseFollowWord('T-Shirt'), 't shirt');
    assert.equal(normaliseFollowWord('ＡｉｒＰｏｄｓ'), 'airpods', 'full-width letters');
    assert.equal(normaliseFollowWord('!!!'), '');
    assert.ok(followWordMatches('lego', 'LEGO Star Wars set'));
    assert.ok(followWordMatches('lego', 'LEGO® Star Wars set'));
    assert.ok(followWordMatches('lego', 'Lego-compatible bricks'));
    assert.ok(!followWordMatches('lego', 'Legolas figure'));
    assert.ok(followWordMatches('airpods pro', 'Apple AirPods Pro (2nd gen)'));
    assert.ok(!followWordMatches('airpods pro', 'AirPods Max, Pro case'));
    assert.ok(followWordMatches('café', 'Café racer jacket'));
    assert.ok(!followWordMatches('', 'anything'));
  });

  it('queues one alert for a new live deal, targeted at exactly the matching browsers', async () => {
    const word = await browser({ words: ['lego'] });
    const elf = await browser({ words: ['legolas'] });
    const store = await browser({ stores: [toys] });
    const phrase = await browser({ words: ['Star Wars'] });
    const both = await browser({ words: ['lego'], stores: [toys] });
    const otherStore = await browser({ stores: [lego] });
    const none = await browser();
    // A phone gets staff notifications, never follow alerts (it cannot follow).
    await t.app.inject({ method: 'POST', url: '/api/Devices/Register', payload: { token: 'fcm-follow-test', platform: 'android' }, remoteAddress: nextIp() });

    const id = await create({ name: 'LEGO® Star Wars set' });
    const [alert, ...more] = await alertOf(id);
    assert.ok(alert, 'a follow alert is queued');
    assert.equal(more.length, 0);
    assert.equal(alert.status, 'queued');
    assert.equal(alert.message, 'Toy Barn: $49.99, was $99.99 (51% off)');
    assert.equal(alert.title, 'lego, star wars, Toy Barn: New deal: LEGO® Star Wars set');
    assert.deepEqual(await alertOf(id, 'new-deal'), [], 'its category does not announce to everyone');

    const audience = await t.app.db.select().from(pushNotificationAudience).where(eq(pushNotificationAudience.notificationId, alert.id)).orderBy(asc(pushNotificationAudience.deviceId));
    assert.deepEqual(
      audience.map((row) => [row.deviceId, row.title]),
      [
        [word, 'lego: New deal: LEGO® Star Wars set'],
        [store, 'Toy Barn: New deal: LEGO® Star Wars set'],
        [phrase, 'star wars: New deal: LEGO® Star Wars set'],
        [both, 'lego, Toy Barn: New deal: LEGO® Star Wars set'],
      ],
    );

    await claimAll();
    assert.deepEqual(await targetsOf(alert.id), [word, store, phrase, both], 'only the matching browsers get a delivery');
    for (const device of [elf, otherStore, none]) assert.ok(!(await targetsOf(alert.id)).includes(device));
    const [row] = await t.app.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, alert.id));
    assert.equal(row?.numberOfTargets, 4);
    assert.equal(row?.status, 'sending');

    // Each browser is sent its own title.
    const claimed = await deliveries.claimDue(100, 60_000);
    const titles = new Map(claimed.filter((d) => d.notificationId === alert.id).map((d) => [d.deviceId, d.title]));
    assert.equal(titles.get(word), 'lego: New deal: LEGO® Star Wars set');
    assert.equal(titles.get(store), 'Toy Barn: New deal: LEGO® Star Wars set');
    await deliveries.release(claimed.map((d) => d.id));

    // "legolas" matches its own deal, and no one else's follows do.
    const elvish = await create({ name: 'Legolas figure', categoryId: lego });
    const [elfAlert] = await alertOf(elvish);
    assert.ok(elfAlert);
    await claimAll();
    assert.deepEqual(await targetsOf(elfAlert.id), [elf, otherStore].sort((a, b) => a - b));
  });

  it('stays quiet for deals that are not live, and for deals nobody follows', async () => {
    await browser({ words: ['quiet gadget'], stores: [lego] });
    const silent = [
      await create({ name: 'Quiet gadget one', categoryId: plain, isActive: false }),
      await create({ name: 'Quiet gadget two', categoryId: plain, dealStartsIn: '2099-01-01T00:00:00.000Z' }),
      await create({ name: 'Quiet gadget three', categoryId: plain, dealExpiresIn: '2020-01-01T00:00:00.000Z' }),
      await create({ name: 'Loud gadget', categoryId: plain }),
    ];
    for (const id of silent) assert.deepEqual(await alertOf(id), [], `deal ${id}`);
    // Later going live (the scheduled go-live job) announces it then, once.
    const scheduled = silent[1]!;
    await t.app.db.execute(sql`UPDATE products SET deal_starts_in = now() - interval '1 minute' WHERE id = ${scheduled}::int`);
    const first = await queueFollowAlerts(t.app.db, scheduled);
    assert.ok(first);
    assert.equal(await queueFollowAlerts(t.app.db, scheduled), null, 'a deal is announced to its followers at most once');
    assert.equal((await alertOf(scheduled)).length, 1);
  });

  it('sends a deal both alerts announce once per browser: followers get the follow alert, everyone else the new-deal alert', async () => {
    const follower = await browser({ words: ['drone'] });
    const bystander = await browser();
    const id = await create({ name: 'Camera drone', categoryId: plain, productTypeIds: [notifying] });
    const [everyone] = await alertOf(id, 'new-deal');
    const [followers] = await alertOf(id, 'follow-alert');
    assert.ok(everyone && followers);
    await claimAll();
    const toEveryone = await targetsOf(everyone.id);
    assert.ok(toEveryone.includes(bystander));
    assert.ok(!toEveryone.includes(follower), 'the follower is left out of the new-deal alert');
    assert.deepEqual(await targetsOf(followers.id), [follower]);
  });

  it('leaves out a browser that turned alerts off before the alert was sent', async () => {
    const leaving = await browser({ words: ['kite'] });
    const staying = await browser({ words: ['kite'] });
    const id = await create({ name: 'Stunt kite', categoryId: plain });
    const [alert] = await alertOf(id);
    assert.ok(alert);
    await t.app.db.delete(pushDevices).where(eq(pushDevices.id, leaving));
    await claimAll();
    assert.deepEqual(await targetsOf(alert.id), [staying]);
  });

  it('is listed in the console history as a follow alert, and filtered by kind', async () => {
    const rows = (await t.app.inject({ method: 'GET', url: '/api/PushNotificationHistory/GetPushNotificationHistory', headers: people.admin.headers })).json() as PushNotificationHistoryRow[];
    assert.ok(rows.some((row) => row.kind === 'follow-alert'));
    assert.ok(rows.some((row) => row.kind === 'new-deal'));
    const page = (await t.app.inject({ method: 'GET', url: '/api/PushNotificationHistory/GetPushNotificationHistory?page=1&pageSize=100&kind=follow-alert', headers: people.admin.headers })).json() as {
      items: PushNotificationHistoryRow[];
      total: number;
    };
    assert.ok(page.total > 0);
    assert.ok(page.items.every((row) => row.kind === 'follow-alert'));
    assert.equal(page.total, rows.filter((row) => row.kind === 'follow-alert').length);
  });

  it('keeps titles within the console limits', async () => {
    const long = followAlertTitle(['x'.repeat(40), 'y'.repeat(40)], `New deal: ${'z'.repeat(200)}`);
    assert.equal(long.length, LIMITS.pushNotification.title);
    assert.ok(long.startsWith('xxxx'));
    // A deal inserted straight into the database (as imports do) is not announced until asked.
    const imported = await insertDeal(t.app, { name: 'Imported kite', categoryId: plain });
    assert.deepEqual(await alertOf(imported), []);
  });
});
