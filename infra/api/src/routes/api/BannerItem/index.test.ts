import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { bannerItems } from '../../../db/schema.js';
import { STORED_NAME } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { bannerItemFields, storedFiles } from '../../../test-support/sections.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BASE = '/api/BannerItem';
type Fields = Record<string, string | number | boolean | null | undefined>;

describe('BannerItem routes', () => {
  let t: TestApp;
  let users: TestStaff;
  let bannerId: number;
  let otherBannerId: number;
  let png: Buffer;
  let colour = 0;

  /** A distinct image each call (identical uploads share one file). */
  const uniqueImage = () => testImage('png', 8, `#${(++colour).toString(16).padStart(6, '0')}`);
  const itemCount = async () => (await t.app.db.select({ n: count() }).from(bannerItems))[0]?.n ?? 0;

  async function create(fields: Fields, files: Record<string, Buffer> = { image: png }) {
    return t.app.inject({ method: 'POST', url: `${BASE}/CreateBannerItem`, headers: users.admin.headers, payload: form(fields, files) });
  }

  async function createOk(fields: Fields, files: Record<string, Buffer> = { image: png }): Promise<number> {
    const res = await create(fields, files);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  }

  async function items(id = bannerId) {
    const res = await t.app.inject({ method: 'GET', url: `/api/Banner/GetBannerById?bannerId=${id}`, headers: users.admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().bannerItems as Record<string, unknown>[];
  }

  async function item(id: number) {
    for (const banner of [bannerId, otherBannerId]) {
      const found = (await items(banner)).find((i) => i.id === id);
      if (found) return found;
    }
    throw new Error(`item ${id} not found`);
  }

  async function rejects(fields: Fields, field: string, message: string, files: Record<string, Buffer> = { image: png }) {
    const rows = await itemCount();
    const disk = await storedFiles(t.app);
    const res = await create(fields, files);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.[field], message, res.body);
    assert.equal(await itemCount(), rows);
    assert.deepEqual(await storedFiles(t.app), disk);
  }

  before(async () => {
    t = await createTestApp();
    users = await createTestStaff(t.app);
    png = await testImage('png');
    const make = async (name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/Banner/CreateBanner', headers: users.admin.headers, payload: { name } })).json().id as number;
    bannerId = await make('Main banner');
    otherBannerId = await make('Other banner');
  });
  after(() => t.close());

  it('answers 401 to anonymous callers, 403 to staff, on every route, writing nothing', async () => {
    const id = await createOk(bannerItemFields(bannerId, { name: 'Guarded' }));
    const rows = await itemCount();
    const disk = await storedFiles(t.app);
    const routes = [
      ['POST', `${BASE}/CreateBannerItem`, () => form(bannerItemFields(bannerId), { image: FAKE_IMAGE })],
      ['PUT', `${BASE}/UpdateBannerItem`, () => form(bannerItemFields(bannerId, { id, name: 'Hijacked' }))],
      ['DELETE', `${BASE}/DeleteBannerItem?id=${id}`, undefined],
      ['PUT', `${BASE}/SortBannerItems`, () => [{ id, sortOrder: 5 }]],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(payload && { payload: payload() }) });
      assert.equal(anonymous.statusCode, 401, `${method} ${url} anonymous`);
      const staff = await t.app.inject({ method, url, headers: users.staff.headers, ...(payload && { payload: payload() }) });
      assert.equal(staff.statusCode, 403, `${method} ${url} staff`);
    }
    assert.equal(await itemCount(), rows);
    assert.deepEqual(await storedFiles(t.app), disk);
    const kept = await item(id);
    assert.equal(kept.name, 'Guarded');
    assert.equal(kept.sortOrder, 0);
  });

  describe('CreateBannerItem', () => {
    it('adds items after the last one and reads them back', async () => {
      const before = await items();
      const res = await create(
        bannerItemFields(bannerId, { name: 'Hero', title: 'Hero title', secondaryButtonText: 'Call', secondaryButtonActionType: 'PHONENUMBER', secondaryButtonLink: '(555) 123-4567' }),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner item created successfully');
      const next = await createOk(bannerItemFields(bannerId, { name: 'Next' }));
      const after = await items();
      assert.equal(after.length, before.length + 2);
      const hero = after.find((i) => i.id === res.json().id);
      assert.ok(hero);
      assert.equal(hero.bannerId, bannerId);
      assert.equal(hero.name, 'Hero');
      assert.equal(hero.title, 'Hero title');
      assert.equal(hero.type, 'CONTENT_SECTION_FULLWIDTH');
      assert.equal(hero.description, '<p>Slide text</p>');
      assert.equal(hero.secondaryButtonLink, '(555) 123-4567');
      assert.match(String(hero.imagePath), STORED_NAME);
      assert.ok((await storedFiles(t.app)).includes(String(hero.imagePath)));
      assert.equal((after.find((i) => i.id === next)?.sortOrder as number) - (hero.sortOrder as number), 1);
      assert.equal(after.at(-1)?.id, next);
    });

    it('sets layout flags and locked alignment from the type', async () => {
      const card = await item(await createOk(bannerItemFields(bannerId, { type: 'CONTENT_SECTION_CARD', alignment: 'CENTER', isPadded: true })));
      assert.deepEqual([card.alignment, card.isFloatingCard, card.isPadded, card.isTextOnly], ['CENTER', true, false, false]);
      const reversed = await item(await createOk(bannerItemFields(bannerId, { type: 'CONTENT_SECTION_REVERSED', alignment: undefined })));
      assert.equal(reversed.alignment, 'RIGHT');
      const padded = await item(await createOk(bannerItemFields(bannerId, { type: 'CONTENT_SECTION_FULLWIDTH_PADDED', hasRoundedCorners: true })));
      assert.deepEqual([padded.isPadded, padded.hasRoundedCorners], [true, true]);
    });

    it('sanitises the description', async () => {
      const description = '<p>Hi<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)" target="_blank">x</a></p>';
      const saved = await item(await createOk(bannerItemFields(bannerId, { description })));
      assert.equal(saved.description, '<p>Hi<a target="_blank" rel="noopener noreferrer">x</a></p>');
    });

    it('answers the spec messages and writes nothing on rejection', async () => {
      await rejects(bannerItemFields(bannerId, { type: undefined }), 'type', 'Type is required');
      await rejects(bannerItemFields(bannerId, { type: 'CONTENT_SECTION_FULLWIDTH', alignment: undefined }), 'alignment', 'Alignment is required');
      await rejects(bannerItemFields(bannerId), 'image', 'Error! Please upload an image', {});
      await rejects(bannerItemFields(bannerId, { title: 't'.repeat(1001) }), 'title', 'Title must be at most 1000 characters');
      await rejects(bannerItemFields(bannerId, { name: 'n'.repeat(1001) }), 'name', 'Name must be at most 1000 characters');
      await rejects(bannerItemFields(bannerId, { primaryButtonText: 'Go' }), 'primaryButtonActionType', 'Primary Action Type is required');
      await rejects(bannerItemFields(bannerId, { primaryButtonText: 'Go', primaryButtonActionType: 'LINK_NEW_TAB' }), 'primaryButtonLink', 'Primary Action Link is required');
      await rejects(
        bannerItemFields(bannerId, { secondaryButtonText: 'Go', secondaryButtonActionType: 'LINK_NEW_TAB', secondaryButtonLink: 'javascript:alert(1)' }),
        'secondaryButtonLink',
        'Secondary Action Link must be a web address starting with http:// or https://',
      );
      await rejects(bannerItemFields(bannerId, { bannerId: undefined }), 'bannerId', 'bannerId is required');
      await createOk(bannerItemFields(bannerId, { name: 'n'.repeat(1000), title: 't'.repeat(1000) }));
    });

    it('answers 404 for an unknown banner and 415 for a fake image, writing nothing', async () => {
      const rows = await itemCount();
      const disk = await storedFiles(t.app);
      const missing = await create(bannerItemFields(999999));
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Banner not found');
      const fake = await create(bannerItemFields(bannerId), { image: FAKE_IMAGE });
      assert.equal(fake.statusCode, 415);
      assert.equal(await itemCount(), rows);
      assert.deepEqual(await storedFiles(t.app), disk);
    });
  });

  describe('UpdateBannerItem', () => {
    it('updates the fields, replaces the image, keeping the old file for the revisions until the banner is deleted', async () => {
      const id = await createOk(bannerItemFields(bannerId, { name: 'Before' }), { image: await uniqueImage() });
      const old = String((await item(id)).imagePath);
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateBannerItem`,
        headers: users.admin.headers,
        payload: form(bannerItemFields(otherBannerId, { id, name: 'After', type: 'CONTENT_SECTION_TEXTONLY' }), { image: await uniqueImage() }),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner item updated successfully');
      const updated = await item(id);
      assert.equal(updated.name, 'After');
      assert.equal(updated.isTextOnly, true);
      assert.equal(updated.bannerId, bannerId, 'an item stays in its banner');
      assert.notEqual(updated.imagePath, old);
      const disk = await storedFiles(t.app);
      assert.ok(disk.includes(String(updated.imagePath)));
      // The banner's revisions name the old image (Restore would bring it back).
      assert.ok(disk.includes(old), 'a revision still names the replaced image');
    });

    it('keeps the image when none is sent; validates; 404 for an unknown id', async () => {
      const id = await createOk(bannerItemFields(bannerId, { name: 'Keep' }), { image: await uniqueImage() });
      const image = (await item(id)).imagePath;
      const ok = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBannerItem`, headers: users.admin.headers, payload: form(bannerItemFields(bannerId, { id, name: 'Kept' })) });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await item(id)).imagePath, image);
      const bad = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/UpdateBannerItem`,
        headers: users.admin.headers,
        payload: form(bannerItemFields(bannerId, { id, name: 'Nope', type: undefined })),
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().errors.type, 'Type is required');
      assert.equal((await item(id)).name, 'Kept');
      const missing = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBannerItem`, headers: users.admin.headers, payload: form(bannerItemFields(bannerId, { id: 999999 })) });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Banner item not found');
    });
  });

  describe('DeleteBannerItem', () => {
    it('deletes the item; its image file goes with the last revision naming it (the banner\'s deletion)', async () => {
      const doomedBanner = (await t.app.inject({ method: 'POST', url: '/api/Banner/CreateBanner', headers: users.admin.headers, payload: { name: 'Doomed banner' } })).json().id as number;
      const id = await createOk(bannerItemFields(doomedBanner, { name: 'Doomed' }), { image: await uniqueImage() });
      const image = String((await items(doomedBanner)).find((i) => i.id === id)?.imagePath);
      const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteBannerItem?id=${id}`, headers: users.admin.headers });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner item deleted successfully');
      assert.ok(!(await items(doomedBanner)).some((i) => i.id === id));
      assert.ok((await storedFiles(t.app)).includes(image), 'a revision still names it');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/Banner/DeleteBanner?id=${doomedBanner}`, headers: users.admin.headers })).statusCode, 200);
      assert.ok(!(await storedFiles(t.app)).includes(image));
      const again = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteBannerItem?id=${id}`, headers: users.admin.headers });
      assert.equal(again.statusCode, 404);
      const malformed = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteBannerItem?id=1%20OR%201=1`, headers: users.admin.headers });
      assert.equal(malformed.statusCode, 400);
    });
  });

  describe('SortBannerItems', () => {
    it('saves the new order in one go', async () => {
      const current = (await items()).map((i) => i.id as number);
      const reversed = [...current].reverse();
      const res = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/SortBannerItems`,
        headers: users.admin.headers,
        payload: reversed.map((id, sortOrder) => ({ id, sortOrder })),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner items sorted successfully');
      assert.deepEqual((await items()).map((i) => i.id), reversed);
    });

    it('refuses items of two banners, unknown ids, duplicates and an empty list, changing nothing', async () => {
      const other = await createOk(bannerItemFields(otherBannerId));
      const order = (await items()).map((i) => i.id as number);
      const [first, second] = order as [number, number];
      const sort = (payload: unknown) => t.app.inject({ method: 'PUT', url: `${BASE}/SortBannerItems`, headers: users.admin.headers, payload: payload as object });

      const mixed = await sort([{ id: other, sortOrder: 0 }, { id: first, sortOrder: 1 }, { id: second, sortOrder: 2 }]);
      assert.equal(mixed.statusCode, 400);
      assert.equal(mixed.json().message, 'All items must belong to one banner');
      const unknown = await sort([{ id: second, sortOrder: 0 }, { id: 999999, sortOrder: 1 }]);
      assert.equal(unknown.statusCode, 404);
      const duplicate = await sort([{ id: second, sortOrder: 0 }, { id: second, sortOrder: 1 }]);
      assert.equal(duplicate.statusCode, 400);
      assert.equal(duplicate.json().message, 'Each item may appear only once');
      const empty = await sort([]);
      assert.equal(empty.statusCode, 400);
      const malformed = await sort([{ id: '../1', sortOrder: 0 }]);
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual((await items()).map((i) => i.id), order);
    });
  });
});
