import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { CATALOG_MESSAGES, MESSAGES } from '@deals/contract';
import { featuredSectionProducts, featuredSections, products } from '../../../db/schema.js';
import { STORED_NAME, webpRendition } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addFeaturedSection, addProductType, addStore, fileExists, linkDeals, storedFiles } from '../../../test-support/catalog.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

type Fields = Parameters<typeof form>[0];
type Files = Parameters<typeof form>[1];
type Headers = Record<string, string>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('FeaturedSection', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    store = await addStore(t.app, { name: 'Section Store' });
  });
  after(() => t.close());

  const sectionCount = async () => (await t.app.db.select({ n: count() }).from(featuredSections))[0]?.n ?? 0;
  const linkCount = async (sectionId: number) =>
    (await t.app.db.select({ n: count() }).from(featuredSectionProducts).where(eq(featuredSectionProducts.featuredSectionId, sectionId)))[0]?.n ?? 0;
  const list = (query: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/FeaturedSection/GetAllFeaturedSections${query}`, headers });
  const getSection = (id: number | string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/FeaturedSection/GetFeaturedSection?id=${id}`, headers });
  const create = (headers: Headers, fields: Fields, files: Files = {}) =>
    t.app.inject({ method: 'POST', url: '/api/FeaturedSection/CreateFeaturedSection', headers, payload: form(fields, files) });
  const update = (headers: Headers, fields: Fields, files: Files = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/FeaturedSection/UpdateFeaturedSection', headers, payload: form(fields, files) });
  const sort = (headers: Headers, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/FeaturedSection/SortFeaturedSections', headers, payload: payload as object });
  const remove = (headers: Headers, id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/FeaturedSection/DeleteFeaturedSection?id=${id}`, headers });
  const associate = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/FeaturedSection/associateProductsToFeaturedSection', headers, payload: payload as object });
  const unlink = (headers: Headers, featuredSectionId: number, productId: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/FeaturedSection/RemoveProductsFromFeaturedSection?featuredSectionId=${featuredSectionId}&productId=${productId}`, headers });
  const productIdsOf = async (sectionId: number, headers: Headers = people.admin.headers) =>
    (await getSection(sectionId, headers)).json().products.map((product: { id: number }) => product.id);

  describe('GET GetAllFeaturedSections', () => {
    before(async () => {
      await addFeaturedSection(t.app, { name: 'All Second', sortOrder: 2, imageFilePath: 'b.png' });
      await addFeaturedSection(t.app, { name: 'All Hidden', sortOrder: 0, isActive: false });
      await addFeaturedSection(t.app, { name: 'All First', sortOrder: 1 });
    });
    const names = (res: { json(): Array<{ name: string }> }) => res.json().map((section) => section.name).filter((name) => name.startsWith('All '));

    it('lists sections by sort order with ISO dates', async () => {
      const res = await list('?isActive=true');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(names(res), ['All First', 'All Second']);
      const second = res.json().find((section: { name: string }) => section.name === 'All Second');
      assert.deepEqual(Object.keys(second).sort(), ['dateCreated', 'dateUpdated', 'id', 'imageFilePath', 'isActive', 'name', 'sortOrder']);
      assert.match(second.dateCreated, ISO);
      assert.match(second.dateUpdated, ISO);
      assert.equal(second.imageFilePath, 'b.png');
    });

    it('gives anonymous callers active sections only, whatever isActive they pass; staff get what they ask', async () => {
      for (const flag of ['', 'false']) assert.deepEqual(names(await list(`?isActive=${flag}`)), ['All First', 'All Second'], flag);
      assert.deepEqual(names(await list('?isActive=', people.staff.headers)), ['All Hidden', 'All First', 'All Second']);
      assert.deepEqual(names(await list('?isActive=false', people.staff.headers)), ['All Hidden']);
    });

    it('answers 400 for a malformed flag and 401 for a bad token', async () => {
      assert.equal((await list('?isActive=yes')).statusCode, 400);
      assert.equal((await list('', { authorization: 'Bearer x.y.z' })).statusCode, 401);
    });
  });

  describe('GET GetFeaturedSection', () => {
    let section: number;
    let hiddenSection: number;
    let dealWithPreview: number;
    let dealFirstImage: number;
    let inactiveDeal: number;
    before(async () => {
      const laptops = await addProductType(t.app, { name: 'Laptops', sortOrder: 1 });
      const audio = await addProductType(t.app, { name: 'Audio', sortOrder: 0 });
      section = await addFeaturedSection(t.app, { name: 'Back to School' });
      hiddenSection = await addFeaturedSection(t.app, { name: 'Draft Section', isActive: false });
      dealWithPreview = await addDeal(t.app, {
        categoryId: store,
        name: 'Laptop deal',
        promoCode: 'SCHOOL10',
        productTypeIds: [laptops, audio],
        images: [{ filePath: 'first.png' }, { filePath: 'preview.png', isPreviewImage: true }],
      });
      dealFirstImage = await addDeal(t.app, { categoryId: store, name: 'Headphones deal', productTypeIds: [audio], images: [{ filePath: 'only.png' }, { filePath: 'later.png' }] });
      inactiveDeal = await addDeal(t.app, { categoryId: store, name: 'Expired deal', isActive: false });
      await linkDeals(t.app, section, [dealFirstImage, inactiveDeal, dealWithPreview]);
      await linkDeals(t.app, hiddenSection, [dealWithPreview]);
    });

    it('answers the section and its deals in their order, each with store, types, promo code and image', async () => {
      const res = await getSection(section, people.staff.headers);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.name, 'Back to School');
      assert.match(body.dateCreated, ISO);
      assert.deepEqual(
        body.products.map((product: { id: number }) => product.id),
        [dealFirstImage, inactiveDeal, dealWithPreview],
      );
      const laptop = body.products[2];
      assert.deepEqual(laptop, {
        id: dealWithPreview,
        name: 'Laptop deal',
        category: 'Section Store',
        productTypes: [
          { productTypeId: laptop.productTypes[0].productTypeId, name: 'Audio' },
          { productTypeId: laptop.productTypes[1].productTypeId, name: 'Laptops' },
        ],
        promoCode: 'SCHOOL10',
        filePath: 'preview.png',
        isActive: true,
      });
      assert.equal(body.products[0].filePath, 'only.png');
      assert.equal(body.products[1].filePath, null);
      assert.equal(body.products[1].isActive, false);
    });

    it('shows anonymous callers active deals only and hides inactive sections from them', async () => {
      const res = await getSection(section);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        res.json().products.map((product: { id: number }) => product.id),
        [dealFirstImage, dealWithPreview],
      );
      const hidden = await getSection(hiddenSection);
      assert.equal(hidden.statusCode, 404);
      assert.equal(hidden.json().message, CATALOG_MESSAGES.featuredSection.notFound);
      assert.equal((await getSection(hiddenSection, people.staff.headers)).statusCode, 200);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      assert.equal((await getSection(999999)).statusCode, 404);
      for (const bad of ['abc', '../../etc/passwd', '1;DROP']) assert.equal((await getSection(encodeURIComponent(bad))).statusCode, 400, bad);
    });
  });

  describe('POST CreateFeaturedSection', () => {
    it('creates a section with its image, active by default, after the last', async () => {
      await addFeaturedSection(t.app, { name: 'Far Down', sortOrder: 90 });
      const res = await create(people.admin.headers, { name: 'Summer Picks' }, { image: await testImage('png', 8, '#a1b2c3') });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Featured Section created successfully');
      const section = (await getSection(res.json().id)).json();
      assert.equal(section.name, 'Summer Picks');
      assert.equal(section.isActive, true);
      assert.equal(section.sortOrder, 91);
      assert.deepEqual(section.products, []);
      assert.match(section.imageFilePath, STORED_NAME);
      assert.ok(await fileExists(t.app, section.imageFilePath));
    });

    it('takes isActive and sortOrder from the form', async () => {
      const res = await create(people.admin.headers, { name: 'Quiet Picks', isActive: 'false', sortOrder: 4 }, { image: await testImage('gif', 8, '#b2c3d4') });
      assert.equal(res.statusCode, 200);
      const section = (await getSection(res.json().id, people.admin.headers)).json();
      assert.equal(section.isActive, false);
      assert.equal(section.sortOrder, 4);
    });

    it('answers the spec messages and writes nothing', async () => {
      const before = await sectionCount();
      const image = await testImage('png', 8, '#c3d4e5');
      const missing = await create(people.admin.headers, { isActive: 'true' }, { image });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().errors.name, 'Feature Section Name is required');
      const noImage = await create(people.admin.headers, { name: 'Imageless' });
      assert.equal(noImage.statusCode, 400);
      assert.equal(noImage.json().message, 'Please upload an Image');
      assert.equal(noImage.json().errors.image, 'Please upload an Image');
      const long = await create(people.admin.headers, { name: 'z'.repeat(251) }, { image });
      assert.equal(long.statusCode, 400);
      assert.equal(long.json().errors.name, 'Feature Section Name must be at most 250 characters');
      const html = await create(people.admin.headers, { name: 'Deals <iframe src=//evil>' }, { image });
      assert.equal(html.statusCode, 400);
      assert.equal(await sectionCount(), before);
    });

    it('answers 415 for a fake image and writes neither a row nor a file', async () => {
      const before = await sectionCount();
      const files = await storedFiles(t.app);
      const res = await create(people.admin.headers, { name: 'Fake' }, { image: FAKE_IMAGE });
      assert.equal(res.statusCode, 415);
      assert.equal(res.json().message, MESSAGES.upload.unsupported);
      assert.equal(await sectionCount(), before);
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('is for admins only: anonymous 401, staff 403', async () => {
      const before = await sectionCount();
      const image = await testImage('png', 8, '#d4e5f6');
      assert.equal((await create({}, { name: 'Anon' }, { image })).statusCode, 401);
      assert.equal((await create(people.staff.headers, { name: 'Staff' }, { image })).statusCode, 403);
      assert.equal(await sectionCount(), before);
    });
  });

  describe('PUT UpdateFeaturedSection', () => {
    it('lets any staff member save a section\'s details, keeping what is not sent', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Staff Editable', imageFilePath: 'kept.png', sortOrder: 6, dateUpdated: new Date('2020-01-01T00:00:00Z') });
      const res = await update(people.staff.headers, { id, name: 'Staff Edited', isActive: 'false' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Featured Section updated successfully' });
      const section = (await getSection(id, people.staff.headers)).json();
      assert.equal(section.name, 'Staff Edited');
      assert.equal(section.isActive, false);
      assert.equal(section.sortOrder, 6);
      assert.equal(section.imageFilePath, 'kept.png');
      assert.ok(section.dateUpdated > '2020-01-02');
    });

    it('replaces the image and deletes the old file from disk', async () => {
      const id = (await create(people.admin.headers, { name: 'Reimage Me' }, { image: await testImage('png', 8, '#e5f6a7') })).json().id;
      const oldPath = (await getSection(id)).json().imageFilePath;
      const res = await update(people.staff.headers, { id, name: 'Reimage Me' }, { image: await testImage('png', 8, '#f6a7b8') });
      assert.equal(res.statusCode, 200);
      const newPath = (await getSection(id)).json().imageFilePath;
      assert.notEqual(newPath, oldPath);
      assert.ok(await fileExists(t.app, newPath));
      assert.equal(await fileExists(t.app, oldPath), false);
      assert.equal(await fileExists(t.app, webpRendition(oldPath)), false);
    });

    it('answers 415 for a fake image, 404 for an unknown id and the spec message for a blank name, changing nothing', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Untouched' });
      const files = await storedFiles(t.app);
      assert.equal((await update(people.admin.headers, { id, name: 'Touched' }, { image: FAKE_IMAGE })).statusCode, 415);
      const ghost = await update(people.admin.headers, { id: 999999, name: 'Ghost' }, { image: await testImage('png', 8, '#a7b8c9') });
      assert.equal(ghost.statusCode, 404);
      const blank = await update(people.admin.headers, { id, name: '' });
      assert.equal(blank.statusCode, 400);
      assert.equal(blank.json().errors.name, 'Feature Section Name is required');
      assert.equal((await getSection(id)).json().name, 'Untouched');
      assert.deepEqual(await storedFiles(t.app), files);
    });

    it('answers anonymous callers 401', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Anon Guard' });
      assert.equal((await update({}, { id, name: 'Anon' })).statusCode, 401);
      assert.equal((await getSection(id)).json().name, 'Anon Guard');
    });
  });

  describe('PUT SortFeaturedSections', () => {
    it('writes the new order and nothing when an id is unknown', async () => {
      const a = await addFeaturedSection(t.app, { name: 'Sort One', sortOrder: 0 });
      const b = await addFeaturedSection(t.app, { name: 'Sort Two', sortOrder: 1 });
      const res = await sort(people.admin.headers, [
        { id: b, sortOrder: 0 },
        { id: a, sortOrder: 1 },
      ]);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Featured Sections sorted successfully' });
      assert.equal((await getSection(b)).json().sortOrder, 0);
      assert.equal((await getSection(a)).json().sortOrder, 1);
      const bad = await sort(people.admin.headers, [
        { id: a, sortOrder: 50 },
        { id: 999999, sortOrder: 51 },
      ]);
      assert.equal(bad.statusCode, 404);
      assert.equal((await getSection(a)).json().sortOrder, 1);
    });

    it('is for admins only: anonymous 401, staff 403', async () => {
      const a = await addFeaturedSection(t.app, { name: 'Sort Guard', sortOrder: 3 });
      assert.equal((await sort({}, [{ id: a, sortOrder: 9 }])).statusCode, 401);
      assert.equal((await sort(people.staff.headers, [{ id: a, sortOrder: 9 }])).statusCode, 403);
      assert.equal((await getSection(a)).json().sortOrder, 3);
    });
  });

  describe('DELETE DeleteFeaturedSection', () => {
    it('deletes the section and its deal links, keeps the deals and removes the image file', async () => {
      const id = (await create(people.admin.headers, { name: 'Doomed' }, { image: await testImage('png', 8, '#123abc') })).json().id;
      const imagePath = (await getSection(id)).json().imageFilePath;
      const deal = await addDeal(t.app, { categoryId: store });
      await linkDeals(t.app, id, [deal]);
      const res = await remove(people.admin.headers, id);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Featured Section deleted successfully' });
      assert.equal((await getSection(id, people.admin.headers)).statusCode, 404);
      assert.equal(await linkCount(id), 0);
      assert.equal((await t.app.db.select({ id: products.id }).from(products).where(eq(products.id, deal))).length, 1);
      assert.equal(await fileExists(t.app, imagePath), false);
      assert.equal(await fileExists(t.app, webpRendition(imagePath)), false);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      assert.equal((await remove(people.admin.headers, 999999)).statusCode, 404);
      assert.equal((await remove(people.admin.headers, '..%2F1')).statusCode, 400);
    });

    it('is for admins only: anonymous 401, staff 403', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Survivor' });
      assert.equal((await remove({}, id)).statusCode, 401);
      assert.equal((await remove(people.staff.headers, id)).statusCode, 403);
      assert.equal((await getSection(id)).statusCode, 200);
    });
  });

  describe('POST associateProductsToFeaturedSection', () => {
    it('lets staff append deals in the given order, skipping ones already in the section', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Growing' });
      const [d1, d2, d3] = [await addDeal(t.app, { categoryId: store }), await addDeal(t.app, { categoryId: store }), await addDeal(t.app, { categoryId: store })];
      await linkDeals(t.app, id, [d1 as number]);
      const res = await associate(people.staff.headers, { featuredSectionId: id, productIds: [d3, d1, d2] });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: '2 deals added to the featured section', addedProductIds: [d3, d2] });
      assert.deepEqual(await productIdsOf(id), [d1, d3, d2]);
      const again = await associate(people.admin.headers, { featuredSectionId: id, productIds: [d2] });
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json().addedProductIds, []);
      assert.equal(await linkCount(id), 3);
    });

    it('accepts a multipart form with a repeated productIds field', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Form Fed' });
      const deal = await addDeal(t.app, { categoryId: store });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/FeaturedSection/associateProductsToFeaturedSection',
        headers: people.staff.headers,
        payload: form({ featuredSectionId: id, productIds: [deal] }),
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(await productIdsOf(id), [deal]);
    });

    it('answers "Please select at least one product" for an empty selection', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Empty Pick' });
      for (const payload of [{ featuredSectionId: id, productIds: [] }, { featuredSectionId: id }]) {
        const res = await associate(people.staff.headers, payload);
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, 'Please select at least one product');
        assert.equal(res.json().errors.productIds, 'Please select at least one product');
      }
    });

    it('answers 404 for an unknown section and 400 for unknown or malformed deals, writing nothing', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Strict' });
      const deal = await addDeal(t.app, { categoryId: store });
      const noSection = await associate(people.staff.headers, { featuredSectionId: 999999, productIds: [deal] });
      assert.equal(noSection.statusCode, 404);
      assert.equal(noSection.json().message, CATALOG_MESSAGES.featuredSection.notFound);
      const unknown = await associate(people.staff.headers, { featuredSectionId: id, productIds: [deal, 999999] });
      assert.equal(unknown.statusCode, 400);
      assert.match(unknown.json().errors.productIds, /999999/);
      for (const productIds of [['abc'], [-1], 'DROP TABLE products', [1.5]]) {
        const res = await associate(people.staff.headers, { featuredSectionId: id, productIds });
        assert.equal(res.statusCode, 400, JSON.stringify(productIds));
      }
      assert.equal(await linkCount(id), 0);
    });

    it('answers anonymous callers 401', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Anon Add' });
      const deal = await addDeal(t.app, { categoryId: store });
      assert.equal((await associate({}, { featuredSectionId: id, productIds: [deal] })).statusCode, 401);
      assert.equal(await linkCount(id), 0);
    });
  });

  describe('DELETE RemoveProductsFromFeaturedSection', () => {
    it('lets staff remove one deal from a section; the deal stays', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Shrinking' });
      const [d1, d2] = [await addDeal(t.app, { categoryId: store }), await addDeal(t.app, { categoryId: store })];
      await linkDeals(t.app, id, [d1, d2]);
      const res = await unlink(people.staff.headers, id, d1);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Deal removed from the featured section' });
      assert.deepEqual(await productIdsOf(id), [d2]);
      assert.equal((await t.app.db.select({ id: products.id }).from(products).where(eq(products.id, d1))).length, 1);
    });

    it('answers 404 when the deal is not in the section or the section is unknown', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Unlinked' });
      const deal = await addDeal(t.app, { categoryId: store });
      const notIn = await unlink(people.staff.headers, id, deal);
      assert.equal(notIn.statusCode, 404);
      assert.equal(notIn.json().message, CATALOG_MESSAGES.featuredSection.productNotInSection);
      assert.equal((await unlink(people.staff.headers, 999999, deal)).statusCode, 404);
      const malformed = await t.app.inject({
        method: 'DELETE',
        url: '/api/FeaturedSection/RemoveProductsFromFeaturedSection?featuredSectionId=1&productId=..%2F2',
        headers: people.staff.headers,
      });
      assert.equal(malformed.statusCode, 400);
    });

    it('answers anonymous callers 401', async () => {
      const id = await addFeaturedSection(t.app, { name: 'Anon Remove' });
      const deal = await addDeal(t.app, { categoryId: store });
      await linkDeals(t.app, id, [deal]);
      assert.equal((await unlink({}, id, deal)).statusCode, 401);
      assert.equal(await linkCount(id), 1);
    });
  });
});
