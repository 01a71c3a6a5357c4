/**
 * Drafts, publishing, schedules and revisions of banners WITH their items. What the public
 * sees is checked through the page the banner is on (`Home/GetDynamicPage`).
 *
 * The queue runs on the database's clock: "advancing the clock" moves the stored instants and
 * their jobs back by the same amount, as in page-drafts.test.ts.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { REVISION_MESSAGES, type Banner, type Revision } from '@deals/contract';
import { revisions } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { form, testImage } from '../../test-support/forms.js';
import { assignComponent, bannerItemFields, insertPage } from '../../test-support/sections.js';
import { advanceSchedule, inSeconds, readyInstance, until } from '../../test-support/schedules.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { isStored } from '../../test-support/uploads.js';
import { bannerWithDraft, rebaseBannerDraft } from './banner-drafts.js';


type Item = Record<string, unknown> & { id: number | null };

/** A draft item as the editor sends it. */
const draftItem = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  name: 'Slide',
  type: 'CONTENT_SECTION_FULLWIDTH',
  title: 'Big slide',
  description: '<p>Slide text</p>',
  alignment: 'LEFT',
  ...overrides,
});

describe('banner drafts, publishing and revisions', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let people: TestStaff;
  let colour = 0;

  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], who: 'admin' | 'staff' | 'anonymous' = 'admin') =>
    app.inject({ method, url: `/api/${url}`, ...(who === 'anonymous' ? {} : { headers: people[who].headers }), ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) => {
    const res = await call(method, url, payload);
    assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body}`);
    return res.json();
  };
  const uniqueImage = () => testImage('png', 8, `#${(++colour).toString(16).padStart(6, '0')}`);

  /** A stored image name, as the editor uploads it before saving a draft. */
  async function upload(): Promise<string> {
    const res = await call('POST', 'ContentSection/UploadImageToContentSection', form({}, { file: await uniqueImage() }));
    assert.equal(res.statusCode, 200, res.body);
    return res.json().filePath as string;
  }

  /** A banner with published items, on a page of its own; answers both ids and the item ids. */
  async function bannerOnPage(name: string, titles: string[]): Promise<{ bannerId: number; pageId: number; itemIds: number[] }> {
    const { id: bannerId } = await ok('POST', 'Banner/CreateBanner', { name });
    const itemIds: number[] = [];
    for (const title of titles) {
      const res = await call('POST', 'BannerItem/CreateBannerItem', form(bannerItemFields(bannerId, { title }), { image: await uniqueImage() }));
      assert.equal(res.statusCode, 200, res.body);
      itemIds.push(res.json().id as number);
    }
    const pageId = await insertPage(app);
    await assignComponent(app, pageId, { bannerId });
    return { bannerId, pageId, itemIds };
  }

  /** The banner as a visitor gets it on its page (null: not shown). */
  async function visitorSees(pageId: number): Promise<Banner | null> {
    const res = await call('GET', `Home/GetDynamicPage?dynamicPageId=${pageId}`, undefined, 'anonymous');
    assert.equal(res.statusCode, 200, res.body);
    const component = (res.json().pageContentSectionBanners as Array<{ banner: Banner | null }>).find((entry) => entry.banner);
    return component?.banner ?? null;
  }
  const titlesOf = (banner: Banner | null) => banner?.bannerItems.map((item) => item.title) ?? null;
  const editor = (bannerId: number) => ok('GET', `Banner/GetBannerById?bannerId=${bannerId}`);
  const history = (bannerId: number): Promise<Revision[]> => ok('GET', `Revisions/GetRevisions?recordType=banner&recordId=${bannerId}`);

  /** The editor's items as a draft body sends them back. */
  const asDraftItems = (items: Array<Record<string, unknown>>): Item[] =>
    items.map(({ bannerId: _bannerId, sortOrder: _sortOrder, isPadded: _p, isFloatingCard: _f, isTextOnly: _t, ...item }) => item as Item);

  before(async () => {
    database = await createTestDatabase();
    app = await readyInstance(database);
    people = await createTestStaff(app);
  });
  after(async () => {
    await app.close();
    await database.drop();
  });

  it('keeps a draft that adds, changes and removes items off the public site; Publish applies it exactly', async () => {
    const { bannerId, pageId, itemIds } = await bannerOnPage('Spring', ['One', 'Two', 'Three']);
    const [one, two, three] = itemIds as [number, number, number];
    const published = await editor(bannerId);
    const [first, second] = asDraftItems(published.bannerItems) as [Item, Item];
    const image = await upload();

    // Three first, Two renamed, One removed, a new item at the end.
    const res = await call('PUT', 'Banner/SaveBannerDraft', {
      id: bannerId,
      name: 'Spring (new)',
      isActive: true,
      items: [
        { ...asDraftItems(published.bannerItems)[2] },
        { ...second, title: 'Two (new)' },
        draftItem({ title: 'Four', imagePath: image }),
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, REVISION_MESSAGES.draftSaved);
    assert.ok(first);

    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['One', 'Two', 'Three'], 'the public sees the published banner');
    assert.equal((await visitorSees(pageId))?.name, 'Spring');
    const state = await editor(bannerId);
    assert.deepEqual(
      state.bannerItems.map((item: Item) => item.title),
      ['One', 'Two', 'Three'],
    );
    assert.equal(state.editorial.hasDraft, true);
    assert.equal(state.editorial.draftSavedBy, people.admin.username);
    assert.deepEqual(
      state.draft.items.map((item: Item) => [item.id, item.title, item.sortOrder]),
      [
        [three, 'Three', 0],
        [two, 'Two (new)', 1],
        [null, 'Four', 2],
      ],
    );
    const paged = await ok('GET', 'Banner/GetAllBanners?page=1&name=Spring');
    assert.equal(paged.items.find((row: { id: number }) => row.id === bannerId).hasDraft, true);
    const unpaged = await ok('GET', 'Banner/GetAllBanners');
    assert.equal(unpaged.find((row: { id: number }) => row.id === bannerId).hasDraft, true);

    // The preview function lays the draft over the published banner.
    const preview = bannerWithDraft((await editor(bannerId)) as Banner, state.draft);
    assert.equal(preview.name, 'Spring (new)');
    assert.deepEqual(
      preview.bannerItems.map((item) => [item.id, item.title, item.bannerId]),
      [
        [three, 'Three', bannerId],
        [two, 'Two (new)', bannerId],
        [-1, 'Four', bannerId],
      ],
    );

    await ok('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    const live = await visitorSees(pageId);
    assert.equal(live?.name, 'Spring (new)');
    assert.deepEqual(
      live?.bannerItems.map((item) => item.title),
      ['Three', 'Two (new)', 'Four'],
    );
    const ids = live!.bannerItems.map((item) => item.id);
    assert.deepEqual(ids.slice(0, 2), [three, two], 'kept items keep their ids');
    assert.ok(!ids.includes(one));
    assert.equal(live!.bannerItems[2]!.imagePath, image);
    const after = await editor(bannerId);
    assert.equal(after.draft, null);
    assert.equal(after.editorial.hasDraft, false);
    assert.deepEqual(
      (await history(bannerId)).map((revision) => revision.action),
      ['publish', 'publish', 'publish', 'publish', 'create'],
    );
    const again = await call('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().message, REVISION_MESSAGES.nothingToPublish);
  });

  it('refuses a bad item with the item form\'s messages, changing nothing', async () => {
    const { bannerId, itemIds } = await bannerOnPage('Checked', ['A']);
    const before = await editor(bannerId);
    const base = { id: bannerId, name: 'Checked', items: asDraftItems(before.bannerItems) };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [draftItem({ type: undefined, imagePath: await upload() }), 'type', 'Type is required'],
      [draftItem({ alignment: undefined, imagePath: await upload() }), 'alignment', 'Alignment is required'],
      [draftItem({}), 'image', 'Error! Please upload an image'],
      [draftItem({ imagePath: '../../etc/passwd' }), 'image', 'Error! Please upload an image'],
      [draftItem({ imagePath: `${'a'.repeat(32)}.png` }), 'image', 'Error! Please upload an image'],
      [draftItem({ title: 't'.repeat(1001), imagePath: await upload() }), 'title', 'Title must be at most 1000 characters'],
      [draftItem({ primaryButtonText: 'Go', imagePath: await upload() }), 'primaryButtonActionType', 'Primary Action Type is required'],
      [
        draftItem({ secondaryButtonText: 'Go', secondaryButtonActionType: 'LINK_NEW_TAB', secondaryButtonLink: 'javascript:alert(1)', imagePath: await upload() }),
        'secondaryButtonLink',
        'Secondary Action Link must be a web address starting with http:// or https://',
      ],
    ];
    for (const [item, field, message] of cases) {
      const res = await call('PUT', 'Banner/SaveBannerDraft', { ...base, items: [...base.items, item] });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().errors?.[`items.1.${field}`], message, res.body);
    }
    const noName = await call('PUT', 'Banner/SaveBannerDraft', { ...base, name: ' ' });
    assert.equal(noName.statusCode, 400);
    assert.equal(noName.json().errors.name, 'Banner Name is required');
    const twice = await call('PUT', 'Banner/SaveBannerDraft', { ...base, items: [...base.items, { ...base.items[0] }] });
    assert.equal(twice.statusCode, 400);
    assert.equal((await editor(bannerId)).draft, null, 'nothing was saved');
    assert.equal((await call('PUT', 'Banner/SaveBannerDraft', { ...base, id: 999999 })).statusCode, 404);
    // An item sent without imagePath keeps its image.
    await ok('PUT', 'Banner/SaveBannerDraft', { ...base, items: [{ ...base.items[0], imagePath: undefined, title: 'A2' }] });
    const draft = (await editor(bannerId)).draft;
    assert.equal(draft.items[0].id, itemIds[0]);
    assert.equal(draft.items[0].imagePath, before.bannerItems[0].imagePath);
  });

  it('UpdateBanner and the BannerItem calls still publish at once, each with a revision, and the draft takes their change', async () => {
    const { bannerId, pageId, itemIds } = await bannerOnPage('Direct', ['A', 'B']);
    const [a, b] = itemIds as [number, number];
    const published = await editor(bannerId);
    const items = asDraftItems(published.bannerItems);
    const newImage = await upload();
    // The draft changes A's title and adds C.
    await ok('PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Direct', items: [{ ...items[0], title: 'A (draft)' }, items[1], draftItem({ title: 'C', imagePath: newImage })] });
    const revisionsBefore = (await history(bannerId)).length;

    await ok('PUT', 'Banner/UpdateBanner', { id: bannerId, name: 'Direct (renamed)', isActive: true });
    assert.equal((await visitorSees(pageId))?.name, 'Direct (renamed)');
    await ok('PUT', 'BannerItem/UpdateBannerItem', form(bannerItemFields(bannerId, { id: b, title: 'B (direct)' })));
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['A', 'B (direct)']);
    const added = await ok('POST', 'BannerItem/CreateBannerItem', form(bannerItemFields(bannerId, { title: 'D' }), { image: await uniqueImage() }));
    await ok('PUT', 'BannerItem/SortBannerItems', [
      { id: added.id, sortOrder: 0 },
      { id: b, sortOrder: 1 },
      { id: a, sortOrder: 2 },
    ]);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['D', 'B (direct)', 'A']);
    await ok('DELETE', `BannerItem/DeleteBannerItem?id=${b}`);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['D', 'A']);

    const revisionsAfter = await history(bannerId);
    assert.equal(revisionsAfter.length, revisionsBefore + 5);
    assert.ok(revisionsAfter.slice(0, 5).every((revision) => revision.action === 'publish'));
    const state = await editor(bannerId);
    assert.equal(state.draft.name, 'Direct (renamed)');
    assert.deepEqual(
      state.draft.items.map((item: Item) => item.title),
      // D was appended (after C), then the new order D, B, A filled the places of A, B, D; B went.
      ['D', 'C', 'A (draft)'],
      'the draft kept its own change, took the direct ones and its new item stays in place',
    );
    await ok('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['D', 'C', 'A (draft)']);
  });

  it('restores a revision as the draft; publishing it brings the old items back', async () => {
    const { bannerId, pageId } = await bannerOnPage('Restore', ['Old 1', 'Old 2']);
    const oldImages = (await editor(bannerId)).bannerItems.map((item: Item) => item.imagePath);
    const published = await editor(bannerId);
    await ok('PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Restore', items: [draftItem({ title: 'New only', imagePath: await upload() })] });
    await ok('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['New only']);
    for (const image of oldImages) assert.ok(await isStored(app, image as string), 'a revision still names the removed item\'s image');

    const [, beforeNew] = await history(bannerId);
    const restored = await call('PUT', `Revisions/RestoreRevision?revisionId=${beforeNew!.id}`);
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().message, REVISION_MESSAGES.restoredAsDraft);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['New only'], 'a restore is a draft until published');
    assert.deepEqual(
      (await editor(bannerId)).draft.items.map((item: Item) => item.title),
      ['Old 1', 'Old 2'],
    );
    await ok('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    const live = await visitorSees(pageId);
    assert.deepEqual(titlesOf(live), ['Old 1', 'Old 2']);
    assert.deepEqual(
      live!.bannerItems.map((item) => item.imagePath),
      oldImages,
    );
    assert.ok(published.bannerItems.length === 2);

    assert.equal((await call('GET', `Revisions/GetRevisions?recordType=banner&recordId=${bannerId}`, undefined, 'staff')).statusCode, 404);
    assert.equal((await call('PUT', `Revisions/RestoreRevision?revisionId=${beforeNew!.id}`, undefined, 'staff')).statusCode, 404);
  });

  it('discards a draft; unpublishes; answers 403 to staff on every new call', async () => {
    const { bannerId, pageId } = await bannerOnPage('Discard', ['Keep']);
    const items = asDraftItems((await editor(bannerId)).bannerItems);
    const image = await upload();
    await ok('PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Discard', items: [...items, draftItem({ title: 'Dropped', imagePath: image })] });
    const saved = await ok('DELETE', `Banner/DiscardBannerDraft?bannerId=${bannerId}`);
    assert.equal(saved.message, REVISION_MESSAGES.draftDiscarded);
    assert.equal((await editor(bannerId)).draft, null);
    assert.ok(!(await isStored(app, image)), "the discarded draft's own image is released");
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['Keep']);

    // Saving what is published leaves no draft.
    await ok('PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Discard', items });
    assert.equal((await editor(bannerId)).editorial.hasDraft, false);

    await ok('PUT', `Banner/UnpublishBanner?bannerId=${bannerId}`);
    assert.equal(await visitorSees(pageId), null);
    assert.equal((await history(bannerId))[0]!.action, 'unpublish');
    await ok('PUT', `Banner/PublishBanner?bannerId=${bannerId}`);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['Keep']);

    const routes: Array<[InjectOptions['method'], string, InjectOptions['payload']?]> = [
      ['PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Hijacked', items: [] }],
      ['PUT', `Banner/PublishBanner?bannerId=${bannerId}`],
      ['PUT', `Banner/UnpublishBanner?bannerId=${bannerId}`],
      ['DELETE', `Banner/DiscardBannerDraft?bannerId=${bannerId}`],
      ['PUT', `Banner/ScheduleBanner?bannerId=${bannerId}`, { publishAt: inSeconds(60), unpublishAt: null }],
    ];
    for (const [method, url, payload] of routes) {
      assert.equal((await call(method, url, payload, 'staff')).statusCode, 403, `${method} ${url}`);
      assert.equal((await call(method, url, payload, 'anonymous')).statusCode, 401, `${method} ${url}`);
    }
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['Keep']);
    assert.equal((await editor(bannerId)).editorial.publishAt, null);
  });

  it('publishes the draft at the scheduled instant (the clock advanced an hour), then unpublishes', async () => {
    const { bannerId, pageId } = await bannerOnPage('Scheduled', ['Before']);
    const items = asDraftItems((await editor(bannerId)).bannerItems);
    await ok('PUT', 'Banner/SaveBannerDraft', { id: bannerId, name: 'Scheduled', items: [{ ...items[0], title: 'After' }] });
    const past = await call('PUT', `Banner/ScheduleBanner?bannerId=${bannerId}`, { publishAt: inSeconds(-60), unpublishAt: null });
    assert.equal(past.statusCode, 400);
    assert.equal(past.json().errors.publishAt, REVISION_MESSAGES.scheduleInPast);
    await ok('PUT', `Banner/ScheduleBanner?bannerId=${bannerId}`, { publishAt: inSeconds(3600), unpublishAt: inSeconds(7200) });
    const listed = (await ok('GET', 'Banner/GetAllBanners')).find((row: { id: number }) => row.id === bannerId);
    assert.ok(listed.publishAt && listed.unpublishAt);

    await sleep(1500);
    assert.deepEqual(titlesOf(await visitorSees(pageId)), ['Before'], 'nothing happens before the instant');

    await advanceSchedule(app, 'banner', bannerId, 3600);
    const live = await until(
      () => visitorSees(pageId),
      (banner) => titlesOf(banner)?.[0] === 'After',
    );
    assert.deepEqual(titlesOf(live), ['After']);
    assert.equal((await editor(bannerId)).editorial.hasDraft, false);
    await advanceSchedule(app, 'banner', bannerId, 3600);
    assert.equal(
      await until(
        () => visitorSees(pageId),
        (banner) => banner === null,
      ),
      null,
    );
    assert.deepEqual(
      (await history(bannerId)).slice(0, 2).map((revision) => [revision.action, revision.actorName]),
      [
        ['unpublish', 'Scheduled'],
        ['publish', 'Scheduled'],
      ],
    );
  });

  it('deletes its revisions with the banner', async () => {
    const { bannerId } = await bannerOnPage('Gone', ['X']);
    assert.equal((await call('DELETE', `Banner/DeleteBanner?id=${bannerId}`)).statusCode, 200);
    assert.deepEqual(await app.db.select().from(revisions).where(and(eq(revisions.recordType, 'banner'), eq(revisions.recordId, bannerId))), []);
  });
});

