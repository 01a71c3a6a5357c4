import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { CATALOG_MESSAGES, MESSAGES } from '@deals/contract';
import { categories, products } from '../../../db/schema.js';
import { STORED_NAME, webpRendition } from '../../../plugins/app/images.js';
import { deleteUnlessUsed } from '../../../plugins/app/stores.js';
import { parseFlag, visibleIsActive, type Viewer } from '../../../plugins/app/viewer.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addStore, fileExists, storedFiles } from '../../../test-support/catalog.js';
import { insertStores } from '../../../test-support/fixtures.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

describe('GET /api/Category/GetAllCategories', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await insertStores(t.app, [
      { name: 'Zeta Shop', sortOrder: 1 },
      { name: 'Hidden Outlet', sortOrder: 0, isActive: false },
      { name: 'Alpha Mart', sortOrder: 2, notifyImmediately: true, imageFilePath: 'ab/cd.webp' },
      { name: 'Beta Store', sortOrder: 1 },
    ]);
  });
  after(() => t.close());

  it('lists active stores ordered by sort order, then name, in the store shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories' });
    assert.equal(res.statusCode, 200);
    const stores = res.json();
    assert.deepEqual(
      stores.map((s: { name: string }) => s.name),
      ['Beta Store', 'Zeta Shop', 'Alpha Mart'],
    );
    assert.deepEqual(Object.keys(stores[2]).sort(), ['id', 'imageFilePath', 'isActive', 'name', 'notifyImmediately', 'sortOrder']);
    assert.equal(stores[2].imageFilePath, 'ab/cd.webp');
    assert.equal(stores[2].notifyImmediately, true);
  });

  it('gives anonymous callers active stores only, whatever isActive they pass', async () => {
    for (const flag of ['', 'false', 'False', 'true']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Category/GetAllCategories?isActive=${flag}` });
      assert.equal(res.statusCode, 200, flag);
      const names = res.json().map((s: { name: string }) => s.name);
      assert.equal(names.length, 3, flag);
      assert.ok(!names.includes('Hidden Outlet'), flag);
    }
  });

  it('rejects a malformed flag with a field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories?isActive=maybe' });
    assert.equal(res.statusCode, 400);
    assert.ok(res.json().errors.isActive);
  });
});

describe('isActive visibility seam', () => {
  const anonymous = { viewer: { kind: 'anonymous' } as Viewer };
  const staff = { viewer: { kind: 'staff', userId: 1, username: 'admin', isAdmin: true } as Viewer };

  it('parses the flag: empty means no filter', () => {
    assert.equal(parseFlag(undefined), undefined);
    assert.equal(parseFlag(''), undefined);
    assert.equal(parseFlag('True'), true);
    assert.equal(parseFlag('false'), false);
  });

  it('forces active for anonymous callers and honours staff requests', () => {
    assert.equal(visibleIsActive(anonymous, false), true);
    assert.equal(visibleIsActive(anonymous, undefined), true);
    assert.equal(visibleIsActive(staff, false), false);
    assert.equal(visibleIsActive(staff, undefined), undefined);
  });
});

describe('Category mutations and GetCategoryById', () => {
  let t: TestApp;
  let people: TestStaff;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  const storeCount = async () => (await t.app.db.select({ n: count() }).from(categories))[0]?.n ?? 0;
  const getStore = async (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/Category/GetCategoryById?categoryId=${id}`, headers });
  const create = (headers: Record<string, string>, fields: Parameters<typeof form>[0], files: Parameters<typeof form>[1] = {}) =>
    t.app.inject({ method: 'POST', url: '/api/Category/CreateCategory', headers, payload: form(fields, files) });
  const update = (headers: Record<string, string>, fields: Parameters<typeof form>[0], files: Parameters<typeof form>[1] = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/Category/UpdateCategory', headers, payload: form(fields, files) });
  const sort = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/Category/SortCategories', headers, payload: payload as object });

  describe('GET GetCategoryById', () => {
    it('answers one store in the store shape', async () => {
      const id = await addStore(t.app, { name: 'Readable Store', notifyImmediately: true, sortOrder: 4, imageFilePath: 'ab.png' });
      const res = await getStore(id);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { id, name: 'Readable Store', imageFilePath: 'ab.png', isActive: true, notifyImmediately: true, sortOrder: 4 });
    });

    it('hides an inactive store from anonymous callers but not from staff', async () => {
      const id = await addStore(t.app, { name: 'Dormant Store', isActive: false });
      const anonymous = await getStore(id);
      assert.equal(anonymous.statusCode, 404);
      assert.equal(anonymous.json().message, CATALOG_MESSAGES.store.notFound);
      const staff = await getStore(id, people.staff.headers);
      assert.equal(staff.statusCode, 200);
      assert.equal(staff.json().isActive, false);
    });

    it('answers 404 for an unknown id, 400 for a malformed one and 401 for a bad token', async () => {
      assert.equal((await getStore(999999)).statusCode, 404);
      for (const bad of ['abc', '../1', '0', '1%20OR%201=1', '99999999999']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/Category/GetCategoryById?categoryId=${bad}` });
        assert.equal(res.statusCode, 400, bad);
        assert.ok(res.json().errors.categoryId, bad);
      }
      const res = await getStore(1, { authorization: 'Bearer not-a-token' });
      assert.equal(res.statusCode, 401);
    });
  });

  describe('POST CreateCategory', () => {
    it('creates a store with its logo, active by default and sorted after the last', async () => {
      await addStore(t.app, { name: 'Last One', sortOrder: 40 });
      const res = await create(people.admin.headers, { name: '  Fresh Mart  ' }, { logo: await testImage('png', 8, '#112233') });
      assert.equal(res.statusCode, 200);
      const { message, id } = res.json();
      assert.equal(message, 'Store created successfully');
      const store = (await getStore(id)).json();
      assert.equal(store.name, 'Fresh Mart');
      assert.equal(store.isActive, true);
      assert.equal(store.notifyImmediately, false);
      assert.equal(store.sortOrder, 41);
      assert.match(store.imageFilePath, STORED_NAME);
      assert.ok(await fileExists(t.app, store.imageFilePath));
    });

    it('takes the flags, the sort order and the `image` alias of the logo field', async () => {
      const res = await create(
        people.admin.headers,
        { name: 'Flagged Store', isActive: 'false', notifyImmediately: 'true', sortOrder: 7 },
        { image: await testImage('jpeg', 8, '#445566') },
      );
      assert.equal(res.statusCode, 200);
      const store = (await getStore(res.json().id, people.admin.headers)).json();
      assert.deepEqual(
        { isActive: store.isActive, notifyImmediately: store.notifyImmediately, sortOrder: store.sortOrder },
        { isActive: false, notifyImmediately: true, sortOrder: 7 },
      );
      assert.match(store.imageFilePath, /\.jpg$/);
    });

    it('answers the spec messages for a missing name or image and writes nothing', async () => {
      const before = await storeCount();
      const files = await storedFiles(t.app);
      for (const name of [undefined, '', '   ']) {
        const res = await create(people.admin.headers, { name }, { logo: await testImage('png', 8, '#010101') });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().errors.name, 'Store Name is required');
      }
      const noImage = await create(people.admin.headers, { name: 'No Logo Store' });
      assert.equal(noImage.statusCode, 400);
      assert.equal(noImage.json().message, 'Please upload an Image');
      assert.equal(noImage.json().errors.logo, 'Please upload an Image');
      const jsonNoImage = await t.app.inject({ method: 'POST', url: '/api/Category/CreateCategory', headers: people.admin.headers, payload: { name: 'Json Store' } });
      assert.equal(jsonNoImage.statusCode, 400);
      assert.equal(jsonNoImage.json().message, 'Please upload an Image');
      assert.equal(await storeCount(), before);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('refuses hostile input: over-long or marked-up names, wrong types', async () => {
      const before = await storeCount();
      const logo = await testImage('png', 8, '#020202');
      const long = await create(people.admin.headers, { name: 'x'.repeat(251) }, { logo });
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().errors.name, 'Store Name must be at most 250 characters');
      const html = await create(people.admin.headers, { name: '<script>alert(1)</script>' }, { logo });
      assert.equal(html.statusCode, 400);
      assert.equal(html.json().errors.name, 'Store Name must not contain HTML tags');
      const types = await create(people.admin.headers, { name: 'Typed', isActive: 'maybe', sortOrder: 'first' }, { logo });
      assert.equal(types.statusCode, 400);
      assert.ok(types.json().errors.isActive);
      assert.ok(types.json().errors.sortOrder);
      assert.equal(await storeCount(), before);
    });

    it('stores SQL-looking text verbatim', async () => {
      const name = "Macy's'); DROP TABLE categories; --";
      const res = await create(people.admin.headers, { name }, { logo: await testImage('png', 8, '#030303') });
      assert.equal(res.statusCode, 200);
      assert.equal((await getStore(res.json().id)).json().name, name);
    });

    it('answers 415 for a fake image and writes neither a row nor a file', async () => {
      const before = await storeCount();
      const files = await storedFiles(t.app);
      const res = await create(people.admin.headers, { name: 'Fake Logo Store' }, { logo: FAKE_IMAGE });
      assert.equal(res.statusCode, 415);
      assert.equal(res.json().message, MESSAGES.upload.unsupported);
      assert.equal(await storeCount(), before);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('is for admins only: anonymous 401, staff 403, nothing written', async () => {
      const before = await storeCount();
      const logo = await testImage('png', 8, '#040404');
      assert.equal((await create({}, { name: 'Anon Store' }, { logo })).statusCode, 401);
      const staff = await create(people.staff.headers, { name: 'Staff Store' }, { logo });
      assert.equal(staff.statusCode, 403);
      assert.equal(staff.json().message, MESSAGES.auth.forbidden);
      assert.equal(await storeCount(), before);
    });
  });

  describe('PUT UpdateCategory', () => {
    it('updates the fields, keeps the logo when none is sent and keeps absent flags', async () => {
      const id = await addStore(t.app, { name: 'Before', imageFilePath: 'keep.png', notifyImmediately: true, sortOrder: 3 });
      const res = await update(people.admin.headers, { id, name: 'After', isActive: 'false' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Store updated successfully' });
      const store = (await getStore(id, people.admin.headers)).json();
      assert.deepEqual(store, { id, name: 'After', imageFilePath: 'keep.png', isActive: false, notifyImmediately: true, sortOrder: 3, affiliateNetwork: 'NONE', affiliateLinkTemplate: null });
    });

    it('accepts a JSON body too', async () => {
      const id = await addStore(t.app, { name: 'Json Before' });
      const res = await t.app.inject({ method: 'PUT', url: '/api/Category/UpdateCategory', headers: people.admin.headers, payload: { id, name: 'Json After', sortOrder: 9 } });
      assert.equal(res.statusCode, 200);
      assert.equal((await getStore(id)).json().sortOrder, 9);
    });

    it('rewrites the search text of the store\'s deals on a rename, in the same write', async () => {
      const id = await addStore(t.app, { name: 'Oldname Outlet' });
      const deal = await addDeal(t.app, { categoryId: id, name: 'Walnut desk' });
      const res = await update(people.admin.headers, { id, name: 'Newname Outlet' });
      assert.equal(res.statusCode, 200);
      const [row] = await t.app.db.select({ searchText: products.searchText }).from(products).where(eq(products.id, deal));
      assert.match(row?.searchText ?? '', /Newname Outlet/);
      assert.doesNotMatch(row?.searchText ?? '', /Oldname/);
    });

    it('replaces the logo and deletes the old file from disk after the commit', async () => {
      const created = await create(people.admin.headers, { name: 'Relogo Store' }, { logo: await testImage('png', 8, '#0a0b0c') });
      const id = created.json().id;
      const oldPath = (await getStore(id)).json().imageFilePath;
      assert.ok(await fileExists(t.app, oldPath));
      assert.ok(await fileExists(t.app, webpRendition(oldPath)));

      const res = await update(people.admin.headers, { id, name: 'Relogo Store' }, { logo: await testImage('png', 8, '#0c0b0a') });
      assert.equal(res.statusCode, 200);
      const newPath = (await getStore(id)).json().imageFilePath;
      assert.notEqual(newPath, oldPath);
      assert.ok(await fileExists(t.app, newPath));
      assert.equal(await fileExists(t.app, oldPath), false);
      assert.equal(await fileExists(t.app, webpRendition(oldPath)), false);
    });

    it('keeps an old logo file that another row still uses', async () => {
      const shared = await testImage('png', 8, '#0d0d0d');
      const first = (await create(people.admin.headers, { name: 'Sharer One' }, { logo: shared })).json().id;
      const second = (await create(people.admin.headers, { name: 'Sharer Two' }, { logo: shared })).json().id;
      const sharedPath = (await getStore(first)).json().imageFilePath;
      assert.equal((await getStore(second)).json().imageFilePath, sharedPath);
      await update(people.admin.headers, { id: first, name: 'Sharer One' }, { logo: await testImage('png', 8, '#0e0e0e') });
      assert.ok(await fileExists(t.app, sharedPath));
    });

    it('answers 415 for a fake logo and changes nothing', async () => {
      const created = await create(people.admin.headers, { name: 'Safe Logo' }, { logo: await testImage('png', 8, '#1f1f1f') });
      const id = created.json().id;
      const before = (await getStore(id)).json();
      const files = await storedFiles(t.app);
      const res = await update(people.admin.headers, { id, name: 'Renamed Anyway' }, { logo: FAKE_IMAGE });
      assert.equal(res.statusCode, 415);
      assert.deepEqual((await getStore(id)).json(), before);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('answers 404 for an unknown store and leaves no uploaded file behind', async () => {
      const files = await storedFiles(t.app);
      const res = await update(people.admin.headers, { id: 999999, name: 'Ghost' }, { logo: await testImage('png', 8, '#2e2e2e') });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, CATALOG_MESSAGES.store.notFound);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('answers the spec message for a missing name', async () => {
      const id = await addStore(t.app, { name: 'Unchanged' });
      const res = await update(people.admin.headers, { id, name: ' ' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors.name, 'Store Name is required');
      assert.equal((await getStore(id)).json().name, 'Unchanged');
    });

    it('is for admins only: anonymous 401, staff 403, nothing written', async () => {
      const id = await addStore(t.app, { name: 'Guarded' });
      assert.equal((await update({}, { id, name: 'Anon' })).statusCode, 401);
      assert.equal((await update(people.staff.headers, { id, name: 'Staff' })).statusCode, 403);
      assert.equal((await getStore(id)).json().name, 'Guarded');
    });
  });

  describe('PUT SortCategories', () => {
    it('writes the new order, which the list follows', async () => {
      const a = await addStore(t.app, { name: 'Sort A', sortOrder: 0 });
      const b = await addStore(t.app, { name: 'Sort B', sortOrder: 1 });
      const res = await sort(people.admin.headers, [
        { id: b, sortOrder: 100 },
        { id: a, sortOrder: 101 },
      ]);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Stores sorted successfully' });
      assert.equal((await getStore(b)).json().sortOrder, 100);
      assert.equal((await getStore(a)).json().sortOrder, 101);
      const names = (await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories' })).json().map((s: { name: string }) => s.name);
      assert.ok(names.indexOf('Sort B') < names.indexOf('Sort A'));
    });

    it('writes nothing when one id is unknown or listed twice (one transaction)', async () => {
      const a = await addStore(t.app, { name: 'Atomic A', sortOrder: 5 });
      const unknown = await sort(people.admin.headers, [
        { id: a, sortOrder: 500 },
        { id: 999999, sortOrder: 501 },
      ]);
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.json().message, /999999/);
      assert.equal((await getStore(a)).json().sortOrder, 5);
      const twice = await sort(people.admin.headers, [
        { id: a, sortOrder: 500 },
        { id: a, sortOrder: 501 },
      ]);
      assert.equal(twice.statusCode, 400);
      assert.equal((await getStore(a)).json().sortOrder, 5);
    });

    it('refuses malformed bodies', async () => {
      for (const payload of [{ id: 1, sortOrder: 1 }, [{ id: '../1', sortOrder: 1 }], [{ id: 1, sortOrder: -1 }], [{ id: 1 }]]) {
        const res = await sort(people.admin.headers, payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
      }
    });

    it('is for admins only: anonymous 401, staff 403, nothing written', async () => {
      const a = await addStore(t.app, { name: 'Sort Guard', sortOrder: 2 });
      assert.equal((await sort({}, [{ id: a, sortOrder: 9 }])).statusCode, 401);
      assert.equal((await sort(people.staff.headers, [{ id: a, sortOrder: 9 }])).statusCode, 403);
      assert.equal((await getStore(a)).json().sortOrder, 2);
    });
  });

  describe('DELETE DeleteCategory', () => {
    const remove = (headers: Record<string, string>, id: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/api/Category/DeleteCategory?categoryId=${id}`, headers });
    const allNames = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories?isActive=', headers: people.admin.headers })).json().map((s: { name: string }) => s.name);
    const dealsOf = async (id: number) => (await t.app.db.select({ n: count() }).from(products).where(eq(products.categoryId, id)))[0]?.n ?? 0;

    it('deletes an unused store, which leaves the lists, and releases its logo file after the commit', async () => {
      const id = (await create(people.admin.headers, { name: 'Closing Down' }, { logo: await testImage('png', 8, '#3a4b5c') })).json().id;
      const logo = (await getStore(id)).json().imageFilePath;
      assert.ok(await fileExists(t.app, logo));
      assert.ok((await allNames()).includes('Closing Down'));
      const res = await remove(people.admin.headers, id);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Store deleted successfully' });
      assert.deepEqual(res.json(), { message: CATALOG_MESSAGES.store.deleted });
      assert.ok(!(await allNames()).includes('Closing Down'));
      assert.equal((await getStore(id, people.admin.headers)).statusCode, 404);
      assert.equal(await fileExists(t.app, logo), false);
      assert.equal(await fileExists(t.app, webpRendition(logo)), false);
      const again = await remove(people.admin.headers, id);
      assert.equal(again.statusCode, 404);
    });

    it('deletes an inactive store too and keeps a logo file another row still uses', async () => {
      const shared = await testImage('png', 8, '#4b5c6d');
      const first = (await create(people.admin.headers, { name: 'Twin Gone', isActive: 'false' }, { logo: shared })).json().id;
      const second = (await create(people.admin.headers, { name: 'Twin Kept' }, { logo: shared })).json().id;
      const sharedPath = (await getStore(second)).json().imageFilePath;
      assert.equal((await remove(people.admin.headers, first)).statusCode, 200);
      assert.ok(await fileExists(t.app, sharedPath));
      assert.equal((await getStore(second)).statusCode, 200);
    });

    it('answers 409 saying how many deals of any state use the store, and changes nothing', async () => {
      const id = (await create(people.admin.headers, { name: 'Busy Store' }, { logo: await testImage('png', 8, '#5c6d7e') })).json().id;
      const logo = (await getStore(id)).json().imageFilePath;
      await addDeal(t.app, { categoryId: id });
      const one = await remove(people.admin.headers, id);
      assert.equal(one.statusCode, 409);
      assert.deepEqual(one.json(), {
        message: 'This store cannot be deleted because 1 deal uses it. Move those deals to another store or make the store inactive instead.',
      });
      await addDeal(t.app, { categoryId: id, isActive: false });
      await addDeal(t.app, { categoryId: id, dealExpiresIn: new Date(Date.now() - 86_400_000) });
      const three = await remove(people.admin.headers, id);
      assert.equal(three.statusCode, 409);
      assert.equal(
        three.json().message,
        'This store cannot be deleted because 3 deals use it. Move those deals to another store or make the store inactive instead.',
      );
      assert.equal(three.json().message, CATALOG_MESSAGES.store.inUse(3));
      assert.equal((await getStore(id)).statusCode, 200);
      assert.equal(await dealsOf(id), 3);
      assert.ok(await fileExists(t.app, logo));
    });

    it('counts a deal saved with the store while the delete runs (the row is locked first)', async () => {
      const id = await addStore(t.app, { name: 'Raced Store' });
      let pending: ReturnType<typeof remove> | undefined;
      await t.app.db.transaction(async (tx) => {
        // The deal's foreign key holds the store row until this commits, so the delete waits for it.
        await tx.insert(products).values({ name: 'Late deal', categoryId: id, currentPrice: 1, previousPrice: 2, link: 'https://example.com/late' });
        pending = remove(people.admin.headers, id);
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      const res = await pending;
      assert.equal(res?.statusCode, 409);
      assert.equal(res?.json().message, CATALOG_MESSAGES.store.inUse(1));
      assert.equal((await getStore(id)).statusCode, 200);
    });

    it('answers the in-use 409 when the foreign key refuses the delete after all', async () => {
      const refusal = Object.assign(new Error('Failed query: delete from "categories"'), { cause: Object.assign(new Error('violates foreign key constraint'), { code: '23503' }) });
      const refused = () => Promise.reject(refusal);
      await assert.rejects(deleteUnlessUsed(t.app.images, t.app.log, { remove: refused, countDeals: async () => 2, inUse: CATALOG_MESSAGES.store.inUse }), {
        statusCode: 409,
        message: CATALOG_MESSAGES.store.inUse(2),
      });
      // No deal left to name (removed meanwhile): the database's refusal stands (the generic 409).
      await assert.rejects(deleteUnlessUsed(t.app.images, t.app.log, { remove: refused, countDeals: async () => 0, inUse: CATALOG_MESSAGES.store.inUse }), refusal);
    });

    it('answers 404 for an unknown id and 400 for a malformed or missing one', async () => {
      const unknown = await remove(people.admin.headers, 999999);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().message, CATALOG_MESSAGES.store.notFound);
      for (const bad of ['abc', '0', '-1', '..%2F1', '99999999999']) {
        const res = await remove(people.admin.headers, bad);
        assert.equal(res.statusCode, 400, bad);
        assert.ok(res.json().errors.categoryId, bad);
      }
      const missing = await t.app.inject({ method: 'DELETE', url: '/api/Category/DeleteCategory', headers: people.admin.headers });
      assert.equal(missing.statusCode, 400);
      assert.ok(missing.json().errors.categoryId);
    });

    it('is for admins only: anonymous 401, staff 403, nothing deleted', async () => {
      const id = await addStore(t.app, { name: 'Protected Store' });
      assert.equal((await remove({}, id)).statusCode, 401);
      const staff = await remove(people.staff.headers, id);
      assert.equal(staff.statusCode, 403);
      assert.equal(staff.json().message, MESSAGES.auth.forbidden);
      assert.equal((await getStore(id)).statusCode, 200);
    });
  });
});
