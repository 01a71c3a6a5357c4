import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox/type';
import { Value } from '@sinclair/typebox/value';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { DealCardSchema, DealTrustFields, ProductListItemSchema } from '@deals/contract';
import { productImages, productProductTypes, products } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertDeal, insertProductType, insertStore } from '../../../test-support/deals.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { webpRendition } from '../../../plugins/app/images.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';
import { isStored, storedKeys } from '../../../test-support/uploads.js';

type Fields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

let t: TestApp;
let users: TestStaff;
let storeId: number;
let laptopsId: number;
let phonesId: number;
let image: Buffer;

before(async () => {
  t = await createTestApp();
  users = await createTestStaff(t.app);
  storeId = await insertStore(t.app, { name: 'Acme Outlet' });
  laptopsId = await insertProductType(t.app, { name: 'Laptops', sortOrder: 2 });
  phonesId = await insertProductType(t.app, { name: 'Phones', sortOrder: 1 });
  image = await testImage('png', 8, '#123456');
});
after(() => t.close());

const validFields = (overrides: Fields = {}): Fields => ({
  categoryId: storeId,
  productTypeIds: [laptopsId, phonesId],
  name: 'Ultrabook 14',
  additionalInformation: 'Light and fast.',
  currentPrice: '19.99',
  previousPrice: '39.99',
  promoCode: 'SAVE20',
  link: 'https://shop.example.com/ultrabook?ref=deals',
  keywords: 'laptop ultrabook',
  badgeText: 'Hot',
  dealStartsIn: '2020-01-01T00:00:00.000Z',
  dealExpiresIn: '2099-01-01T00:00:00.000Z',
  ...overrides,
});

const countDeals = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n ?? 0;
const countFiles = async () => (await storedKeys(t.app)).length;

/** Creates a deal through the API as `user` (real image upload) and answers its id. */
async function createDeal(user = users.staff, overrides: Fields = {}, upload: Buffer = image): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: user.headers, payload: form(validFields(overrides), { image: upload }) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().id;
}