describe('rebaseBannerDraft', () => {
  const item = (id: number | null, title: string, sortOrder: number) => ({
    id,
    name: null,
    type: 'CONTENT_SECTION_FULLWIDTH',
    title,
    description: null,
    alignment: 'LEFT' as const,
    imagePath: 'x.png',
    isPadded: false,
    isFloatingCard: false,
    hasRoundedCorners: false,
    isTextOnly: false,
    primaryButtonText: null,
    primaryButtonActionType: null,
    primaryButtonLink: null,
    secondaryButtonText: null,
    secondaryButtonActionType: null,
    secondaryButtonLink: null,
    sortOrder,
  });

  it('lays a new published order over the places of those items, keeping new draft items in place', () => {
    const before = { name: 'B', isActive: true, items: [item(1, 'a', 0), item(2, 'b', 1), item(3, 'c', 2)] };
    const after = { name: 'B', isActive: true, items: [item(3, 'c', 0), item(2, 'b', 1), item(1, 'a', 2)] };
    const draft = { name: 'Draft', isActive: false, items: [item(1, 'a*', 0), item(null, 'new', 1), item(3, 'c', 2)] };
    const rebased = rebaseBannerDraft(draft, before, after);
    assert.deepEqual(
      rebased.items.map((entry) => [entry.id, entry.title, entry.sortOrder]),
      [
        [3, 'c', 0],
        [null, 'new', 1],
        [1, 'a*', 2],
      ],
    );
    assert.equal(rebased.name, 'Draft');
    assert.equal(rebased.isActive, false);
  });
});
