import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { PREFERENCE_LIMITS, PREFERENCE_MESSAGES } from '@deals/contract';
import { auditLog, contentVersion, userPreferences } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { createTestStaff } from '../../../test-support/staff.js';
import type { TestStaff } from '../../../test-support/staff.js';

const GET = '/api/Preferences/GetTableColumns?table=product-deals';
const SAVE = '/api/Preferences/SaveTableColumns';

describe('Preferences: table columns', () => {
  let t: TestApp;
  let people: TestStaff;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  const read = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: GET, headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().columns as unknown;
  };
  const save = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PUT', url: SAVE, headers, payload: payload as object });
  const version = async () => (await t.app.db.select({ v: contentVersion.version }).from(contentVersion))[0]?.v;
  const audited = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]?.n;

  it('keeps each staff member their own setting, and null goes back to the defaults', async () => {
    assert.equal(await read(people.staff.headers), null);
    const columns = { name: { show: true, fixed: 'left', order: 1 }, previousPrice: { show: false, order: 9 }, clicks7d: { show: true, fixed: null } };
    const [versionBefore, auditBefore] = [await version(), await audited()];
    const res = await save(people.staff.headers, { table: 'product-deals', columns });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { message: PREFERENCE_MESSAGES.saved });
    assert.deepEqual(await read(people.staff.headers), columns);
    // Another person's table is untouched.
    assert.equal(await read(people.otherStaff.headers), null);
    // Personal: no public cache is retired, no audit entry is written.
    assert.equal(await version(), versionBefore);
    assert.equal(await audited(), auditBefore);

    assert.equal((await save(people.staff.headers, { table: 'product-deals', columns: { name: { show: false } } })).statusCode, 200);
    assert.deepEqual(await read(people.staff.headers), { name: { show: false } });
    assert.equal((await save(people.staff.headers, { table: 'product-deals', columns: null })).statusCode, 200);
    assert.equal(await read(people.staff.headers), null);
  });

  it('refuses an unknown table or a malformed setting with a message, and writes nothing', async () => {
    const rows = async () => (await t.app.db.select({ n: count() }).from(userPreferences))[0]?.n;
    const before = await rows();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/Preferences/GetTableColumns?table=users', headers: people.admin.headers });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().message, PREFERENCE_MESSAGES.tableInvalid);
    for (const columns of [
      { name: { show: 'yes' } },
      { name: { fixed: 'top' } },
      { name: { order: -1 } },
      { 'bad key!': { show: true } },
      Object.fromEntries(Array.from({ length: PREFERENCE_LIMITS.columns + 1 }, (_, i) => [`c${i}`, { show: true }])),
      [],
      'all',
    ]) {
      const res = await save(people.admin.headers, { table: 'product-deals', columns });
      assert.equal(res.statusCode, 400, JSON.stringify(columns));
      assert.ok(res.json().message, 'a message says why');
    }
    assert.equal((await save(people.admin.headers, { table: 'orders', columns: null })).statusCode, 400);
    assert.equal(await rows(), before);
    // What a setting does not know is dropped, never stored.
    assert.equal((await save(people.admin.headers, { table: 'product-deals', columns: { name: { show: true, width: 300 } } })).statusCode, 200);
    assert.deepEqual(await read(people.admin.headers), { name: { show: true } });
  });

  it('is for signed-in staff only', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: GET })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'PUT', url: SAVE, payload: { table: 'product-deals', columns: null } })).statusCode, 401);
  });
});
