import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { webpRendition } from '../../../plugins/app/images.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { testImage } from '../../../test-support/forms.js';

describe('GET /api/Attachments/{filePath}', () => {
  let t: TestApp;
  let name: string;
  before(async () => {
    t = await createTestApp();
    await t.app.ready();
    name = await t.app.images.save(await testImage('jpeg', 24));
  });
  after(() => t.close());

  it('serves a stored image with its type and a year of immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Attachments/${name}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/jpeg');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal((await sharp(res.rawPayload).metadata()).format, 'jpeg');
  });

  it('serves the WebP rendition', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Attachments/${webpRendition(name)}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/webp');
  });

  it('serves a smaller WebP for srcset at the allowed widths, never enlarged, and refuses other widths', async () => {
    const big = await t.app.images.save(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#345' } }).png().toBuffer());
    const small = await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}?w=320` });
    assert.equal(small.statusCode, 200);
    assert.equal(small.headers['content-type'], 'image/webp');
    assert.equal(small.headers['cache-control'], 'public, max-age=31536000, immutable');
    const meta = await sharp(small.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 320, 213]);
    const again = await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}?w=320`, headers: { 'if-none-match': String(small.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.notEqual(small.headers.etag, (await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}` })).headers.etag);
    const wide = await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}?w=1280` });
    assert.equal((await sharp(wide.rawPayload).metadata()).width, 900, 'never enlarged');
    for (const w of ['300', '0', '-160', 'abc', '99999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}?w=${w}` });
      assert.equal(res.statusCode, 400, w);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Attachments/${'0'.repeat(32)}.png?w=320` })).statusCode, 404);
    await t.app.images.release([big]);
    assert.equal((await t.app.inject({ method: 'GET', url: `/api/Attachments/${big}?w=320` })).statusCode, 404, 'released with the image');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/Attachments/${name}` });
    const again = await t.app.inject({ method: 'GET', url: `/api/Attachments/${name}`, headers: { 'if-none-match': String(first.headers.etag) } });
    assert.equal(again.statusCode, 304);
  });

  it('answers unknown names and path tricks with a JSON 404', async () => {
    for (const url of [
      `/api/Attachments/${'0'.repeat(32)}.png`,
      '/api/Attachments/..%2F..%2Fsecrets%2Fjwt-secret',
      '/api/Attachments/%2e%2e%2fpackage.json',
      '/api/Attachments/../../package.json',
      '/api/Attachments/secrets',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().message, 'Not found', url);
    }
  });
});
