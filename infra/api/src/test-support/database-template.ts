/**
 * Migrated databases for tests, made once and copied. A fresh PGlite spends seconds on initdb and
 * the migrations, and the suite opens hundreds of databases in as many processes (node:test runs
 * each file in its own), so the first file migrates one and saves it: for PGlite a data-directory
 * dump in the temp dir, for PostgreSQL a template database on the server. Both are named by a hash
 * of the migrations (and the PGlite version), so a changed migration makes a new one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase, openPglite } from '../db/client.js';
import { migrationsFolder } from '../paths.js';

function migrationsHash(): string {
  const hash = createHash('sha256');
  // The package exports no package.json; its entry point lies in dist/, one below it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(`${file}\n`).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: string | undefined;
const templateHash = () => (hashOnce ??= migrationsHash());

let pgliteDump: Promise<Blob> | undefined;

async function migratedPgliteDump(): Promise<Blob> {
  const file = join(tmpdir(), `deals-api-test-template-${templateHash()}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved) return new Blob([saved]);
  const client = await openPglite();
  try {
    await (await openDatabase({ driver: 'pglite', client })).close();
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed: a file running at the same time never reads half a dump.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await client.close();
  }
}

/** An in-memory PGlite holding every migration, as if just opened by the app. */
export async function openMigratedPglite(): Promise<PGlite> {
  pgliteDump ??= migratedPgliteDump();
  const client = new PGlite({ loadDataDir: await pgliteDump, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/** The name of a migrated template database on the server at `adminUrl`, made when missing. */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `deals_test_template_${templateHash()}`;
  const exists = await withClient(adminUrl, async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount);
  if (exists) return name;
  // Migrated under a name of its own and renamed when done, so no file copies a half-made template.
  const building = `deals_test_building_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
  try {
    await (await openDatabase({ driver: 'postgres', connectionString: databaseUrl(adminUrl, building), poolMax: 1 })).close();
    await withClient(adminUrl, (admin) => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
  } catch (error) {
    // Another file finished its template first: use that one.
    const raced = await withClient(adminUrl, async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount);
    if (!raced) throw error;
  } finally {
    await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
  }
  return name;
}

/** Creates database `name` as a copy of the migrated template. */
export async function createMigratedPostgres(adminUrl: string, name: string): Promise<void> {
  postgresTemplate ??= migratedPostgresTemplate(adminUrl);
  const template = await postgresTemplate;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
}
