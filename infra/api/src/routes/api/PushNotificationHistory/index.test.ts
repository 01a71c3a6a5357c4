import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { LIMITS, MESSAGES, PUSH_MESSAGES } from '@deals/contract';
import { pushNotificationHistory, users } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const HISTORY = '/api/PushNotificationHistory/GetPushNotificationHistory';
const send = (query: Record<string, string>) => `/api/PushNotificationHistory/SendPushNotifications?${new URLSearchParams(query).toString()}`;

describe('PushNotificationHistory', () => {
  let t: TestApp;
  let people: TestStaff;
  const rowCount = async () => (await t.app.db.select({ n: count() }).from(pushNotificationHistory))[0]?.n;

  before(async () => {
    // No delivery worker: these tests watch rows as the console records them (`queued`).
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  it('queues a notification for the admin who sent it and lists it newest first', async () => {
    const first = await t.app.inject({ method: 'POST', url: send({ title: 'Flash sale', message: 'Up to 70% off headphones' }), headers: people.admin.headers });
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().message, PUSH_MESSAGES.queued);
    assert.ok(Number.isInteger(first.json().id));

    const second = await t.app.inject({ method: 'POST', url: send({ title: '  New codes  ', message: 'Fresh promo codes are in' }), headers: people.admin.headers });
    assert.equal(second.statusCode, 200);

    const res = await t.app.inject({ method: 'GET', url: HISTORY, headers: people.admin.headers });
    assert.equal(res.statusCode, 200);
    const rows = res.json();
    assert.deepEqual(
      rows.map((r: { id: number }) => r.id),
      [second.json().id, first.json().id],
    );
    const [newest, oldest] = rows;
    assert.deepEqual(Object.keys(newest).sort(), ['createdBy', 'dateCreated', 'id', 'kind', 'message', 'numberOfDevicesNotificationSentTo', 'numberOfTargets', 'status', 'title']);
    assert.equal(newest.title, 'New codes');
    assert.equal(oldest.title, 'Flash sale');
    assert.equal(oldest.message, 'Up to 70% off headphones');
    assert.equal(oldest.createdBy, 'test-admin Tester');
    assert.equal(oldest.status, 'queued');
    assert.equal(oldest.numberOfDevicesNotificationSentTo, 0);
    assert.equal(oldest.numberOfTargets, 0);
    assert.ok(!Number.isNaN(Date.parse(oldest.dateCreated)));

    const [row] = await t.app.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, first.json().id));
    assert.equal(row?.createdById, people.admin.id);
    assert.equal(row?.status, 'queued');
  });

  it('orders by date, not by id', async () => {
    const [early] = await t.app.db
      .insert(pushNotificationHistory)
      .values({ title: 'Backdated', message: 'From last year', createdById: people.admin.id, dateCreated: new Date('2024-01-01T00:00:00Z'), status: 'done', numberOfDevicesNotificationSentTo: 42 })
      .returning({ id: pushNotificationHistory.id });
    const rows = (await t.app.inject({ method: 'GET', url: HISTORY, headers: people.admin.headers })).json();
    const last = rows.at(-1);
    assert.equal(last.id, early?.id);
    assert.equal(last.status, 'done');
    assert.equal(last.numberOfDevicesNotificationSentTo, 42);
    for (let i = 1; i < rows.length; i++) assert.ok(Date.parse(rows[i - 1].dateCreated) >= Date.parse(rows[i].dateCreated));
  });

  it('keeps rows whose sender was deleted, with createdBy null', async () => {
    const [gone] = await t.app.db
      .insert(users)
      .values({ username: 'gone-admin', fullName: 'Gone Admin', email: 'gone@example.com', passwordHash: 'x', isAdmin: true })
      .returning({ id: users.id });
    await t.app.db.insert(pushNotificationHistory).values({ title: 'Orphan', message: 'Sender left', createdById: gone?.id ?? 0 });
    await t.app.db.delete(users).where(eq(users.id, gone?.id ?? 0));
    const rows = (await t.app.inject({ method: 'GET', url: HISTORY, headers: people.admin.headers })).json();
    const orphan = rows.find((r: { title: string }) => r.title === 'Orphan');
    assert.equal(orphan.createdBy, null);
  });

  it('requires a title and a message, with the spec messages', async () => {
    const before = await rowCount();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ message: 'Hello' }, { title: MESSAGES.pushNotification.titleRequired }],
      [{ title: 'Hello' }, { message: MESSAGES.pushNotification.messageRequired }],
      [{ title: '', message: '' }, { title: MESSAGES.pushNotification.titleRequired, message: MESSAGES.pushNotification.messageRequired }],
      [{ title: '   ', message: 'Hello' }, { title: MESSAGES.pushNotification.titleRequired }],
      [{}, { title: MESSAGES.pushNotification.titleRequired, message: MESSAGES.pushNotification.messageRequired }],
    ];
    for (const [query, errors] of cases) {
      const res = await t.app.inject({ method: 'POST', url: send(query), headers: people.admin.headers });
      assert.equal(res.statusCode, 400, JSON.stringify(query));
      assert.deepEqual(res.json().errors, errors, JSON.stringify(query));
      assert.equal(res.json().message, Object.values(errors)[0]);
    }
    assert.equal(await rowCount(), before);
  });

  it('refuses over-long texts and keeps hostile text as plain data', async () => {
    const before = await rowCount();
    const longTitle = await t.app.inject({
      method: 'POST',
      url: send({ title: 'x'.repeat(LIMITS.pushNotification.title + 1), message: 'ok' }),
      headers: people.admin.headers,
    });
    assert.equal(longTitle.statusCode, 400);
    assert.equal(longTitle.json().errors.title, `Title must be at most ${LIMITS.pushNotification.title} characters`);
    const longMessage = await t.app.inject({
      method: 'POST',
      url: send({ title: 'ok', message: 'y'.repeat(LIMITS.pushNotification.message + 1) }),
      headers: people.admin.headers,
    });
    assert.equal(longMessage.statusCode, 400);
    assert.equal(longMessage.json().errors.message, `Message must be at most ${LIMITS.pushNotification.message} characters`);
    const repeated = await t.app.inject({ method: 'POST', url: '/api/PushNotificationHistory/SendPushNotifications?title=a&title=b&message=c', headers: people.admin.headers });
    assert.equal(repeated.statusCode, 400);
    assert.equal(await rowCount(), before);

    const atLimit = await t.app.inject({
      method: 'POST',
      url: send({ title: 'x'.repeat(LIMITS.pushNotification.title), message: 'y'.repeat(LIMITS.pushNotification.message) }),
      headers: people.admin.headers,
    });
    assert.equal(atLimit.statusCode, 200);

    const hostile = { title: "'; DROP TABLE users; --", message: '<script>alert(1)</script>' };
    const res = await t.app.inject({ method: 'POST', url: send(hostile), headers: people.admin.headers });
    assert.equal(res.statusCode, 200);
    const rows = (await t.app.inject({ method: 'GET', url: HISTORY, headers: people.admin.headers })).json();
    assert.equal(rows[0].title, hostile.title);
    assert.equal(rows[0].message, hostile.message);
    assert.ok((await t.app.db.select({ n: count() }).from(users))[0]?.n);
  });

  it('is for admins only: staff 403, anonymous and bad tokens 401, nothing written', async () => {
    const before = await rowCount();
    const url = send({ title: 'Hi', message: 'There' });
    for (const [headers, status] of [
      [people.staff.headers, 403],
      [{}, 401],
      [{ authorization: 'Bearer not-a-token' }, 401],
    ] as const) {
      for (const request of [
        { method: 'GET' as const, url: HISTORY },
        { method: 'POST' as const, url },
      ]) {
        const res = await t.app.inject({ ...request, headers });
        assert.equal(res.statusCode, status, `${request.method} ${JSON.stringify(headers)}`);
        assert.ok(res.json().message);
      }
    }
    assert.equal(await rowCount(), before);
  });
});