async function getDeal(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/Product/GetProductById?productId=${id}`, headers: users.admin.headers });
  return res;
}

/** Asserts a rejected create wrote nothing: no deal row and no new file. */
async function assertRejectedCreate(fields: Fields, files: Record<string, Buffer> | undefined, status: number, field?: string, message?: string) {
  const deals = await countDeals();
  const files0 = await countFiles();
  const res = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: users.staff.headers, payload: form(fields, files ?? { image }) });
  assert.equal(res.statusCode, status, res.body);
  if (field) assert.equal(res.json().errors?.[field], message, res.body);
  else if (message) assert.equal(res.json().message, message);
  assert.equal(await countDeals(), deals, 'no deal written');
  assert.equal(await countFiles(), files0, 'no file kept');
  return res;
}

describe('POST /api/Product/CreateProduct', () => {
  it('creates the deal with its product types and preview image, owned by the caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: users.staff.headers, payload: form(validFields(), { image }) });
    assert.equal(res.statusCode, 200, res.body);
    const { message, id } = res.json();
    assert.equal(message, 'Deal created successfully');
    assert.ok(Number.isInteger(id));

    const deal = (await getDeal(id)).json();
    assert.equal(deal.name, 'Ultrabook 14');
    assert.equal(deal.categoryId, storeId);
    assert.equal(deal.category, 'Acme Outlet');
    assert.deepEqual(deal.productTypeIds, [phonesId, laptopsId], 'in the product types sort order');
    assert.deepEqual(deal.productTypes, [
      { productTypeId: phonesId, name: 'Phones' },
      { productTypeId: laptopsId, name: 'Laptops' },
    ]);
    assert.equal(deal.currentPrice, 19.99);
    assert.equal(deal.previousPrice, 39.99);
    assert.equal(deal.discount, 51, 'ceil(20 / 39.99 * 100)');
    assert.equal(deal.badgeColor, '#000000', 'default colour');
    assert.equal(deal.isActive, true);
    assert.equal(deal.isFeatured, false);
    assert.equal(deal.addedById, users.staff.id);
    assert.equal(deal.addedBy, 'test-staff Tester');
    assert.equal(deal.dealStartsIn, '2020-01-01T00:00:00.000Z');
    assert.equal(deal.dealExpiresIn, '2099-01-01T00:00:00.000Z');
    assert.equal(deal.productImages.length, 1);
    assert.equal(deal.productImages[0].isPreviewImage, true);
    assert.equal(deal.imageUrl, deal.productImages[0].filePath);
    assert.ok(await isStored(t.app, deal.imageUrl), 'the image is stored');

    const [row] = await t.app.db.select({ searchText: products.searchText }).from(products).where(eq(products.id, id));
    for (const part of ['Ultrabook 14', 'laptop ultrabook', 'Acme Outlet', 'Laptops', 'Phones']) assert.ok(row?.searchText.includes(part), `search text has ${part}`);
  });

  it('accepts a single productTypeIds field and a JSON-free form with defaults', async () => {
    const id = await createDeal(users.staff, { productTypeIds: [laptopsId], promoCode: undefined, dealStartsIn: undefined, dealExpiresIn: undefined, isFeatured: 'true', isActive: 'false', badgeColor: '#ff0000' });
    const deal = (await getDeal(id)).json();
    assert.deepEqual(deal.productTypeIds, [laptopsId]);
    assert.equal(deal.promoCode, null);
    assert.equal(deal.dealStartsIn, null);
    assert.equal(deal.isFeatured, true);
    assert.equal(deal.isActive, false);
    assert.equal(deal.badgeColor, '#ff0000');
  });

  it('lets an admin create too', async () => {
    const id = await createDeal(users.admin);
    assert.equal((await getDeal(id)).json().addedById, users.admin.id);
  });

  it('answers 401 to anonymous callers and a bad token, writing nothing', async () => {
    const before = await countDeals();
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers, payload: form(validFields(), { image }) });
      assert.equal(res.statusCode, 401);
    }
    assert.equal(await countDeals(), before);
  });

  it('answers the spec messages for every missing required field', async () => {
    const res = await assertRejectedCreate({}, {}, 400);
    assert.deepEqual(
      {
        categoryId: res.json().errors.categoryId,
        productTypeIds: res.json().errors.productTypeIds,
        name: res.json().errors.name,
        currentPrice: res.json().errors.currentPrice,
        previousPrice: res.json().errors.previousPrice,
        link: res.json().errors.link,
      },
      {
        categoryId: 'Store is required',
        productTypeIds: 'At least one category is required',
        name: 'Product Name is required',
        currentPrice: 'Current Price is required',
        previousPrice: 'Previous Price is required',
        link: 'Link is required',
      },
    );
  });

  it('requires an image: Please Upload a Product Image', async () => {
    await assertRejectedCreate(validFields(), {}, 400, 'image', 'Please Upload a Product Image');
    const json = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: users.staff.headers, payload: { ...validFields(), productTypeIds: [laptopsId], currentPrice: 1, previousPrice: 2 } });
    assert.equal(json.statusCode, 400);
    assert.equal(json.json().errors.image, 'Please Upload a Product Image');
  });

  it('refuses invalid values with the spec messages and writes nothing', async () => {
    const cases: Array<[Fields, string, string]> = [
      [{ currentPrice: 'cheap' }, 'currentPrice', 'Please enter valid current price'],
      [{ currentPrice: '-1' }, 'currentPrice', 'Please enter valid current price'],
      [{ previousPrice: 'abc' }, 'previousPrice', 'Please enter valid previous price'],
      [{ previousPrice: '1e20' }, 'previousPrice', 'Please enter valid previous price'],
      [{ currentPrice: '1.234' }, 'currentPrice', 'Current Price may have at most 2 decimals'],
      [{ name: '   ' }, 'name', 'Product Name is required'],
      [{ name: 'x'.repeat(501) }, 'name', 'Product Name must be at most 500 characters'],
      [{ badgeText: 'x'.repeat(31) }, 'badgeText', 'Please enter upto 30 words.'],
      [{ badgeColor: 'red' }, 'badgeColor', 'Please enter a valid hex colour such as #000000'],
      [{ promoCode: 'x'.repeat(51) }, 'promoCode', 'Promo Code must be at most 50 characters'],
      [{ additionalInformation: 'x'.repeat(2001) }, 'additionalInformation', 'Additional Information must be at most 2000 characters'],
      [{ keywords: 'x'.repeat(2501) }, 'keywords', 'Keywords must be at most 2500 characters'],
      [{ link: `https://example.com/${'x'.repeat(3000)}` }, 'link', 'Link must be at most 3000 characters'],
      [{ link: 'javascript:alert(1)' }, 'link', 'Link must be a web address starting with http:// or https://'],
      [{ link: 'data:text/html,hi' }, 'link', 'Link must be a web address starting with http:// or https://'],
      [{ link: 'ftp://example.com/x' }, 'link', 'Link must be a web address starting with http:// or https://'],
      [{ dealStartsIn: 'tomorrow' }, 'dealStartsIn', 'Please enter a valid date and time'],
      [{ dealStartsIn: '2030-01-02T00:00:00Z', dealExpiresIn: '2030-01-01T00:00:00Z' }, 'dealExpiresIn', 'Deal expiry must not be before the deal start'],
      [{ categoryId: '999999' }, 'categoryId', 'The selected store does not exist'],
      [{ categoryId: '../1' }, 'categoryId', 'Please select a valid store'],
      [{ productTypeIds: [laptopsId, 999999] }, 'productTypeIds', 'One or more selected categories do not exist'],
      [{ productTypeIds: ['DROP TABLE products'] }, 'productTypeIds.0', 'productTypeIds must be a number'],
      [{ name: '<script>alert(1)</script>' }, 'name', 'Product Name must not contain HTML tags'],
      [{ badgeText: '<img src=x onerror=alert(1)>' }, 'badgeText', 'Badge Text must not contain HTML tags'],
      [{ isActive: 'maybe' }, 'isActive', 'Is Active must be true or false'],
    ];
    for (const [overrides, field, message] of cases) {
      await assertRejectedCreate(validFields(overrides), undefined, 400, field, message);
    }
  });

  it('refuses a fake image with 415, keeping neither row nor file', async () => {
    await assertRejectedCreate(validFields(), { image: FAKE_IMAGE }, 415, undefined, 'Only JPEG, PNG, WebP or GIF images are accepted.');
  });

  it('stores SQL-looking text literally', async () => {
    const name = "Robert'); DROP TABLE products;-- & co";
    const id = await createDeal(users.staff, { name, promoCode: "' OR 1=1 --" });
    const deal = (await getDeal(id)).json();
    assert.equal(deal.name, name);
    assert.equal(deal.promoCode, "' OR 1=1 --");
    assert.ok((await countDeals()) > 0);
  });
});

