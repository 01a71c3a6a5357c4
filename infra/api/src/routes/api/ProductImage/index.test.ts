import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { productImages } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertDeal, insertProductType, insertStore } from '../../../test-support/deals.js';
import { FAKE_IMAGE, form, testImage } from '../../../test-support/forms.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';
import { isStored, storedKeys } from '../../../test-support/uploads.js';

let t: TestApp;
let users: TestStaff;
let storeId: number;
let typeId: number;
let colour = 0;

before(async () => {
  t = await createTestApp();
  users = await createTestStaff(t.app);
  storeId = await insertStore(t.app, { name: 'Gallery Store' });
  typeId = await insertProductType(t.app, { name: 'Cameras' });
});
after(() => t.close());

/** A real image with distinct bytes each call (content-hashed names would otherwise coincide). */
const freshImage = (format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') => testImage(format, 8, `#${(++colour * 40503).toString(16).padStart(6, '0').slice(-6)}`);

const countFiles = async () => (await storedKeys(t.app)).length;

interface Image {
  id: number;
  filePath: string;
  isPreviewImage: boolean;
}

async function imagesOf(productId: number): Promise<Image[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Product/GetProductById?productId=${productId}`, headers: users.admin.headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().productImages;
}

/** A deal created through the API (so its image is a real stored file), owned by `owner`. */
async function dealOwnedBy(owner = users.staff): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Product/CreateProduct',
    headers: owner.headers,
    payload: form(
      { categoryId: storeId, productTypeIds: [typeId], name: 'Camera', currentPrice: 100, previousPrice: 150, link: 'https://example.com/camera' },
      { image: await freshImage() },
    ),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().id;
}

const upload = async (productId: number, files: Buffer[], headers: Record<string, string> = users.staff.headers) =>
  t.app.inject({ method: 'POST', url: '/api/ProductImage/UploadImages', headers, payload: form({ productId }, { files }) });
const setPreview = (imageId: number | string, headers: Record<string, string> = users.staff.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/ProductImage/SetPreviewImage?imageId=${imageId}`, headers });
const deleteImage = (imageId: number | string, headers: Record<string, string> = users.staff.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/ProductImage/DeleteImage?imageId=${imageId}`, headers });

describe('POST /api/ProductImage/UploadImages', () => {
  it('adds every file to the owner’s deal and keeps the preview', async () => {
    const id = await dealOwnedBy();
    const [original] = await imagesOf(id);
    const res = await upload(id, [await freshImage('jpeg'), await freshImage('webp'), await freshImage('gif')]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Images uploaded successfully');
    const images = await imagesOf(id);
    assert.equal(images.length, 4);
    assert.deepEqual(
      images.filter((i) => i.isPreviewImage).map((i) => i.id),
      [original?.id],
    );
    for (const image of images) assert.ok((await isStored(t.app, image.filePath)), image.filePath);
  });

  it('makes the first upload the preview of a deal without images, and accepts a single file', async () => {
    const id = await insertDeal(t.app, { categoryId: storeId, productTypeIds: [typeId], addedById: users.staff.id });
    assert.equal((await upload(id, [await freshImage(), await freshImage()])).statusCode, 200);
    const images = await imagesOf(id);
    assert.equal(images.length, 2);
    assert.equal(images.filter((i) => i.isPreviewImage).length, 1);
    const ordered = [...images].sort((a, b) => a.id - b.id);
    assert.equal(ordered[0]?.isPreviewImage, true, 'the first uploaded');
  });

  it('refuses the whole upload with 415 when any file is not an image: no row, no file', async () => {
    const id = await dealOwnedBy();
    const files0 = await countFiles();
    const res = await upload(id, [await freshImage(), FAKE_IMAGE, await freshImage()]);
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().message, 'Only JPEG, PNG, WebP or GIF images are accepted.');
    assert.equal((await imagesOf(id)).length, 1);
    assert.equal(await countFiles(), files0);
  });

  it('asks for files when none are sent: Please Upload a Product Image', async () => {
    const id = await dealOwnedBy();
    const res = await t.app.inject({ method: 'POST', url: '/api/ProductImage/UploadImages', headers: users.staff.headers, payload: form({ productId: id }) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.files, 'Please Upload a Product Image');
    const text = await t.app.inject({ method: 'POST', url: '/api/ProductImage/UploadImages', headers: users.staff.headers, payload: form({ productId: id, files: 'not a file' }) });
    assert.equal(text.statusCode, 400);
    assert.equal((await imagesOf(id)).length, 1);
  });

  it("answers 403 on another's deal, 401 anonymously, 404 for an unknown deal; an admin may upload to any", async () => {
    const id = await dealOwnedBy(users.staff);
    const denied = await upload(id, [await freshImage()], users.otherStaff.headers);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().message, 'You can only change deals you added. Ask an administrator for help.');
    assert.equal((await upload(id, [await freshImage()], {})).statusCode, 401);
    assert.equal((await imagesOf(id)).length, 1);
    assert.equal((await upload(999999, [await freshImage()], users.admin.headers)).statusCode, 404);
    assert.equal((await upload(id, [await freshImage()], users.admin.headers)).statusCode, 200);
    assert.equal((await imagesOf(id)).length, 2);
  });

  it('refuses a malformed productId', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ProductImage/UploadImages', headers: users.admin.headers, payload: form({ productId: '../1' }, { files: [await freshImage()] }) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().errors.productId, 'productId must be a number');
  });
});

describe('PUT /api/ProductImage/SetPreviewImage', () => {
  it('leaves exactly one preview: the chosen image', async () => {
    const id = await dealOwnedBy();
    await upload(id, [await freshImage(), await freshImage()]);
    const target = (await imagesOf(id)).find((i) => !i.isPreviewImage) as Image;
    const res = await setPreview(target.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Preview image updated successfully');
    const previews = (await imagesOf(id)).filter((i) => i.isPreviewImage);
    assert.deepEqual(
      previews.map((i) => i.id),
      [target.id],
    );
    const rows = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productImages)
      .where(and(eq(productImages.productId, id), eq(productImages.isPreviewImage, true)));
    assert.equal(rows[0]?.n, 1);
    assert.equal((await setPreview(target.id)).statusCode, 200, 'idempotent');
  });

  it("answers 403 on another's deal, 401 anonymously, 404 for an unknown image; an admin may set any", async () => {
    const id = await dealOwnedBy(users.staff);
    await upload(id, [await freshImage()]);
    const target = (await imagesOf(id)).find((i) => !i.isPreviewImage) as Image;
    assert.equal((await setPreview(target.id, users.otherStaff.headers)).statusCode, 403);
    assert.equal((await setPreview(target.id, {})).statusCode, 401);
    assert.equal((await imagesOf(id)).find((i) => i.id === target.id)?.isPreviewImage, false);
    const missing = await setPreview(999999, users.admin.headers);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'Image not found');
    assert.equal((await setPreview('1;DROP', users.admin.headers)).statusCode, 400);
    assert.equal((await setPreview(target.id, users.admin.headers)).statusCode, 200);
    assert.equal((await imagesOf(id)).find((i) => i.id === target.id)?.isPreviewImage, true);
  });
});

describe('DELETE /api/ProductImage/DeleteImage', () => {
  it('deletes a non-preview image and its file', async () => {
    const id = await dealOwnedBy();
    await upload(id, [await freshImage()]);
    const extra = (await imagesOf(id)).find((i) => !i.isPreviewImage) as Image;
    assert.ok(await isStored(t.app, extra.filePath));
    const res = await deleteImage(extra.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Image deleted successfully');
    assert.deepEqual(
      (await imagesOf(id)).map((i) => i.id).includes(extra.id),
      false,
    );
    assert.equal(await isStored(t.app, extra.filePath), false, 'file removed');
  });

  it('hands the preview to the oldest remaining image, and allows deleting the last one', async () => {
    const id = await dealOwnedBy();
    await upload(id, [await freshImage()]);
    await upload(id, [await freshImage()]);
    const [preview, second, third] = await imagesOf(id);
    assert.ok(preview?.isPreviewImage && second && third);
    assert.equal((await deleteImage(preview.id)).statusCode, 200);
    let images = await imagesOf(id);
    assert.deepEqual(
      images.map((i) => [i.id, i.isPreviewImage]),
      [
        [second.id, true],
        [third.id, false],
      ],
    );
    assert.equal((await deleteImage(second.id)).statusCode, 200);
    assert.equal((await deleteImage(third.id)).statusCode, 200);
    images = await imagesOf(id);
    assert.equal(images.length, 0);
    const deal = (await t.app.inject({ method: 'GET', url: `/api/Product/GetProductById?productId=${id}`, headers: users.staff.headers })).json();
    assert.equal(deal.imageUrl, null);
  });

  it("answers 403 on another's deal, 401 anonymously, 404 for an unknown image; an admin may delete any", async () => {
    const id = await dealOwnedBy(users.staff);
    const [image] = await imagesOf(id);
    assert.ok(image);
    assert.equal((await deleteImage(image.id, users.otherStaff.headers)).statusCode, 403);
    assert.equal((await deleteImage(image.id, {})).statusCode, 401);
    assert.equal((await imagesOf(id)).length, 1);
    assert.ok((await isStored(t.app, image.filePath)));
    assert.equal((await deleteImage(999999, users.admin.headers)).statusCode, 404);
    assert.equal((await deleteImage(image.id, users.admin.headers)).statusCode, 200);
    assert.equal((await imagesOf(id)).length, 0);
  });
});

describe('route declarations', () => {
  it('guards every ProductImage route with the ownership rule', () => {
    const declared = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/ProductImage/')).map((r) => `${r.method} ${r.url} ${r.access} ${r.rule}`);
    assert.deepEqual(declared.sort(), [
      'DELETE /api/ProductImage/DeleteImage staff own deal unless admin',
      'POST /api/ProductImage/UploadImages staff own deal unless admin',
      'PUT /api/ProductImage/SetPreviewImage staff own deal unless admin',
    ]);
  });
});
