/** Two-factor sign-in (TOTP and recovery codes), the forced set-up, and sign-in sessions. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, TWO_FACTOR_MESSAGES } from '@deals/contract';
import { auditLog, recoveryCodes, signInChallenges, userSessions, userTwoFactor } from '../../../db/schema.js';
import type { AccessClaims } from '../../../plugins/external/jwt.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, TEST_PASSWORD, type TestStaff, type TestUser } from '../../../test-support/staff.js';
import { codeAt } from '../../../test-support/totp.js';
import { authenticate, bearer, nextIp, refresh, signIn } from '../../../test-support/users.js';
import { TWO_FACTOR_THROTTLE } from './two-factor.js';

let t: TestApp;
let people: TestStaff;

before(async () => {
  t = await createTestApp();
  people = await createTestStaff(t.app);
});
after(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/api/Users/${url}`, payload, headers, remoteAddress });

/** Turns two-factor on for a user through the routes; answers the secret and the recovery codes. */
async function enable(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await post('TwoFactor/Start', {}, user.headers);
  assert.equal(start.statusCode, 200, start.body);
  const { secret } = start.json();
  const confirm = await post('TwoFactor/Confirm', { code: codeAt(secret, -1) }, user.headers);
  assert.equal(confirm.statusCode, 200, confirm.body);
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

async function challengeFor(username: string): Promise<string> {
  const res = await authenticate(t.app, username);
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.twoFactorRequired, true);
  return body.challenge;
}

const auditActions = async (userId: number) =>
  (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, String(userId)))).map((row) => row.action);

describe('two-factor set-up', () => {
  it('answers a secret and otpauth URI, keeps it pending until a code confirms it, then answers ten recovery codes stored hashed', async () => {
    const user = await createTestUser(t.app, 'tf-setup', false);
    const start = await post('TwoFactor/Start', {}, user.headers);
    assert.equal(start.statusCode, 200);
    const { secret, uri } = start.json();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match(uri, /^otpauth:\/\/totp\/Deals:tf-setup\?/);
    assert.match(uri, /algorithm=SHA1&digits=6&period=30/);
    // Pending: sign-in still needs only the password.
    assert.ok((await authenticate(t.app, user.username)).json().token);
    const [row] = await t.app.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    assert.deepEqual([row?.secret, row?.pendingSecret], [null, secret]);

    const wrong = await post('TwoFactor/Confirm', { code: '000000' === codeAt(secret) ? '111111' : '000000' }, user.headers);
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().errors.code, TWO_FACTOR_MESSAGES.codeInvalid);

    const confirm = await post('TwoFactor/Confirm', { code: codeAt(secret) }, user.headers);
    assert.equal(confirm.statusCode, 200);
    const codes: string[] = confirm.json().recoveryCodes;
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    assert.equal(stored.length, 10);
    assert.ok(stored.every((r) => !codes.some((code) => r.codeHash.includes(code.replace('-', '')))), 'only hashes are stored');

    const status = await t.app.inject({ method: 'GET', url: '/api/Users/TwoFactor', headers: user.headers });
    assert.deepEqual(status.json(), { enabled: true, recoveryCodesLeft: 10, required: false });
    assert.equal((await post('TwoFactor/Start', {}, user.headers)).statusCode, 409, 'already on');
    assert.ok((await auditActions(user.id)).includes('two-factor-enabled'));
  });

  it('refuses anonymous set-up and Confirm without Start', async () => {
    assert.equal((await post('TwoFactor/Start', {})).statusCode, 401);
    const user = await createTestUser(t.app, 'tf-nostart', false);
    assert.equal((await post('TwoFactor/Confirm', { code: '123456' }, user.headers)).statusCode, 409);
    assert.equal((await post('TwoFactor/Confirm', {}, user.headers)).statusCode, 400);
  });
});