describe('GET /api/Product/GetAllProducts', () => {
  let activeId: number;
  let inactiveId: number;
  before(async () => {
    activeId = await insertDeal(t.app, { name: 'Listed active', categoryId: storeId, productTypeIds: [laptopsId, phonesId], addedById: users.otherStaff.id, currentPrice: 10, previousPrice: 30, images: ['a'.repeat(32) + '.png', 'b'.repeat(32) + '.png'], previewIndex: 1 });
    inactiveId = await insertDeal(t.app, { name: 'Listed inactive', categoryId: storeId, productTypeIds: [phonesId], isActive: false, images: [] });
  });

  it('lists every deal newest first with aggregated product types, owner, discount and preview', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?isActive=', headers: users.staff.headers });
    assert.equal(res.statusCode, 200);
    const rows = res.json();
    const ids = rows.map((r: { id: number }) => r.id);
    assert.ok(ids.includes(activeId) && ids.includes(inactiveId));
    assert.ok(ids.indexOf(inactiveId) < ids.indexOf(activeId), 'newest first');
    const row = rows.find((r: { id: number }) => r.id === activeId);
    assert.deepEqual(Object.keys(row).sort(), [
      'addedBy',
      'addedById',
      'category',
      'categoryId',
      'clicks7d',
      'commission30d',
      'commissionCurrency',
      'currentPrice',
      'dateTimeAdded',
      'dateTimeModified',
      'dealExpiresIn',
      'dealStartsIn',
      'discount',
      'epc30d',
      'id',
      'imageUrl',
      'isActive',
      'name',
      'previousPrice',
      'productTypes',
      'promoCode',
    ]);
    assert.equal(row.category, 'Acme Outlet');
    assert.deepEqual(row.productTypes, [
      { productTypeId: phonesId, name: 'Phones' },
      { productTypeId: laptopsId, name: 'Laptops' },
    ]);
    assert.equal(row.discount, 67, 'ceil(66.67)');
    assert.equal(row.addedById, users.otherStaff.id);
    assert.equal(row.addedBy, 'test-other Tester');
    assert.equal(row.imageUrl, 'b'.repeat(32) + '.png');
    assert.equal(rows.find((r: { id: number }) => r.id === inactiveId).imageUrl, null);

    // The database writes this document itself: it must match the contract exactly.
    if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value));
    const errors = [...Value.Errors(Type.Array(ProductListItemSchema), rows)].slice(0, 3);
    assert.deepEqual(errors.map((e) => `${e.path}: ${e.message}`), []);
    const full = (await getDeal(activeId)).json();
    assert.equal(row.dateTimeAdded, full.dateTimeAdded, 'same ISO text as the other calls');
    assert.equal(row.dateTimeModified, full.dateTimeModified);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  });

  it('filters by isActive', async () => {
    const active = (await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?isActive=true', headers: users.staff.headers })).json();
    const inactive = (await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?isActive=false', headers: users.staff.headers })).json();
    assert.ok(active.every((r: { isActive: boolean }) => r.isActive) && active.some((r: { id: number }) => r.id === activeId));
    assert.ok(inactive.every((r: { isActive: boolean }) => !r.isActive) && inactive.some((r: { id: number }) => r.id === inactiveId));
  });

  it('answers 401 to anonymous callers and 400 to a malformed flag', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts' })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProducts?isActive=1%27--', headers: users.staff.headers })).statusCode, 400);
  });
});

