/** The first admin, created on start when the users table is empty (plugins/app/first-admin.ts). */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { users } from '../../../db/schema.js';
import firstAdmin, { DEFAULT_ADMIN_USERNAME, ensureFirstAdmin, firstAdminSettings } from '../../../plugins/app/first-admin.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { authenticate } from '../../../test-support/users.js';

/** An app whose log lines and console output are captured. */
async function startCapturing(env: Record<string, string>) {
  const lines: string[] = [];
  const printed = mock.method(console, 'log', () => {});
  const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
  try {
    const t = await createTestApp({ env, logger });
    const output = [...lines, ...printed.mock.calls.map((call) => call.arguments.join(' '))];
    return { t, lines, printed: printed.mock.calls.map((call) => String(call.arguments[0])), output };
  } finally {
    printed.mock.restore();
  }
}

const allUsers = (t: TestApp) => t.app.db.select().from(users);

describe('first admin on an empty database', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('creates an active admin from ADMIN_USERNAME and ADMIN_PASSWORD, never printing the password', async () => {
    const started = await startCapturing({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'configured-secret-9', ADMIN_EMAIL: 'chief@example.org' });
    t = started.t;
    const rows = await allUsers(t);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      { username: rows[0]?.username, email: rows[0]?.email, isAdmin: rows[0]?.isAdmin, isActive: rows[0]?.isActive },
      { username: 'chief', email: 'chief@example.org', isAdmin: true, isActive: true },
    );
    assert.ok(started.lines.some((line) => line.includes('first admin created')));
    assert.ok(!started.output.some((line) => line.includes('configured-secret-9')), 'a configured password is never printed');
    assert.equal(started.printed.length, 0);

    const res = await authenticate(t.app, 'chief', 'configured-secret-9');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().isAdmin, true);
  });

  it('generates a strong password when none is configured and prints it once, in the log only (JSON logs stay JSON)', async () => {
    const started = await startCapturing({});
    t = started.t;
    const rows = await allUsers(t);
    assert.deepEqual(
      rows.map((row) => [row.username, row.isAdmin, row.isActive]),
      [[DEFAULT_ADMIN_USERNAME, true, true]],
    );
    const warnings = started.lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level === 40);
    assert.equal(warnings.length, 1);
    const password = /password "([^"]+)"/.exec(warnings[0]?.msg ?? '')?.[1] ?? '';
    assert.ok(password.length >= 20, `generated password looks strong: ${password.length} characters`);
    assert.equal(started.printed.length, 0, 'nothing besides the log line, so a JSON log stays one object per line');
    assert.ok(!rows[0]?.passwordHash.includes(password), 'stored hashed');

    assert.equal((await authenticate(t.app, DEFAULT_ADMIN_USERNAME, password)).statusCode, 200);
  });

  it('prints nothing when the app logs nothing (tests, embedding)', async () => {
    const printed = mock.method(console, 'log', () => {});
    try {
      t = await createTestApp({ env: {} });
      assert.equal(printed.mock.callCount(), 0);
      assert.equal((await allUsers(t)).length, 1);
    } finally {
      printed.mock.restore();
    }
  });
});

describe('first admin when users exist', () => {
  it('creates nothing and prints nothing on the next start', async () => {
    const first = await startCapturing({});
    try {
      const created = await allUsers(first.t);
      assert.equal(created.length, 1);

      // A second start on the same database: the plugin again, beside a stand-in 'database' plugin.
      const lines: string[] = [];
      const printed = mock.method(console, 'log', () => {});
      const next = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
      try {
        await next.register(fp(async (instance) => void instance.decorate('db', first.t.app.db), { name: 'database' }));
        await next.register(firstAdmin, { database: { driver: 'pglite' }, env: { ADMIN_USERNAME: 'someone-else', ADMIN_PASSWORD: 'another-password' } });
        await next.ready();
        assert.equal(printed.mock.callCount(), 0);
      } finally {
        printed.mock.restore();
        await next.close();
      }
      const rows = await allUsers(first.t);
      assert.deepEqual(
        rows.map((row) => [row.id, row.username, row.passwordHash]),
        created.map((row) => [row.id, row.username, row.passwordHash]),
      );
      assert.ok(!lines.some((line) => /first admin/i.test(line)));
    } finally {
      await first.t.close();
    }
  });
});

describe('ensureFirstAdmin', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: 'configured-secret-9' } });
  });
  after(() => t.close());

  it('does nothing while any user exists, admin or not', async () => {
    await t.app.db.update(users).set({ isAdmin: false, isActive: false });
    assert.deepEqual(await ensureFirstAdmin(t.app.db, {}), { created: false });
    assert.equal((await allUsers(t)).length, 1);
  });

  it('creates exactly one admin when several starts race on an empty table', async () => {
    await t.app.db.execute(sql`DELETE FROM users`);
    const results = await Promise.all([
      ensureFirstAdmin(t.app.db, { ADMIN_USERNAME: 'racer-one' }),
      ensureFirstAdmin(t.app.db, { ADMIN_USERNAME: 'racer-two' }),
      ensureFirstAdmin(t.app.db, { ADMIN_USERNAME: 'racer-one' }),
    ]);
    assert.equal(results.filter((result) => result.created).length, 1);
    const rows = await allUsers(t);
    assert.equal(rows.length, 1);
    const winner = results.find((result) => result.created);
    assert.ok(winner?.created && winner.generatedPassword && rows[0]?.username === winner.username);
  });

  it('refuses unusable settings with a clear error', () => {
    assert.throws(() => firstAdminSettings({ ADMIN_PASSWORD: 'short' }), /ADMIN_PASSWORD must be 8 to 100 characters/);
    assert.throws(() => firstAdminSettings({ ADMIN_USERNAME: 'has spaces' }), /ADMIN_USERNAME/);
    assert.throws(() => firstAdminSettings({ ADMIN_USERNAME: 'a'.repeat(101) }), /ADMIN_USERNAME/);
    assert.deepEqual(firstAdminSettings({ ADMIN_USERNAME: '  ', ADMIN_PASSWORD: '' }), { username: 'admin', password: undefined, email: 'admin@example.com' });
    assert.equal(firstAdminSettings({ ADMIN_USERNAME: 'boss@shop.example' }).email, 'boss@shop.example');
  });
});
