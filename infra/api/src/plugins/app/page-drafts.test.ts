/**
 * Drafts, publishing, schedules, revisions and preview links of pages and blogs
 * (the clock advanced as test-support/schedules.ts does it).
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { REVISION_MESSAGES, type Revision } from '@deals/contract';
import { auditLog, pages, revisions } from '../../db/schema.js';
import { createSharedTestDatabase, createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { advanceSchedule, inSeconds, readyInstance, until } from '../../test-support/schedules.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { scheduleJobId } from './editorial.js';

function client(app: () => FastifyInstance, people: () => TestStaff) {
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], who: 'admin' | 'staff' | 'anonymous' = 'admin') =>
    app().inject({ method, url: `/api/${url}`, ...(who === 'anonymous' ? {} : { headers: people()[who].headers }), ...(payload === undefined ? {} : { payload }) });
  return {
    call,
    async create(fields: Record<string, unknown>): Promise<number> {
      const res = await call('POST', 'Page/CreatePage', fields);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().id as number;
    },
    async saveDraft(id: number, fields: Record<string, unknown>) {
      const res = await call('PUT', 'Page/SavePageDraft', { id, ...fields });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, REVISION_MESSAGES.draftSaved);
    },
    /** What a visitor is served. */
    async visitorSees(id: number): Promise<{ status: number; description?: string | null; title?: string | null }> {
      const res = await call('GET', `Home/GetDynamicPage?dynamicPageId=${id}`, undefined, 'anonymous');
      return res.statusCode === 200 ? { status: 200, description: res.json().description, title: res.json().title } : { status: res.statusCode };
    },
    async history(id: number): Promise<Revision[]> {
      const res = await call('GET', `Revisions/GetRevisions?recordType=page&recordId=${id}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
    async editor(id: number) {
      const res = await call('GET', `Page/GetPageById?pageId=${id}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    },
  };
}

