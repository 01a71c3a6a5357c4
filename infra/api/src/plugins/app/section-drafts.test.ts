/**
 * Drafts, publishing, schedules and revisions of content sections. What a visitor sees is
 * the section on a page (`Home/GetDynamicPage`); the editor's preview is the page's preview.
 *
 * The queue runs on the database's clock, which a test cannot stop: "advancing the clock" moves
 * every stored instant back by the same amount (the section's publish_at, its job's start_after and
 * the instant the job carries), which is what the passing of that time leaves in the database.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { REVISION_MESSAGES, type Revision } from '@deals/contract';
import { auditLog, revisions } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { form, testImage } from '../../test-support/forms.js';
import { sectionFields, storedFiles } from '../../test-support/sections.js';
import { advanceSchedule, inSeconds, readyInstance, until } from '../../test-support/schedules.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';

type Fields = Record<string, string | number | boolean | null | undefined>;
type Who = 'admin' | 'staff' | 'anonymous';

describe('content section drafts, publishing and revisions', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let people: TestStaff;
  let pageId: number;

  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], who: Who = 'admin') =>
    app.inject({ method, url: `/api/${url}`, ...(who === 'anonymous' ? {} : { headers: people[who].headers }), ...(payload === undefined ? {} : { payload }) });

  /** A Text Only section (no image needed), assigned to the test page. */
  async function create(fields: Fields = {}, files: Record<string, Buffer> = {}): Promise<number> {
    const res = await call('POST', 'ContentSection/CreateContentSection', form(sectionFields({ type: 'CONTENT_SECTION_TEXTONLY', ...fields }), files));
    assert.equal(res.statusCode, 200, res.body);
    const id = res.json().id as number;
    const assigned = await call('POST', `Page/AssignContentSectionToPage?pageId=${pageId}&contentSectionId=${id}&type=CONTENTSECTION`);
    assert.equal(assigned.statusCode, 200, assigned.body);
    return id;
  }

  async function saveDraft(id: number, fields: Fields, files: Record<string, Buffer> = {}) {
    const res = await call('PUT', 'ContentSection/SaveContentSectionDraft', form(sectionFields({ id, type: 'CONTENT_SECTION_TEXTONLY', ...fields }), files));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, REVISION_MESSAGES.draftSaved);
  }

  /** The section as a visitor is served it on the page, or null when the page does not show it. */
  async function visitorSees(id: number): Promise<{ title: string | null; description: string | null; imagePath: string | null } | null> {
    const res = await call('GET', `Home/GetDynamicPage?dynamicPageId=${pageId}`, undefined, 'anonymous');
    assert.equal(res.statusCode, 200, res.body);
    const component = (res.json().pageContentSectionBanners as { contentSection: Record<string, unknown> | null }[]).find((entry) => entry.contentSection?.id === id);
    if (!component?.contentSection) return null;
    const { title, description, imagePath } = component.contentSection as { title: string | null; description: string | null; imagePath: string | null };
    assert.ok(!('draft' in component.contentSection) && !('hasDraft' in component.contentSection), 'the public shape carries no draft');
    return { title, description, imagePath };
  }

  /** The section as the page's preview shows it. */
  async function previewOf(id: number) {
    const res = await call('GET', `Page/GetPagePreview?pageId=${pageId}`);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json().pageContentSectionBanners as { contentSection: Record<string, unknown> | null }[]).find((entry) => entry.contentSection?.id === id)?.contentSection;
  }

  async function editor(id: number) {
    const res = await call('GET', `ContentSection/GetContentSectionById?contentSectionId=${id}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  async function history(id: number): Promise<Revision[]> {
    const res = await call('GET', `Revisions/GetRevisions?recordType=contentSection&recordId=${id}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  before(async () => {
    database = await createTestDatabase();
    app = await readyInstance(database);
    people = await createTestStaff(app);
    const page = await call('POST', 'Page/CreatePage', { name: 'Sections', url: '/sections-drafts' });
    assert.equal(page.statusCode, 200, page.body);
    pageId = page.json().id;
  });
  after(async () => {
    await app.close();
    await database.drop();
  });

  it('keeps a saved edit as a draft the public never sees; the preview shows it; Publish makes it public with a revision', async () => {
    const id = await create({ name: 'Promo', title: 'Old title', description: '<p>Old words</p>' });
    await saveDraft(id, { name: 'Promo', title: 'New title', description: '<p>New words</p>' });

    assert.deepEqual(await visitorSees(id), { title: 'Old title', description: '<p>Old words</p>', imagePath: null });
    const preview = await previewOf(id);
    assert.equal(preview?.title, 'New title');
    assert.equal(preview?.description, '<p>New words</p>');

    const section = await editor(id);
    assert.equal(section.title, 'Old title', 'the record itself is what is published');
    assert.equal(section.draft.title, 'New title');
    assert.equal(section.draft.description, '<p>New words</p>');
    assert.equal(section.hasDraft, true);
    assert.equal(section.editorial.hasDraft, true);
    assert.equal(section.editorial.draftSavedBy, people.admin.username);
    assert.ok(section.editorial.publishedAt);

    const unpaged = (await call('GET', 'ContentSection/GetAllContentSections?isActive=')).json();
    assert.equal(unpaged.find((row: { id: number }) => row.id === id).hasDraft, true);
    const paged = (await call('GET', 'ContentSection/GetAllContentSections?page=1&pageSize=100&name=Promo')).json();
    const row = paged.items.find((item: { kind: string; id: number }) => item.kind === 'CONTENT_SECTION' && item.id === id);
    assert.equal(row.hasDraft, true);
    assert.equal(row.publishAt, null);

    const published = await call('PUT', `ContentSection/PublishContentSection?contentSectionId=${id}`);
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.json().message, REVISION_MESSAGES.published);
    assert.deepEqual(await visitorSees(id), { title: 'New title', description: '<p>New words</p>', imagePath: null });
    const after = await editor(id);
    assert.equal(after.draft, null);
    assert.equal(after.editorial.hasDraft, false);
    assert.equal((await call('GET', 'ContentSection/GetAllContentSections?isActive=')).json().find((entry: { id: number }) => entry.id === id).hasDraft, false);

    const revisionsOf = await history(id);
    assert.deepEqual(
      revisionsOf.map((revision) => revision.action),
      ['publish', 'create'],
    );
    assert.deepEqual(revisionsOf[0]!.changes, {
      title: { from: 'Old title', to: 'New title' },
      description: { from: '<p>Old words</p>', to: '<p>New words</p>' },
    });
    assert.equal(revisionsOf[0]!.actorName, people.admin.username);

    const again = await call('PUT', `ContentSection/PublishContentSection?contentSectionId=${id}`);
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().message, REVISION_MESSAGES.nothingToPublish);
  });

  it('saving what is published leaves no draft; Discard drops a draft; UpdateContentSection still publishes at once', async () => {
    const id = await create({ name: 'Terms', title: 'v1' });
    await saveDraft(id, { name: 'Terms', title: 'v1' });
    assert.equal((await editor(id)).editorial.hasDraft, false);

    await saveDraft(id, { name: 'Terms', title: 'v2' });
    const discarded = await call('DELETE', `ContentSection/DiscardContentSectionDraft?contentSectionId=${id}`);
    assert.equal(discarded.statusCode, 200, discarded.body);
    assert.equal(discarded.json().message, REVISION_MESSAGES.draftDiscarded);
    assert.equal((await editor(id)).draft, null);
    assert.equal((await visitorSees(id))?.title, 'v1');

    await saveDraft(id, { name: 'Terms', title: 'draft meanwhile' });
    const updated = await call('PUT', 'ContentSection/UpdateContentSection', form(sectionFields({ id, name: 'Terms', type: 'CONTENT_SECTION_TEXTONLY', title: 'v3' })));
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json().message, 'Content section updated successfully');
    assert.equal((await visitorSees(id))?.title, 'v3');
    assert.equal((await editor(id)).draft, null, 'the update replaced the draft');
    const [latest] = await history(id);
    assert.equal(latest!.action, 'publish');
    assert.deepEqual(latest!.changes, { title: { from: 'v1', to: 'v3' } });
  });

  it('checks a draft as UpdateContentSection does and writes nothing on rejection; an uploaded image is the draft’s until published', async () => {
    const id = await create({ name: 'Checked', title: 'Kept' });
    const missingTitle = await call('PUT', 'ContentSection/SaveContentSectionDraft', form(sectionFields({ id, name: 'Checked', type: 'CONTENT_SECTION_DEFAULT', title: undefined })));
    assert.equal(missingTitle.statusCode, 400);
    assert.equal(missingTitle.json().errors.title, 'Title is required');
    assert.equal(missingTitle.json().errors.image, 'Error! Please upload an image');
    assert.equal((await editor(id)).draft, null);
    assert.equal((await call('PUT', 'ContentSection/SaveContentSectionDraft', form(sectionFields({ id: 999999 })))).statusCode, 404);

    // Raw HTML: Custom sections only, sanitised.
    await saveDraft(id, { name: 'Checked', type: 'CONTENT_SECTION_CUSTOM', alignment: 'LEFT', rawHTML: '<section>hi<script>alert(1)</script></section>' });
    assert.equal((await editor(id)).draft.rawHtml, '<section>hi</section>');
    assert.equal((await visitorSees(id))?.title, 'Kept');

    const image = await testImage('png', 15, '#0a0b0c');
    await saveDraft(id, { name: 'Checked', type: 'CONTENT_SECTION_DEFAULT', title: 'With image' }, { image });
    const draftImage = (await editor(id)).draft.imagePath as string;
    assert.ok(draftImage);
    assert.ok((await storedFiles(app)).includes(draftImage));
    assert.equal((await visitorSees(id))?.imagePath, null, 'the public section has no image yet');
    assert.equal((await previewOf(id))?.imagePath, draftImage);
    // Saving again without an upload keeps the draft's image.
    await saveDraft(id, { name: 'Checked', type: 'CONTENT_SECTION_DEFAULT', title: 'With image, again' });
    assert.equal((await editor(id)).draft.imagePath, draftImage);

    assert.equal((await call('DELETE', `ContentSection/DiscardContentSectionDraft?contentSectionId=${id}`)).statusCode, 200);
    assert.ok(!(await storedFiles(app)).includes(draftImage), 'the discarded draft’s image is released');
  });

  it('restores a revision as the draft; publishing it brings the old version back', async () => {
    const id = await create({ name: 'Story', title: 'First', description: '<p>one</p>' });
    const updated = await call('PUT', 'ContentSection/UpdateContentSection', form(sectionFields({ id, name: 'Story', type: 'CONTENT_SECTION_TEXTONLY', title: 'Second', description: '<p>two</p>' })));
    assert.equal(updated.statusCode, 200, updated.body);
    const [, created] = await history(id);
    assert.equal(created!.action, 'create');
    const restored = await call('PUT', `Revisions/RestoreRevision?revisionId=${created!.id}`);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().message, REVISION_MESSAGES.restoredAsDraft);
    assert.equal((await visitorSees(id))?.title, 'Second', 'a restore is a draft until published');
    assert.equal((await editor(id)).draft.title, 'First');
    assert.equal((await call('PUT', `ContentSection/PublishContentSection?contentSectionId=${id}`)).statusCode, 200);
    assert.equal((await visitorSees(id))?.title, 'First');
    assert.deepEqual((await history(id))[0]!.changes, { title: { from: 'Second', to: 'First' }, description: { from: '<p>two</p>', to: '<p>one</p>' } });

    // Admins only, like the controller: staff find nothing.
    assert.equal((await call('GET', `Revisions/GetRevisions?recordType=contentSection&recordId=${id}`, undefined, 'staff')).statusCode, 404);
    assert.equal((await call('PUT', `Revisions/RestoreRevision?revisionId=${created!.id}`, undefined, 'staff')).statusCode, 404);
  });

  it('unpublishes (the draft stays) and publishes an inactive section again', async () => {
    const id = await create({ name: 'Toggle', title: 'Shown' });
    await saveDraft(id, { name: 'Toggle', title: 'Pending' });
    const off = await call('PUT', `ContentSection/UnpublishContentSection?contentSectionId=${id}`);
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(await visitorSees(id), null);
    const section = await editor(id);
    assert.equal(section.isActive, false);
    assert.equal(section.draft.title, 'Pending');
    // The draft was saved while active: publishing it makes the section active again.
    assert.equal((await call('PUT', `ContentSection/PublishContentSection?contentSectionId=${id}`)).statusCode, 200);
    assert.equal((await visitorSees(id))?.title, 'Pending');
    assert.deepEqual(
      (await history(id)).map((revision) => revision.action),
      ['publish', 'unpublish', 'create'],
    );
  });

  it('publishes at the scheduled instant (the clock advanced an hour), then unpublishes at the next, through the job queue', async () => {
    const id = await create({ name: 'Sale', title: 'Before' });
    await saveDraft(id, { name: 'Sale', title: 'After' });
    const bad = await call('PUT', `ContentSection/ScheduleContentSection?contentSectionId=${id}`, { publishAt: inSeconds(-60), unpublishAt: null });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().errors.publishAt, REVISION_MESSAGES.scheduleInPast);
    assert.equal((await call('PUT', 'ContentSection/ScheduleContentSection?contentSectionId=999999', { publishAt: inSeconds(60), unpublishAt: null })).statusCode, 404);

    const res = await call('PUT', `ContentSection/ScheduleContentSection?contentSectionId=${id}`, { publishAt: inSeconds(3600), unpublishAt: inSeconds(7200) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, REVISION_MESSAGES.scheduleSaved);
    const state = (await editor(id)).editorial;
    assert.ok(state.publishAt && state.unpublishAt);
    const listed = (await call('GET', 'ContentSection/GetAllContentSections?isActive=')).json().find((row: { id: number }) => row.id === id);
    assert.equal(listed.publishAt, state.publishAt);
    assert.equal(listed.unpublishAt, state.unpublishAt);
    const paged = (await call('GET', 'ContentSection/GetAllContentSections?page=1&pageSize=100&name=Sale')).json();
    assert.equal(Date.parse(paged.items.find((item: { kind: string; id: number }) => item.kind === 'CONTENT_SECTION' && item.id === id).publishAt), Date.parse(state.publishAt));

    await sleep(1500);
    assert.equal((await visitorSees(id))?.title, 'Before', 'nothing happens before the instant');

    await advanceSchedule(app, 'contentSection', id, 3600);
    const live = await until(
      () => visitorSees(id),
      (seen) => seen?.title === 'After',
    );
    assert.equal(live?.title, 'After');
    const afterPublish = (await editor(id)).editorial;
    assert.equal(afterPublish.publishAt, null);
    assert.equal(afterPublish.hasDraft, false);
    assert.ok(afterPublish.unpublishAt);

    await advanceSchedule(app, 'contentSection', id, 3600);
    const gone = await until(
      () => visitorSees(id),
      (seen) => seen === null,
    );
    assert.equal(gone, null);
    assert.deepEqual(
      (await history(id)).map((revision) => [revision.action, revision.actorName]),
      [
        ['unpublish', 'Scheduled'],
        ['publish', 'Scheduled'],
        ['create', people.admin.username],
      ],
    );
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'contentSection'), eq(auditLog.recordId, String(id))));
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['create', 'save-draft', 'schedule', 'publish', 'unpublish'],
    );
  });

  it('answers 401 to anonymous callers and 403 to staff on the draft routes, changing nothing', async () => {
    const id = await create({ name: 'Guarded', title: 'Safe' });
    const routes: [InjectOptions['method'], string, () => InjectOptions['payload'] | undefined][] = [
      ['PUT', 'ContentSection/SaveContentSectionDraft', () => form(sectionFields({ id, name: 'Guarded', type: 'CONTENT_SECTION_TEXTONLY', title: 'Hijacked' }))],
      ['PUT', `ContentSection/PublishContentSection?contentSectionId=${id}`, () => undefined],
      ['PUT', `ContentSection/UnpublishContentSection?contentSectionId=${id}`, () => undefined],
      ['DELETE', `ContentSection/DiscardContentSectionDraft?contentSectionId=${id}`, () => undefined],
      ['PUT', `ContentSection/ScheduleContentSection?contentSectionId=${id}`, () => ({ publishAt: inSeconds(3600), unpublishAt: null })],
    ];
    for (const [method, url, payload] of routes) {
      assert.equal((await call(method, url, payload(), 'anonymous')).statusCode, 401, `${method} ${url} anonymous`);
      assert.equal((await call(method, url, payload(), 'staff')).statusCode, 403, `${method} ${url} staff`);
    }
    const section = await editor(id);
    assert.equal(section.draft, null);
    assert.equal(section.isActive, true);
    assert.equal(section.editorial.publishAt, null);
    assert.equal((await visitorSees(id))?.title, 'Safe');
  });

  it('deletes a section with its revisions', async () => {
    const id = await create({ name: 'Gone' });
    await saveDraft(id, { name: 'Gone', title: 'Draft' });
    assert.equal((await call('DELETE', `ContentSection/DeleteContentSection?id=${id}`)).statusCode, 200);
    assert.deepEqual(await app.db.select().from(revisions).where(and(eq(revisions.recordType, 'contentSection'), eq(revisions.recordId, id))), []);
  });
});
