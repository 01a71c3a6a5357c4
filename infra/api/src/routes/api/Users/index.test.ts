/** User management: Register, GetUser, GetAllUsers, UpdateUser, ChangeUserPassword. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, ne } from 'drizzle-orm';
import { MESSAGES, USER_MESSAGES } from '@deals/contract';
import { users } from '../../../db/schema.js';
import { verifyPassword } from '../../../lib/passwords.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff, createTestUser, TEST_PASSWORD, type TestStaff } from '../../../test-support/staff.js';
import { assertNoPasswordHash, authenticate, refresh, signIn, userCount, userRow } from '../../../test-support/users.js';

let t: TestApp;
let people: TestStaff;

before(async () => {
  t = await createTestApp();
  people = await createTestStaff(t.app);
});
after(() => t.close());

const validUser = (overrides: Record<string, unknown> = {}) => ({
  username: 'new.person',
  fullName: 'New Person',
  email: 'new.person@example.com',
  phone: '(555) 987-6543',
  password: 'a-long-password',
  confirmPassword: 'a-long-password',
  ...overrides,
});

describe('POST /api/Users/Register', () => {
  const register = (payload: unknown, headers: Record<string, string> = people.admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/Users/Register', payload: payload as object, headers });

  it('refuses anonymous callers (401) and staff (403), writing nothing', async () => {
    const before = await userCount(t.app);
    const anonymous = await register(validUser({ username: 'sneaky1' }), {});
    assert.equal(anonymous.statusCode, 401);
    const staff = await register(validUser({ username: 'sneaky2' }), people.staff.headers);
    assert.equal(staff.statusCode, 403);
    assert.deepEqual(staff.json(), { message: MESSAGES.auth.forbidden });
    assert.equal(await userCount(t.app), before);
  });

  it('creates an active non-admin by default whose password signs in', async () => {
    const res = await register(validUser({ fullName: '  New  Person ' }));
    assert.equal(res.statusCode, 200);
    const { message, id } = res.json();
    assert.equal(message, USER_MESSAGES.registered);
    const row = await userRow(t.app, id);
    assert.deepEqual(
      { username: row?.username, fullName: row?.fullName, email: row?.email, phone: row?.phone, isActive: row?.isActive, isAdmin: row?.isAdmin },
      { username: 'new.person', fullName: 'New  Person', email: 'new.person@example.com', phone: '(555) 987-6543', isActive: true, isAdmin: false },
    );
    assert.match(row?.passwordHash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.ok(await verifyPassword(row?.passwordHash ?? '', 'a-long-password'));
    const session = await authenticate(t.app, 'New.Person', 'a-long-password');
    assert.equal(session.statusCode, 200);
    assert.equal(session.json().id, id);
  });

  it('honours isActive and isAdmin', async () => {
    const res = await register(validUser({ username: 'second-admin', isAdmin: true, isActive: false, phone: '' }));
    assert.equal(res.statusCode, 200);
    const row = await userRow(t.app, res.json().id);
    assert.deepEqual([row?.isAdmin, row?.isActive, row?.phone], [true, false, null]);
  });

  it('answers the spec messages', async () => {
    const empty = await register({});
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json().errors, {
      username: 'Username is required',
      fullName: 'Full Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your new password',
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'not-an-email' }, 'email', 'Please enter valid email'],
      [{ password: 'short', confirmPassword: 'short' }, 'password', 'Minimum password length must be at least 8 characters'],
      [{ password: 'p'.repeat(101), confirmPassword: 'p'.repeat(101) }, 'password', USER_MESSAGES.passwordMax],
      [{ confirmPassword: 'a-different-password' }, 'confirmPassword', 'Passwords do not match'],
      [{ username: 'u'.repeat(101) }, 'username', 'Username must be at most 100 characters'],
      [{ fullName: 'f'.repeat(251) }, 'fullName', 'Full Name must be at most 250 characters'],
      [{ fullName: '   ' }, 'fullName', 'Full Name is required'],
      [{ email: `${'e'.repeat(245)}@x.com` }, 'email', 'Email must be at most 250 characters'],
      [{ phone: '1'.repeat(21) }, 'phone', 'Phone must be at most 20 characters'],
      [{ isAdmin: 'maybe' }, 'isAdmin', 'Is Admin must be true or false'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await register(validUser({ username: 'never-written', ...overrides }));
      assert.equal(res.statusCode, 400, JSON.stringify(overrides));
      assert.equal(res.json().errors[field], message, JSON.stringify(overrides));
    }
    assert.equal((await t.app.db.select().from(users).where(eq(users.username, 'never-written'))).length, 0);
  });

  it('refuses a taken username, whatever its case', async () => {
    const before = await userCount(t.app);
    const res = await register(validUser({ username: 'TEST-Staff' }));
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { message: 'This username is already taken', errors: { username: 'This username is already taken' } });
    assert.equal(await userCount(t.app), before);
  });

  it('refuses markup and odd characters in names, and stores SQL-looking text verbatim', async () => {
    const before = await userCount(t.app);
    const script = await register(validUser({ username: '<script>alert(1)</script>' }));
    assert.equal(script.statusCode, 400);
    assert.equal(script.json().errors.username, USER_MESSAGES.usernameInvalid);
    const injected = await register(validUser({ username: "x'; DROP TABLE users; --" }));
    assert.equal(injected.statusCode, 400);
    const html = await register(validUser({ username: 'html-name', fullName: '<img src=x onerror=alert(1)>' }));
    assert.equal(html.statusCode, 400);
    assert.equal(html.json().errors.fullName, USER_MESSAGES.fullNameInvalid);
    const badPhone = await register(validUser({ username: 'bad-phone', phone: '<b>555</b>' }));
    assert.equal(badPhone.statusCode, 400);
    assert.equal(badPhone.json().errors.phone, USER_MESSAGES.phoneInvalid);
    assert.equal(await userCount(t.app), before);

    const obrien = await register(validUser({ username: 'obrien', fullName: "Robert'); DROP TABLE users;--" }));
    assert.equal(obrien.statusCode, 200);
    assert.equal((await userRow(t.app, obrien.json().id))?.fullName, "Robert'); DROP TABLE users;--");
    assert.equal(await userCount(t.app), before + 1);
  });
});

describe('GET /api/Users/GetUser', () => {
  const getUser = (id: number | string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${id}`, headers });

  it('answers 401 to anonymous callers', async () => {
    assert.equal((await getUser(people.staff.id)).statusCode, 401);
  });

  it("gives staff their own record, without any password hash, and 403 for anyone else's", async () => {
    const own = await getUser(people.staff.id, people.staff.headers);
    assert.equal(own.statusCode, 200);
    assertNoPasswordHash(own.body);
    assert.deepEqual(own.json(), {
      id: people.staff.id,
      username: 'test-staff',
      fullName: 'test-staff Tester',
      firstName: 'test-staff',
      lastName: 'Tester',
      email: 'test-staff@example.com',
      phone: null,
      isActive: true,
      isAdmin: false,
    });
    const other = await getUser(people.otherStaff.id, people.staff.headers);
    assert.equal(other.statusCode, 403);
    assert.deepEqual(other.json(), { message: MESSAGES.auth.forbidden });
    assert.equal((await getUser(999_999, people.staff.headers)).statusCode, 403, 'existence is not revealed');
  });

  it('gives admins anyone, and 404 for an unknown id', async () => {
    const other = await getUser(people.otherStaff.id, people.admin.headers);
    assert.equal(other.statusCode, 200);
    assert.equal(other.json().username, 'test-other');
    assertNoPasswordHash(other.body);
    const missing = await getUser(999_999, people.admin.headers);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, USER_MESSAGES.notFound);
  });

  it('validates the id', async () => {
    for (const id of ['abc', '../1', '1%20OR%201=1', '0', '99999999999']) {
      const res = await getUser(id, people.admin.headers);
      assert.equal(res.statusCode, 400, id);
      assert.ok(res.json().errors.id, id);
    }
  });
});

describe('GET /api/Users/GetAllUsers', () => {
  const getAll = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/Users/GetAllUsers', headers });

  it('answers 401 to anonymous callers', async () => {
    assert.equal((await getAll()).statusCode, 401);
  });

  it('lists everyone by username for staff, without email and phone', async () => {
    await createTestUser(t.app, 'Zed-with-phone', false, { phone: '555-0101' });
    await createTestUser(t.app, 'aaron', false);
    const res = await getAll(people.staff.headers);
    assert.equal(res.statusCode, 200);
    assertNoPasswordHash(res.body);
    const list = res.json() as Array<Record<string, unknown>>;
    const names = list.map((u) => String(u.username));
    assert.deepEqual(names, [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    assert.equal(names[0], 'aaron');
    assert.equal(list.length, await userCount(t.app));
    assert.ok(list.every((u) => u.email === null && u.phone === null));
    const me = list.find((u) => u.id === people.staff.id);
    assert.deepEqual(me, { id: people.staff.id, username: 'test-staff', fullName: 'test-staff Tester', firstName: 'test-staff', lastName: 'Tester', email: null, phone: null, isActive: true, isAdmin: false });
  });

  it('gives admins the contact details', async () => {
    const res = await getAll(people.admin.headers);
    assert.equal(res.statusCode, 200);
    assertNoPasswordHash(res.body);
    const list = res.json() as Array<Record<string, unknown>>;
    assert.ok(list.every((u) => typeof u.email === 'string' && String(u.email).includes('@')));
    assert.equal(list.find((u) => u.username === 'Zed-with-phone')?.phone, '555-0101');
  });
});

describe('PUT /api/Users/UpdateUser', () => {
  const update = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/Users/UpdateUser', payload, headers });
  let target: { id: number; username: string; headers: { authorization: string } };

  beforeEach(async () => {
    target = await createTestUser(t.app, `editable-${Math.random().toString(36).slice(2, 10)}`, false);
  });

  const edit = (overrides: Record<string, unknown> = {}) => ({ id: target.id, fullName: 'Edited Name', email: 'edited@example.com', phone: '555-0199', ...overrides });

  it('answers 401 to anonymous callers and writes nothing', async () => {
    assert.equal((await update(edit())).statusCode, 401);
    assert.equal((await userRow(t.app, target.id))?.fullName, `${target.username} Tester`);
  });

  it('lets a staff member edit their own profile; the username is read-only', async () => {
    const res = await update(edit({ username: 'renamed', isActive: true, isAdmin: false, firstName: 'x' }), target.headers);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: USER_MESSAGES.updated });
    const row = await userRow(t.app, target.id);
    assert.deepEqual(
      { username: row?.username, fullName: row?.fullName, email: row?.email, phone: row?.phone, isActive: row?.isActive, isAdmin: row?.isAdmin },
      { username: target.username, fullName: 'Edited Name', email: 'edited@example.com', phone: '555-0199', isActive: true, isAdmin: false },
    );
    const back = await t.app.inject({ method: 'GET', url: `/api/Users/GetUser?id=${target.id}`, headers: target.headers });
    assert.equal(back.json().firstName, 'Edited');
  });

  it("refuses staff editing someone else's profile (403)", async () => {
    const res = await update(edit({ id: people.otherStaff.id }), target.headers);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { message: MESSAGES.auth.forbidden });
    assert.equal((await userRow(t.app, people.otherStaff.id))?.fullName, 'test-other Tester');
  });

  it('refuses a non-admin changing their own isActive or isAdmin (403), writing nothing', async () => {
    for (const flags of [{ isAdmin: true }, { isActive: false }]) {
      const res = await update(edit(flags), target.headers);
      assert.equal(res.statusCode, 403, JSON.stringify(flags));
      assert.deepEqual(res.json(), { message: USER_MESSAGES.rolesAdminOnly });
    }
    const row = await userRow(t.app, target.id);
    assert.deepEqual([row?.isAdmin, row?.isActive, row?.fullName], [false, true, `${target.username} Tester`]);
  });

  it('lets an admin edit anyone, and deactivating ends their sessions', async () => {
    const session = await signIn(t.app, target.username);
    const res = await update(edit({ isActive: false }), people.admin.headers);
    assert.equal(res.statusCode, 200);
    assert.equal((await userRow(t.app, target.id))?.isActive, false);
    assert.equal((await refresh(t.app, session.refreshToken)).statusCode, 401);
    assert.equal((await authenticate(t.app, target.username)).statusCode, 403);
    // Reactivated, and made admin.
    assert.equal((await update(edit({ isActive: true, isAdmin: true }), people.admin.headers)).statusCode, 200);
    assert.equal((await userRow(t.app, target.id))?.isAdmin, true);
    assert.equal((await authenticate(t.app, target.username)).statusCode, 200);
  });

  it('answers the spec messages and writes nothing', async () => {
    const empty = await update({ id: target.id }, target.headers);
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().errors.fullName, 'Full Name is required');
    assert.equal(empty.json().errors.email, 'Email Address is required');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'bad@' }, 'email', 'Please enter valid email address'],
      [{ email: '' }, 'email', 'Email Address is required'],
      [{ fullName: 'n'.repeat(251) }, 'fullName', 'Full Name must be at most 250 characters'],
      [{ fullName: '<script>x</script>' }, 'fullName', USER_MESSAGES.fullNameInvalid],
      [{ phone: '9'.repeat(21) }, 'phone', 'Phone must be at most 20 characters'],
      [{ id: '../1' }, 'id', 'id must be a number'],
      [{ isActive: 'perhaps' }, 'isActive', 'Is Active must be true or false'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await update(edit(overrides), people.admin.headers);
      assert.equal(res.statusCode, 400, JSON.stringify(overrides));
      assert.equal(res.json().errors[field], message, JSON.stringify(overrides));
    }
    assert.equal((await userRow(t.app, target.id))?.fullName, `${target.username} Tester`);
  });

  it('answers 404 for an unknown id (admin)', async () => {
    const res = await update(edit({ id: 999_999 }), people.admin.headers);
    assert.equal(res.statusCode, 404);
  });
});

describe('keeping an active admin', () => {
  it('refuses removing or deactivating the last active admin (409) and allows it when another remains', async () => {
    // Leave test-admin as the only active admin: deactivate every other admin directly.
    await t.app.db.update(users).set({ isActive: false }).where(ne(users.id, people.admin.id));
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.isAdmin, false));
    const self = { id: people.admin.id, fullName: 'test-admin Tester', email: 'test-admin@example.com' };
    for (const flags of [{ isAdmin: false }, { isActive: false }, { isAdmin: false, isActive: false }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/Users/UpdateUser', payload: { ...self, ...flags }, headers: people.admin.headers });
      assert.equal(res.statusCode, 409, JSON.stringify(flags));
      assert.deepEqual(res.json(), { message: USER_MESSAGES.lastAdmin });
    }
    const row = await userRow(t.app, people.admin.id);
    assert.deepEqual([row?.isAdmin, row?.isActive], [true, true]);

    // With a second active admin, either may step down, but not both at once.
    const second = await createTestUser(t.app, 'second-active-admin', true);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'PUT', url: '/api/Users/UpdateUser', payload: { ...self, isAdmin: false }, headers: people.admin.headers }),
      t.app.inject({
        method: 'PUT',
        url: '/api/Users/UpdateUser',
        payload: { id: second.id, fullName: 'Second', email: 'second@example.com', isAdmin: false },
        headers: second.headers,
      }),
    ]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [200, 409]);
    const admins = await t.app.db.select().from(users).where(eq(users.isAdmin, true));
    assert.equal(admins.filter((u) => u.isActive).length, 1);
  });
});

describe('PUT /api/Users/ChangeUserPassword', () => {
  const change = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/Users/ChangeUserPassword?${query}`, headers });

  it('answers 401 to anonymous callers', async () => {
    assert.equal((await change(`password=new-password-1&oldPassword=${TEST_PASSWORD}`)).statusCode, 401);
  });

  it('answers the spec messages', async () => {
    const person = await createTestUser(t.app, 'pw-messages', false);
    const empty = await change('', person.headers);
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json().errors, { password: 'New password is required', oldPassword: 'Old password is required' });
    const short = await change('password=short&oldPassword=short', person.headers);
    assert.deepEqual(short.json().errors, { password: 'Minimum password length must be at least 8 characters', oldPassword: 'Minimum length of Password is 8' });
    const long = await change(`password=${'x'.repeat(101)}&oldPassword=${TEST_PASSWORD}`, person.headers);
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().errors.password, USER_MESSAGES.passwordMax);
  });

  it('refuses a wrong old password with a field error and keeps the password', async () => {
    const person = await createTestUser(t.app, 'pw-wrong-old', false);
    const before = (await userRow(t.app, person.id))?.passwordHash;
    const res = await change('password=new-password-1&oldPassword=not-the-old-one', person.headers);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { message: 'Old password is incorrect', errors: { oldPassword: 'Old password is incorrect' } });
    assert.equal((await userRow(t.app, person.id))?.passwordHash, before);
  });

  it("changes the caller's own password only and ends their refresh sessions", async () => {
    const person = await createTestUser(t.app, 'pw-changer', false);
    const session = await signIn(t.app, person.username);
    const adminHashBefore = (await userRow(t.app, people.admin.id))?.passwordHash;
    // An id in the query is not a parameter of this call: it cannot aim at someone else.
    const res = await change(`password=brand-new-secret&oldPassword=${TEST_PASSWORD}&id=${people.admin.id}`, person.headers);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: USER_MESSAGES.passwordChanged });
    assert.equal((await authenticate(t.app, person.username, TEST_PASSWORD)).statusCode, 401);
    assert.equal((await authenticate(t.app, person.username, 'brand-new-secret')).statusCode, 200);
    assert.equal((await refresh(t.app, session.refreshToken)).statusCode, 401, 'sessions started with the old password end');
    assert.equal((await userRow(t.app, people.admin.id))?.passwordHash, adminHashBefore);
  });

  it('accepts a JSON body of {} as well as none', async () => {
    const person = await createTestUser(t.app, 'pw-json', false);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/Users/ChangeUserPassword?password=another-secret&oldPassword=${TEST_PASSWORD}`,
      headers: { ...person.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(res.statusCode, 200);
    assert.equal((await authenticate(t.app, person.username, 'another-secret')).statusCode, 200);
  });

  it('accepts the empty form body axios sends with a PUT (application/x-www-form-urlencoded), and refuses a non-empty one', async () => {
    const person = await createTestUser(t.app, 'pw-form', false);
    const put = (payload: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/Users/ChangeUserPassword?password=form-secret-1&oldPassword=${TEST_PASSWORD}`,
        headers: { ...person.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const filled = await put('password=x');
    assert.equal(filled.statusCode, 415);
    assert.equal((await authenticate(t.app, person.username, TEST_PASSWORD)).statusCode, 200, 'a refused call changes nothing');
    assert.equal((await put('')).statusCode, 200);
    assert.equal((await authenticate(t.app, person.username, 'form-secret-1')).statusCode, 200);
  });

  it('keeps the passwords of the query string out of the request log', async () => {
    const lines: string[] = [];
    // A configured first-admin password keeps the generated one from being printed here.
    const logged = await createTestApp({ env: { ADMIN_PASSWORD: 'configured-admin-pw' }, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const person = await createTestUser(logged.app, 'pw-logged', false);
      const res = await logged.app.inject({ method: 'PUT', url: `/api/Users/ChangeUserPassword?password=logged-secret-1&oldPassword=${TEST_PASSWORD}`, headers: person.headers });
      assert.equal(res.statusCode, 200);
      assert.ok(lines.length > 0, 'the app does log');
      assert.ok(!lines.some((line) => line.includes('logged-secret-1') || line.includes(TEST_PASSWORD)));
    } finally {
      await logged.close();
    }
  });
});
