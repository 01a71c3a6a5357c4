/**
 * The backup archive of a one-process install: one tar.gz holding the embedded database (PGlite's
 * dump of its data folder) and every other file of DATA_DIR (uploads, files of earlier versions),
 * with a manifest last that names each entry's SHA-256, so a restore can tell a complete archive
 * of ours from a damaged or foreign one before it writes anything where the site reads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isAbsolute, join, posix, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Header, list, Pax, x as extract } from 'tar';
import { migrationsFolder } from '../paths.js';
import { CONTROL_SOCKET_NAME, type Dump } from './control-socket.js';

export const ARCHIVE_FORMAT = 'deals-data-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** The database dump inside the archive; the rest of DATA_DIR sits below `files/`. */
export const DATABASE_ENTRY = 'database.tar';
const FILES_PREFIX = 'files/';
/** PGlite's own folder in DATA_DIR (see databaseOptionsFromEnv): travels as the dump, never as files. */
export const PGLITE_FOLDER = 'pglite';

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  pgliteVersion: string;
  postgresVersion: string;
  migrations: number;
  entries: ManifestEntry[];
}

export class ArchiveError extends Error {}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Migrations this code knows; an archive with more was made by a newer version. */
export async function knownMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * A consistent copy of an open PGlite. The dump waits for the transaction lock, so no transaction
 * is half done in it; the CHECKPOINT writes every committed change into the data files first, so
 * the copy does not lean on replaying the write-ahead log when it is opened again.
 */
export async function dumpPglite(client: PGlite): Promise<Dump> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const version = await tx.query<{ server_version: string }>('SHOW server_version');
    const journal = await tx.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
    const applied = journal.rows[0]?.present ? await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations') : null;
    const blob = await client.dumpDataDir('none');
    return {
      bytes: Buffer.from(await blob.arrayBuffer()),
      serverVersion: version.rows[0]?.server_version ?? 'unknown',
      pgliteVersion: installedPgliteVersion(),
      migrations: applied?.rows[0]?.count ?? 0,
    };
  });
}

/** An upload being written (`<name>.<random>.tmp`) is renamed into place once whole; never copied. */
const isPartialUpload = (path: string) => path.endsWith('.tmp');

export interface DataFiles {
  files: string[];
  /** Links and other non-files left out (a link could point anywhere on the machine). */
  skipped: string[];
}

/** The files of DATA_DIR to archive, as `/`-separated relative paths. */
export async function listDataFiles(dataDir: string, exclude: readonly string[] = []): Promise<DataFiles> {
  const result: DataFiles = { files: [], skipped: [] };
  const excluded = new Set(exclude.map((path) => resolve(path)));
  async function walk(folder: string, prefix: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : Promise.reject(error)));
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${prefix}${entry.name}`;
      const full = join(folder, entry.name);
      if (excluded.has(resolve(full))) continue;
      if (!prefix && (entry.name === PGLITE_FOLDER || entry.name === CONTROL_SOCKET_NAME)) continue;
      if (entry.isDirectory()) await walk(full, `${path}/`);
      else if (entry.isFile()) {
        if (!isPartialUpload(path)) result.files.push(path);
      } else result.skipped.push(path);
    }
  }
  await walk(dataDir, '');
  return result;
}

/** A tar stream written entry by entry, so each entry's bytes are hashed as they are written. */
function tarWriter(out: NodeJS.WritableStream) {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out as unknown as NodeJS.EventEmitter, 'drain');
  };
  return {
    async file(path: string, bytes: Buffer, mtime = new Date()): Promise<void> {
      const header = new Header({ path, mode: 0o600, size: bytes.length, mtime, type: 'File', uid: 0, gid: 0 });
      const block = Buffer.alloc(512);
      // Long paths go in a PAX record ahead of the header, as tar itself writes them.
      if (header.encode(block)) await write(new Pax({ path, size: bytes.length, mtime }).encode());
      await write(block);
      await write(bytes);
      const padding = (512 - (bytes.length % 512)) % 512;
      if (padding) await write(Buffer.alloc(padding));
    },
    end: () => write(Buffer.alloc(1024)),
  };
}

/** `deals-backup-20250601T093000Z.tar.gz` */
export function archiveName(at: Date): string {
  return `deals-backup-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