describe('sign-in with a second factor', () => {
  it('answers a challenge instead of tokens, stored hashed; VerifyTwoFactor answers the usual sign-in answer', async () => {
    const user = await createTestUser(t.app, 'tf-signin', false, { fullName: 'Tee Eff' });
    const { secret } = await enable(user);
    const res = await authenticate(t.app, user.username);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['challenge', 'twoFactorRequired']);
    const rows = await t.app.db.select().from(signInChallenges).where(eq(signInChallenges.userId, user.id));
    assert.ok(rows.length >= 1 && rows.every((row) => row.tokenHash !== body.challenge));

    const verified = await post('VerifyTwoFactor', { challenge: body.challenge, code: codeAt(secret) });
    assert.equal(verified.statusCode, 200, verified.body);
    const signedIn = verified.json();
    assert.deepEqual(Object.keys(signedIn).sort(), ['email', 'firstName', 'fullName', 'id', 'isActive', 'isAdmin', 'lastName', 'phone', 'refreshToken', 'token', 'username']);
    assert.equal(signedIn.id, user.id);
    const claims = await t.app.accessTokens.verify<AccessClaims>(signedIn.token);
    assert.ok(claims.sid);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(signedIn.token) })).statusCode, 200);
    assert.equal((await refresh(t.app, signedIn.refreshToken)).statusCode, 200);

    // The challenge is single use; the same code (same step) is refused on a new challenge.
    const again = await post('VerifyTwoFactor', { challenge: body.challenge, code: codeAt(secret, 1) });
    assert.equal(again.statusCode, 401);
    assert.deepEqual(again.json(), { message: TWO_FACTOR_MESSAGES.challengeInvalid });
    const replay = await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: codeAt(secret) });
    assert.equal(replay.statusCode, 401);
    assert.deepEqual(replay.json(), { message: TWO_FACTOR_MESSAGES.codeInvalid });
    const actions = await auditActions(user.id);
    assert.ok(actions.includes('sign-in') && actions.includes('sign-in-two-factor-failed'));
  });

  it('refuses an expired challenge and a wrong password still answers 401 without a challenge', async () => {
    const user = await createTestUser(t.app, 'tf-expired', false);
    const { secret } = await enable(user);
    const challenge = await challengeFor(user.username);
    await t.app.db.update(signInChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signInChallenges.userId, user.id));
    const res = await post('VerifyTwoFactor', { challenge, code: codeAt(secret) });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { message: TWO_FACTOR_MESSAGES.challengeInvalid });
    const wrong = await authenticate(t.app, user.username, 'not-the-password');
    assert.deepEqual([wrong.statusCode, wrong.json()], [401, { message: MESSAGES.auth.invalidCredentials }]);
    assert.equal((await post('VerifyTwoFactor', { challenge: 'made-up', code: codeAt(secret) })).statusCode, 401);
  });

  it('accepts each recovery code once, whatever its case and dashes', async () => {
    const user = await createTestUser(t.app, 'tf-recovery', false);
    const { recoveryCodes: codes } = await enable(user);
    const first = codes[0]!;
    const ok = await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: ` ${first.toUpperCase()} ` });
    assert.equal(ok.statusCode, 200, ok.body);
    const reused = await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: first });
    assert.equal(reused.statusCode, 401);
    const status = await t.app.inject({ method: 'GET', url: '/api/Users/TwoFactor', headers: user.headers });
    assert.equal(status.json().recoveryCodesLeft, 9);
    assert.ok((await auditActions(user.id)).includes('recovery-code-used'));
  });

  it(`refuses codes after ${TWO_FACTOR_THROTTLE.maxFailures} wrong ones, even the right one, and other users are unaffected`, async () => {
    const user = await createTestUser(t.app, 'tf-throttle', false);
    const { secret } = await enable(user);
    const challenge = await challengeFor(user.username);
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < TWO_FACTOR_THROTTLE.maxFailures; i++) {
      assert.equal((await post('VerifyTwoFactor', { challenge, code: wrong })).statusCode, 401);
    }
    const locked = await post('VerifyTwoFactor', { challenge, code: codeAt(secret) });
    assert.equal(locked.statusCode, 429);
    assert.deepEqual(locked.json(), { message: TWO_FACTOR_MESSAGES.throttled });
    // A new challenge does not reset the user's count.
    assert.equal((await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: codeAt(secret) })).statusCode, 429);
  });

  it('limits one IP', async () => {
    const ip = '192.0.2.77';
    let last = 0;
    for (let i = 0; i < 25; i++) last = (await post('VerifyTwoFactor', { challenge: 'x', code: '123456' }, {}, ip)).statusCode;
    assert.equal(last, 429);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password or a code; new recovery codes retire the old ones', async () => {
    const user = await createTestUser(t.app, 'tf-disable', false);
    const { secret, recoveryCodes: old } = await enable(user);
    assert.equal((await post('TwoFactor/Disable', {}, user.headers)).statusCode, 400);
    const bad = await post('TwoFactor/Disable', { password: 'wrong-password' }, user.headers);
    assert.deepEqual([bad.statusCode, bad.json().message], [400, TWO_FACTOR_MESSAGES.proofInvalid]);

    const regenerated = await post('TwoFactor/RegenerateRecoveryCodes', { code: codeAt(secret) }, user.headers);
    assert.equal(regenerated.statusCode, 200, regenerated.body);
    const fresh: string[] = regenerated.json().recoveryCodes;
    assert.equal(fresh.length, 10);
    assert.equal((await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: old[1]! })).statusCode, 401, 'old codes are gone');
    assert.equal((await post('VerifyTwoFactor', { challenge: await challengeFor(user.username), code: fresh[1]! })).statusCode, 200);

    const off = await post('TwoFactor/Disable', { password: TEST_PASSWORD }, user.headers);
    assert.equal(off.statusCode, 200);
    assert.equal((await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).length, 0);
    assert.ok((await authenticate(t.app, user.username)).json().token, 'the password alone signs in again');
    assert.equal((await post('TwoFactor/Disable', { password: TEST_PASSWORD }, user.headers)).statusCode, 409);
    assert.ok((await auditActions(user.id)).includes('two-factor-disabled'));
  });
});

