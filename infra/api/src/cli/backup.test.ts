/**
 * `npm run backup` / `npm run restore` on a real server process: the backup is taken while staff
 * keep adding deals with images; the restored folder, opened by a second server, holds every deal
 * acknowledged before the backup began, each later one whole or not at all, and their images.
 * The one-process install is PGlite's; with DATABASE_URL both commands refuse.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { Header } from 'tar';
import { usingPostgres } from '../test-support/database.js';
import { form, testImage } from '../test-support/forms.js';
import { adminHeaders, dealFields, dealShelf, lastLine, runCli, startServer, type ServerProcess } from '../test-support/server-process.js';

const NO_POSTGRES = { DATABASE_URL: '' };

/** A tar.gz of the given entries, written by hand so it may hold what `tar` would refuse to write. */
function tarGz(entries: { path: string; body?: string; type?: 'File' | 'SymbolicLink'; linkpath?: string }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const { path, body = '', type = 'File', linkpath } of entries) {
    const bytes = Buffer.from(body);
    const block = Buffer.alloc(512);
    new Header({ path, type, mode: 0o644, size: type === 'File' ? bytes.length : 0, mtime: new Date(), ...(linkpath ? { linkpath } : {}) }).encode(block);
    blocks.push(block);
    if (type === 'File') blocks.push(bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

interface Created {
  id: number;
  /** When the API acknowledged it (ms since the epoch). */
  acknowledgedAt: number;
}

async function created(res: Response, what: string): Promise<number> {
  const body = await res.text();
  assert.equal(res.status, 200, `${what}: ${body}`);
  return (JSON.parse(body) as { id: number }).id;
}

describe('backup and restore of the one-process install', { skip: usingPostgres && 'the one-process install runs on PGlite; the PostgreSQL leg runs the refusal only' }, () => {
  let root: string;
  let server: ServerProcess | undefined;
  let restored: ServerProcess | undefined;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-backup-test-'));
  });
  after(async () => {
    await server?.stop();
    await restored?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('copies the database and the uploads while deals are being added, and restores them whole into a new folder', async () => {
    const dataDir = join(root, 'data');
    const backupDir = join(root, 'backups');
    server = await startServer(dataDir, NO_POSTGRES);
    const headers = await adminHeaders(server.base);
    const post = (path: string, body: FormData) => fetch(`${server!.base}${path}`, { method: 'POST', headers, body });

    const logo = await testImage('png', 16, '#123456');
    const shelf = await dealShelf(server.base, headers, logo);
    let sequence = 0;
    const addDeal = async (): Promise<Created> => {
      const n = ++sequence;
      // A distinct image per deal: each one's file is its own, so a missing one would show.
      const image = await testImage('png', 8 + (n % 40), `#${(0x100000 + n * 2654435).toString(16).slice(-6)}`);
      const id = await created(
        await post('/api/Product/CreateProduct', form(dealFields(shelf, n), { image })),
        `deal ${n}`,
      );
      return { id, acknowledgedAt: Date.now() };
    };

    const earlier: Created[] = [];
    for (let i = 0; i < 5; i++) earlier.push(await addDeal());
    // A file of an earlier version's layout, which must travel too.
    await writeFile(join(dataDir, 'operator-notes.txt'), 'kept by the backup');

    // Staff keep adding deals while the backup runs.
    const during: Created[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) during.push(await addDeal());
    })();
    const backupStartedAt = Date.now();
    const backup = await runCli('backup', { ...NO_POSTGRES, DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    writing = false;
    await writer;
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /dumped by the running server/);
    const archive = lastLine(backup.stdout);
    assert.match(archive, /deals-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    assert.deepEqual(await readdir(backupDir), [archive.split('/').at(-1)], 'only the finished archive, no temporary file');
    assert.ok(during.length > 0, 'deals were added while the backup ran');
    await server.stop();
    server = undefined;

    // Restore into a folder that does not exist yet, and start a second server on it.
    const restoredDir = join(root, 'restored');
    const restore = await runCli('restore', { ...NO_POSTGRES, DATA_DIR: restoredDir }, [archive]);
    assert.equal(restore.code, 0, restore.stderr);
    assert.equal(await readFile(join(restoredDir, 'operator-notes.txt'), 'utf8'), 'kept by the backup');
    restored = await startServer(restoredDir, NO_POSTGRES);
    const staff = await adminHeaders(restored.base);

    /** The deal with each of its images served from the restored uploads, or null when absent. */
    const readBack = async ({ id }: Created) => {
      const res = await fetch(`${restored!.base}/api/Product/GetProductDetailById?productId=${id}`, { headers: staff });
      if (res.status === 404) return null;
      assert.equal(res.status, 200, await res.clone().text());
      const deal = (await res.json()) as { name: string; images: { filePath: string }[] };
      const files = await Promise.all(deal.images.map(async (image) => (await fetch(`${restored!.base}/api/Attachments/${image.filePath}`)).status));
      return { deal, files };
    };

    for (const deal of earlier.filter((d) => d.acknowledgedAt < backupStartedAt)) {
      const found = await readBack(deal);
      assert.ok(found, `deal ${deal.id}, acknowledged before the backup began, is in the restored site`);
      assert.equal(found.deal.images.length, 1);
      assert.deepEqual(found.files, [200], `the image of deal ${deal.id} is served from the restored uploads`);
    }
    let present = 0;
    for (const deal of during) {
      const found = await readBack(deal);
      if (!found) continue;
      present += 1;
      assert.equal(found.deal.images.length, 1, `deal ${deal.id} is whole: its image row came with it`);
      assert.deepEqual(found.files, [200], `deal ${deal.id} is whole: its image file came with it`);
    }
    // Deals added after the dump are absent; how many made it in depends on timing.
    assert.ok(present <= during.length);
  });

  it('refuses to restore into a folder that is not empty, and a damaged or foreign archive, writing nothing', async () => {
    const archives = join(root, 'backups');
    const [name] = await readdir(archives);
    assert.ok(name, 'the first test left an archive');
    const archive = join(archives, name);

    const occupied = join(root, 'occupied');
    await rm(occupied, { recursive: true, force: true });
    await runCli('restore', { ...NO_POSTGRES, DATA_DIR: occupied }, [archive]).then((r) => assert.equal(r.code, 0, r.stderr));
    const notEmpty = await runCli('restore', { ...NO_POSTGRES, DATA_DIR: occupied }, [archive]);
    assert.equal(notEmpty.code, 1);
    assert.match(notEmpty.stderr, /is not empty: restore only into an empty or new folder/);

    // With no server on the folder, the backup opens the database itself.
    const offline = await runCli('backup', { ...NO_POSTGRES, DATA_DIR: occupied, BACKUP_DIR: join(root, 'offline-backups') });
    assert.equal(offline.code, 0, offline.stderr);
    assert.match(offline.stdout, /no server was running/);
    assert.ok((await stat(lastLine(offline.stdout))).isFile());
    assert.deepEqual((await readdir(occupied)).sort(), ['operator-notes.txt', 'pglite', 'uploads'], 'the control socket it held is gone');

    const bytes = await readFile(archive);
    const tar = gunzipSync(bytes);

    // A flipped byte in the compressed stream: gzip's check fails.
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    // A file changed inside a well-formed archive: the manifest's checksum no longer matches.
    const edited = Buffer.from(tar);
    const at = edited.indexOf(Buffer.from('kept by the backup'));
    assert.ok(at > 0);
    edited.write('KEPT', at);
    // Well-formed tar.gz files that are not backups of ours, or that reach out of the folder.
    const foreign = tarGz([{ path: 'hello.txt', body: 'hello' }]);
    const climbing = tarGz([{ path: '../escaped.txt', body: 'out' }, { path: 'manifest.json', body: '{}' }]);
    const absolute = tarGz([{ path: '/tmp/escaped.txt', body: 'out' }]);
    const linking = tarGz([{ path: 'files/uploads', type: 'SymbolicLink', linkpath: '/etc' }]);

    const cases: [string, Buffer, RegExp][] = [
      ['flipped', flipped, /damaged or not a tar\.gz/],
      ['edited', gzipSync(edited), /does not match its manifest/],
      ['not-ours', foreign, /has no manifest/],
      ['climbing', climbing, /a path outside the folder/],
      ['absolute', absolute, /a path outside the folder/],
      ['linking', linking, /a SymbolicLink entry/],
    ];
    for (const [label, content, message] of cases) {
      const file = join(root, `${label}.tar.gz`);
      await writeFile(file, content);
      const target = join(root, `target-${label}`);
      const result = await runCli('restore', { ...NO_POSTGRES, DATA_DIR: target }, [file]);
      assert.equal(result.code, 1, `${label}: ${result.stdout}`);
      assert.match(result.stderr, message, label);
      assert.match(result.stderr, /Nothing was restored/);
      assert.equal(await readdir(target).catch(() => null), null, `${label}: the target folder was not created`);
      assert.deepEqual((await readdir(root)).filter((entry) => entry.includes('.restoring-')), [], `${label}: no temporary folder is left behind`);
    }
  });
});

describe('backup and restore with DATABASE_URL', () => {
  it('refuse and point to pg_dump / pg_restore', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'deals-backup-pg-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' };
      const backup = await runCli('backup', env);
      assert.equal(backup.code, 1);
      assert.match(backup.stderr, /DATABASE_URL is set.*pg_dump/);
      const restore = await runCli('restore', env, ['whatever.tar.gz']);
      assert.equal(restore.code, 1);
      assert.match(restore.stderr, /DATABASE_URL is set.*pg_restore/);
      assert.deepEqual(await readdir(dataDir), [], 'nothing was written');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
