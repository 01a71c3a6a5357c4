import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { LIMITS } from '@deals/contract';
import { pushNotificationHistory } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { insertProductType, insertStore } from '../test-support/deals.js';
import { form, testImage } from '../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';
import { newDealAlertText, queueNewDealAlert } from './new-deal-alert.js';

type Fields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

describe('new-deal alerts', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  let notifying: number;
  let quiet: number;
  let hiddenNotifying: number;
  let image: Buffer;

  before(async () => {
    // No worker: the queued rows are what is checked here (delivery has its own tests).
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
    store = await insertStore(t.app, { name: 'Acme Outlet' });
    notifying = await insertProductType(t.app, { name: 'Laptops', notifyImmediately: true });
    quiet = await insertProductType(t.app, { name: 'Socks', notifyImmediately: false });
    hiddenNotifying = await insertProductType(t.app, { name: 'Retired', notifyImmediately: true, isActive: false });
    image = await testImage('png', 8, '#abcdef');
  });
  after(() => t.close());

  const create = async (fields: Fields) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Product/CreateProduct',
      headers: people.staff.headers,
      payload: form({ categoryId: store, name: 'Ultrabook 14', currentPrice: '19.99', previousPrice: '39.99', link: 'https://shop.example.com/u', ...fields }, { image }),
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  };
  const alertsFor = (productId: number) => t.app.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.productId, productId)).orderBy(asc(pushNotificationHistory.id));

  it('queues one notification for a live deal in a "Send Notification Immediately" category, from the deal creator', async () => {
    const id = await create({ productTypeIds: [quiet, notifying], promoCode: 'SAVE20' });
    const alerts = await alertsFor(id);
    assert.equal(alerts.length, 1);
    const [alert] = alerts;
    assert.equal(alert?.title, 'New deal: Ultrabook 14');
    assert.equal(alert?.message, 'Acme Outlet: $19.99, was $39.99 (51% off) with a promo code');
    assert.equal(alert?.status, 'queued');
    assert.equal(alert?.createdById, people.staff.id);

    // It shows in the console's history like any other notification.
    const rows = (await t.app.inject({ method: 'GET', url: '/api/PushNotificationHistory/GetPushNotificationHistory', headers: people.admin.headers })).json();
    const row = rows.find((r: { id: number }) => r.id === alert?.id);
    assert.equal(row.createdBy, 'test-staff Tester');
    assert.equal(row.numberOfTargets, 0);
  });

  it('announces a deal only once', async () => {
    const id = await create({ productTypeIds: [notifying] });
    assert.equal(await queueNewDealAlert(t.app.db, id), null);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/Product/UpdateProduct',
      headers: people.staff.headers,
      payload: form({ id, categoryId: store, productTypeIds: [notifying], name: 'Ultrabook 14 (updated)', currentPrice: '18.99', previousPrice: '39.99', link: 'https://shop.example.com/u' }),
    });
    assert.equal(update.statusCode, 200, update.body);
    assert.equal((await alertsFor(id)).length, 1);
  });

  it('stays quiet for other categories, inactive categories, and deals not live when created', async () => {
    const silent = [
      await create({ productTypeIds: [quiet] }),
      await create({ productTypeIds: [hiddenNotifying] }),
      await create({ productTypeIds: [notifying], isActive: false }),
      await create({ productTypeIds: [notifying], dealStartsIn: '2099-01-01T00:00:00.000Z' }),
      await create({ productTypeIds: [notifying], dealExpiresIn: '2020-01-01T00:00:00.000Z' }),
    ];
    for (const id of silent) assert.deepEqual(await alertsFor(id), [], `deal ${id}`);
  });

  it('words prices as the site does and fits the console limits', () => {
    assert.deepEqual(newDealAlertText({ name: 'Desk', store: 'Home Co', currentPrice: 1299, previousPrice: null, promoCode: null }), {
      title: 'New deal: Desk',
      message: 'Home Co: $1,299.00',
    });
    assert.equal(newDealAlertText({ name: 'Lamp', store: 'Home Co', currentPrice: 10, previousPrice: 10, promoCode: ' ' }).message, 'Home Co: $10.00');
    const long = newDealAlertText({ name: 'x'.repeat(LIMITS.deal.name), store: 'y'.repeat(250), currentPrice: 1, previousPrice: 2, promoCode: null });
    assert.equal(long.title.length, LIMITS.pushNotification.title);
    assert.ok(long.title.endsWith('…'));
    assert.ok(long.message.length <= LIMITS.pushNotification.message);
  });
});
