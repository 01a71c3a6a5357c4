/** Sessions and two-factor sign-in across two instances on one database, as behind a load balancer. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { TWO_FACTOR_MESSAGES } from '@deals/contract';
import { buildApp } from '../../../app.js';
import { createSharedTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { createTestUser } from '../../../test-support/staff.js';
import { authenticate, bearer, nextIp, refresh, signIn } from '../../../test-support/users.js';
import { codeAt } from '../../../test-support/totp.js';
import { TWO_FACTOR_THROTTLE } from './two-factor.js';

const instance = (database: TestDatabase) => buildApp({ database: database.options, logger: false, push: { worker: { enabled: false } }, env: { PUBLIC_CACHE_TTL_MS: '0' } });

describe('sessions and two-factor on two instances', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  before(async () => {
    database = await createSharedTestDatabase();
    [one, two] = await Promise.all([instance(database), instance(database)]);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database.drop();
  });

  const me = (app: FastifyInstance, token: string, id: number) => app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${id}`, headers: bearer(token) });

  it('deactivating a user on one instance makes the next call on the other answer 401, and the refresh too', async () => {
    const admin = await createTestUser(one, 'cluster-admin', true);
    const user = await createTestUser(one, 'cluster-user', false);
    const session = await signIn(one, user.username);
    assert.equal((await me(two, session.token, user.id)).statusCode, 200, 'live on the other instance first');
    const update = await one.inject({ method: 'PUT', url: '/api/Users/UpdateUser', headers: admin.headers, payload: { id: user.id, fullName: 'Cluster User', email: 'c@example.com', isActive: false } });
    assert.equal(update.statusCode, 200, update.body);
    assert.equal((await me(two, session.token, user.id)).statusCode, 401);
    assert.equal((await refresh(two, session.refreshToken)).statusCode, 401);
  });

  it('a challenge from one instance is verified on the other, once, and wrong codes count across both', async () => {
    const user = await createTestUser(one, 'cluster-2fa', false);
    const start = await one.inject({ method: 'POST', url: '/api/Users/TwoFactor/Start', headers: user.headers, payload: {} });
    const { secret } = start.json();
    assert.equal((await two.inject({ method: 'POST', url: '/api/Users/TwoFactor/Confirm', headers: user.headers, payload: { code: codeAt(secret, -1) } })).statusCode, 200);

    const challenge = (await authenticate(one, user.username)).json().challenge as string;
    const verify = (app: FastifyInstance, code: string, c = challenge) => app.inject({ method: 'POST', url: '/api/Users/VerifyTwoFactor', payload: { challenge: c, code }, remoteAddress: nextIp() });
    const ok = await verify(two, codeAt(secret));
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await verify(one, codeAt(secret, 1))).statusCode, 401, 'used on the other instance');

    const next = (await authenticate(two, user.username)).json().challenge as string;
    const wrong = codeAt(secret, 1) === '123456' ? '654321' : '123456';
    for (let i = 0; i < TWO_FACTOR_THROTTLE.maxFailures; i++) assert.equal((await verify(i % 2 ? one : two, wrong, next)).statusCode, 401);
    const locked = await verify(one, codeAt(secret, 1), next);
    assert.deepEqual([locked.statusCode, locked.json().message], [429, TWO_FACTOR_MESSAGES.throttled]);
  });
});
