import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asc, count, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { DEVICE_MESSAGES, DEVICE_RATE_LIMIT, LIMITS, MESSAGES } from '@deals/contract';
import { pushDevices } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestUser } from '../../../test-support/staff.js';

const REGISTER = '/api/Devices/Register';
const UNREGISTER = '/api/Devices/Unregister';
const PUBLIC_KEY = '/api/Devices/WebPushPublicKey';

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
function browserSubscription(endpoint = `https://push.example.net/wpush/v2/${randomBytes(12).toString('base64url')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

describe('Devices', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;
  const register = (payload: unknown, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: REGISTER, payload: payload as object, remoteAddress });
  const unregister = (token: string | undefined, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'DELETE', url: token === undefined ? UNREGISTER : `${UNREGISTER}?${new URLSearchParams({ token }).toString()}`, remoteAddress });
  const stored = async () => (await t.app.db.select({ n: count() }).from(pushDevices))[0]?.n;

  before(async () => {
    // No worker: these tests are about the targets, not deliveries.
    t = await createTestApp({ push: { worker: { enabled: false } } });
  });
  after(() => t.close());

  it('registers a browser subscription and a mobile token, once each however often they register', async () => {
    const subscription = browserSubscription();
    const first = await register({ token: subscription.endpoint, platform: 'web', subscription });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { message: DEVICE_MESSAGES.registered });
    const android = await register({ token: 'fcm-token-android-1', platform: 'android' });
    assert.equal(android.statusCode, 200, android.body);

    const [before] = await t.app.db.select().from(pushDevices).where(eq(pushDevices.token, subscription.endpoint));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The browser rotated its keys: same endpoint, new keys → the row is updated, not duplicated.
    const rotated = { ...browserSubscription(subscription.endpoint) };
    assert.equal((await register({ token: subscription.endpoint, platform: 'web', subscription: rotated })).statusCode, 200);
    assert.equal((await register({ token: 'fcm-token-android-1', platform: 'android' })).statusCode, 200);

    const rows = await t.app.db.select().from(pushDevices).orderBy(asc(pushDevices.id));
    assert.equal(rows.length, 2);
    const [web, mobile] = rows;
    assert.equal(web?.platform, 'web');
    assert.deepEqual(web?.subscription, rotated);
    assert.ok(before && web && web.lastSeenAt > before.lastSeenAt, 'lastSeenAt moves on a repeated registration');
    assert.equal(web?.createdAt.getTime(), before?.createdAt.getTime());
    assert.equal(mobile?.platform, 'android');
    assert.equal(mobile?.subscription, null);
  });

  it('refuses malformed registrations with a message per field and writes nothing', async () => {
    const before = await stored();
    const good = browserSubscription();
    const notOnCurve = { ...good, keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') } };
    const shortAuth = { ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } };
    const cases: Array<[unknown, string, string]> = [
      [{ platform: 'android' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [{ token: '', platform: 'ios' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [{ token: '   ', platform: 'ios' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [{ token: { $ne: null }, platform: 'ios' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [{ token: 'x'.repeat(LIMITS.pushDevice.token + 1), platform: 'ios' }, 'token', DEVICE_MESSAGES.tokenTooLong],
      [{ token: 'abc' }, 'platform', DEVICE_MESSAGES.platformInvalid],
      [{ token: 'abc', platform: 'windows' }, 'platform', DEVICE_MESSAGES.platformInvalid],
      [{ token: good.endpoint, platform: 'web' }, 'subscription', DEVICE_MESSAGES.subscriptionRequired],
      [{ token: 'abc', platform: 'android', subscription: good }, 'subscription', DEVICE_MESSAGES.subscriptionNotAllowed],
      [{ token: 'https://elsewhere.example/x', platform: 'web', subscription: good }, 'token', DEVICE_MESSAGES.tokenMustBeEndpoint],
      [{ token: 'http://push.example.net/x', platform: 'web', subscription: { ...good, endpoint: 'http://push.example.net/x' } }, 'subscription.endpoint', DEVICE_MESSAGES.endpointInvalid],
      [{ token: 'javascript:alert(1)', platform: 'web', subscription: { ...good, endpoint: 'javascript:alert(1)' } }, 'subscription.endpoint', DEVICE_MESSAGES.endpointInvalid],
      [{ token: good.endpoint, platform: 'web', subscription: { endpoint: good.endpoint } }, 'subscription.keys', DEVICE_MESSAGES.keyRequired],
      [{ token: good.endpoint, platform: 'web', subscription: { ...good, keys: { p256dh: good.keys.p256dh } } }, 'subscription.keys.auth', DEVICE_MESSAGES.keyRequired],
      [{ token: good.endpoint, platform: 'web', subscription: { ...good, keys: { ...good.keys, auth: 'not base64!' } } }, 'subscription.keys.auth', DEVICE_MESSAGES.keyInvalid],
      [{ token: good.endpoint, platform: 'web', subscription: notOnCurve }, 'subscription.keys', DEVICE_MESSAGES.keysMalformed],
      [{ token: good.endpoint, platform: 'web', subscription: shortAuth }, 'subscription.keys', DEVICE_MESSAGES.keysMalformed],
    ];
    for (const [payload, field, message] of cases) {
      const res = await register(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 200));
      assert.equal(res.json().errors?.[field], message, `${JSON.stringify(payload).slice(0, 200)} → ${res.body}`);
    }
    assert.equal(await stored(), before);
  });

  it('unregisters by token and answers the same for a token it does not know', async () => {
    assert.equal((await register({ token: 'fcm-token-to-remove', platform: 'ios' })).statusCode, 200);
    const before = await stored();
    const removed = await unregister('fcm-token-to-remove');
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json(), { message: DEVICE_MESSAGES.unregistered });
    assert.equal(await stored(), (before ?? 0) - 1);
    const unknown = await unregister('never-registered');
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(unknown.json(), removed.json());
    const missing = await unregister(undefined);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().errors.token, DEVICE_MESSAGES.tokenRequired);
  });

  it(`limits registrations and unregistrations to ${DEVICE_RATE_LIMIT.max} a minute per IP address`, async () => {
    const from = nextIp();
    for (let i = 0; i < DEVICE_RATE_LIMIT.max; i++) {
      assert.equal((await register({ token: `flood-${i}`, platform: 'android' }, from)).statusCode, 200);
    }
    const before = await stored();
    const refused = await register({ token: 'flood-too-many', platform: 'android' }, from);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, MESSAGES.rateLimited);
    assert.equal(await stored(), before);
    const other = nextIp();
    for (let i = 0; i < DEVICE_RATE_LIMIT.max; i++) assert.equal((await unregister(`flood-${i}`, other)).statusCode, 200);
    assert.equal((await unregister('flood-0', other)).statusCode, 429);
  });

  it('tells staff how many devices a notification to everyone reaches now (browsers only while FCM is off)', async () => {
    const staff = await createTestUser(t.app, 'audience-staff', false);
    const size = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/Devices/GetAudienceSize', headers: staff.headers });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().devices as number;
    };
    await t.app.db.delete(pushDevices);
    assert.equal(await size(), 0);
    for (let i = 0; i < 3; i++) {
      const subscription = browserSubscription();
      await register({ token: subscription.endpoint, platform: 'web', subscription });
    }
    await register({ token: 'fcm-audience-ios', platform: 'ios' });
    // This test app has no FIREBASE_SERVICE_ACCOUNT: the iOS device is not reached, so not counted.
    assert.equal(await size(), 3);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Devices/GetAudienceSize' })).statusCode, 401);
  });

  it('gives browsers the VAPID public key to subscribe with', async () => {
    const res = await t.app.inject({ method: 'GET', url: PUBLIC_KEY });
    assert.equal(res.statusCode, 200);
    const key = Buffer.from(res.json().publicKey, 'base64url');
    assert.equal(key.length, 65);
    assert.equal(key[0], 4);
  });
});

describe('VAPID keys', () => {
  it('come from configuration when set', async () => {
    const vapidKeys = webpush.generateVAPIDKeys();
    const t = await createTestApp({ push: { vapidKeys, worker: { enabled: false } } });
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: PUBLIC_KEY })).json().publicKey, vapidKeys.publicKey);
    } finally {
      await t.close();
    }
  });
});
