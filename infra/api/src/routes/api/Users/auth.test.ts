/** Sign-in, throttling, refresh-token rotation and sign-out (`Users/Authenticate|refreshToken|Logout`). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { MESSAGES, USER_MESSAGES } from '@deals/contract';
import { refreshTokens, users } from '../../../db/schema.js';
import { hashRefreshToken } from '../../../plugins/app/sessions.js';
import type { AccessClaims } from '../../../plugins/external/jwt.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, TEST_PASSWORD, type TestStaff } from '../../../test-support/staff.js';
import { assertNoPasswordHash, authenticate, bearer, nextIp, refresh, refreshRows, signIn } from '../../../test-support/users.js';
import { PER_IP_PER_MINUTE, SIGN_IN_THROTTLE } from './index.js';

let t: TestApp;
let people: TestStaff;

before(async () => {
  t = await createTestApp();
  people = await createTestStaff(t.app);
});
after(() => t.close());

describe('POST /api/Users/Authenticate', () => {
  it('signs in by username, case-insensitively, and answers the user with both tokens', async () => {
    const jane = await createTestUser(t.app, 'Jane.Doe', false, { fullName: 'Jane Mary Doe', phone: '(555) 123-4567' });
    const res = await authenticate(t.app, 'jane.DOE');
    assert.equal(res.statusCode, 200);
    assertNoPasswordHash(res.body);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['email', 'firstName', 'fullName', 'id', 'isActive', 'isAdmin', 'lastName', 'phone', 'refreshToken', 'token', 'username']);
    assert.deepEqual(
      { id: body.id, username: body.username, firstName: body.firstName, lastName: body.lastName, phone: body.phone, isAdmin: body.isAdmin },
      { id: jane.id, username: 'Jane.Doe', firstName: 'Jane', lastName: 'Mary Doe', phone: '(555) 123-4567', isAdmin: false },
    );
    const claims = await t.app.accessTokens.verify<AccessClaims & { exp: number; iat: number }>(body.token);
    assert.deepEqual({ sub: claims.sub, id: claims.id, username: claims.username, IsAdmin: claims.IsAdmin }, { sub: String(jane.id), id: jane.id, username: 'Jane.Doe', IsAdmin: 'False' });
    assert.ok(claims.exp - claims.iat <= 15 * 60 && claims.exp - claims.iat >= 10 * 60, 'access token lives about 15 minutes');
    assert.match(body.refreshToken, /^[A-Za-z0-9_-]{43,}$/);
    // The token works on a staff route; only the hash of the refresh token is stored.
    const own = await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${jane.id}`, headers: bearer(body.token) });
    assert.equal(own.statusCode, 200);
    const rows = await refreshRows(t.app, jane.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.tokenHash, hashRefreshToken(body.refreshToken));
    assert.ok(!rows.some((row) => row.tokenHash === body.refreshToken));
    const days = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    assert.ok(days > 29 && days <= 30, `refresh token lives about 30 days, got ${days}`);
  });

  it('puts IsAdmin True in an admin token and splits a single name into firstName only', async () => {
    const res = await authenticate(t.app, 'test-admin');
    assert.equal(res.statusCode, 200);
    assert.equal((await t.app.accessTokens.verify(res.json().token)).IsAdmin, 'True');
    const solo = await createTestUser(t.app, 'solo', false, { fullName: 'Cher' });
    const body = (await authenticate(t.app, solo.username)).json();
    assert.deepEqual([body.firstName, body.lastName], ['Cher', '']);
  });

  it('answers the spec messages for missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: {}, remoteAddress: nextIp() });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.email, 'Username is required');
    assert.equal(res.json().errors.password, 'Password is required');
    const blank = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: '   ', password: '' }, remoteAddress: nextIp() });
    assert.equal(blank.statusCode, 400);
    assert.deepEqual(blank.json().errors, { email: 'Username is required', password: 'Password is required' });
  });

  it('answers 401 with one message for a wrong password and for an unknown username', async () => {
    const wrong = await authenticate(t.app, 'test-staff', 'not-the-password');
    const unknown = await authenticate(t.app, 'nobody-here', TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { message: MESSAGES.auth.invalidCredentials });
    }
  });

  it('refuses hostile input without harm', async () => {
    const sql = await authenticate(t.app, "' OR 1=1 --", "' OR '1'='1");
    assert.equal(sql.statusCode, 401);
    const long = await authenticate(t.app, 'a'.repeat(101), TEST_PASSWORD);
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().errors.email, 'Username must be at most 100 characters');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: ['test-admin'], password: { $ne: '' } }, remoteAddress: nextIp() });
    assert.equal(wrongType.statusCode, 400);
  });

  it('refuses an inactive user with the right password (403) and still says 401 for a wrong one', async () => {
    const gone = await createTestUser(t.app, 'gone-user', false, { isActive: false });
    const right = await authenticate(t.app, gone.username);
    assert.equal(right.statusCode, 403);
    assert.deepEqual(right.json(), { message: MESSAGES.auth.inactive });
    assert.equal((await refreshRows(t.app, gone.id)).length, 0, 'no session is started');
    assert.equal((await authenticate(t.app, gone.username, 'wrong-password')).statusCode, 401);
  });

  it(`locks a username after ${SIGN_IN_THROTTLE.maxFailures} failures, from any IP, even for the right password`, async () => {
    const victim = await createTestUser(t.app, 'throttled-user', false);
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) {
      assert.equal((await authenticate(t.app, victim.username, `wrong-${i}-password`, nextIp())).statusCode, 401);
    }
    const locked = await authenticate(t.app, 'THROTTLED-user', TEST_PASSWORD, nextIp());
    assert.equal(locked.statusCode, 429);
    assert.deepEqual(locked.json(), { message: MESSAGES.auth.throttled });
    // Other usernames are unaffected.
    assert.equal((await authenticate(t.app, 'test-other')).statusCode, 200);
  });

  it('counts unknown usernames too and clears the count on success', async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures; i++) await authenticate(t.app, 'ghost-account', 'wrong-password');
    assert.equal((await authenticate(t.app, 'ghost-account', 'wrong-password')).statusCode, 429);

    const person = await createTestUser(t.app, 'resets-user', false);
    const failSome = async () => {
      for (let i = 0; i < SIGN_IN_THROTTLE.maxFailures - 1; i++) assert.equal((await authenticate(t.app, person.username, 'wrong-password')).statusCode, 401);
    };
    await failSome();
    assert.equal((await authenticate(t.app, person.username)).statusCode, 200);
    await failSome();
    assert.equal((await authenticate(t.app, person.username)).statusCode, 200, 'the earlier failures no longer count');
  });

  it(`limits one IP to ${PER_IP_PER_MINUTE.authenticate} attempts a minute`, async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < PER_IP_PER_MINUTE.authenticate; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: {}, remoteAddress: ip });
      assert.equal(res.statusCode, 400);
    }
    const limited = await authenticate(t.app, 'test-staff', TEST_PASSWORD, ip);
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { message: MESSAGES.auth.throttled });
    assert.equal((await authenticate(t.app, 'test-staff', TEST_PASSWORD, '192.0.2.11')).statusCode, 200, 'other addresses are unaffected');
  });
});

describe('POST /api/Users/refreshToken', () => {
  it('rotates: answers success, message and the user with new tokens', async () => {
    const session = await signIn(t.app, 'test-staff');
    const res = await refresh(t.app, session.refreshToken);
    assert.equal(res.statusCode, 200);
    assertNoPasswordHash(res.body);
    const body = res.json();
    assert.equal(body.success, true);
    assert.equal(body.message, USER_MESSAGES.refreshed);
    assert.equal(body.user.id, people.staff.id);
    assert.equal(body.user.username, 'test-staff');
    assert.equal(body.user.firstName, 'test-staff');
    assert.ok(body.user.token && body.user.refreshToken);
    assert.notEqual(body.user.refreshToken, session.refreshToken);
    const own = await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${people.staff.id}`, headers: bearer(body.user.token) });
    assert.equal(own.statusCode, 200);
    // Old row rotated, new row in the same family.
    const [oldRow] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
    const [newRow] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(body.user.refreshToken)));
    assert.ok(oldRow?.rotatedAt);
    assert.equal(newRow?.familyId, oldRow?.familyId);
    assert.equal(newRow?.rotatedAt, null);
  });

  it('answers fresh claims: an admin flag granted meanwhile appears in the new token', async () => {
    const person = await createTestUser(t.app, 'promoted-user', false);
    const session = await signIn(t.app, person.username);
    await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, person.id));
    const body = (await refresh(t.app, session.refreshToken)).json();
    assert.equal(body.user.isAdmin, true);
    assert.equal((await t.app.accessTokens.verify(body.user.token)).IsAdmin, 'True');
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const other = await signIn(t.app, 'test-other'); // another family of the same kind of user
    const first = await signIn(t.app, 'test-other');
    const second = (await refresh(t.app, first.refreshToken)).json().user.refreshToken as string;

    const reuse = await refresh(t.app, first.refreshToken);
    assert.equal(reuse.statusCode, 401);
    assert.deepEqual(reuse.json(), { success: false, message: MESSAGES.auth.invalidRefreshToken });
    assert.equal((await refresh(t.app, second)).statusCode, 401, 'the successor dies with its family');

    const [row] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(second)));
    const family = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row?.familyId ?? ''));
    assert.ok(family.length >= 2 && family.every((r) => r.revokedAt !== null));
    assert.equal((await refresh(t.app, other.refreshToken)).statusCode, 200, 'other sign-ins go on');
  });

  it('lets only one of two concurrent refreshes with the same token succeed', async () => {
    const session = await signIn(t.app, 'test-staff');
    const results = await Promise.all([refresh(t.app, session.refreshToken), refresh(t.app, session.refreshToken)]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 401]);
  });

  it('answers 401 for unknown, expired and revoked tokens and for inactive users', async () => {
    const unknown = await refresh(t.app, 'x'.repeat(43));
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(unknown.json(), { success: false, message: MESSAGES.auth.invalidRefreshToken });

    const expired = await signIn(t.app, 'test-staff');
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(expired.refreshToken)));
    assert.equal((await refresh(t.app, expired.refreshToken)).statusCode, 401);

    const person = await createTestUser(t.app, 'soon-inactive', false);
    const session = await signIn(t.app, person.username);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    assert.equal((await refresh(t.app, session.refreshToken)).statusCode, 401);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Users/refreshToken', payload: {}, remoteAddress: nextIp() });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.refreshToken, USER_MESSAGES.refreshTokenRequired);
    const long = await refresh(t.app, 'y'.repeat(5000));
    assert.equal(long.statusCode, 400);
  });
});

describe('POST /api/Users/Logout', () => {
  it('ends the refresh token family', async () => {
    const session = await signIn(t.app, 'test-other');
    const next = (await refresh(t.app, session.refreshToken)).json().user.refreshToken as string;
    const res = await t.app.inject({ method: 'POST', url: '/api/Users/Logout', payload: { refreshToken: next }, remoteAddress: nextIp() });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: USER_MESSAGES.loggedOut });
    assert.equal((await refresh(t.app, next)).statusCode, 401);
    const [row] = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
    assert.ok(row?.revokedAt, 'the rotated ancestor is revoked too');
  });

  it('answers the same for an unknown token and validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Users/Logout', payload: { refreshToken: 'not-a-token' }, remoteAddress: nextIp() });
    assert.equal(res.statusCode, 200);
    const missing = await t.app.inject({ method: 'POST', url: '/api/Users/Logout', payload: {}, remoteAddress: nextIp() });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().errors.refreshToken, USER_MESSAGES.refreshTokenRequired);
  });
});

describe('access tokens on a staff route', () => {
  const url = '/api/Users/GetAllUsers';

  it('answers 401 without a token, with a tampered token, an expired one or garbage', async () => {
    const [header, , signature] = people.staff.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: String(people.staff.id), id: people.staff.id, username: 'test-staff', IsAdmin: 'True' })).toString('base64url');
    const tampered = `${header}.${forged}.${signature}`;
    const claims: AccessClaims = { sub: String(people.admin.id), id: people.admin.id, username: people.admin.username, IsAdmin: 'True' };
    const expired = t.app.accessTokens.sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 3600 }, 60);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${forged}.`;

    assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401);
    for (const token of [tampered, expired, unsigned, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      assert.equal(res.statusCode, 401, token);
      assert.equal(res.json().message, MESSAGES.auth.invalidToken);
    }
    assert.equal((await t.app.inject({ method: 'GET', url, headers: people.staff.headers })).statusCode, 200);
  });
});
