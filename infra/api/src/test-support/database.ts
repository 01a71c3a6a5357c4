/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for the file and dropped afterwards (same suite, both engines). Most
 * start as copies of an already migrated database (database-template.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, type DatabaseOptions } from '../db/client.js';
import { createMigratedPostgres, openMigratedPglite } from './database-template.js';

export interface TestDatabase {
  /** Options for buildApp. With `persistent`, several apps in a row see the same data. */
  options: DatabaseOptions;
  drop(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function createTestDatabase({ persistent = false } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (!persistent) {
      const client = await openMigratedPglite();
      return { options: { driver: 'pglite', client }, drop: () => client.close() };
    }
    const dir = await mkdtemp(join(tmpdir(), 'deals-api-test-'));
    return { options: { driver: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }

  const name = `deals_test_${randomBytes(6).toString('hex')}`;
  await createMigratedPostgres(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { driver: 'postgres', connectionString: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * One fresh database that several app instances open at the same time, as instances of a
 * deployment do: a PostgreSQL database, or one in-memory PGlite handed to each of them. That
 * PGlite is made by initdb, not copied from the template: two job-queue workers on a copy left a
 * due job's row missing (the go-live test across two instances), where a fresh one passes.
 */
export async function createSharedTestDatabase(): Promise<TestDatabase> {
  if (usingPostgres) return createTestDatabase();
  const client = await openPglite();
  return { options: { driver: 'pglite', client }, drop: () => client.close() };
}