describe('GET /api/Product/GetProductById', () => {
  it('answers 404 for an unknown deal, 400 for a malformed id, 401 anonymously', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/Product/GetProductById?productId=999999', headers: users.staff.headers });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'Deal not found');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/Product/GetProductById?productId=..%2F1', headers: users.staff.headers });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().errors.productId, 'productId must be a number');
    const id = await insertDeal(t.app, { categoryId: storeId });
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Product/GetProductById?productId=${id}` })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Product/GetProductById?productId=${id}`, headers: users.otherStaff.headers })).statusCode, 200, 'any staff may read');
  });
});

describe('GET /api/Product/GetAllProductsBySearchTerm', () => {
  before(async () => {
    await insertDeal(t.app, { name: 'Garden Hose 100% Rubber', categoryId: storeId, images: ['c'.repeat(32) + '.png'] });
    await insertDeal(t.app, { name: 'Garden Rake', categoryId: storeId });
    await insertDeal(t.app, { name: 'Snake_case mug', categoryId: storeId });
  });

  it('finds names containing the term in any case, with the preview image, store and promo code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProductsBySearchTerm?searchTerm=gARDEN', headers: users.staff.headers });
    assert.equal(res.statusCode, 200);
    const items = res.json();
    assert.deepEqual(items.map((i: { name: string }) => i.name).sort(), ['Garden Hose 100% Rubber', 'Garden Rake']);
    const hose = items.find((i: { name: string }) => i.name.startsWith('Garden Hose'));
    assert.deepEqual(Object.keys(hose).sort(), ['category', 'id', 'imageUrl', 'name', 'promoCode']);
    assert.equal(hose.imageUrl, 'c'.repeat(32) + '.png');
    // The store's name tells apart deals of the same name in the picker.
    assert.equal(typeof hose.category, 'string');
    assert.ok(hose.category.length > 0);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    const percent = (await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProductsBySearchTerm?searchTerm=%25', headers: users.staff.headers })).json();
    assert.deepEqual(percent.map((i: { name: string }) => i.name), ['Garden Hose 100% Rubber']);
    const underscore = (await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProductsBySearchTerm?searchTerm=e_c', headers: users.staff.headers })).json();
    assert.deepEqual(underscore.map((i: { name: string }) => i.name), ['Snake_case mug']);
  });

  it('answers at most 50 items and 401 anonymously', async () => {
    await t.app.db.insert(products).values(Array.from({ length: 55 }, (_, i) => ({ name: `Bulk widget ${i}`, categoryId: storeId, currentPrice: 1, previousPrice: 2, link: 'https://example.com' })));
    const items = (await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProductsBySearchTerm?searchTerm=bulk widget', headers: users.staff.headers })).json();
    assert.equal(items.length, 50);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Product/GetAllProductsBySearchTerm?searchTerm=x' })).statusCode, 401);
    const long = await t.app.inject({ method: 'GET', url: `/api/Product/GetAllProductsBySearchTerm?searchTerm=${'x'.repeat(201)}`, headers: users.staff.headers });
    assert.equal(long.statusCode, 400);
  });
});

