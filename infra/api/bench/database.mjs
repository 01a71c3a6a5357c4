// Throwaway benchmark databases: created, migrated by the server's own code (dist/), seeded with
// bench/seed.sql and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const here = import.meta.dirname;
const dist = join(here, '..', 'dist');

/**
 * A fresh database for one engine. `serverEnv` is what the API server needs to open it
 * (DATABASE_URL, or DATA_DIR with PGlite under DATA_DIR/pglite, as src/config.ts reads it).
 */
export async function createBenchDatabase(engine, adminUrl) {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'deals-bench-'));
    return {
      options: { driver: 'pglite', dataDir: join(dataDir, 'pglite') },
      serverEnv: { DATA_DIR: dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `deals_bench_${randomBytes(4).toString('hex')}`;
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
    serverEnv: { DATABASE_URL: url.toString() },
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
 * Migrates (the server's migrations), seeds `deals` deals and writes every deal's search_text
 * with the API's own refreshSearchText, store by store, as a store rename would.
 */
export async function seedBenchDatabase(options, deals) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const { refreshSearchText } = await import(join(dist, 'db', 'search-text.js'));
  const { sql } = await import('drizzle-orm');
  const seed = await readFile(join(here, 'seed.sql'), 'utf8');
  const database = await openDatabase(options);
  try {
    const client = database.db.$client;
    // One multi-statement text on one session: the temporary tables and setseed hold throughout.
    const script = `SET bench.deals = '${Number(deals)}';\n${seed}`;
    if (options.driver === 'pglite') await client.exec(script);
    else await client.query(script);

    const stores = await database.db.execute(sql`SELECT id FROM categories ORDER BY id`);
    for (const { id } of stores.rows) await refreshSearchText(database.db, { categoryId: id });
    // The planner's statistics and the visibility map of a settled table, as in production.
    await database.db.execute(sql`VACUUM ANALYZE`);
    const counts = await database.db.execute(sql`SELECT count(*)::int AS deals,
      count(*) FILTER (WHERE p.is_active AND c.is_active AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
        AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now()))::int AS live
      FROM products p JOIN categories c ON c.id = p.category_id`);
    return counts.rows[0];
  } finally {
    await database.close();
  }
}