describe('two-factor required for all staff', () => {
  it('is an admin setting; staff without two-factor are led through set-up with the challenge, then signed in', async () => {
    const settings = (headers: Record<string, string>, requireTwoFactor?: boolean) =>
      requireTwoFactor === undefined
        ? t.app.inject({ method: 'GET', url: '/api/Users/SecuritySettings', headers })
        : t.app.inject({ method: 'PUT', url: '/api/Users/SecuritySettings', headers, payload: { requireTwoFactor } });
    assert.equal((await settings(people.staff.headers)).statusCode, 403);
    assert.equal((await settings(people.staff.headers, true)).statusCode, 403);
    assert.deepEqual((await settings(people.admin.headers)).json(), { requireTwoFactor: false });
    try {
      assert.equal((await settings(people.admin.headers, true)).statusCode, 200);
      assert.deepEqual((await settings(people.admin.headers)).json(), { requireTwoFactor: true });

      const user = await createTestUser(t.app, 'tf-forced', false);
      const res = await authenticate(t.app, user.username);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['challenge', 'twoFactorSetupRequired']);
      // The set-up challenge is not a second factor's challenge.
      assert.equal((await post('VerifyTwoFactor', { challenge: body.challenge, code: '123456' })).statusCode, 401);

      const start = await post('TwoFactor/Start', { challenge: body.challenge });
      assert.equal(start.statusCode, 200, start.body);
      const confirm = await post('TwoFactor/Confirm', { challenge: body.challenge, code: codeAt(start.json().secret) });
      assert.equal(confirm.statusCode, 200, confirm.body);
      const answer = confirm.json();
      assert.equal(answer.recoveryCodes.length, 10);
      assert.equal(answer.user.id, user.id);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(answer.user.token) })).statusCode, 200);
      // Used up: the challenge cannot start another set-up.
      assert.equal((await post('TwoFactor/Start', { challenge: body.challenge })).statusCode, 401);
      // Next time the password leads to the second factor; turning it off is refused while required.
      assert.equal((await authenticate(t.app, user.username)).json().twoFactorRequired, true);
      const disable = await post('TwoFactor/Disable', { password: TEST_PASSWORD }, bearer(answer.user.token));
      assert.equal(disable.statusCode, 409);
      assert.ok((await t.app.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'security-settings'), eq(auditLog.action, 'update')))).length >= 1);
    } finally {
      await settings(people.admin.headers, false);
    }
    assert.ok((await authenticate(t.app, 'test-other')).json().token, 'setting off: password alone again');
  });
});

