import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { categories } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { FAKE_IMAGE, testImage } from '../../test-support/forms.js';
import { isStored, storedBytes } from '../../test-support/uploads.js';
import { STORED_NAME, webpRendition } from './images.js';

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    return error;
  }
  assert.fail('expected a rejection');
}

describe('image store', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  after(() => t.close());

  for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) {
    it(`stores a ${format} under a content-hashed name with a WebP rendition`, async () => {
      const name = await t.app.images.save(await testImage(format, 16, '#e76f51'));
      assert.match(name, STORED_NAME);
      assert.equal(name.split('.')[1], format === 'jpeg' ? 'jpg' : format);
      const original = await sharp(await storedBytes(t.app, name)).metadata();
      assert.equal(original.format, format);
      const rendition = await sharp(await storedBytes(t.app, webpRendition(name))).metadata();
      assert.equal(rendition.format, 'webp');
    });
  }

  it('gives identical uploads one file', async () => {
    const bytes = await testImage('png', 12, '#264653');
    assert.equal(await t.app.images.save(bytes), await t.app.images.save(Buffer.from(bytes)));
  });

  it('drops metadata such as EXIF on the way in', async () => {
    const withExif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-data' } })
      .toBuffer();
    assert.ok(withExif.includes('secret-location-data'));
    const stored = await storedBytes(t.app, await t.app.images.save(withExif));
    assert.ok(!stored.includes('secret-location-data'));
  });

  it('refuses what is not an image, whatever it claims, with 415', async () => {
    for (const bytes of [FAKE_IMAGE, Buffer.from('GIF89a but not really'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const error = await rejection(t.app.images.save(bytes));
      assert.equal(error.statusCode, 415);
      assert.equal(error.message, 'Only JPEG, PNG, WebP or GIF images are accepted.');
    }
  });

  it('refuses a truncated image with 415', async () => {
    const bytes = await testImage('png', 64);
    const error = await rejection(t.app.images.save(bytes.subarray(0, 60)));
    assert.equal(error.statusCode, 415);
  });

  it('refuses images over 25 megapixels with 413 before decoding them', async () => {
    // A PNG header declaring 6000×6000 pixels (36 MP) is enough: the pixel check reads the header.
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const error = await rejection(t.app.images.save(big));
    assert.equal(error.statusCode, 413);
    assert.match(error.message, /25 megapixels/);
  });

  it('deletes a released file only when no row refers to it any more', async () => {
    const name = await t.app.images.save(await testImage('png', 20, '#f4a261'));
    const [store] = await t.app.db.insert(categories).values({ name: 'Kept', imageFilePath: name }).returning();
    await t.app.images.release([name]);
    assert.ok(await isStored(t.app, name), 'still referenced: kept');

    const { eq } = await import('drizzle-orm');
    await t.app.db.delete(categories).where(eq(categories.id, store!.id));
    await t.app.images.release([name, null, '../../etc/passwd']);
    assert.equal(await isStored(t.app, name), false);
    assert.equal(await isStored(t.app, webpRendition(name)), false);
  });

  it('never opens a name outside the stored pattern', async () => {
    for (const name of ['../secrets/jwt-secret', '..%2F..%2Fetc', 'a.jpg', `${'a'.repeat(32)}.svg`, `${'A'.repeat(32)}.png`]) {
      assert.equal(await t.app.images.open(name), null, name);
    }
  });
});
