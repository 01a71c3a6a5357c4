import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { CATALOG_MESSAGES, MESSAGES } from '@deals/contract';
import { productProductTypes, productTypes, products } from '../../../db/schema.js';
import { STORED_NAME, webpRendition } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addProductType, addStore, fileExists, storedFiles } from '../../../test-support/catalog.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

type Fields = Parameters<typeof form>[0];
type Files = Parameters<typeof form>[1];
type Headers = Record<string, string>;

describe('ProductType', () => {
  let t: TestApp;
  let people: TestStaff;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
  });
  after(() => t.close());

  const typeCount = async () => (await t.app.db.select({ n: count() }).from(productTypes))[0]?.n ?? 0;
  const list = (query: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/ProductType/GetAllProductTypes${query}`, headers });
  const getType = (id: number | string, headers: Headers = {}) =>
    t.app.inject({ method: 'GET', url: `/api/ProductType/GetProductTypeById?productTypeId=${id}`, headers });
  const create = (headers: Headers, fields: Fields, files: Files = {}) =>
    t.app.inject({ method: 'POST', url: '/api/ProductType/CreateProductType', headers, payload: form(fields, files) });
  const update = (headers: Headers, fields: Fields, files: Files = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/ProductType/UpdateProductTypes', headers, payload: form(fields, files) });
  const sort = (headers: Headers, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/ProductType/SortProductTypes', headers, payload: payload as object });

  describe('GET GetAllProductTypes', () => {
    before(async () => {
      await addProductType(t.app, { name: 'List Laptops', sortOrder: 2, notifyImmediately: true, imageFilePath: 'a.png' });
      await addProductType(t.app, { name: 'List Hidden', sortOrder: 0, isActive: false });
      await addProductType(t.app, { name: 'List Books', sortOrder: 1 });
    });

    it('lists by sort order in the product type shape', async () => {
      const res = await list('?isActive=true');
      assert.equal(res.statusCode, 200);
      const items = res.json().filter((item: { name: string }) => item.name.startsWith('List '));
      assert.deepEqual(
        items.map((item: { name: string }) => item.name),
        ['List Books', 'List Laptops'],
      );
      assert.deepEqual(Object.keys(items[1]).sort(), ['id', 'imageFilePath', 'isActive', 'name', 'notifyImmediately', 'sortOrder']);
      assert.equal(items[1].notifyImmediately, true);
    });

    it('gives anonymous callers active ones only, whatever isActive they pass; staff get what they ask', async () => {
      for (const flag of ['', 'false', 'False']) {
        const names = (await list(`?isActive=${flag}`)).json().map((item: { name: string }) => item.name);
        assert.ok(!names.includes('List Hidden'), flag);
      }
      const all = (await list('?isActive=', people.staff.headers)).json().map((item: { name: string }) => item.name);
      assert.ok(all.includes('List Hidden') && all.includes('List Books'));
      const inactive = (await list('?isActive=false', people.staff.headers)).json().map((item: { name: string }) => item.name);
      assert.ok(inactive.includes('List Hidden') && !inactive.includes('List Books'));
    });

    it('answers 400 for a malformed flag and 401 for a bad token', async () => {
      assert.equal((await list('?isActive=1')).statusCode, 400);
      assert.equal((await list('', { authorization: 'Bearer tampered' })).statusCode, 401);
    });
  });

  describe('GET GetProductTypeById', () => {
    it('answers one product type; anonymous callers get 404 for an inactive one, staff do not', async () => {
      const active = await addProductType(t.app, { name: 'Byid Active', sortOrder: 3 });
      const inactive = await addProductType(t.app, { name: 'Byid Inactive', isActive: false });
      const res = await getType(active);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { id: active, name: 'Byid Active', imageFilePath: null, notifyImmediately: false, isActive: true, sortOrder: 3 });
      const hidden = await getType(inactive);
      assert.equal(hidden.statusCode, 404);
      assert.equal(hidden.json().message, CATALOG_MESSAGES.productType.notFound);
      assert.equal((await getType(inactive, people.staff.headers)).statusCode, 200);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      assert.equal((await getType(999999)).statusCode, 404);
      for (const bad of ['x', '..%2F1', '-1']) assert.equal((await getType(bad)).statusCode, 400, bad);
    });
  });

  describe('POST CreateProductType', () => {
    it('creates one with its image, active by default, after the last', async () => {
      await addProductType(t.app, { name: 'Highest', sortOrder: 70 });
      const res = await create(people.admin.headers, { name: 'Garden', notifyImmediately: 'true' }, { logo: await testImage('png', 8, '#203040') });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Product Category created successfully');
      const created = (await getType(res.json().id)).json();
      assert.equal(created.name, 'Garden');
      assert.equal(created.isActive, true);
      assert.equal(created.notifyImmediately, true);
      assert.equal(created.sortOrder, 71);
      assert.match(created.imageFilePath, STORED_NAME);
      assert.ok(await fileExists(t.app, created.imageFilePath));
    });

    it('accepts the `image` alias and an explicit inactive flag', async () => {
      const res = await create(people.admin.headers, { name: 'Aliased', isActive: 'false', sortOrder: 0 }, { image: await testImage('webp', 8, '#304050') });
      assert.equal(res.statusCode, 200);
      const created = (await getType(res.json().id, people.admin.headers)).json();
      assert.equal(created.isActive, false);
      assert.equal(created.sortOrder, 0);
      assert.match(created.imageFilePath, /\.webp$/);
    });

    it('answers the spec messages for a missing name or image and writes nothing', async () => {
      const before = await typeCount();
      const missing = await create(people.admin.headers, {}, { logo: await testImage('png', 8, '#405060') });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().errors.name, MESSAGES.productCategory.nameRequired);
      assert.equal(missing.json().errors.name, 'Product Category is required');
      const noImage = await create(people.admin.headers, { name: 'Imageless' });
      assert.equal(noImage.statusCode, 400);
      assert.equal(noImage.json().message, 'Please upload an Image');
      const long = await create(people.admin.headers, { name: 'y'.repeat(251) }, { logo: await testImage('png', 8, '#405060') });
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().errors.name, 'Product Category must be at most 250 characters');
      const html = await create(people.admin.headers, { name: '<img src=x onerror=alert(1)>' }, { logo: await testImage('png', 8, '#405060') });
      assert.equal(html.statusCode, 400);
      assert.equal(html.json().errors.name, 'Product Category must not contain HTML tags');
      assert.equal(await typeCount(), before);
    });

    it('answers 415 for a fake image and writes neither a row nor a file', async () => {
      const before = await typeCount();
      const files = await storedFiles(t.app);
      const res = await create(people.admin.headers, { name: 'Faker' }, { logo: FAKE_IMAGE });
      assert.equal(res.statusCode, 415);
      assert.equal(await typeCount(), before);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('is for admins only: anonymous 401, staff 403, nothing written', async () => {
      const before = await typeCount();
      const logo = await testImage('png', 8, '#506070');
      assert.equal((await create({}, { name: 'Anon' }, { logo })).statusCode, 401);
      assert.equal((await create(people.staff.headers, { name: 'Staff' }, { logo })).statusCode, 403);
      assert.equal(await typeCount(), before);
    });
  });

  describe('PUT UpdateProductTypes', () => {
    it('updates the fields and keeps the image and absent flags', async () => {
      const id = await addProductType(t.app, { name: 'Toys', imageFilePath: 'toys.png', notifyImmediately: true, sortOrder: 4 });
      const res = await update(people.admin.headers, { id, name: 'Toys & Games', isActive: 'false' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Product Category updated successfully' });
      assert.deepEqual((await getType(id, people.admin.headers)).json(), {
        id,
        name: 'Toys & Games',
        imageFilePath: 'toys.png',
        notifyImmediately: true,
        isActive: false,
        sortOrder: 4,
      });
    });

    it('rewrites the search text of its deals on a rename', async () => {
      const id = await addProductType(t.app, { name: 'Oldtype' });
      const store = await addStore(t.app, { name: 'Typestore' });
      const deal = await addDeal(t.app, { categoryId: store, name: 'Garden hose', productTypeIds: [id] });
      assert.equal((await update(people.admin.headers, { id, name: 'Newtype' })).statusCode, 200);
      const [row] = await t.app.db.select({ searchText: products.searchText }).from(products).where(eq(products.id, deal));
      assert.match(row?.searchText ?? '', /Newtype/);
      assert.doesNotMatch(row?.searchText ?? '', /Oldtype/);
    });

    it('replaces the image and deletes the old file from disk', async () => {
      const id = (await create(people.admin.headers, { name: 'Reimaged' }, { logo: await testImage('png', 8, '#607080') })).json().id;
      const oldPath = (await getType(id)).json().imageFilePath;
      const res = await update(people.admin.headers, { id, name: 'Reimaged' }, { image: await testImage('png', 8, '#708090') });
      assert.equal(res.statusCode, 200);
      const newPath = (await getType(id)).json().imageFilePath;
      assert.notEqual(newPath, oldPath);
      assert.ok(await fileExists(t.app, newPath));
      assert.equal(await fileExists(t.app, oldPath), false);
      assert.equal(await fileExists(t.app, webpRendition(oldPath)), false);
    });

    it('answers 415 for a fake image and 404 for an unknown id, changing nothing', async () => {
      const id = (await create(people.admin.headers, { name: 'Steady' }, { logo: await testImage('png', 8, '#8090a0') })).json().id;
      const before = (await getType(id)).json();
      const files = await storedFiles(t.app);
      assert.equal((await update(people.admin.headers, { id, name: 'Changed' }, { logo: FAKE_IMAGE })).statusCode, 415);
      assert.deepEqual((await getType(id)).json(), before);
      const ghost = await update(people.admin.headers, { id: 999999, name: 'Ghost' }, { logo: await testImage('png', 8, '#90a0b0') });
      assert.equal(ghost.statusCode, 404);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('answers the spec message for a blank name', async () => {
      const id = await addProductType(t.app, { name: 'Named' });
      const res = await update(people.admin.headers, { id, name: '   ' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors.name, 'Product Category is required');
    });

    it('is for admins only: anonymous 401, staff 403, nothing written', async () => {
      const id = await addProductType(t.app, { name: 'Locked' });
      assert.equal((await update({}, { id, name: 'Anon' })).statusCode, 401);
      assert.equal((await update(people.staff.headers, { id, name: 'Staff' })).statusCode, 403);
      assert.equal((await getType(id)).json().name, 'Locked');
    });
  });

  describe('PUT SortProductTypes', () => {
    it('writes the new order', async () => {
      const a = await addProductType(t.app, { name: 'Order A', sortOrder: 0 });
      const b = await addProductType(t.app, { name: 'Order B', sortOrder: 1 });
      const res = await sort(people.admin.headers, [
        { id: b, sortOrder: 0 },
        { id: a, sortOrder: 1 },
      ]);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Product Categories sorted successfully' });
      assert.equal((await getType(b)).json().sortOrder, 0);
      assert.equal((await getType(a)).json().sortOrder, 1);
    });

    it('writes nothing when an id is unknown', async () => {
      const a = await addProductType(t.app, { name: 'Order C', sortOrder: 8 });
      const res = await sort(people.admin.headers, [
        { id: a, sortOrder: 80 },
        { id: 999999, sortOrder: 81 },
      ]);
      assert.equal(res.statusCode, 404);
      assert.equal((await getType(a)).json().sortOrder, 8);
    });

    it('is for admins only: anonymous 401, staff 403', async () => {
      const a = await addProductType(t.app, { name: 'Order D', sortOrder: 3 });
      assert.equal((await sort({}, [{ id: a, sortOrder: 9 }])).statusCode, 401);
      assert.equal((await sort(people.staff.headers, [{ id: a, sortOrder: 9 }])).statusCode, 403);
      assert.equal((await getType(a)).json().sortOrder, 3);
    });
  });

  describe('DELETE DeleteProductType', () => {
    const remove = (headers: Headers, id: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/api/ProductType/DeleteProductType?productTypeId=${id}`, headers });
    const allNames = async () => (await list('?isActive=', people.admin.headers)).json().map((item: { name: string }) => item.name);
    const linksOf = async (id: number) =>
      (await t.app.db.select({ n: count() }).from(productProductTypes).where(eq(productProductTypes.productTypeId, id)))[0]?.n ?? 0;

    it('deletes an unused one, which leaves the lists, and releases its image file after the commit', async () => {
      const id = (await create(people.admin.headers, { name: 'Retired Type' }, { logo: await testImage('png', 8, '#a0b0c0') })).json().id;
      const image = (await getType(id)).json().imageFilePath;
      assert.ok(await fileExists(t.app, image));
      assert.ok((await allNames()).includes('Retired Type'));
      const res = await remove(people.admin.headers, id);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Product Category deleted successfully' });
      assert.deepEqual(res.json(), { message: CATALOG_MESSAGES.productType.deleted });
      assert.ok(!(await allNames()).includes('Retired Type'));
      assert.equal((await getType(id, people.admin.headers)).statusCode, 404);
      assert.equal(await fileExists(t.app, image), false);
      assert.equal(await fileExists(t.app, webpRendition(image)), false);
      assert.equal((await remove(people.admin.headers, id)).statusCode, 404);
    });

    it('answers 409 saying how many deals of any state carry it, and changes nothing', async () => {
      const id = (await create(people.admin.headers, { name: 'Busy Type' }, { logo: await testImage('png', 8, '#b0c0d0') })).json().id;
      const image = (await getType(id)).json().imageFilePath;
      const store = await addStore(t.app, { name: 'Busy Type Store' });
      await addDeal(t.app, { categoryId: store, productTypeIds: [id], isActive: false });
      const one = await remove(people.admin.headers, id);
      assert.equal(one.statusCode, 409);
      assert.deepEqual(one.json(), {
        message: 'This product category cannot be deleted because 1 deal uses it. Remove it from those deals or make it inactive instead.',
      });
      await addDeal(t.app, { categoryId: store, productTypeIds: [id], dealExpiresIn: new Date(Date.now() - 86_400_000) });
      const two = await remove(people.admin.headers, id);
      assert.equal(two.statusCode, 409);
      assert.equal(two.json().message, 'This product category cannot be deleted because 2 deals use it. Remove it from those deals or make it inactive instead.');
      assert.equal(two.json().message, CATALOG_MESSAGES.productType.inUse(2));
      assert.equal((await getType(id)).statusCode, 200);
      assert.equal(await linksOf(id), 2);
      assert.ok(await fileExists(t.app, image));
    });

    it('counts a deal given the product category while the delete runs (the row is locked first)', async () => {
      const id = await addProductType(t.app, { name: 'Raced Type' });
      const deal = await addDeal(t.app, { categoryId: await addStore(t.app) });
      let pending: ReturnType<typeof remove> | undefined;
      await t.app.db.transaction(async (tx) => {
        // The link's foreign key holds the product type row until this commits, so the delete waits for it.
        await tx.insert(productProductTypes).values({ productId: deal, productTypeId: id });
        pending = remove(people.admin.headers, id);
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      const res = await pending;
      assert.equal(res?.statusCode, 409);
      assert.equal(res?.json().message, CATALOG_MESSAGES.productType.inUse(1));
      assert.equal((await getType(id)).statusCode, 200);
    });

    it('answers 404 for an unknown id and 400 for a malformed or missing one', async () => {
      const unknown = await remove(people.admin.headers, 999999);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().message, CATALOG_MESSAGES.productType.notFound);
      for (const bad of ['abc', '0', '-1', '..%2F1', '99999999999']) {
        const res = await remove(people.admin.headers, bad);
        assert.equal(res.statusCode, 400, bad);
        assert.ok(res.json().errors.productTypeId, bad);
      }
      const missing = await t.app.inject({ method: 'DELETE', url: '/api/ProductType/DeleteProductType', headers: people.admin.headers });
      assert.equal(missing.statusCode, 400);
    });

    it('is for admins only: anonymous 401, staff 403, nothing deleted', async () => {
      const id = await addProductType(t.app, { name: 'Protected Type' });
      assert.equal((await remove({}, id)).statusCode, 401);
      const staff = await remove(people.staff.headers, id);
      assert.equal(staff.statusCode, 403);
      assert.equal(staff.json().message, MESSAGES.auth.forbidden);
      assert.equal((await getType(id)).statusCode, 200);
    });
  });
});
