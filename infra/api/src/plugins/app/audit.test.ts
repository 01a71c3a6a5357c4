import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { desc, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { form, testImage } from '../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { fieldChanges, REDACTED } from './audit.js';

describe('audit log', () => {
  let t: TestApp;
  let people: TestStaff;

  before(async () => {
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  const entries = () => t.app.db.select().from(auditLog).orderBy(desc(auditLog.id));
  /** onResponse runs after the answer has left: wait for its insert. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('records a successful staff write that wrote no entry itself: who, what call, from where', async () => {
    // An upload for the rich-text editor changes no record: it has no entry of its own.
    const res = await t.app.inject({ method: 'POST', url: '/api/ContentSection/UploadImageToContentSection', headers: people.admin.headers, payload: form({}, { file: await testImage() }), remoteAddress: '203.0.113.9' });
    assert.equal(res.statusCode, 200, res.body);
    await settle();
    const [entry] = await entries();
    assert.equal(entry?.actorId, people.admin.id);
    assert.equal(entry?.actorName, people.admin.username);
    assert.equal(entry?.action, 'write');
    assert.equal(entry?.recordType, 'ContentSection');
    assert.equal(entry?.route, 'POST /api/ContentSection/UploadImageToContentSection');
    assert.equal(entry?.ip, '203.0.113.9');
  });

  it('records nothing for reads, refused writes and visitors', async () => {
    const count = (await entries()).length;
    await t.app.inject({ method: 'GET', url: '/api/PushNotificationHistory/GetPushNotificationHistory', headers: people.admin.headers });
    const refused = await t.app.inject({ method: 'POST', url: '/api/PushNotificationHistory/SendPushNotifications?title=Sale', headers: people.admin.headers });
    assert.equal(refused.statusCode, 400);
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/PushNotificationHistory/SendPushNotifications?title=Sale&message=x', headers: people.staff.headers });
    assert.equal(forbidden.statusCode, 403);
    await t.app.inject({ method: 'POST', url: '/api/Product/SearchProduct', payload: { searchTerm: 'tv' } });
    await settle();
    assert.equal((await entries()).length, count);
  });

  it('is append-only: updates and deletes are refused by the database; only the retention purge deletes', async () => {
    // Drizzle wraps the database's error: the reason is its cause.
    const appendOnly = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));
    await assert.rejects(t.app.db.execute(sql`UPDATE audit_log SET actor_name = 'someone else'`), appendOnly);
    await assert.rejects(t.app.db.execute(sql`DELETE FROM audit_log`), appendOnly);
    assert.ok((await entries()).length > 0);
    await t.app.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    await t.app.db.execute(sql`UPDATE audit_log SET at = at - interval '400 days' WHERE id = (SELECT min(id) FROM audit_log)`);
    await t.app.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    const before = (await entries()).length;
    assert.equal(await t.app.audit.purgeOlderThan(365), 1);
    assert.equal((await entries()).length, before - 1);
  });

  it('diffs fields and never writes a secret', () => {
    assert.deepEqual(fieldChanges({ title: 'About', body: '<p>a</p>', passwordHash: 'x' }, { title: 'About us', body: '<p>a</p>', passwordHash: 'y' }), {
      title: { from: 'About', to: 'About us' },
      passwordHash: { from: REDACTED, to: REDACTED },
    });
    assert.deepEqual(fieldChanges(null, { name: 'New' }), { name: { from: null, to: 'New' } });
  });
});
