/**
 * Fixed-window counters in PostgreSQL (`rate_limit_counters`), shared by every instance: the
 * per-IP rate limits and the per-username sign-in throttle count once for the whole deployment,
 * not once per instance. Each hit is one upsert on the key's row, atomic under concurrency;
 * a window that has ended restarts on the next hit, and `sweep` drops rows nobody hit since.
 *
 * PostgreSQL rather than Redis: it is already the one service every instance shares, the limited
 * routes (sign-in, refresh, sign-out, password change, device registration, sign-ups) are rare
 * next to page views, and one more stateful service would be one more thing to run and to lose.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export interface WindowState {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const upsert = (key: string, windowMs: number, max: number | null) => sql`
  INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
  VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN c.resets_at <= now() THEN 1 ELSE c.hits + 1 END,
    resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
  ${max === null ? sql`` : sql`WHERE c.resets_at <= now() OR c.hits < ${max}`}
  RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - now())) * 1000))::int AS ttl_ms`;

export interface SharedCounters {
  /** Counts a hit on `key` and answers the window's state. */
  hit(key: string, windowMs: number): Promise<WindowState>;
  /** Counts a hit only while the window holds fewer than `max`; false when it is full. */
  reserve(key: string, windowMs: number, max: number): Promise<boolean>;
  clear(key: string): Promise<void>;
  /** Deletes the rows of ended windows. */
  sweep(): Promise<void>;
}

export function createSharedCounters(db: Database): SharedCounters {
  return {
    async hit(key, windowMs) {
      const [row] = rowsOf<{ hits: number; ttl_ms: number }>(await db.execute(upsert(key, windowMs, null)));
      return { hits: Number(row!.hits), ttlMs: Number(row!.ttl_ms) };
    },
    async reserve(key, windowMs, max) {
      return rowsOf(await db.execute(upsert(key, windowMs, max))).length > 0;
    },
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${key}`);
    },
    async sweep() {
      await db.execute(sql`DELETE FROM rate_limit_counters WHERE resets_at <= now()`);
    },
  };
}
