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
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  /** Embedded PostgreSQL. Data under `dataDir`; without one, in memory (tests). */
  | { driver: 'pglite'; dataDir?: string }
  /** A PostgreSQL server through node-postgres. */
  | { driver: 'postgres'; connectionString: string; poolMax?: number };

export interface OpenDatabase {
  db: Database;
  driver: DatabaseOptions['driver'];
  close(): Promise<void>;
}

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite under `${dataDir}/pglite`. */
export function databaseOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, dataDir: string): DatabaseOptions {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { driver: 'pglite', dataDir: join(dataDir, 'pglite') };
  // DATABASE_POOL_MAX: connections the server may hold (default 10).
  const poolMax = Number(env.DATABASE_POOL_MAX);
  return Number.isInteger(poolMax) && poolMax > 0 ? { driver: 'postgres', connectionString: url, poolMax } : { driver: 'postgres', connectionString: url };
}

export async function openDatabase(
  options: DatabaseOptions,
  onBackgroundError: (error: Error) => void = () => {},
): Promise<OpenDatabase> {
  if (options.driver === 'pglite') {
    if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
    // pg_trgm: the keyword search's typo fallback (migration 0002 creates the extension). The
    // options-object form: `new PGlite(undefined, options)` would drop the options (in-memory tests).
    const client = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    try {
      await migratePglite(db, { migrationsFolder });
    } catch (error) {
      await client.close();
      throw error;
    }
    return { db, driver: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolMax ?? 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', onBackgroundError);
  const db = drizzlePg({ client: pool, schema });
  try {
    await migratePg(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, driver: 'postgres', close: () => pool.end() };
}
