import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { DEAL_FOLLOW_MESSAGES, DEAL_FOLLOW_RATE_LIMIT, DEVICE_MESSAGES, LIMITS, MESSAGES, type DealFollow } from '@deals/contract';
import { dealFollows } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertStore } from '../../../test-support/deals.js';

const FOLLOWS = '/api/DealAlerts/GetFollows';
const FOLLOW = '/api/DealAlerts/Follow';
const UNFOLLOW = '/api/DealAlerts/Unfollow';

describe('DealAlerts', () => {
  let t: TestApp;
  let ip = 0;
  let store: number;
  let hidden: number;
  const nextIp = () => `192.0.2.${(++ip % 250) + 1}`;
  const post = (url: string, payload: unknown, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const stored = async () => (await t.app.db.select({ n: count() }).from(dealFollows))[0]?.n ?? 0;

  /** A browser with deal alerts on: answers its endpoint, the token these calls take. */
  const browser = async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const endpoint = `https://push.example.net/wpush/v2/${randomBytes(12).toString('base64url')}`;
    const subscription = { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    const res = await post('/api/Devices/Register', { token: endpoint, platform: 'web', subscription });
    assert.equal(res.statusCode, 200, res.body);
    return endpoint;
  };

  before(async () => {
    t = await createTestApp({ push: { worker: { enabled: false } } });
    store = await insertStore(t.app, { name: 'Acme Outlet' });
    hidden = await insertStore(t.app, { name: 'Closed Shop', isActive: false });
  });
  after(() => t.close());

  it('follows words and stores, lists them words first, and unfollows them', async () => {
    const token = await browser();
    const empty = await post(FOLLOWS, { token });
    assert.equal(empty.statusCode, 200, empty.body);
    assert.deepEqual(empty.json(), { follows: [], max: LIMITS.dealFollow.perDevice });

    const followed = await post(FOLLOW, { token, word: '  LEGO ' });
    assert.equal(followed.statusCode, 200, followed.body);
    assert.deepEqual(followed.json(), { message: DEAL_FOLLOW_MESSAGES.followed, follows: [{ kind: 'word', word: 'lego', storeId: null, label: 'lego' }], max: LIMITS.dealFollow.perDevice });
    assert.equal((await post(FOLLOW, { token, storeId: store })).statusCode, 200);
    assert.equal((await post(FOLLOW, { token, word: 'AirPods-Pro' })).statusCode, 200);
    // Following again (any spelling of the same word) changes nothing.
    const again = await post(FOLLOW, { token, word: 'Lego' });
    assert.equal(again.statusCode, 200);
    const expected: DealFollow[] = [
      { kind: 'word', word: 'airpods pro', storeId: null, label: 'airpods pro' },
      { kind: 'word', word: 'lego', storeId: null, label: 'lego' },
      { kind: 'store', word: null, storeId: store, label: 'Acme Outlet' },
    ];
    assert.deepEqual(again.json().follows, expected);
    assert.deepEqual((await post(FOLLOWS, { token })).json().follows, expected);

    const unfollowed = await post(UNFOLLOW, { token, word: 'LEGO' });
    assert.equal(unfollowed.statusCode, 200, unfollowed.body);
    assert.equal(unfollowed.json().message, DEAL_FOLLOW_MESSAGES.unfollowed);
    assert.deepEqual(unfollowed.json().follows, [expected[0], expected[2]]);
    assert.equal((await post(UNFOLLOW, { token, storeId: store })).statusCode, 200);
    // Not followed: the same answer, nothing changes.
    const notFollowed = await post(UNFOLLOW, { token, word: 'lego' });
    assert.equal(notFollowed.statusCode, 200);
    assert.deepEqual(notFollowed.json().follows, [expected[0]]);
  });

  it("answers 404 for a token no browser registered, and shows a browser only its own follows", async () => {
    const mine = await browser();
    const theirs = await browser();
    assert.equal((await post(FOLLOW, { token: theirs, word: 'secret hobby' })).statusCode, 200);
    assert.deepEqual((await post(FOLLOWS, { token: mine })).json().follows, []);
    // A phone's token is not a browser: it cannot follow.
    assert.equal((await post('/api/Devices/Register', { token: 'fcm-phone-token', platform: 'android' })).statusCode, 200);
    const before = await stored();
    for (const token of ['https://push.example.net/never-registered', 'fcm-phone-token', `${theirs}x`]) {
      for (const [url, payload] of [
        [FOLLOWS, { token }],
        [FOLLOW, { token, word: 'lego' }],
        [UNFOLLOW, { token, word: 'secret hobby' }],
      ] as const) {
        const res = await post(url, payload);
        assert.equal(res.statusCode, 404, `${url} ${token}`);
        assert.deepEqual(res.json(), { message: DEAL_FOLLOW_MESSAGES.deviceUnknown });
      }
    }
    assert.equal(await stored(), before);
    assert.deepEqual((await post(FOLLOWS, { token: theirs })).json().follows.map((f: DealFollow) => f.label), ['secret hobby']);
    // Turning alerts off removes the browser and its follows.
    const off = await t.app.inject({ method: 'DELETE', url: `/api/Devices/Unregister?${new URLSearchParams({ token: theirs }).toString()}`, remoteAddress: nextIp() });
    assert.equal(off.statusCode, 200);
    assert.equal(await stored(), before - 1);
  });

  it('refuses bad words, stores and tokens with a message per field, never a 500', async () => {
    const token = await browser();
    const before = await stored();
    const cases: Array<[string, unknown, string, string]> = [
      [FOLLOW, { token }, 'word', DEAL_FOLLOW_MESSAGES.wordRequired],
      [FOLLOW, { token, word: '' }, 'word', DEAL_FOLLOW_MESSAGES.wordRequired],
      [FOLLOW, { token, word: ' ?!* ' }, 'word', DEAL_FOLLOW_MESSAGES.wordRequired],
      [FOLLOW, { token, word: 'a' }, 'word', DEAL_FOLLOW_MESSAGES.wordLength],
      [FOLLOW, { token, word: '-x-' }, 'word', DEAL_FOLLOW_MESSAGES.wordLength],
      [FOLLOW, { token, word: 'x'.repeat(LIMITS.dealFollow.wordMax + 1) }, 'word', DEAL_FOLLOW_MESSAGES.wordLength],
      [FOLLOW, { token, word: 'x'.repeat(LIMITS.dealFollow.wordInput + 1) }, 'word', DEAL_FOLLOW_MESSAGES.wordLength],
      [FOLLOW, { token, word: { $ne: null } }, 'word', DEAL_FOLLOW_MESSAGES.wordRequired],
      [FOLLOW, { token, word: 'lego', storeId: store }, 'word', DEAL_FOLLOW_MESSAGES.wordOrStore],
      [FOLLOW, { token, storeId: 987654 }, 'storeId', DEAL_FOLLOW_MESSAGES.storeUnknown],
      [FOLLOW, { token, storeId: hidden }, 'storeId', DEAL_FOLLOW_MESSAGES.storeUnknown],
      [FOLLOW, { token, storeId: 0 }, 'storeId', 'storeId is invalid'],
      [FOLLOW, { token, storeId: 1e12 }, 'storeId', 'storeId is invalid'],
      [FOLLOW, { token, storeId: 'abc' }, 'storeId', 'storeId must be a number'],
      [FOLLOW, { word: 'lego' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [FOLLOW, { token: '   ', word: 'lego' }, 'token', DEVICE_MESSAGES.tokenRequired],
      [FOLLOW, { token: 'x'.repeat(LIMITS.pushDevice.token + 1), word: 'lego' }, 'token', DEVICE_MESSAGES.tokenTooLong],
      [UNFOLLOW, { token, word: 'a' }, 'word', DEAL_FOLLOW_MESSAGES.wordLength],
      [FOLLOWS, { token: { endpoint: 'x' } }, 'token', DEVICE_MESSAGES.tokenRequired],
    ];
    for (const [url, payload, field, message] of cases) {
      const res = await post(url, payload);
      const label = `${url} ${JSON.stringify(payload).slice(0, 120)} → ${res.body.slice(0, 200)}`;
      assert.equal(res.statusCode, 400, label);
      assert.equal(res.json().errors?.[field], message, label);
    }
    // Not JSON at all, or not an object.
    for (const payload of ['not json', '[]', 'null', '"lego"']) {
      const res = await t.app.inject({ method: 'POST', url: FOLLOW, payload, headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
      assert.equal(res.statusCode, 400, `${payload} → ${res.body}`);
    }
    assert.equal(await stored(), before);
  });

  it(`keeps a browser to ${LIMITS.dealFollow.perDevice} follows`, async () => {
    const token = await browser();
    for (let i = 0; i < LIMITS.dealFollow.perDevice - 1; i++) assert.equal((await post(FOLLOW, { token, word: `word ${i}` })).statusCode, 200);
    assert.equal((await post(FOLLOW, { token, storeId: store })).statusCode, 200);
    const refused = await post(FOLLOW, { token, word: 'one too many' });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, DEAL_FOLLOW_MESSAGES.tooMany);
    assert.equal(refused.json().errors.word, DEAL_FOLLOW_MESSAGES.tooMany);
    // What it already follows is still fine; after removing one, another fits.
    assert.equal((await post(FOLLOW, { token, word: 'word 0' })).statusCode, 200);
    assert.equal((await post(UNFOLLOW, { token, word: 'word 0' })).statusCode, 200);
    const fits = await post(FOLLOW, { token, word: 'one too many' });
    assert.equal(fits.statusCode, 200);
    assert.equal(fits.json().follows.length, LIMITS.dealFollow.perDevice);
  });

  it(`limits follows and unfollows each to ${DEAL_FOLLOW_RATE_LIMIT.max} a minute per IP address`, async () => {
    const token = await browser();
    const from = nextIp();
    for (let i = 0; i < DEAL_FOLLOW_RATE_LIMIT.max; i++) {
      assert.equal((await post(FOLLOW, { token, word: 'flood' }, from)).statusCode, 200);
    }
    const refused = await post(FOLLOW, { token, word: 'flood' }, from);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, MESSAGES.rateLimited);
    const other = nextIp();
    for (let i = 0; i < DEAL_FOLLOW_RATE_LIMIT.max; i++) assert.equal((await post(UNFOLLOW, { token, word: 'flood' }, other)).statusCode, 200);
    assert.equal((await post(UNFOLLOW, { token, word: 'flood' }, other)).statusCode, 429);
  });
});
