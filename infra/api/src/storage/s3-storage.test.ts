/**
 * Uploads on an S3-compatible bucket: the blob-store contract on both stores, the app
 * with `S3_BUCKET` set (uploads, Attachments, sized renditions, release), two instances on one
 * bucket and one database, and the copy command's core. The bucket is a real S3-protocol server
 * (s3rver) spoken to by the real AWS SDK.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { IMAGE_WIDTHS } from '@deals/contract';
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

  it('bucket: a conditional put refused because another writer got there first (412, 409) is success; other refusals are errors', async () => {
    // s3rver ignores If-None-Match, so the refusal real S3 sends when two instances write one key
    // at once is played by a client that answers every object request itself.
    const refusal = (status: number, name: string) => new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status } });
    let answer: S3ServiceException;
    const sent: unknown[] = [];
    const client = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    client.send = (async (command: unknown) => {
      if (command instanceof HeadObjectCommand) throw refusal(404, 'NotFound');
      if (command instanceof PutObjectCommand) {
        sent.push(command.input.IfNoneMatch);
        throw answer;
      }
      throw new Error('unexpected command');
    }) as S3Client['send'];
    const store = createS3Store({ bucket: 'b', region: 'us-east-1', forcePathStyle: true, prefix: '' }, client);
    for (const lost of [refusal(412, 'PreconditionFailed'), refusal(409, 'ConditionalRequestConflict')]) {
      answer = lost;
      await store.put(`${'e'.repeat(32)}.png`, Buffer.from('x'), 'image/png');
    }
    answer = refusal(403, 'AccessDenied');
    await assert.rejects(store.put(`${'e'.repeat(32)}.png`, Buffer.from('x'), 'image/png'), /AccessDenied/);
    assert.deepEqual(sent, ['*', '*', '*'], 'every write is conditional');
  });

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

    // A burst of first requests for one size renders and writes it once; the other instance then
    // serves the stored object without writing. (Both instances at once rely on the conditional
    // put, checked above with a stand-in client: s3rver neither honours the condition nor makes
    // two writes of one key atomic.)
    const width = IMAGE_WIDTHS[1];
    const writes = new Map<FastifyInstance, string[]>();
    for (const app of [one, two]) {
      const put = app.images.blobs.put.bind(app.images.blobs);
      writes.set(app, []);
      app.images.blobs.put = (key, bytes, contentType) => (writes.get(app)!.push(key), put(key, bytes, contentType));
    }
    const burst = await Promise.all([1, 2, 3].map(() => one.inject({ method: 'GET', url: `/api/Attachments/${name}?w=${width}` })));
    const fromTwo = await two.inject({ method: 'GET', url: `/api/Attachments/${name}?w=${width}` });
    for (const res of [...burst, fromTwo]) {
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/webp');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal((await sharp(res.rawPayload).metadata()).width, width);
      assert.deepEqual(res.rawPayload, burst[0]!.rawPayload);
    }
    assert.deepEqual(writes.get(one), [sizedKey(name, width)], 'rendered and written once');
    assert.deepEqual(writes.get(two), [], 'served from the bucket');
    assert.equal((await two.inject({ method: 'GET', url: `/api/Attachments/${name}?w=${width}`, headers: { 'if-none-match': String(fromTwo.headers.etag) } })).statusCode, 304);
    assert.ok((await storedKeys(one)).includes(sizedKey(name, width)));

    const deleted = await two.inject({ method: 'DELETE', url: `/api/Category/DeleteCategory?categoryId=${created.json().id}`, headers: people.admin.headers });
    assert.equal(deleted.statusCode, 200, deleted.body);
    const left = await storedKeys(one);
    assert.deepEqual(left.filter((key) => key.includes(name.slice(0, 32))), [], 'original, rendition and sizes are deleted from the bucket');
    for (const url of [`/api/Attachments/${name}`, `/api/Attachments/${name}?w=${width}`, `/api/Attachments/${webpRendition(name)}`, `/api/Attachments/${'0'.repeat(32)}.jpg?w=${width}`]) {
      const res = await two.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().message, 'Not found', url);
    }
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

describe('npm run storage:copy-to-s3', () => {
  const run = promisify(execFile);
  const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
  /** The command as its script runs it, from source (tsx) rather than the build. */
  const copy = (env: Record<string, string>) =>
    run(process.execPath, ['--conditions=deals-source', '--import', 'tsx', 'src/cli/copy-uploads-to-s3.ts'], { cwd: apiRoot, env: { PATH: process.env.PATH ?? '', ...env } }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('copies DATA_DIR/uploads into the bucket, reports its counts, copies nothing the second time, and fails loudly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'deals-copy-cli-'));
    try {
      const uploads = createLocalFolderStore(join(dataDir, 'uploads'));
      const png = await testImage('png', 8, '#654321');
      for (const key of [`${'f'.repeat(32)}.png`, `${'f'.repeat(32)}.webp`, `sizes/${'f'.repeat(32)}-320.webp`]) await uploads.put(key, png, 'image/png');
      await uploads.put('.DS_Store', Buffer.from('x'), 'text/plain');
      const env = { ...s3.env, S3_PREFIX: 'cli/', DATA_DIR: dataDir };

      const first = await copy(env);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /3 copied, 0 already there, 1 skipped/);
      const target = createS3Store({ ...s3SettingsFromEnv(env)!, prefix: 'cli/' });
      assert.deepEqual(await listed(target), [`${'f'.repeat(32)}.png`, `${'f'.repeat(32)}.webp`, `sizes/${'f'.repeat(32)}-320.webp`]);
      await target.close();

      const second = await copy(env);
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stdout, /0 copied, 3 already there, 1 skipped/);

      const unreachable = await copy({ ...env, S3_BUCKET: 'no-such-bucket' });
      assert.equal(unreachable.code, 1);
      assert.match(unreachable.stderr, /Copy failed: the uploads bucket "no-such-bucket" .* cannot be reached/);
      const unset = await copy({ DATA_DIR: dataDir });
      assert.equal(unset.code, 1);
      assert.match(unset.stderr, /S3_BUCKET is not set/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
