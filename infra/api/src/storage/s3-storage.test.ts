/**
 * Uploads on an S3-compatible bucket (issue 17): the blob-store contract on both stores, the app
 * with `S3_BUCKET` set (uploads, Attachments, sized renditions, release), two instances on one
 * bucket and one database, and the copy command's core. The bucket is a real S3-protocol server
 * (s3rver) spoken to by the real AWS SDK.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { IMAGE_WIDTHS } from '../contract/index.js';
import { sizedKey, webpRendition } from '../plugins/app/images.js';
import { createSharedTestDatabase, type TestDatabase } from '../test-support/database.js';
import { form, testImage } from '../test-support/forms.js';
import { startLocalS3, type LocalS3 } from '../test-support/s3.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';
import { storedKeys } from '../test-support/uploads.js';
import type { BlobStore } from './blob-store.js';
import { copyUploads } from './copy-uploads.js';
import { createLocalFolderStore } from './local-folder-store.js';
import { createS3Store } from './s3-store.js';
import { s3SettingsFromEnv } from './storage-settings.js';

const QUIET = { logger: false as const, push: { worker: { enabled: false } } };
const listed = async (store: BlobStore) => {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
};

let s3: LocalS3;
let folder: string;
before(async () => {
  s3 = await startLocalS3();
  folder = await mkdtemp(join(tmpdir(), 'deals-blobs-'));
});
after(async () => {
  await s3.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('blob stores', () => {
  const stores = () => ({ folder: createLocalFolderStore(folder), bucket: createS3Store({ ...s3SettingsFromEnv(s3.env)!, prefix: 'contract/' }) });

  for (const kind of ['folder', 'bucket'] as const) {
    it(`${kind}: put, exists, read, open, list and delete; a second put of a key changes nothing`, async () => {
      const store = stores()[kind];
      const key = `${'c'.repeat(32)}.png`;
      assert.equal(await store.exists(key), false);
      assert.equal(await store.read(key), null);
      assert.equal(await store.open(key), null);
      await store.put(key, Buffer.from('first bytes'), 'image/png');
      await store.put(key, Buffer.from('other bytes'), 'image/png');
      assert.equal(await store.exists(key), true);
      assert.equal((await store.read(key))!.toString(), 'first bytes', 'content-addressed: the first write stands');
      const opened = (await store.open(key))!;
      assert.equal(opened.size, 11);
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
      assert.equal(Buffer.concat(chunks).toString(), 'first bytes');
      await store.put(`sizes/${'c'.repeat(32)}-320.webp`, Buffer.from('sized'), 'image/webp');
      assert.deepEqual(await listed(store), [key, `sizes/${'c'.repeat(32)}-320.webp`]);
      await store.delete(key);
      await store.delete(key);
      assert.equal(await store.exists(key), false);
      await store.delete(`sizes/${'c'.repeat(32)}-320.webp`);
      await store.close();
    });
  }

  it('settings: S3_BUCKET switches the bucket on; bad values stop the start with their reason', () => {
    assert.equal(s3SettingsFromEnv({}), null);
    assert.deepEqual(s3SettingsFromEnv({ S3_BUCKET: 'b' }), { bucket: 'b', region: 'us-east-1', forcePathStyle: false, prefix: '' });
    assert.throws(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }), /S3_FORCE_PATH_STYLE must be true or false/);
    assert.throws(() => s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }), /S3_ENDPOINT must be an http\(s\) URL/);
  });
});

describe('the app with S3_BUCKET set', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let people: TestStaff;

  before(async () => {
    database = await createSharedTestDatabase();
    const env = { ...s3.env, PUBLIC_CACHE_TTL_MS: '0' };
    [one, two] = await Promise.all([buildApp({ database: database.options, ...QUIET, env }), buildApp({ database: database.options, ...QUIET, env })]);
    people = await createTestStaff(one);
  });
  after(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database.drop();
  });

  it('stores an upload in the bucket and serves it, and its sizes, from either instance with the same headers', async () => {
    const logo = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#3a6' } }).png().toBuffer();
    const created = await one.inject({ method: 'POST', url: '/api/Category/CreateCategory', headers: people.admin.headers, payload: form({ name: 'Bucket Store' }, { logo }) });
    assert.equal(created.statusCode, 200, created.body);
    const name = (await one.inject({ method: 'GET', url: `/api/Category/GetCategoryById?categoryId=${created.json().id}`, headers: people.admin.headers })).json().imageFilePath as string;
    const keys = await storedKeys(two);
    assert.ok(keys.includes(name) && keys.includes(webpRendition(name)), `${name} and its rendition are in the bucket: ${keys.join(', ')}`);

    for (const app of [one, two]) {
      const res = await app.inject({ method: 'GET', url: `/api/Attachments/${name}` });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
      assert.equal((await sharp(res.rawPayload).metadata()).width, 700);
      const again = await app.inject({ method: 'GET', url: `/api/Attachments/${name}`, headers: { 'if-none-match': String(res.headers.etag) } });
      assert.equal(again.statusCode, 304);
    }

    // Two instances asked for the same size at once: one object.
    const width = IMAGE_WIDTHS[1];
    const [a, b] = await Promise.all([one, two].map((app) => app.inject({ method: 'GET', url: `/api/Attachments/${name}?w=${width}` })));
    for (const res of [a!, b!]) {
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/webp');
      assert.equal((await sharp(res.rawPayload).metadata()).width, width);
    }
    assert.equal((await storedKeys(one)).filter((key) => key === sizedKey(name, width)).length, 1);

    const deleted = await two.inject({ method: 'DELETE', url: `/api/Category/DeleteCategory?categoryId=${created.json().id}`, headers: people.admin.headers });
    assert.equal(deleted.statusCode, 200, deleted.body);
    const left = await storedKeys(one);
    assert.deepEqual(left.filter((key) => key.includes(name.slice(0, 32))), [], 'original, rendition and sizes are deleted from the bucket');
    assert.equal((await one.inject({ method: 'GET', url: `/api/Attachments/${name}` })).statusCode, 404);
    assert.equal((await one.inject({ method: 'GET', url: `/api/Attachments/${name}?w=${width}` })).statusCode, 404);
  });

  it('refuses to start when the bucket cannot be reached, saying which', async () => {
    await assert.rejects(
      buildApp({ database: database.options, ...QUIET, env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } }),
      /the uploads bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be reached/,
    );
  });
});

describe('copying a local uploads folder into the bucket', () => {
  it('copies every upload once, skips what is not an upload, and a second run copies nothing', async () => {
    const source = createLocalFolderStore(join(folder, 'uploads'));
    const png = await testImage('png', 8, '#123456');
    const names = [`${'d'.repeat(32)}.png`, `${'d'.repeat(32)}.webp`, `sizes/${'d'.repeat(32)}-160.webp`];
    for (const name of names) await source.put(name, png, 'image/png');
    await source.put('notes.txt', Buffer.from('not an upload'), 'text/plain');
    const target = createS3Store({ ...s3SettingsFromEnv(s3.env)!, prefix: 'copied/' });

    assert.deepEqual(await copyUploads(source, target), { copied: 3, alreadyThere: 0, skipped: ['notes.txt'] });
    assert.deepEqual(await listed(target), [...names].sort());
    assert.deepEqual((await target.read(names[0]!))!, png);
    assert.deepEqual(await copyUploads(source, target), { copied: 0, alreadyThere: 3, skipped: ['notes.txt'] });
    await target.close();
  });
});