export interface WriteArchiveOptions {
  dataDir: string;
  backupDir: string;
  dump: Dump;
  now?: Date;
  /** Progress lines. */
  log?: (line: string) => void;
}

/**
 * Writes the archive under a temporary name and renames it when complete, so a file of the final
 * name is always whole. Files read after the dump: every file a dumped row names exists by then
 * (uploads are written before the row that names them), and one deleted meanwhile is left out.
 */
export async function writeArchive({ dataDir, backupDir, dump, now = new Date(), log = () => {} }: WriteArchiveOptions): Promise<{ path: string; manifest: Manifest; skipped: string[] }> {
  await mkdir(backupDir, { recursive: true });
  const path = join(backupDir, archiveName(now));
  const partial = `${path}.partial`;
  const gzip = createGzip();
  const file = createWriteStream(partial, { mode: 0o600 });
  const finished = once(file, 'close');
  const failed = new Promise<never>((_, reject) => {
    gzip.once('error', reject);
    file.once('error', reject);
  });
  gzip.pipe(file);
  const tar = tarWriter(gzip);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    createdAt: now.toISOString(),
    pgliteVersion: dump.pgliteVersion,
    postgresVersion: dump.serverVersion,
    migrations: dump.migrations,
    entries: [],
  };
  const write = async (): Promise<string[]> => {
    await tar.file(DATABASE_ENTRY, dump.bytes, now);
    manifest.entries.push({ path: DATABASE_ENTRY, bytes: dump.bytes.length, sha256: sha256(dump.bytes) });
    const { files, skipped } = await listDataFiles(dataDir, [backupDir]);
    for (const relativePath of files) {
      const bytes = await readFile(join(dataDir, ...relativePath.split('/'))).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? null : Promise.reject(error)));
      if (!bytes) continue;
      const entryPath = `${FILES_PREFIX}${relativePath}`;
      await tar.file(entryPath, bytes);
      manifest.entries.push({ path: entryPath, bytes: bytes.length, sha256: sha256(bytes) });
    }
    for (const path of skipped) log(`left out (not a regular file): ${path}`);
    await tar.file(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
    await tar.end();
    gzip.end();
    await finished;
    return skipped;
  };
  try {
    const skipped = await Promise.race([failed, write()]);
    await rename(partial, path);
    return { path, manifest, skipped };
  } catch (error) {
    gzip.destroy();
    file.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

/** A path an archive of ours may hold: relative, `/`-separated, no `..`, nothing odd. */
function safeEntryPath(path: string): boolean {
  if (!path || path.includes('\\') || path.includes('\0') || isAbsolute(path) || posix.isAbsolute(path)) return false;
  const normal = posix.normalize(path);
  if (normal !== path.replace(/\/$/, '') && normal !== path) return false;
  return !normal.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/**
 * Unpacks an archive into `folder` (created, must not exist) after checking every entry: files
 * and folders only (no links, devices), safe paths; then checks the manifest's format and each
 * entry's size and SHA-256. Throws ArchiveError for an archive that is not a whole one of ours.
 */
export async function unpackArchive(archive: string, folder: string): Promise<Manifest> {
  const problems: string[] = [];
  try {
    await list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type !== 'File' && entry.type !== 'Directory') problems.push(`${entry.path}: a ${entry.type} entry`);
        else if (!safeEntryPath(entry.path)) problems.push(`${entry.path}: a path outside the folder`);
      },
    });
  } catch (error) {
    throw new ArchiveError(`the archive is damaged or not a tar.gz (${(error as Error).message})`);
  }
  if (problems.length > 0) throw new ArchiveError(`the archive holds entries a backup of ours never has: ${problems.slice(0, 5).join('; ')}`);

  await mkdir(folder, { recursive: false, mode: 0o700 });
  try {
    await extract({ file: archive, cwd: folder, strict: true, preservePaths: false, noChmod: true });
  } catch (error) {
    throw new ArchiveError(`the archive could not be unpacked (${(error as Error).message})`);
  }
  const manifestText = await readFile(join(folder, MANIFEST_NAME), 'utf8').catch(() => null);
  if (manifestText === null) throw new ArchiveError('the archive has no manifest: it is not a backup of this site, or it is incomplete');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new ArchiveError('the archive’s manifest is not valid JSON');
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveError('the archive is not a backup of this site (unknown format)');
  if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) throw new ArchiveError(`the archive is of format version ${manifest.formatVersion}; this version reads ${ARCHIVE_FORMAT_VERSION}`);
  if (!Array.isArray(manifest.entries) || !manifest.entries.some((entry) => entry.path === DATABASE_ENTRY)) throw new ArchiveError('the archive’s manifest names no database');

  const named = new Set<string>();
  for (const entry of manifest.entries) {
    if (!safeEntryPath(entry.path)) throw new ArchiveError(`the manifest names a path outside the folder: ${entry.path}`);
    named.add(entry.path);
    const bytes = await readFile(join(folder, ...entry.path.split('/'))).catch(() => null);
    if (!bytes) throw new ArchiveError(`the archive lacks ${entry.path}, which its manifest names`);
    if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) throw new ArchiveError(`${entry.path} in the archive does not match its manifest (changed or damaged)`);
  }
  const present = await listDataFiles(folder);
  const unnamed = present.files.filter((path) => path !== MANIFEST_NAME && !named.has(path));
  if (unnamed.length > 0 || present.skipped.length > 0) throw new ArchiveError(`the archive holds files its manifest does not name: ${[...unnamed, ...present.skipped].slice(0, 5).join(', ')}`);
  return manifest;
}