describe('GET /api/Product/GetProductsForDashboard', () => {
  it('answers 100 deal cards newest first from skip', async () => {
    const base = Date.parse('2031-01-01T00:00:00Z');
    await t.app.db.insert(products).values(
      Array.from({ length: 120 }, (_, i) => ({ name: `Dash ${i}`, categoryId: storeId, currentPrice: 1, previousPrice: 2, link: 'https://example.com', dateTimeAdded: new Date(base + i * 60_000) })),
    );
    const first = await t.app.inject({ method: 'GET', url: '/api/Product/GetProductsForDashboard?skip=0', headers: users.staff.headers });
    assert.equal(first.statusCode, 200);
    const cards = first.json();
    assert.equal(cards.length, 100);
    assert.equal(cards[0].name, 'Dash 119');
    assert.equal(cards[99].name, 'Dash 20');
    // `hot` is optional: only the public list and the featured sections carry it.
    assert.deepEqual(Object.keys(cards[0]).sort(), Object.keys(DealCardSchema.properties).filter((key) => key !== 'hot' && !(key in DealTrustFields)).sort());
    const second = (await t.app.inject({ method: 'GET', url: '/api/Product/GetProductsForDashboard?skip=100', headers: users.staff.headers })).json();
    assert.equal(second[0].name, 'Dash 19');
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Product/GetProductsForDashboard?skip=-1', headers: users.staff.headers })).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/Product/GetProductsForDashboard' })).statusCode, 401);
  });
});

