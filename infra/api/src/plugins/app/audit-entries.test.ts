/**
 * The field-level audit entries of the staff writes (who, what record, which
 * fields from what to what, from which IP), secrets never written, nothing for a refused write.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, gt } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { addDeal, addFeaturedSection, addStore } from '../../test-support/catalog.js';
import { createTestStaff, createTestUser, TEST_PASSWORD, type TestStaff } from '../../test-support/staff.js';
import { REDACTED } from './audit.js';

describe('audit entries of staff writes', () => {
  let t: TestApp;
  let people: TestStaff;
  /** The id of the last entry seen: each test reads only the entries its calls wrote. */
  let seen = 0;

  before(async () => {
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  /** The safety net writes after the answer has left: give it the time to, so that none hides. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  async function newEntries() {
    await settle();
    const rows = await t.app.db.select().from(auditLog).where(gt(auditLog.id, seen)).orderBy(asc(auditLog.id));
    seen = rows.at(-1)?.id ?? seen;
    return rows.map(({ actorId, actorName, action, recordType, recordId, changes, ip }) => ({ actorId, actorName, action, recordType, recordId, changes, ip }));
  }
  const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload && { payload }), remoteAddress: '198.51.100.7' });
  const by = (user: { id: number; username: string }) => ({ actorId: user.id, actorName: user.username, ip: '198.51.100.7' });

  it('a store update: each changed field from its old value to its new one, nothing for the unchanged', async () => {
    const id = await addStore(t.app, { name: 'Old Name', isActive: true, notifyImmediately: true, sortOrder: 2 });
    await newEntries();
    const res = await inject('PUT', '/api/Category/UpdateCategory', people.admin.headers, { id, name: 'New Name', isActive: false, notifyImmediately: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      { ...by(people.admin), action: 'update', recordType: 'store', recordId: String(id), changes: { name: { from: 'Old Name', to: 'New Name' }, isActive: { from: true, to: false } } },
    ]);
  });

  it('a refused write (validation error) records nothing, not even the safety net\'s entry', async () => {
    const id = await addStore(t.app, { name: 'Kept' });
    await newEntries();
    const res = await inject('PUT', '/api/Category/UpdateCategory', people.admin.headers, { id, name: '' });
    assert.equal(res.statusCode, 400, res.body);
    const menu = await inject('POST', '/api/MenuItem/CreateMenuItem', people.admin.headers, { name: 'Bad link', customLink: 'javascript:alert(1)' });
    assert.equal(menu.statusCode, 400, menu.body);
    assert.deepEqual(await newEntries(), []);
  });

  it('a user role change: the roles from/to, and no password value anywhere in the log', async () => {
    const user = await createTestUser(t.app, 'audited.user', false);
    await newEntries();
    const res = await inject('PUT', '/api/Users/UpdateUser', people.admin.headers, { id: user.id, fullName: 'audited.user Tester', email: 'audited.user@example.com', isAdmin: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [{ ...by(people.admin), action: 'update', recordType: 'user', recordId: String(user.id), changes: { isAdmin: { from: false, to: true } } }]);

    const created = await inject('POST', '/api/Users/Register', people.admin.headers, {
      username: 'registered.one',
      fullName: 'Registered One',
      email: 'registered.one@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
    });
    assert.equal(created.statusCode, 200, created.body);
    const [entry] = await newEntries();
    assert.equal(entry?.action, 'create');
    assert.deepEqual(entry?.changes, {
      username: { from: null, to: 'registered.one' },
      fullName: { from: null, to: 'Registered One' },
      email: { from: null, to: 'registered.one@example.com' },
      isActive: { from: null, to: true },
      isAdmin: { from: null, to: false },
    });
    const log = JSON.stringify(await t.app.db.select().from(auditLog));
    assert.doesNotMatch(log, /a-long-password|argon2/);
  });

  it('a sign-in: the user who signed in (the request was anonymous) and their IP', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: people.staff.username, password: TEST_PASSWORD }, remoteAddress: '203.0.113.44' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      { actorId: people.staff.id, actorName: people.staff.username, action: 'sign-in', recordType: 'session', recordId: String(people.staff.id), changes: null, ip: '203.0.113.44' },
    ]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/Users/Authenticate', payload: { email: people.staff.username, password: 'wrong' }, remoteAddress: '203.0.113.44' });
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(await newEntries(), []);
  });

  it('a password change: that it changed, never the values', async () => {
    const user = await createTestUser(t.app, 'changes.password', false);
    await newEntries();
    const res = await inject('PUT', `/api/Users/ChangeUserPassword?oldPassword=${TEST_PASSWORD}&password=brand-new-secret-9`, user.headers);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      { ...by(user), action: 'password-change', recordType: 'user', recordId: String(user.id), changes: { password: { from: REDACTED, to: REDACTED } } },
    ]);
    assert.doesNotMatch(JSON.stringify(await t.app.db.select().from(auditLog)), /brand-new-secret|correct-horse/);
  });

  it('a featured section: deals assigned and unassigned, then a sort with each position from/to', async () => {
    const store = await addStore(t.app);
    const [first, second] = [await addFeaturedSection(t.app, { sortOrder: 0 }), await addFeaturedSection(t.app, { sortOrder: 1 })];
    const [d1, d2] = [await addDeal(t.app, { categoryId: store }), await addDeal(t.app, { categoryId: store })];
    await newEntries();
    const assign = await inject('POST', '/api/FeaturedSection/associateProductsToFeaturedSection', people.staff.headers, { featuredSectionId: first, productIds: [d1, d2] });
    assert.equal(assign.statusCode, 200, assign.body);
    const unassign = await inject('DELETE', `/api/FeaturedSection/RemoveProductsFromFeaturedSection?featuredSectionId=${first}&productId=${d1}`, people.staff.headers);
    assert.equal(unassign.statusCode, 200, unassign.body);
    const sort = await inject('PUT', '/api/FeaturedSection/SortFeaturedSections', people.admin.headers, [
      { id: first, sortOrder: 1 },
      { id: second, sortOrder: 0 },
    ]);
    assert.equal(sort.statusCode, 200, sort.body);
    assert.deepEqual(await newEntries(), [
      { ...by(people.staff), action: 'assign', recordType: 'featuredSection', recordId: String(first), changes: { productIds: { from: null, to: [d1, d2] } } },
      { ...by(people.staff), action: 'unassign', recordType: 'featuredSection', recordId: String(first), changes: { productIds: { from: [d1], to: null } } },
      { ...by(people.admin), action: 'sort', recordType: 'featuredSection', recordId: null, changes: { [String(first)]: { from: 0, to: 1 }, [String(second)]: { from: 1, to: 0 } } },
    ]);
  });

  it('a push sent: its title, message and audience', async () => {
    const res = await inject('POST', '/api/PushNotificationHistory/SendPushNotifications?title=Sale&message=Tonight%20only', people.admin.headers);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      {
        ...by(people.admin),
        action: 'push-sent',
        recordType: 'pushNotification',
        recordId: String(res.json().id),
        changes: { title: { from: null, to: 'Sale' }, message: { from: null, to: 'Tonight only' }, audience: { from: null, to: 'all registered devices' } },
      },
    ]);
  });

  it('a menu item delete keeps the deleted values', async () => {
    const created = await inject('POST', '/api/MenuItem/CreateMenuItem', people.admin.headers, { name: 'Deals', customLink: '/deals', openInNewTab: true });
    assert.equal(created.statusCode, 200, created.body);
    const id = created.json().id as number;
    const [create] = await newEntries();
    assert.deepEqual(create?.changes, { name: { from: null, to: 'Deals' }, customLink: { from: null, to: '/deals' }, openInNewTab: { from: null, to: true }, isActive: { from: null, to: true }, sortOrder: { from: null, to: 0 } });
    const res = await inject('DELETE', `/api/MenuItem/DeleteMenuItem?id=${id}`, people.admin.headers);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      {
        ...by(people.admin),
        action: 'delete',
        recordType: 'menuItem',
        recordId: String(id),
        changes: { name: { from: 'Deals', to: null }, customLink: { from: '/deals', to: null }, openInNewTab: { from: true, to: null }, isActive: { from: true, to: null }, sortOrder: { from: 0, to: null } },
      },
    ]);
  });

  it('a bulk deactivate: one entry for the call, with the ids and the counts', async () => {
    const store = await addStore(t.app);
    const ids = [await addDeal(t.app, { categoryId: store, isActive: true }), await addDeal(t.app, { categoryId: store, isActive: false })];
    await newEntries();
    const res = await inject('POST', '/api/Product/BulkUpdateProducts', people.admin.headers, { action: 'deactivate', ids });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await newEntries(), [
      {
        ...by(people.admin),
        action: 'bulk-deactivate',
        recordType: 'deal',
        recordId: null,
        changes: {
          ids: { from: null, to: ids },
          matched: { from: null, to: 2 },
          changed: { from: null, to: 1 },
          skipped: { from: null, to: [{ reason: 'unchanged', count: 1 }] },
          isActive: { from: true, to: false },
        },
      },
    ]);
  });
});
