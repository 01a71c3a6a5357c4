/**
 * Opens the database on the configured driver, applies pending migrations and hands back one
 * Drizzle instance typed on the shared schema, so repositories never know which driver runs.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
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

/** How busy the database connection(s) are right now, read when metrics are scraped. */
export interface DatabaseUsage {
  /** Queries sent and not answered yet. */
  inFlight: number;
  /** node-postgres pool only: connections open, idle, and callers waiting for one. */
  pool?: { total: number; idle: number; waiting: number };
}

/**
 * Watches the queries of one opened database (metrics, traces). Every query goes through it, so it
 * stays cheap: a clock reading and a call.
 */
export interface QueryObserver {
  /** A query was answered or failed after `seconds`. */
  query(seconds: number): void;
  /**
   * PGlite: one manual trace span per query (node-postgres has its own instrumentation). Without a
   * registered tracer provider the spans are no-ops, so this stays off unless tracing is on.
   */
  traceQueries?: boolean;
}

export interface OpenDatabase {
  db: Database;
  driver: DatabaseOptions['driver'];
  raw: RawSql;
  usage(): DatabaseUsage;
  close(): Promise<void>;
}

const tracer = trace.getTracer('deals-api-db');

/** A manual client span around one PGlite statement, the way instrumentation-pg does for node-postgres. */
function tracedQuery<T>(text: string, run: () => Promise<T>): Promise<T> {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return tracer.startActiveSpan(
    `pglite.query:${operation}`,
    { kind: SpanKind.CLIENT, attributes: { 'db.system': 'postgresql', 'db.statement': text.slice(0, 2_000) } },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

type PgliteQuery = PGlite['query'];

/**
 * PGlite as Drizzle uses it (`query`, `transaction`), timed and counted. A wrapper object rather
 * than patched methods: one PGlite may be shared by several app instances (tests), each observing
 * only its own queries.
 */
function observedPglite(client: PGlite, observer: QueryObserver, counts: { inFlight: number }): PGlite {
  const timed = <T>(text: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    counts.inFlight += 1;
    const done = () => {
      counts.inFlight -= 1;
      observer.query((performance.now() - started) / 1_000);
    };
    const promise = observer.traceQueries ? tracedQuery(text, run) : run();
    return promise.then(
      (result) => {
        done();
        return result;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
  const queryOf = (target: Pick<PGlite, 'query'>): PgliteQuery =>
    ((text: string, ...rest: unknown[]) => timed(text, () => (target.query as (...args: unknown[]) => Promise<unknown>)(text, ...rest))) as PgliteQuery;
  return {
    query: queryOf(client),
    exec: client.exec.bind(client),
    // The transaction handle carries a `closed` getter: inherit it instead of copying its value.
    transaction: (callback: Parameters<PGlite['transaction']>[0]) =>
      client.transaction((tx) => callback(Object.assign(Object.create(tx) as typeof tx, { query: queryOf(tx) }))),
  } as unknown as PGlite;
}

type PgCallback = (error: Error | null, result: unknown) => void;

/**
 * Times every query of a node-postgres connection: patched once per connection (the pool's
 * `connect` event), which covers pool.query, transactions and the job queue alike. pg-pool calls
 * `query` with a callback, Drizzle without one.
 */
function observePgClient(client: pg.PoolClient, observer: QueryObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => observer.query((performance.now() - started) / 1_000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: Error | null, result: unknown) => {
        done();
        (callback as PgCallback)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
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

/**
 * PGlite's WebAssembly memory grows to what PostgreSQL touched and never shrinks, so its buffers
 * are the process's floor: initdb's 128 MB of shared buffers (filled by the first reads of a
 * catalogue) and 64 MB for index builds (the migrations) would stay resident for good. The file
 * reads they save are served from the operating system's page cache instead.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=4MB'];

export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm: the keyword search's typo fallback (migration 0002 creates the extension). The
  // options-object form: `new PGlite(undefined, options)` would drop the options (in-memory tests).
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  await client.waitReady;
  return client;
}

/** The PGlite under a Drizzle instance it opened, for what Drizzle cannot do (the backup's dump). */
export const pgliteClients = new WeakMap<object, PGlite>();

export async function openDatabase(
  options: DatabaseOptions,
  onBackgroundError: (error: Error) => void = () => {},
  observer?: QueryObserver,
): Promise<OpenDatabase> {
  if (options.driver === 'pglite') {
    const owned = !options.client;
    const opened = options.client ?? (await openPglite(options.dataDir));
    const counts = { inFlight: 0 };
    const client = observer ? observedPglite(opened, observer, counts) : opened;
    const db = drizzlePglite({ client, schema });
    pgliteClients.set(db, opened);
    try {
      await migrateSharedPglite(opened, () => migratePglite(db, { migrationsFolder }));
    } catch (error) {
      if (owned) await opened.close();
      throw error;
    }
    return {
      db,
      driver: 'pglite',
      raw: pgliteRawSql(client),
      usage: () => ({ inFlight: counts.inFlight }),
      close: async () => (owned ? opened.close() : undefined),
    };
  }

  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolMax ?? 10 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', onBackgroundError);
  // A checked-out client between two statements (inside a transaction) has no pool listener: when
  // the server ends its session (a restart, a dropped database) it emits 'error' on the client
  // itself. Its query promises fail on their own, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', onBackgroundError));
  if (observer) pool.on('connect', (client) => observePgClient(client, observer));
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
  return {
    db,
    driver: 'postgres',
    raw,
    usage: () => ({ inFlight: pool.totalCount - pool.idleCount, pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } }),
    close: () => pool.end(),
  };
}

let latestShipped: Promise<number> | null = null;

/**
 * Whether the database carries every migration this build ships. Drizzle's migrators apply the
 * migrations newer than the latest one recorded in `drizzle.__drizzle_migrations`, by their journal
 * time, so the database is current when that latest one is at least the journal's last. A database
 * without the table (nothing applied yet) is not current.
 */
export async function migrationsCurrent(db: Database): Promise<boolean> {
  latestShipped ??= readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then((text) => {
    const entries = (JSON.parse(text) as { entries: { when: number }[] }).entries;
    return Math.max(0, ...entries.map((entry) => entry.when));
  });
  const shipped = await latestShipped;
  const result = (await db.execute(
    sql`SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN NULL ELSE 1 END AS present`,
  )) as unknown as { rows: { present: number | null }[] };
  if (result.rows[0]?.present == null) return false;
  const applied = (await db.execute(sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`)) as unknown as { rows: { latest: string | null }[] };
  const latest = applied.rows[0]?.latest;
  return latest != null && Number(latest) >= shipped;
}
