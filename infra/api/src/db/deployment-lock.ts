/**
 * Start-up work that must happen once per deployment however many instances start together
 * (migrations, the demo-data seed): each runs under a PostgreSQL advisory lock held by a
 * connection of its own, so the others wait for it and then find the work done.
 *
 * PGlite is one process's embedded database: only apps of this process (tests running two
 * instances on one client) can start on it, so they take turns through an in-process queue.
 */
import pg from 'pg';
import type { DatabaseOptions } from './client.js';

/** Keys of `pg_advisory_lock`; arbitrary, but fixed and distinct from other locks of the app. */
export const DEPLOYMENT_LOCKS = { migrations: 7_300_417_010, demoData: 7_300_417_011, popularity: 7_300_417_012, jobQueue: 7_300_417_013, earnings: 7_300_417_014 } as const;

const inProcessTurns = new Map<number, Promise<unknown>>();

function inTurn<T>(key: number, work: () => Promise<T>): Promise<T> {
  const next = (inProcessTurns.get(key) ?? Promise.resolve()).catch(() => {}).then(work);
  inProcessTurns.set(key, next);
  return next;
}

export async function withDeploymentLock<T>(options: DatabaseOptions, key: number, work: () => Promise<T>): Promise<T> {
  if (options.driver === 'pglite') return inTurn(key, work);
  const client = new pg.Client({ connectionString: options.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => {});
    }
  } finally {
    // Ending the session also frees the lock if the unlock above could not be sent.
    await client.end().catch(() => {});
  }
}
