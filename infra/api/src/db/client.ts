/**
 * Opens the database on the configured driver, applies pending migrations and hands back one
 * Drizzle instance typed on the shared schema, so repositories never know which driver runs.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.js';
import { DEPLOYMENT_LOCKS, withDeploymentLock } from './deployment-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  /**
   * Embedded PostgreSQL. Data under `dataDir`; without one, in memory (tests). `client`: an open
   * PGlite owned by the caller, which tests share between two app instances.
   */
  | { driver: 'pglite'; dataDir?: string; client?: PGlite }
  /** A PostgreSQL server through node-postgres. */
  | { driver: 'postgres'; connectionString: string; poolMax?: number };

/**
 * Plain SQL text on the same connection(s) as `db`, for libraries that bring their own statements
 * (the job queue). Without values a text may hold several statements (`BEGIN; …; COMMIT;`).
 */
export interface RawSql {
  execute(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

export interface OpenDatabase {
  db: Database;
  driver: DatabaseOptions['driver'];
  raw: RawSql;
  close(): Promise<void>;
}

/**
 * PGlite binds values on one statement only; scripts go through `exec`, whose results are
 * concatenated. A script runs inside PGlite's own transaction: if it fails halfway (its own
 * `BEGIN` left open), that transaction's rollback cleans the one shared session before any other
 * statement can run in it.
 */
function pgliteRawSql(client: PGlite): RawSql {
  return {
    async execute(text, values) {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.transaction((tx) => tx.exec(text));
      return { rows: results.flatMap((result) => result.rows) };
    },
  };
}

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite under `${dataDir}/pglite`. */
export function databaseOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, dataDir: string): DatabaseOptions {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { driver: 'pglite', dataDir: join(dataDir, 'pglite') };
  // DATABASE_POOL_MAX: connections the server may hold (default 10).
  const poolMax = Number(env.DATABASE_POOL_MAX);
  return Number.isInteger(poolMax) && poolMax > 0 ? { driver: 'postgres', connectionString: url, poolMax } : { driver: 'postgres', connectionString: url };
}

/** Openers of one shared PGlite migrate one after the other (PostgreSQL uses a deployment lock). */
const pgliteMigrations = new WeakMap<PGlite, Promise<unknown>>();
function migrateSharedPglite(client: PGlite, migrate: () => Promise<void>): Promise<void> {
  const next = (pgliteMigrations.get(client) ?? Promise.resolve()).catch(() => {}).then(migrate);
  pgliteMigrations.set(client, next);
  return next;
}

export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the keyword search's typo fallback (migration 0002 creates the extension). The
  // options-object form: `new PGlite(undefined, options)` would drop the options (in-memory tests).
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

export async function openDatabase(
  options: DatabaseOptions,
  onBackgroundError: (error: Error) => void = () => {},
): Promise<OpenDatabase> {
  if (options.driver === 'pglite') {
    const owned = !options.client;
    const client = options.client ?? (await openPglite(options.dataDir));
    const db = drizzlePglite({ client, schema });
    try {
      await migrateSharedPglite(client, () => migratePglite(db, { migrationsFolder }));
    } catch (error) {
      if (owned) await client.close();
      throw error;
    }
    return { db, driver: 'pglite', raw: pgliteRawSql(client), close: async () => (owned ? client.close() : undefined) };
  }

  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolMax ?? 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', onBackgroundError);
  const db = drizzlePg({ client: pool, schema });
  try {
    // Instances starting together migrate one after the other; the later ones find nothing to do.
    await withDeploymentLock(options, DEPLOYMENT_LOCKS.migrations, () => migratePg(db, { migrationsFolder }));
  } catch (error) {
    await pool.end();
    throw error;
  }
  // node-postgres sends a text without values as a simple query, which may hold several statements.
  const raw: RawSql = { execute: (text, values) => pool.query(text, values as unknown[] | undefined) };
  return { db, driver: 'postgres', raw, close: () => pool.end() };
}
