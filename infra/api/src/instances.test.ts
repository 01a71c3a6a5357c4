/**
 * Two instances of the API on one database, as behind a load balancer: what one generates or
 * counts, the other agrees with. The S3 side is in storage/; the whole cluster with a
 * real balancer is `npm run test:cluster`.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSigner } from 'fast-jwt';
import webpush from 'web-push';
import { MESSAGES } from '@deals/contract';
import { buildApp, type AppOptions } from './app.js';
import { JWT_SECRET_NAME, keyOf } from './lib/jwt-keys.js';
import { rotateSharedSecret } from './lib/shared-secrets.js';
import { VAPID_KEYS_SECRET } from './push/vapid-keys.js';
import { PER_IP_PER_MINUTE, SIGN_IN_THROTTLE } from './routes/api/Users/index.js';
import { createSharedTestDatabase, type TestDatabase } from './test-support/database.js';
import { createTestUser, TEST_PASSWORD } from './test-support/staff.js';
import { authenticate } from './test-support/users.js';
import type { FastifyInstance } from 'fastify';

const QUIET: Partial<AppOptions> = { logger: false, push: { worker: { enabled: false } } };
const PUBLIC_KEY = '/api/Devices/WebPushPublicKey';

async function instance(database: TestDatabase, extra: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ database: database.options, ...QUIET, ...extra, env: { PUBLIC_CACHE_TTL_MS: '0', ...extra.env } });
}

const me = (app: FastifyInstance, token: string, id: number) =>
  app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${id}`, headers: { authorization: `Bearer ${token}` } });

describe('two instances on one database', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  before(async () => {
    database = await createSharedTestDatabase();
    // Started together, as a deployment's instances are.
    [one, two] = await Promise.all([instance(database), instance(database)]);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database.drop();
  });

  it('accept each other’s access tokens and give browsers the same VAPID key', async () => {
    const user = await createTestUser(one, 'shared-token-user', false);
    const signedIn = await authenticate(one, user.username);
    assert.equal(signedIn.statusCode, 200);
    const res = await me(two, signedIn.json().token, user.id);
    assert.equal(res.statusCode, 200, res.body);
    const keys = await Promise.all([one, two].map(async (app) => (await app.inject({ method: 'GET', url: PUBLIC_KEY })).json().publicKey));
    assert.equal(keys[0], keys[1]);
  });

  it(`lock a username after ${SIGN_IN_THROTTLE.maxFailures} failures in total, not per instance`, async () => {
    const user = await createTestUser(one, 'shared-throttle-user', false);
    const answers: number[] = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures + 2; i++) answers.push((await authenticate(i % 2 ? two : one, user.username, `wrong-${i}-password`)).statusCode);
    assert.deepEqual(answers, [...Array(SIGN_IN_THROTTLE.maxFailures).fill(401), 429, 429]);
    const right = await authenticate(two, user.username, TEST_PASSWORD);
    assert.equal(right.statusCode, 429);
    assert.deepEqual(right.json(), { message: MESSAGES.auth.throttled });
  });

  it(`limit one IP to ${PER_IP_PER_MINUTE.authenticate} sign-in attempts a minute across both`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < PER_IP_PER_MINUTE.authenticate; i++) {
      const res = await (i % 2 ? two : one).inject({ method: 'POST', url: '/api/Users/Authenticate', payload: {}, remoteAddress: ip });
      assert.equal(res.statusCode, 400);
    }
    for (const app of [one, two]) assert.equal((await app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: {}, remoteAddress: ip })).statusCode, 429);
  });

  it('keep accepting tokens across a rotation of the generated key, without a restart', async () => {
    const user = await createTestUser(one, 'rotation-user', false);
    const before = (await authenticate(one, user.username)).json().token as string;
    await rotateSharedSecret(one.db, JWT_SECRET_NAME);
    // Past the pause between two re-reads of the keys (500 ms), which guards against forged key ids.
    await sleep(600);
    // An instance started after the rotation signs with the new key…
    const three = await instance(database);
    try {
      const afterRotation = (await authenticate(three, user.username)).json().token as string;
      assert.notEqual(JSON.parse(Buffer.from(afterRotation.split('.')[0]!, 'base64url').toString()).kid, JSON.parse(Buffer.from(before.split('.')[0]!, 'base64url').toString()).kid);
      // …which the running ones learn at once; the token of the previous key stays valid.
      for (const app of [one, two, three]) {
        assert.equal((await me(app, afterRotation, user.id)).statusCode, 200, `new key on instance ${[one, two, three].indexOf(app)}`);
        assert.equal((await me(app, before, user.id)).statusCode, 200, `previous key on instance ${[one, two, three].indexOf(app)}`);
      }
      const forged = createSigner({ key: 'not-the-deployment-key', kid: 'unknown-kid', algorithm: 'HS256' })({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: 'True' });
      assert.equal((await me(two, forged, user.id)).statusCode, 401);
    } finally {
      await three.close();
    }
  });
});

describe('deployment secrets', () => {
  it('adopt the files an earlier single-instance version generated under DATA_DIR/secrets', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'deals-secrets-'));
    const database = await createSharedTestDatabase();
    try {
      const vapid = webpush.generateVAPIDKeys();
      await mkdir(join(dataDir, 'secrets'));
      await writeFile(join(dataDir, 'secrets', VAPID_KEYS_SECRET), JSON.stringify(vapid));
      await writeFile(join(dataDir, 'secrets', JWT_SECRET_NAME), 'the-secret-of-the-earlier-version');
      const app = await instance(database, { dataDir });
      try {
        assert.equal((await app.inject({ method: 'GET', url: PUBLIC_KEY })).json().publicKey, vapid.publicKey);
        const user = await createTestUser(app, 'upgraded-user', false);
        // A token of the earlier version: the same key, no key id.
        const old = createSigner({ key: 'the-secret-of-the-earlier-version', algorithm: 'HS256' })({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: 'False', sid: user.sessionId });
        assert.equal((await me(app, old, user.id)).statusCode, 200);
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('come from JWT_SECRET when set, and JWT_PREVIOUS_SECRET is still accepted', async () => {
    const database = await createSharedTestDatabase();
    const app = await instance(database, { env: { JWT_SECRET: 'configured-secret-new', JWT_PREVIOUS_SECRET: 'configured-secret-old' } });
    try {
      const user = await createTestUser(app, 'configured-user', false);
      const claims = { sub: String(user.id), id: user.id, username: user.username, IsAdmin: 'False', sid: user.sessionId };
      const previous = createSigner({ key: 'configured-secret-old', kid: 'whatever', algorithm: 'HS256' })(claims);
      assert.equal((await me(app, previous, user.id)).statusCode, 401, 'a kid that names no key is refused');
      const signedWithPrevious = createSigner({ key: 'configured-secret-old', kid: keyOf('configured-secret-old').kid, algorithm: 'HS256' })(claims);
      assert.equal((await me(app, signedWithPrevious, user.id)).statusCode, 200);
      const current = createSigner({ key: 'configured-secret-new', algorithm: 'HS256' })(claims);
      assert.equal((await me(app, current, user.id)).statusCode, 200);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
