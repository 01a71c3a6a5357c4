import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { bannerItems, banners, pageComponents } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { form, testImage } from '../../../test-support/forms.js';
import { assignComponent, bannerItemFields, insertPage, storedFiles } from '../../../test-support/sections.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const BASE = '/api/Banner';

describe('Banner routes', () => {
  let t: TestApp;
  let users: TestStaff;
  let pageId: number;
  let blogId: number;

  const bannerCount = async () => (await t.app.db.select({ n: count() }).from(banners))[0]?.n ?? 0;

  async function createBanner(payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `${BASE}/CreateBanner`, headers: users.admin.headers, payload });
  }

  async function createBannerOk(payload: Record<string, unknown>): Promise<number> {
    const res = await createBanner(payload);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  }

  async function read(id: number) {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/GetBannerById?bannerId=${id}`, headers: users.admin.headers });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  async function addItem(bannerId: number, fields: Record<string, string | number | boolean | undefined>, image: Buffer): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/BannerItem/CreateBannerItem',
      headers: users.admin.headers,
      payload: form(bannerItemFields(bannerId, fields), { image }),
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  }

  before(async () => {
    t = await createTestApp();
    users = await createTestStaff(t.app);
    pageId = await insertPage(t.app);
    blogId = await insertPage(t.app, { isBlog: true });
  });
  after(() => t.close());

  it('answers 401 to anonymous callers, 403 to staff, on every route, writing nothing', async () => {
    const id = await createBannerOk({ name: 'Guarded', isActive: true });
    const rows = await bannerCount();
    const routes = [
      ['GET', `${BASE}/GetAllBanners?isActive=`, undefined],
      ['GET', `${BASE}/GetBannerById?bannerId=${id}`, undefined],
      ['POST', `${BASE}/CreateBanner`, { name: 'Sneaky' }],
      ['PUT', `${BASE}/UpdateBanner`, { id, name: 'Hijacked' }],
      ['DELETE', `${BASE}/DeleteBanner?id=${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(payload && { payload }) });
      assert.equal(anonymous.statusCode, 401, `${method} ${url} anonymous`);
      const staff = await t.app.inject({ method, url, headers: users.staff.headers, ...(payload && { payload }) });
      assert.equal(staff.statusCode, 403, `${method} ${url} staff`);
      assert.equal(staff.json().message, 'You do not have permission to do this.');
    }
    assert.equal(await bannerCount(), rows);
    assert.equal((await read(id)).name, 'Guarded');
  });

  describe('CreateBanner and GetBannerById', () => {
    it('creates a banner and reads it back with its (empty) items', async () => {
      const res = await createBanner({ name: '  Summer  ', isActive: true, pageId });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner created successfully');
      const { draft, editorial, ...published } = await read(res.json().id);
      assert.deepEqual(published, { id: res.json().id, name: 'Summer', isActive: true, pageId, blogId: null, bannerItems: [] });
      // The editor's draft (none) and editorial state come with it.
      assert.equal(draft, null);
      assert.equal(editorial.hasDraft, false);
    });

    it('accepts a multipart form and defaults to active', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/CreateBanner`, headers: users.admin.headers, payload: form({ name: 'From form', blogId }) });
      assert.equal(res.statusCode, 200, res.body);
      const banner = await read(res.json().id);
      assert.equal(banner.isActive, true);
      assert.equal(banner.blogId, blogId);
    });

    it('answers the spec messages and writes nothing on rejection', async () => {
      const rows = await bannerCount();
      for (const [payload, field, message] of [
        [{ isActive: true }, 'name', 'Banner Name is required'],
        [{ name: '   ' }, 'name', 'Banner Name is required'],
        [{ name: 'b'.repeat(151) }, 'name', 'Banner Name must be at most 150 characters'],
        [{ name: 'x', pageId: blogId }, 'pageId', 'Page not found'],
        [{ name: 'x', blogId: pageId }, 'blogId', 'Blog not found'],
        [{ name: 'x', pageId: '../1' }, 'pageId', 'pageId must be a number'],
        [{ name: 'x', isActive: 'perhaps' }, 'isActive', 'Is Active must be true or false'],
      ] as const) {
        const res = await createBanner(payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.equal(res.json().errors[field], message);
      }
      assert.equal(await bannerCount(), rows);
      const ok = await createBanner({ name: 'b'.repeat(150) });
      assert.equal(ok.statusCode, 200);
    });

    it('stores hostile text literally', async () => {
      const name = '<script>alert(1)</script>\'; DELETE FROM banners; --';
      assert.equal((await read(await createBannerOk({ name }))).name, name);
      assert.ok((await bannerCount()) > 0);
    });

    it('answers 404 for an unknown banner and 400 for a malformed id', async () => {
      const missing = await t.app.inject({ method: 'GET', url: `${BASE}/GetBannerById?bannerId=999999`, headers: users.admin.headers });
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().message, 'Banner not found');
      const malformed = await t.app.inject({ method: 'GET', url: `${BASE}/GetBannerById?bannerId=..%2F1`, headers: users.admin.headers });
      assert.equal(malformed.statusCode, 400);
    });

    it('lists the items in their sort order', async () => {
      const id = await createBannerOk({ name: 'Ordered' });
      const first = await addItem(id, { name: 'First' }, await testImage('png', 8, '#111111'));
      const second = await addItem(id, { name: 'Second' }, await testImage('png', 8, '#222222'));
      assert.deepEqual((await read(id)).bannerItems.map((i: { id: number }) => i.id), [first, second]);
      await t.app.inject({
        method: 'PUT',
        url: '/api/BannerItem/SortBannerItems',
        headers: users.admin.headers,
        payload: [{ id: second, sortOrder: 0 }, { id: first, sortOrder: 1 }],
      });
      assert.deepEqual((await read(id)).bannerItems.map((i: { id: number }) => i.id), [second, first]);
    });
  });

  describe('UpdateBanner', () => {
    it('updates name and flag and keeps an absent origin', async () => {
      const id = await createBannerOk({ name: 'Old', isActive: true, pageId });
      const res = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBanner`, headers: users.admin.headers, payload: { id, name: 'New', isActive: false } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner updated successfully');
      const banner = await read(id);
      assert.equal(banner.name, 'New');
      assert.equal(banner.isActive, false);
      assert.equal(banner.pageId, pageId);
      const cleared = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBanner`, headers: users.admin.headers, payload: { id, name: 'New', pageId: null } });
      assert.equal(cleared.statusCode, 200);
      assert.equal((await read(id)).pageId, null);
    });

    it('validates, answers 404 for an unknown id and writes nothing on rejection', async () => {
      const id = await createBannerOk({ name: 'Kept' });
      const bad = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBanner`, headers: users.admin.headers, payload: { id, name: '' } });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().errors.name, 'Banner Name is required');
      assert.equal((await read(id)).name, 'Kept');
      const missing = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBanner`, headers: users.admin.headers, payload: { id: 999999, name: 'x' } });
      assert.equal(missing.statusCode, 404);
      const noId = await t.app.inject({ method: 'PUT', url: `${BASE}/UpdateBanner`, headers: users.admin.headers, payload: { name: 'x' } });
      assert.equal(noId.statusCode, 400);
    });
  });

  describe('GetAllBanners', () => {
    it('lists banners with their item counts and filters by isActive', async () => {
      const on = await createBannerOk({ name: 'AAA list on' });
      const off = await createBannerOk({ name: 'AAA list off', isActive: false });
      await addItem(on, {}, await testImage('png', 8, '#333333'));
      await addItem(on, {}, await testImage('png', 8, '#444444'));
      const list = async (flag: string) => {
        const res = await t.app.inject({ method: 'GET', url: `${BASE}/GetAllBanners?isActive=${flag}`, headers: users.admin.headers });
        assert.equal(res.statusCode, 200);
        return res.json() as { id: number; name: string; bannerItemCount: number; isActive: boolean }[];
      };
      const all = await list('');
      assert.deepEqual(all.find((b) => b.id === on), {
        id: on,
        name: 'AAA list on',
        isActive: true,
        pageId: null,
        blogId: null,
        bannerItemCount: 2,
        hasDraft: false,
        publishAt: null,
        unpublishAt: null,
      });
      assert.equal(all.find((b) => b.id === off)?.bannerItemCount, 0);
      assert.ok(!(await list('true')).some((b) => b.id === off));
      assert.ok((await list('false')).every((b) => !b.isActive));
    });
  });

  describe('DeleteBanner', () => {
    it('deletes the banner, its items, its assignments and the items\' images', async () => {
      const id = await createBannerOk({ name: 'Doomed' });
      const itemId = await addItem(id, {}, await testImage('jpeg', 8, '#555555'));
      const imagePath = (await read(id)).bannerItems[0].imagePath as string;
      assert.ok((await storedFiles(t.app)).includes(imagePath));
      await assignComponent(t.app, pageId, { bannerId: id });

      const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteBanner?id=${id}`, headers: users.admin.headers });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Banner deleted successfully');
      assert.equal((await t.app.inject({ method: 'GET', url: `${BASE}/GetBannerById?bannerId=${id}`, headers: users.admin.headers })).statusCode, 404);
      assert.equal((await t.app.db.select().from(bannerItems).where(eq(bannerItems.id, itemId))).length, 0);
      assert.equal((await t.app.db.select().from(pageComponents).where(eq(pageComponents.bannerId, id))).length, 0);
      assert.ok(!(await storedFiles(t.app)).includes(imagePath));

      const again = await t.app.inject({ method: 'DELETE', url: `${BASE}/DeleteBanner?id=${id}`, headers: users.admin.headers });
      assert.equal(again.statusCode, 404);
    });
  });
});