describe('sessions', () => {
  it('lists own sessions with device and IP, marking the current one; ending one stops its access token at once', async () => {
    const user = await createTestUser(t.app, 'tf-sessions', false);
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const signInFrom = async (ip: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: user.username, password: TEST_PASSWORD }, headers: { 'user-agent': ua }, remoteAddress: ip })).json();
    const a = await signInFrom('198.51.100.1');
    const b = await signInFrom('198.51.100.2');
    const list = await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(a.token) });
    assert.equal(list.statusCode, 200);
    const sessions = list.json().filter((s: { device: string }) => s.device !== 'test');
    assert.equal(sessions.length, 2);
    const current = sessions.find((s: { current: boolean }) => s.current);
    assert.equal(current.ip, '198.51.100.1');
    assert.equal(current.device, 'Chrome on Windows');
    assert.ok(current.createdAt && current.lastUsedAt);
    const other = sessions.find((s: { current: boolean }) => !s.current);

    assert.equal((await post('EndSession', { id: other.id }, people.staff.headers)).statusCode, 404, 'not their own');
    assert.equal((await post('EndSession', { id: other.id }, bearer(a.token))).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(b.token) })).statusCode, 401);
    assert.equal((await refresh(t.app, b.refreshToken)).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(a.token) })).statusCode, 200);
  });

  it('updates last used on refresh', async () => {
    const user = await createTestUser(t.app, 'tf-lastused', false);
    const s = await signIn(t.app, user.username);
    const { sid } = await t.app.accessTokens.verify<AccessClaims>(s.token);
    await t.app.db.update(userSessions).set({ lastUsedAt: new Date('2020-01-01T00:00:00Z') }).where(eq(userSessions.id, sid!));
    assert.equal((await refresh(t.app, s.refreshToken)).statusCode, 200);
    const [row] = await t.app.db.select().from(userSessions).where(eq(userSessions.id, sid!));
    assert.ok((row?.lastUsedAt.getTime() ?? 0) > Date.parse('2021-01-01'));
  });

  it('EndAllSessions ends every session, or all but the current one', async () => {
    const user = await createTestUser(t.app, 'tf-endall', false);
    const [a, b, c] = [await signIn(t.app, user.username), await signIn(t.app, user.username), await signIn(t.app, user.username)];
    assert.equal((await post('EndAllSessions', { keepCurrent: true }, bearer(a.token))).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(a.token) })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(b.token) })).statusCode, 401);
    assert.equal((await refresh(t.app, c.refreshToken)).statusCode, 401);
    assert.equal((await post('EndAllSessions', {}, bearer(a.token))).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Users/Sessions', headers: bearer(a.token) })).statusCode, 401);
  });

  it('EndUserSessions is for admins and signs the user out everywhere', async () => {
    const user = await createTestUser(t.app, 'tf-enduser', false);
    const s = await signIn(t.app, user.username);
    assert.equal((await post('EndUserSessions', { userId: user.id }, people.staff.headers)).statusCode, 403);
    assert.equal((await post('EndUserSessions', { userId: 999999 }, people.admin.headers)).statusCode, 404);
    assert.equal((await post('EndUserSessions', { userId: user.id }, people.admin.headers)).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(s.token) })).statusCode, 401);
    assert.equal((await refresh(t.app, s.refreshToken)).statusCode, 401);
  });

  it('refuses a token without a session id (issued before sessions) once, and the refresh brings one', async () => {
    const user = await createTestUser(t.app, 'tf-nosid', false);
    const s = await signIn(t.app, user.username);
    const legacy = t.app.accessTokens.sign({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: 'False' });
    const res = await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(legacy) });
    assert.deepEqual([res.statusCode, res.json().message], [401, MESSAGES.auth.invalidToken]);
    const renewed = (await refresh(t.app, s.refreshToken)).json().user.token;
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(renewed) })).statusCode, 200);
  });

  it('deactivating a user or changing the password ends their sessions at once', async () => {
    const user = await createTestUser(t.app, 'tf-deactivated', false);
    const s = await signIn(t.app, user.username);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/Users/UpdateUser',
      headers: people.admin.headers,
      payload: { id: user.id, fullName: 'Gone Now', email: 'gone@example.com', isActive: false },
    });
    assert.equal(update.statusCode, 200, update.body);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${user.id}`, headers: bearer(s.token) })).statusCode, 401);
    assert.equal((await refresh(t.app, s.refreshToken)).statusCode, 401);

    const mover = await createTestUser(t.app, 'tf-newpassword', false);
    const m1 = await signIn(t.app, mover.username);
    const m2 = await signIn(t.app, mover.username);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/Users/ChangeUserPassword?oldPassword=${TEST_PASSWORD}&password=another-long-password`,
      headers: bearer(m1.token),
    });
    assert.equal(change.statusCode, 200, change.body);
    for (const s2 of [m1, m2]) assert.equal((await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${mover.id}`, headers: bearer(s2.token) })).statusCode, 401);
  });
});