describe('page drafts, publishing and revisions', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let people: TestStaff;
  const api = client(
    () => app,
    () => people,
  );

  before(async () => {
    database = await createTestDatabase();
    app = await readyInstance(database);
    people = await createTestStaff(app);
  });
  after(async () => {
    await app.close();
    await database.drop();
  });

  it('keeps a saved edit as a draft the public never sees; the preview shows it; Publish makes it public with a revision', async () => {
    const id = await api.create({ name: 'About', title: 'About us', url: '/about-drafts', description: '<p>Old words</p>' });
    await api.saveDraft(id, { name: 'About', title: 'About DealDrop', url: '/about-drafts', description: '<p>New words</p>' });

    assert.deepEqual(await api.visitorSees(id), { status: 200, description: '<p>Old words</p>', title: 'About us' });
    const preview = (await api.call('GET', `Page/GetPagePreview?pageId=${id}`)).json();
    assert.equal(preview.description, '<p>New words</p>');
    assert.equal(preview.title, 'About DealDrop');

    const editor = await api.editor(id);
    assert.equal(editor.description, '<p>Old words</p>', 'the record itself is what is published');
    assert.equal(editor.draft.description, '<p>New words</p>');
    assert.equal(editor.editorial.hasDraft, true);
    assert.equal(editor.editorial.draftSavedBy, people.admin.username);
    const listed = (await api.call('GET', 'Page/GetAllPages?page=1&name=About')).json();
    assert.equal(listed.items.find((row: { id: number }) => row.id === id).hasDraft, true);
    const unpaged = (await api.call('GET', 'Page/GetAllPages')).json();
    assert.equal(unpaged.find((row: { id: number }) => row.id === id).hasDraft, true);

    const published = await api.call('PUT', `Page/PublishPage?pageId=${id}`);
    assert.equal(published.statusCode, 200, published.body);
    assert.deepEqual(await api.visitorSees(id), { status: 200, description: '<p>New words</p>', title: 'About DealDrop' });
    assert.equal((await api.editor(id)).editorial.hasDraft, false);

    const history = await api.history(id);
    assert.deepEqual(
      history.map((revision) => revision.action),
      ['publish', 'create'],
    );
    assert.deepEqual(history[0]!.changes, {
      title: { from: 'About us', to: 'About DealDrop' },
      description: { from: '<p>Old words</p>', to: '<p>New words</p>' },
    });
    assert.equal(history[0]!.actorName, people.admin.username);

    const again = await api.call('PUT', `Page/PublishPage?pageId=${id}`);
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().message, REVISION_MESSAGES.nothingToPublish);
  });

  it('saving what is published leaves no draft; Discard drops a draft; UpdatePage still publishes at once', async () => {
    const id = await api.create({ name: 'Terms', url: '/terms-drafts', description: 'v1' });
    await api.saveDraft(id, { name: 'Terms', url: '/terms-drafts', description: 'v1' });
    assert.equal((await api.editor(id)).editorial.hasDraft, false);

    await api.saveDraft(id, { name: 'Terms', url: '/terms-drafts', description: 'v2' });
    const discarded = await api.call('DELETE', `Page/DiscardPageDraft?pageId=${id}`);
    assert.equal(discarded.statusCode, 200);
    assert.equal((await api.editor(id)).draft, null);
    assert.equal((await api.visitorSees(id)).description, 'v1');

    const updated = await api.call('PUT', 'Page/UpdatePage', { id, name: 'Terms', url: '/terms-drafts', description: 'v3' });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal((await api.visitorSees(id)).description, 'v3');
    assert.equal((await api.history(id))[0]!.action, 'publish');
  });

  it('removes the banner image from the draft too, and drops a draft that differed only by it', async () => {
    const id = await api.create({ name: 'Pictured', url: '/pictured-drafts', description: 'one' });
    await app.db.update(pages).set({ bannerImageFilePath: 'a'.repeat(32) + '.png' }).where(eq(pages.id, id));
    await api.saveDraft(id, { name: 'Pictured', url: '/pictured-drafts', description: 'two' });
    assert.equal((await api.editor(id)).draft.bannerImageFilePath, 'a'.repeat(32) + '.png');
    assert.equal((await api.call('DELETE', `Page/DeleteBannerImage?pageId=${id}`)).statusCode, 200);
    const editor = await api.editor(id);
    assert.equal(editor.bannerImageFilePath, null);
    assert.equal(editor.draft.bannerImageFilePath, null);
    assert.equal(editor.draft.description, 'two', 'the rest of the draft stays');

    const other = await api.create({ name: 'Only image', url: '/only-image-drafts' });
    await app.db.update(pages).set({ draft: { name: 'Only image', title: null, url: '/only-image-drafts', keywords: null, description: null, isBannerVisible: true, bannerColor: '#000000', isActive: true, bannerImageFilePath: 'b'.repeat(32) + '.png' } }).where(eq(pages.id, other));
    assert.equal((await api.call('DELETE', `Page/DeleteBannerImage?pageId=${other}`)).statusCode, 200);
    assert.equal((await api.editor(other)).draft, null);
  });

  it('refuses a draft whose url another page has, and a bad schedule, changing nothing', async () => {
    const id = await api.create({ name: 'Help', url: '/help-drafts' });
    await api.create({ name: 'Taken', url: '/taken-drafts' });
    const clash = await api.call('PUT', 'Page/SavePageDraft', { id, name: 'Help', url: '/TAKEN-drafts' });
    assert.equal(clash.statusCode, 400);
    assert.equal((await api.editor(id)).draft, null);

    const past = await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: inSeconds(-60), unpublishAt: null });
    assert.equal(past.statusCode, 400);
    assert.equal(past.json().errors.publishAt, REVISION_MESSAGES.scheduleInPast);
    await api.saveDraft(id, { name: 'Help me', url: '/help-drafts' });
    const order = await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: inSeconds(3600), unpublishAt: inSeconds(1800) });
    assert.equal(order.statusCode, 400);
    assert.equal(order.json().errors.unpublishAt, REVISION_MESSAGES.scheduleOrder);
    assert.equal((await api.editor(id)).editorial.publishAt, null);
    assert.equal((await api.call('PUT', 'Page/SchedulePage?pageId=999999', { publishAt: inSeconds(60), unpublishAt: null })).statusCode, 404);
  });

  it('publishes at the scheduled instant (the clock advanced an hour), then unpublishes at the next, each once', async () => {
    const id = await api.create({ name: 'Sale', url: '/sale-drafts', description: 'Before' });
    await api.saveDraft(id, { name: 'Sale', url: '/sale-drafts', description: 'After' });
    const res = await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: inSeconds(3600), unpublishAt: inSeconds(7200) });
    assert.equal(res.statusCode, 200, res.body);
    const state = (await api.editor(id)).editorial;
    assert.ok(state.publishAt && state.unpublishAt);

    await sleep(1500);
    assert.equal((await api.visitorSees(id)).description, 'Before', 'nothing happens before the instant');

    await advanceSchedule(app, 'page', id, 3600);
    const live = await until(
      () => api.visitorSees(id),
      (seen) => seen.description === 'After',
    );
    assert.equal(live.description, 'After');
    const afterPublish = (await api.editor(id)).editorial;
    assert.equal(afterPublish.publishAt, null);
    assert.equal(afterPublish.hasDraft, false);
    assert.ok(afterPublish.unpublishAt);

    await advanceSchedule(app, 'page', id, 3600);
    const gone = await until(
      () => api.visitorSees(id),
      (seen) => seen.status === 404,
    );
    assert.equal(gone.status, 404);
    const history = await api.history(id);
    assert.deepEqual(
      history.map((revision) => [revision.action, revision.actorName]),
      [
        ['unpublish', 'Scheduled'],
        ['publish', 'Scheduled'],
        ['create', people.admin.username],
      ],
    );
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'page'), eq(auditLog.recordId, String(id))));
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['save-draft', 'schedule', 'publish', 'unpublish'],
    );
  });

  it('moving or clearing a schedule cancels the old job', async () => {
    const id = await api.create({ name: 'Moved', url: '/moved-drafts', description: 'Before' });
    await api.saveDraft(id, { name: 'Moved', url: '/moved-drafts', description: 'After' });
    const first = inSeconds(3600);
    await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: first, unpublishAt: null });
    const second = inSeconds(7200);
    await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: second, unpublishAt: null });
    const jobState = async (at: string) => {
      const result = (await app.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${scheduleJobId({ recordType: 'page', recordId: id, action: 'publish', at })}::uuid`)) as unknown as {
        rows: { state: string }[];
      };
      return result.rows[0]?.state ?? 'absent';
    };
    assert.equal(await jobState(first), 'cancelled');
    assert.equal(await jobState(second), 'created');
    await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: null, unpublishAt: null });
    assert.equal(await jobState(second), 'cancelled');
    // A manual publish clears a pending scheduled one too.
    await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: first, unpublishAt: null });
    assert.equal(await jobState(first), 'created');
    await api.call('PUT', `Page/PublishPage?pageId=${id}`);
    assert.equal(await jobState(first), 'cancelled');
    assert.equal((await api.editor(id)).editorial.publishAt, null);
  });

  it('restores a revision as the draft; publishing it brings the old version back', async () => {
    const id = await api.create({ name: 'Story', title: 'First', url: '/story-drafts', description: 'one' });
    await api.call('PUT', 'Page/UpdatePage', { id, name: 'Story', title: 'Second', url: '/story-drafts', description: 'two' });
    const [, created] = await api.history(id);
    const restored = await api.call('PUT', `Revisions/RestoreRevision?revisionId=${created!.id}`);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().message, REVISION_MESSAGES.restoredAsDraft);
    assert.equal((await api.visitorSees(id)).title, 'Second', 'a restore is a draft until published');
    assert.equal((await api.editor(id)).draft.title, 'First');
    await api.call('PUT', `Page/PublishPage?pageId=${id}`);
    assert.equal((await api.visitorSees(id)).title, 'First');
    assert.deepEqual((await api.history(id))[0]!.changes, { title: { from: 'Second', to: 'First' }, description: { from: 'two', to: 'one' } });

    assert.equal((await api.call('GET', `Revisions/GetRevisions?recordType=page&recordId=${id}`, undefined, 'staff')).statusCode, 404);
    assert.equal((await api.call('PUT', `Revisions/RestoreRevision?revisionId=${created!.id}`, undefined, 'staff')).statusCode, 404);
    assert.equal((await api.call('GET', `Revisions/GetRevisions?recordType=page&recordId=${id}`, undefined, 'anonymous')).statusCode, 401);
    assert.equal((await api.call('PUT', 'Revisions/RestoreRevision?revisionId=999999')).statusCode, 404);
  });

  it('opens the draft through a shareable link without signing in, until it expires', async () => {
    const id = await api.create({ name: 'Launch', url: '/launch-drafts', description: 'public', isActive: false });
    await api.saveDraft(id, { name: 'Launch', url: '/launch-drafts', description: 'secret draft' });
    const link = await api.call('POST', `Page/CreatePagePreviewLink?pageId=${id}&hours=1`);
    assert.equal(link.statusCode, 200, link.body);
    const { token, path, expiresAt } = link.json();
    assert.equal(path, `/preview/shared/${token}`);
    assert.ok(Math.abs(Date.parse(expiresAt) - Date.now() - 3_600_000) < 60_000);

    const opened = await api.call('GET', `Preview/GetSharedPreview?token=${encodeURIComponent(token)}`, undefined, 'anonymous');
    assert.equal(opened.statusCode, 200, opened.body);
    assert.equal(opened.json().description, 'secret draft');
    assert.equal(opened.headers['cache-control'], 'no-store');
    assert.equal(opened.headers['x-robots-tag'], 'noindex');

    const [payload, signature] = (token as string).split('.');
    const forged = Buffer.from(JSON.stringify(['page', id, Math.floor(Date.now() / 1000) + 10 ** 6])).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.x${signature}`, 'nonsense']) {
      const res = await api.call('GET', `Preview/GetSharedPreview?token=${encodeURIComponent(bad)}`, undefined, 'anonymous');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, REVISION_MESSAGES.previewLinkInvalid);
    }
    assert.equal(await app.previewTokens.verify(token, Date.now() + 2 * 3_600_000), null, 'expired after its hours');
    assert.equal((await api.call('POST', `Page/CreatePagePreviewLink?pageId=${id}`, undefined, 'staff')).statusCode, 403);
    const [shared] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'share-preview'), eq(auditLog.recordId, String(id))));
    assert.deepEqual(shared?.changes, { expiresAt: { from: null, to: expiresAt } });
    assert.ok(!JSON.stringify(shared).includes(signature!), 'the token is not logged');
  });

  it('keeps the revisions of a deleted page out of reach, and removes them', async () => {
    const id = await api.create({ name: 'Gone', url: '/gone-drafts' });
    assert.equal((await api.call('DELETE', `Page/DeletePage?id=${id}`)).statusCode, 200);
    assert.deepEqual(await app.db.select().from(revisions).where(and(eq(revisions.recordType, 'page'), eq(revisions.recordId, id))), []);
  });
});