/** Checks that this code can open what the archive holds. */
export async function checkCompatible(manifest: Manifest): Promise<void> {
  const installed = installedPgliteVersion();
  const series = (version: string) => version.split('.').slice(0, 2).join('.');
  if (series(manifest.pgliteVersion) !== series(installed)) {
    throw new ArchiveError(`the archive's database was written by PGlite ${manifest.pgliteVersion}; this version runs PGlite ${installed}, whose data folders differ. Restore with the version that made the backup, then upgrade`);
  }
  const known = await knownMigrations();
  if (manifest.migrations > known) throw new ArchiveError(`the archive's database has ${manifest.migrations} migrations applied; this version knows ${known}. Restore with a version at least as new as the one that made the backup`);
}

/** Loads the dump into a new PGlite data folder (created) and closes it. */
export async function loadDatabase(dump: Buffer, pgliteDir: string): Promise<void> {
  const client = new PGlite({ dataDir: pgliteDir, loadDataDir: new Blob([new Uint8Array(dump)]), extensions: { pg_trgm } });
  try {
    await client.waitReady;
    await client.query('SELECT 1');
  } finally {
    await client.close();
  }
}

/**
 * Builds a complete DATA_DIR from an unpacked archive in `unpacked`: the files moved up from
 * `files/`, the database loaded into `pglite/`, the archive's own entries removed.
 */
export async function assembleDataDir(unpacked: string): Promise<void> {
  const dump = await readFile(join(unpacked, DATABASE_ENTRY));
  // Set aside first: DATA_DIR may itself hold a file or folder called "files".
  const staged = join(unpacked, `.restoring-${randomBytes(6).toString('hex')}`);
  await rename(join(unpacked, FILES_PREFIX), staged).catch((error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? mkdir(staged) : Promise.reject(error)));
  await rm(join(unpacked, DATABASE_ENTRY));
  await rm(join(unpacked, MANIFEST_NAME));
  await loadDatabase(dump, join(unpacked, PGLITE_FOLDER));
  const moved = await readdir(staged).catch(() => [] as string[]);
  for (const name of moved) await rename(join(staged, name), join(unpacked, name));
  await rm(staged, { recursive: true, force: true });
}

/** Whether a folder is missing or empty (restore writes into nothing else). */
export async function isEmptyOrMissing(folder: string): Promise<boolean> {
  const info = await lstat(folder).catch(() => null);
  if (!info) return true;
  if (!info.isDirectory()) return false;
  return (await readdir(folder)).length === 0;
}
