/**
 * Push delivery end to end: the console's send, the worker, web-push / firebase-admin and a local
 * HTTPS server standing in for the push services (see test-support/push.ts). Payloads are
 * decrypted here with the subscriber's own keys; FCM calls are checked as they arrive.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import https from 'node:https';
import { after, before, describe, it } from 'node:test';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { buildApp } from '../app.js';
import { DEVICE_MESSAGES, PUSH_OPEN_URL, type PushNotificationHistoryRow } from '@deals/contract';
import { pushDeliveries, pushDevices, pushNotificationHistory, siteAssets } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import {
  createSubscriber,
  eventually,
  startPushServer,
  verifyRs256,
  verifyVapidAuthorization,
  type PushServer,
  type RecordedRequest,
  type Subscriber,
} from '../test-support/push.js';
import { createTestUser, type TestUser } from '../test-support/staff.js';
import { createDeliveryStore } from './delivery-store.js';
import type { PushOptions, WorkerSettings } from './settings.js';

/** Quick rounds and short back-off so retries happen within a test. */
const FAST: Partial<WorkerSettings> = { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 2_000, leaseMs: 10_000, requestTimeoutMs: 5_000 };
const HISTORY = '/api/PushNotificationHistory/GetPushNotificationHistory';

let server: PushServer;
let ip = 0;

before(async () => {
  server = await startPushServer();
});
after(() => server.close());

const pushOptions = (extra: Partial<PushOptions> = {}): PushOptions => ({ httpsAgent: server.agent, ...extra, worker: { ...FAST, ...extra.worker } });

async function registerWeb(app: FastifyInstance, name: string): Promise<Subscriber> {
  const subscriber = createSubscriber(`${server.origin}/push/${name}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/Devices/Register',
    payload: { token: subscriber.subscription.endpoint, platform: 'web', subscription: subscriber.subscription },
    remoteAddress: `203.0.113.${++ip % 250}`,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, DEVICE_MESSAGES.registered);
  return subscriber;
}

async function registerMobile(app: FastifyInstance, token: string, platform: 'ios' | 'android'): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/Devices/Register', payload: { token, platform }, remoteAddress: `203.0.113.${++ip % 250}` });
  assert.equal(res.statusCode, 200, res.body);
}

async function send(app: FastifyInstance, admin: TestUser, title: string, message: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/PushNotificationHistory/SendPushNotifications?${new URLSearchParams({ title, message }).toString()}`,
    headers: admin.headers,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().id as number;
}

async function historyRow(app: FastifyInstance, admin: TestUser, id: number): Promise<PushNotificationHistoryRow | undefined> {
  const rows = (await app.inject({ method: 'GET', url: HISTORY, headers: admin.headers })).json() as PushNotificationHistoryRow[];
  return rows.find((row) => row.id === id);
}

const whenDone = (app: FastifyInstance, admin: TestUser, id: number) =>
  eventually(async () => {
    const row = await historyRow(app, admin, id);
    return row?.status === 'done' ? row : undefined;
  }, 20_000, `notification ${id} to be done`);

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path);

const deliveriesOf = (app: FastifyInstance, id: number) =>
  app.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, id)).orderBy(asc(pushDeliveries.id));

