/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for the file and dropped afterwards (same suite, both engines).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, type DatabaseOptions } from '../db/client.js';

export interface TestDatabase {
  /** Options for buildApp. With `persistent`, several apps in a row see the same data. */
  options: DatabaseOptions;
  drop(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export async function createTestDatabase({ persistent = false } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (!persistent) return { options: { driver: 'pglite' }, drop: async () => {} };
    const dir = await mkdtemp(join(tmpdir(), 'deals-api-test-'));
    return { options: { driver: 'pglite', dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }

  const name = `deals_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
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
 * deployment do: a PostgreSQL database, or one in-memory PGlite handed to each of them.
 */
export async function createSharedTestDatabase(): Promise<TestDatabase> {
  if (usingPostgres) return createTestDatabase();
  const client = await openPglite();
  return { options: { driver: 'pglite', client }, drop: () => client.close() };
}