describe('scheduled publishing across a restart and two instances', () => {
  let database: TestDatabase;
  let people: TestStaff;
  before(async () => {
    database = await createSharedTestDatabase();
  });
  after(async () => {
    await database.drop();
  });

  it('publishes once after a restart past the instant, with two instances running', async () => {
    const first = await readyInstance(database);
    people = await createTestStaff(first);
    const api = client(
      () => first,
      () => people,
    );
    const id = await api.create({ name: 'Restart', url: '/restart-drafts', description: 'Before' });
    await api.saveDraft(id, { name: 'Restart', url: '/restart-drafts', description: 'After' });
    const res = await api.call('PUT', `Page/SchedulePage?pageId=${id}`, { publishAt: inSeconds(3), unpublishAt: null });
    assert.equal(res.statusCode, 200, res.body);
    await first.close();
    await sleep(3500);

    const [a, b] = await Promise.all([readyInstance(database), readyInstance(database)]);
    try {
      const seen = client(
        () => b,
        () => people,
      );
      const live = await until(
        () => seen.visitorSees(id),
        (page) => page.description === 'After',
      );
      assert.equal(live.description, 'After');
      await sleep(1500);
      const published = await a.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.recordType, 'page'), eq(revisions.recordId, id), eq(revisions.action, 'publish')));
      assert.equal(published.length, 1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