describe('Web Push delivery', () => {
  let t: TestApp;
  let admin: TestUser;

  before(async () => {
    t = await createTestApp({ push: pushOptions() });
    admin = await createTestUser(t.app, 'push-admin', true);
    // The VAPID subject defaults to the company's email address.
    await t.app.db.insert(siteAssets).values({ id: 1, companyName: 'Deals Inc', emailAddress: 'hello@deals.example' });
  });
  after(() => t.close());

  it('delivers an encrypted payload each subscriber decrypts, signed with the server VAPID key; mobile targets are skipped without FCM', async () => {
    const alice = await registerWeb(t.app, 'alice');
    const bob = await registerWeb(t.app, 'bob');
    await registerMobile(t.app, 'android-token-without-fcm', 'android');
    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/Devices/WebPushPublicKey' })).json().publicKey as string;

    const id = await send(t.app, admin, 'Flash sale', 'Up to 70% off headphones — today only');
    const row = await whenDone(t.app, admin, id);
    // Two browsers; the Android token is neither targeted nor counted without FIREBASE_SERVICE_ACCOUNT.
    assert.equal(row.numberOfTargets, 2);
    assert.equal(row.numberOfDevicesNotificationSentTo, 2);

    for (const [name, subscriber] of [['alice', alice], ['bob', bob]] as const) {
      const [request] = requestsTo(`/push/${name}`);
      assert.ok(request, `a request reached ${name}'s endpoint`);
      assert.equal(request.method, 'POST');
      assert.equal(request.headers['content-encoding'], 'aes128gcm');
      assert.equal(request.headers.ttl, String(24 * 60 * 60));
      assert.equal(request.headers.urgency, 'normal');
      assert.deepEqual(JSON.parse(subscriber.decrypt(request.body)), { title: 'Flash sale', message: 'Up to 70% off headphones — today only', url: PUSH_OPEN_URL });

      const vapid = verifyVapidAuthorization(request.headers.authorization);
      assert.equal(vapid.publicKey, publicKey);
      assert.equal(vapid.header.alg, 'ES256');
      assert.equal(vapid.claims.aud, server.origin);
      assert.equal(vapid.claims.sub, 'mailto:hello@deals.example');
      assert.ok(Number(vapid.claims.exp) > Date.now() / 1000);
    }
    const statuses = (await deliveriesOf(t.app, id)).map((d) => [d.status, d.attempts]);
    assert.deepEqual(statuses, [
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('removes targets the push service reports gone (410, 404) and counts only deliveries', async () => {
    await t.app.db.delete(pushDevices);
    server.respond((request) => (request.path === '/push/expired' ? { status: 410, body: 'push subscription has unsubscribed or expired.' } : request.path === '/push/unknown' ? { status: 404 } : { status: 201 }));
    await registerWeb(t.app, 'expired');
    await registerWeb(t.app, 'unknown');
    await registerWeb(t.app, 'alive');

    const id = await send(t.app, admin, 'Weekend deals', 'Fresh codes inside');
    const row = await whenDone(t.app, admin, id);
    assert.equal(row.numberOfTargets, 3);
    assert.equal(row.numberOfDevicesNotificationSentTo, 1);
    const devices = await t.app.db.select({ token: pushDevices.token }).from(pushDevices);
    assert.deepEqual(
      devices.map((d) => d.token),
      [`${server.origin}/push/alive`],
    );
    assert.deepEqual((await deliveriesOf(t.app, id)).map((d) => d.status).sort(), ['delivered', 'gone', 'gone']);
    // Each attempt's outcome is counted for the metrics, by channel.
    assert.match(await t.app.metrics.registry.getSingleMetricAsString('deals_push_deliveries_total'), /^deals_push_deliveries_total\{channel="web",outcome="gone"\} 2$/m);

    // The next notification only targets what is left.
    const next = await whenDone(t.app, admin, await send(t.app, admin, 'Again', 'Only the live one'));
    assert.equal(next.numberOfTargets, 1);
    assert.equal(next.numberOfDevicesNotificationSentTo, 1);
    server.respond(() => ({ status: 201 }));
  });

  it('retries transient failures with growing delays, shows progress meanwhile, and gives up after the last attempt', async () => {
    await t.app.db.delete(pushDevices);
    let flakyCalls = 0;
    server.respond((request) => {
      if (request.path === '/push/flaky') {
        flakyCalls++;
        if (flakyCalls === 1) return { status: 500, body: 'internal error' };
        if (flakyCalls === 2) return { status: 429, body: 'slow down' };
        return { status: 201 };
      }
      if (request.path === '/push/down') return { status: 503 };
      return { status: 201 };
    });
    await registerWeb(t.app, 'flaky');
    await registerWeb(t.app, 'down');

    const id = await send(t.app, admin, 'Retry me', 'Eventually');
    await eventually(async () => requestsTo('/push/flaky').length >= 1, 10_000, 'first attempt');
    // Sending, with its targets fixed, until every target has an outcome.
    const during = await historyRow(t.app, admin, id);
    assert.equal(during?.status, 'sending');
    assert.equal(during?.numberOfTargets, 2);

    const row = await whenDone(t.app, admin, id);
    assert.equal(row.numberOfDevicesNotificationSentTo, 1);
    const flaky = requestsTo('/push/flaky');
    assert.equal(flaky.length, 3);
    const [first, second, third] = flaky.map((r) => r.at) as [number, number, number];
    // Back-off of 100 ms then 200 ms, each ±20%.
    assert.ok(second - first >= 75, `first retry after ${second - first} ms`);
    assert.ok(third - second >= 150, `second retry after ${third - second} ms`);
    // Five attempts (the default), then failed; a 503 says nothing about the subscription, so it is kept.
    assert.equal(requestsTo('/push/down').length, 5);
    const deliveries = await deliveriesOf(t.app, id);
    assert.deepEqual(
      deliveries.map((d) => [d.status, d.attempts]),
      [
        ['delivered', 3],
        ['failed', 5],
      ],
    );
    assert.match(deliveries[1]?.lastError ?? '', /gave up after 5 attempts: HTTP 503/);
    assert.equal((await t.app.db.select().from(pushDevices)).length, 2);
    server.respond(() => ({ status: 201 }));
  });

  it('marks a notification with no targets done at once', async () => {
    await t.app.db.delete(pushDevices);
    const row = await whenDone(t.app, admin, await send(t.app, admin, 'Nobody', 'is listening'));
    assert.equal(row.numberOfTargets, 0);
    assert.equal(row.numberOfDevicesNotificationSentTo, 0);
  });
});

describe('FCM delivery (HTTP v1 through firebase-admin)', () => {
  let t: TestApp;
  let admin: TestUser;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const account = { type: 'service_account', project_id: 'deals-test', client_email: 'push@deals-test.iam.gserviceaccount.com', private_key: privateKey };

  let defaultAgent: typeof https.globalAgent;

  before(async () => {
    // firebase-admin hands its httpAgent to the FCM calls, but not to the OAuth token request of a
    // service account given as an object: `cert()` builds google-auth-library's client with
    // `fromJSON(json)` and no options, so that one request goes through https.globalAgent. For
    // this test process only, the global agent is the local server's too.
    defaultAgent = https.globalAgent;
    https.globalAgent = server.agent;
    t = await createTestApp({ push: pushOptions({ firebaseServiceAccount: account }) });
    admin = await createTestUser(t.app, 'fcm-admin', true);
    server.requests.length = 0;
    server.respond((request) => {
      if (request.path === '/token') return { status: 200, body: { access_token: 'fcm-test-access-token', expires_in: 3600, token_type: 'Bearer' } };
      if (request.path === '/v1/projects/deals-test/messages:send') {
        const { message } = JSON.parse(request.body.toString('utf8')) as { message: { token: string } };
        if (message.token === 'ios-uninstalled') {
          return {
            status: 404,
            body: {
              error: {
                code: 404,
                message: 'Requested entity was not found.',
                status: 'NOT_FOUND',
                details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
              },
            },
          };
        }
        return { status: 200, body: { name: `projects/deals-test/messages/${message.token}` } };
      }
      return { status: 201 };
    });
  });
  after(async () => {
    server.respond(() => ({ status: 201 }));
    https.globalAgent = defaultAgent;
    await t.close();
  });

  it('sends each mobile token its notification through FCM, authorised by the service account, and drops unregistered tokens', async () => {
    await registerMobile(t.app, 'android-device-1', 'android');
    await registerMobile(t.app, 'ios-uninstalled', 'ios');
    const browser = await registerWeb(t.app, 'fcm-browser');

    const id = await send(t.app, admin, 'Price drop', 'Laptops from $499');
    const row = await whenDone(t.app, admin, id);
    assert.equal(row.numberOfTargets, 3);
    assert.equal(row.numberOfDevicesNotificationSentTo, 2);

    // The OAuth 2.0 token exchange: a JWT assertion signed with the service account's private key.
    const tokenRequests = server.requests.filter((r) => r.path === '/token');
    assert.ok(tokenRequests.length >= 1);
    const tokenRequest = tokenRequests[0] as RecordedRequest;
    assert.equal(tokenRequest.servername, 'oauth2.googleapis.com');
    const form = new URLSearchParams(tokenRequest.body.toString('utf8'));
    assert.equal(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = verifyRs256(form.get('assertion') ?? '', publicKey);
    assert.equal(assertion.claims.iss, account.client_email);
    assert.match(String(assertion.claims.scope), /firebase\.messaging|cloud-platform/);

    const fcmCalls = server.requests.filter((r) => r.path.includes('messages:send'));
    assert.equal(fcmCalls.length, 2);
    for (const call of fcmCalls) {
      assert.equal(call.method, 'POST');
      assert.equal(call.servername, 'fcm.googleapis.com');
      assert.equal(call.headers.host, 'fcm.googleapis.com');
      assert.equal(call.path, '/v1/projects/deals-test/messages:send');
      assert.equal(call.headers.authorization, 'Bearer fcm-test-access-token');
    }
    const messages = fcmCalls.map((call) => (JSON.parse(call.body.toString('utf8')) as { message: { token: string; notification: unknown; data: unknown } }).message);
    assert.deepEqual(messages.map((m) => m.token).sort(), ['android-device-1', 'ios-uninstalled']);
    for (const message of messages) {
      assert.deepEqual(message.notification, { title: 'Price drop', body: 'Laptops from $499' });
      assert.deepEqual(message.data, { url: PUSH_OPEN_URL });
    }
    const [web] = requestsTo('/push/fcm-browser');
    assert.ok(web);
    assert.equal(JSON.parse(browser.decrypt(web.body)).title, 'Price drop');

    const tokens = (await t.app.db.select({ token: pushDevices.token }).from(pushDevices)).map((d) => d.token).sort();
    assert.deepEqual(tokens, ['android-device-1', `${server.origin}/push/fcm-browser`]);
  });
});

describe('restart safety', () => {
  const vapidKeys = webpush.generateVAPIDKeys();
  let database: TestDatabase;
  const open = (worker: Partial<WorkerSettings>) =>
    buildApp({ database: database.options, logger: false, env: {}, push: pushOptions({ vapidKeys, worker }) });

  before(async () => {
    database = await createTestDatabase({ persistent: true });
  });
  after(() => database.drop());

  it('a server stopped mid-queue leaves the rest pending; the next one delivers exactly the rest, once each', async () => {
    server.requests.length = 0;
    const first = await open({ concurrency: 2, batchSize: 4 });
    const admin = await createTestUser(first, 'restart-admin', true);
    const names = Array.from({ length: 12 }, (_, i) => `restart-${i}`);
    for (const name of names) await registerWeb(first, name);

    let closing: Promise<void> | undefined;
    server.respond(() => ({ status: 201, delayMs: 40 }));
    server.onRequest(() => {
      if (server.requests.filter((r) => r.path.startsWith('/push/restart-')).length === 5) closing ??= first.close();
    });
    const id = await send(first, admin, 'Restart', 'Mid-queue');
    await eventually(async () => closing !== undefined, 20_000, 'the fifth delivery');
    await closing;

    const reached = () => server.requests.filter((r) => r.path.startsWith('/push/restart-'));
    const sentBeforeStop = reached().length;
    assert.ok(sentBeforeStop >= 5 && sentBeforeStop < names.length, `${sentBeforeStop} sent before the stop`);

    // Look at what the stopped server left, with a worker that does not run.
    const inspect = await open({ enabled: false });
    const [left] = await inspect.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, id));
    assert.equal(left?.status, 'sending');
    assert.equal(left?.numberOfTargets, names.length);
    assert.equal(left?.numberOfDevicesNotificationSentTo, sentBeforeStop);
    const states = await inspect.db
      .select({ status: pushDeliveries.status, attempts: pushDeliveries.attempts, due: sql<boolean>`${pushDeliveries.nextAttemptAt} <= now()` })
      .from(pushDeliveries)
      .where(eq(pushDeliveries.notificationId, id));
    const pending = states.filter((s) => s.status === 'pending');
    assert.equal(pending.length, names.length - sentBeforeStop);
    // Claimed but never tried: given back due at once, the attempt not counted.
    assert.ok(pending.every((s) => s.attempts === 0 && s.due));
    await inspect.close();

    server.respond(() => ({ status: 201 }));
    const second = await open({});
    await second.ready();
    await eventually(async () => {
      const [row] = await second.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, id));
      return row?.status === 'done' ? row : undefined;
    }, 20_000, 'the resumed notification');
    const [done] = await second.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, id));
    assert.equal(done?.numberOfDevicesNotificationSentTo, names.length);
    // Every endpoint reached exactly once across both servers.
    assert.deepEqual(reached().map((r) => r.path).sort(), names.map((n) => `/push/${n}`).sort());
    await second.close();
  });

  it('a target claimed by a process that died mid-send is retried once its lease runs out, without double counting', async () => {
    server.requests.length = 0;
    const setup = await open({ enabled: false });
    const admin = await createTestUser(setup, 'lease-admin', true);
    await setup.db.delete(pushDevices);
    await registerWeb(setup, 'lease-a');
    await registerWeb(setup, 'lease-b');
    const id = await send(setup, admin, 'Lease', 'Resumed');
    // What a worker does before dying: claim the notification and one target under a 1.5 s lease.
    const store = createDeliveryStore(setup.db);
    assert.equal(await store.claimQueued(false), id);
    const [claimed] = await store.claimDue(1, 1_500);
    assert.ok(claimed);
    await setup.close();

    const started = Date.now();
    const resumed = await open({});
    await resumed.ready();
    const row = await eventually(async () => {
      const [r] = await resumed.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.id, id));
      return r?.status === 'done' ? r : undefined;
    }, 20_000, 'the leased notification');
    assert.equal(row.numberOfTargets, 2);
    assert.equal(row.numberOfDevicesNotificationSentTo, 2);
    const leased = server.requests.find((r) => r.path === `/push/lease-${claimed.subscription?.endpoint.endsWith('lease-a') ? 'a' : 'b'}`);
    assert.ok(leased && leased.at - started >= 1_000, 'the leased target waited for its lease');
    assert.equal(server.requests.filter((r) => r.path.startsWith('/push/lease-')).length, 2);
    const [again] = await resumed.db.select().from(pushDeliveries).where(eq(pushDeliveries.id, claimed.id));
    assert.equal(again?.attempts, 2);
    assert.equal(again?.status, 'delivered');
    await resumed.close();
  });
});