describe('GET /api/Product/GetProductDetailById', () => {
  const hour = 3_600_000;
  const detail = (id: number, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/Product/GetProductDetailById?productId=${id}`, headers });

  it('shows a live deal to anyone, with the gallery preview first and the product types', async () => {
    const id = await insertDeal(t.app, {
      name: 'Live deal',
      categoryId: storeId,
      productTypeIds: [laptopsId, phonesId],
      additionalInformation: 'About it',
      dealStartsIn: new Date(Date.now() - hour),
      dealExpiresIn: new Date(Date.now() + hour),
      images: ['d'.repeat(32) + '.png', 'e'.repeat(32) + '.png'],
      previewIndex: 1,
    });
    const res = await detail(id);
    assert.equal(res.statusCode, 200, res.body);
    const deal = res.json();
    assert.equal(deal.name, 'Live deal');
    assert.equal(deal.category, 'Acme Outlet');
    assert.equal(deal.productType, 'Phones, Laptops');
    assert.equal(deal.productTypes.length, 2);
    assert.equal(deal.filePath, 'e'.repeat(32) + '.png');
    assert.deepEqual(
      deal.images.map((i: { filePath: string; isPreviewImage: boolean }) => [i.filePath, i.isPreviewImage]),
      [
        ['e'.repeat(32) + '.png', true],
        ['d'.repeat(32) + '.png', false],
      ],
    );
    assert.equal(deal.additionalInformation, 'About it');
    assert.equal(deal.discount, 20);
    // These names are not stored files: their size is unknown, and left out.
    assert.ok(!('width' in deal.images[0]) && !('height' in deal.images[0]), JSON.stringify(deal.images[0]));
    for (const key of Object.keys(DealCardSchema.properties).filter((name) => name !== 'hot')) assert.ok(key in deal, key);
  });

  it('gives each stored picture its pixel size, for link previews', async () => {
    const wide = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } }).png().toBuffer();
    const id = await createDeal(users.staff, {}, wide);
    const res = await detail(id);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().images.map((image: { width?: number; height?: number }) => [image.width, image.height]),
      [[30, 20]],
    );
  });

  it('hides inactive, not-yet-started and expired deals from anonymous callers but not from staff', async () => {
    const hidden = [
      await insertDeal(t.app, { categoryId: storeId, isActive: false }),
      await insertDeal(t.app, { categoryId: storeId, dealStartsIn: new Date(Date.now() + hour) }),
      await insertDeal(t.app, { categoryId: storeId, dealExpiresIn: new Date(Date.now() - hour) }),
    ];
    for (const id of hidden) {
      const anonymous = await detail(id);
      assert.equal(anonymous.statusCode, 404);
      assert.equal(anonymous.json().message, 'Deal not found');
      assert.equal((await detail(id, users.otherStaff.headers)).statusCode, 200);
    }
  });

  it('answers 404 for an unknown deal and 401 for a bad token', async () => {
    assert.equal((await detail(999999)).statusCode, 404);
    const id = await insertDeal(t.app, { categoryId: storeId });
    assert.equal((await detail(id, { authorization: 'Bearer tampered' })).statusCode, 401);
  });
});

describe('PUT /api/Product/UpdateProduct', () => {
  const update = (headers: Record<string, string>, payload: FormData | Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/Product/UpdateProduct', headers, payload });

  it('lets the owner rewrite the deal, replace its product types and add an image', async () => {
    const id = await createDeal(users.staff);
    const before = (await getDeal(id)).json();
    const second = await testImage('png', 8, '#654321');
    const res = await update(users.staff.headers, form(validFields({ id, name: 'Ultrabook 15', productTypeIds: [phonesId], currentPrice: '5', promoCode: undefined }), { image: second }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Deal updated successfully');
    const after = (await getDeal(id)).json();
    assert.equal(after.name, 'Ultrabook 15');
    assert.deepEqual(after.productTypeIds, [phonesId]);
    assert.equal(after.currentPrice, 5);
    assert.equal(after.promoCode, null);
    assert.equal(after.addedById, users.staff.id, 'the owner never changes');
    assert.equal(after.productImages.length, 2, 'the image was added');
    assert.equal(after.imageUrl, before.imageUrl, 'the preview stays');
    assert.ok(Date.parse(after.dateTimeModified) >= Date.parse(before.dateTimeModified));
    const [row] = await t.app.db.select({ searchText: products.searchText }).from(products).where(eq(products.id, id));
    assert.ok(row?.searchText.includes('Ultrabook 15') && !row.searchText.includes('Laptops'), 'search text refreshed');
  });

  it('accepts a JSON body', async () => {
    const id = await createDeal(users.staff);
    const res = await update(users.staff.headers, { ...validFields({ id, name: 'From JSON', productTypeIds: [laptopsId] }), currentPrice: 12.5, previousPrice: 20, isActive: false });
    assert.equal(res.statusCode, 200, res.body);
    const deal = (await getDeal(id)).json();
    assert.equal(deal.name, 'From JSON');
    assert.equal(deal.isActive, false);
    assert.equal(deal.productImages.length, 1);
  });

  it("answers 403 to another staff member and leaves the deal as it was; an admin may update anyone's deal", async () => {
    const id = await createDeal(users.staff);
    const denied = await update(users.otherStaff.headers, form(validFields({ id, name: 'Hijacked' })));
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, 'You can only change deals you added. Ask an administrator for help.');
    assert.equal((await getDeal(id)).json().name, 'Ultrabook 14');
    const allowed = await update(users.admin.headers, form(validFields({ id, name: 'Fixed by admin' })));
    assert.equal(allowed.statusCode, 200);
    assert.equal((await getDeal(id)).json().name, 'Fixed by admin');
  });

  it('allows only admins on a deal whose owner is gone', async () => {
    const id = await insertDeal(t.app, { categoryId: storeId, addedById: null });
    assert.equal((await update(users.staff.headers, form(validFields({ id })))).statusCode, 403);
    assert.equal((await update(users.admin.headers, form(validFields({ id })))).statusCode, 200);
  });

  it('answers 401 anonymously and 404 for an unknown deal', async () => {
    assert.equal((await update({}, form(validFields({ id: 1 })))).statusCode, 401);
    const missing = await update(users.admin.headers, form(validFields({ id: 999999 })));
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'Deal not found');
  });

  it('refuses invalid fields or a fake image and changes nothing', async () => {
    const id = await createDeal(users.staff);
    const files0 = await countFiles();
    const invalid = await update(users.staff.headers, form(validFields({ id, name: '', productTypeIds: undefined })));
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().errors.name, 'Product Name is required');
    assert.equal(invalid.json().errors.productTypeIds, 'At least one category is required');
    const fake = await update(users.staff.headers, form(validFields({ id, name: 'Changed' }), { image: FAKE_IMAGE }));
    assert.equal(fake.statusCode, 415);
    const deal = (await getDeal(id)).json();
    assert.equal(deal.name, 'Ultrabook 14');
    assert.equal(deal.productImages.length, 1);
    assert.equal(deal.productTypeIds.length, 2);
    assert.equal(await countFiles(), files0);
  });
});

describe('DELETE /api/Product/DeleteProduct', () => {
  const remove = (id: number, headers: Record<string, string> = {}) => t.app.inject({ method: 'DELETE', url: `/api/Product/DeleteProduct?productId=${id}`, headers });

  it('lets the owner delete the deal; its rows and image files go', async () => {
    const own = await testImage('png', 8, '#0f0f0f');
    const id = await createDeal(users.staff, {}, own);
    const upload = await t.app.inject({ method: 'POST', url: '/api/ProductImage/UploadImages', headers: users.staff.headers, payload: form({ productId: id }, { files: [await testImage('jpeg', 8, '#abcdef')] }) });
    assert.equal(upload.statusCode, 200, upload.body);
    const names = (await getDeal(id)).json().productImages.map((i: { filePath: string }) => i.filePath);
    assert.equal(names.length, 2);
    for (const name of names) assert.ok(await isStored(t.app, name), name);

    const res = await remove(id, users.staff.headers);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Deal deleted successfully');
    assert.equal((await getDeal(id)).statusCode, 404);
    assert.equal((await t.app.db.select().from(productImages).where(eq(productImages.productId, id))).length, 0);
    assert.equal((await t.app.db.select().from(productProductTypes).where(eq(productProductTypes.productId, id))).length, 0);
    for (const name of names) assert.equal(await isStored(t.app, name), false, `${name} removed`);
    for (const name of names) assert.equal(await isStored(t.app, webpRendition(name)), false, 'renditions removed');
  });

  it('keeps a file another deal still shows', async () => {
    const shared = await testImage('png', 8, '#a1b2c3');
    const first = await createDeal(users.staff, {}, shared);
    const second = await createDeal(users.staff, {}, shared);
    const name = (await getDeal(first)).json().imageUrl;
    assert.equal((await getDeal(second)).json().imageUrl, name, 'same content, same name');
    assert.equal((await remove(first, users.staff.headers)).statusCode, 200);
    assert.ok((await isStored(t.app, name)), 'still used by the second deal');
  });

  it("answers 403 to another staff member, 401 anonymously, 404 when unknown; an admin may delete anyone's deal", async () => {
    const id = await createDeal(users.staff);
    const denied = await remove(id, users.otherStaff.headers);
    assert.equal(denied.statusCode, 403);
    assert.equal((await getDeal(id)).statusCode, 200, 'still there');
    assert.equal((await remove(id)).statusCode, 401);
    assert.equal((await remove(999999, users.admin.headers)).statusCode, 404);
    assert.equal((await remove(id, users.admin.headers)).statusCode, 200);
    assert.equal((await getDeal(id)).statusCode, 404);
  });
});

describe('route declarations', () => {
  it('declares the access level and the ownership rule of every Product route', () => {
    const declared = Object.fromEntries(t.app.apiRoutes.filter((r) => r.url.startsWith('/api/Product/')).map((r) => [`${r.method} ${r.url}`, `${r.access}${r.rule ? ` (${r.rule})` : ''}`]));
    assert.deepEqual(declared, {
      'GET /api/Product/GetAllProducts': 'staff',
      'GET /api/Product/ExportProductsCsv': 'staff',
      'POST /api/Product/BulkUpdateProducts': 'staff (own deal unless admin)',
      'GET /api/Product/GetProductById': 'staff',
      'GET /api/Product/GetAllProductsBySearchTerm': 'staff',
      'GET /api/Product/GetProductsForDashboard': 'staff',
      'GET /api/Product/GetProductDetailById': 'optional',
      'POST /api/Product/CreateProduct': 'staff',
      'PUT /api/Product/UpdateProduct': 'staff (own deal unless admin)',
      'DELETE /api/Product/DeleteProduct': 'staff (own deal unless admin)',
    });
  });
});
