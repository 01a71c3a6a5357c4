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

/**
 * Shared fixed-window counters for routes visitors call at page speed ("Did this code work?"):
 * a hit is counted in memory and answered at once from the deployment-wide count as last read
 * plus this instance's hits since; every `flushMs` one statement adds every key's new hits to
 * `rate_limit_counters` and reads the totals back. The limit still holds for all instances together,
 * give or take what other instances counted within the last flush: a visitor spreading requests
 * over N instances gets at most N flushes' worth of requests more.
 */
export interface BatchedCounters {
  hit(key: string, windowMs: number): WindowState;
  /** Writes the hits counted since the last flush (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createBatchedCounters(db: Database, { flushMs = 500 } = {}): BatchedCounters {
  const keys = new Map<string, { known: number; pending: number; resetsAt: number; windowMs: number }>();
  let chain: Promise<void> = Promise.resolve();

  async function flushOnce(): Promise<void> {
    const now = Date.now();
    const batch = [...keys].filter(([, state]) => state.pending > 0).map(([key, state]) => ({ key, hits: state.pending, window_ms: state.windowMs }));
    for (const [key, state] of keys) if (state.pending === 0 && state.resetsAt <= now) keys.delete(key);
    if (batch.length === 0) return;
    for (const { key } of batch) keys.get(key)!.pending = 0;
    try {
      const rows = rowsOf<{ key: string; hits: number; ttl_ms: number }>(
        await db.execute(sql`INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
          SELECT b.key, b.hits, now() + b.window_ms * interval '1 millisecond'
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS b(key text, hits int, window_ms int)
          ORDER BY b.key
          ON CONFLICT (key) DO UPDATE SET
            hits = CASE WHEN c.resets_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
            resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
          RETURNING key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - now())) * 1000))::int AS ttl_ms`),
      );
      for (const row of rows) {
        const state = keys.get(row.key);
        if (!state) continue;
        // Hits counted while the statement ran stay pending on top of the new total.
        state.known = Number(row.hits);
        state.resetsAt = Date.now() + Number(row.ttl_ms);
      }
    } catch (error) {
      for (const { key, hits } of batch) {
        const state = keys.get(key);
        if (state) state.pending += hits;
      }
      throw error;
    }
  }

  const flush = () => (chain = chain.then(flushOnce, flushOnce));
  const timer = setInterval(() => void flush().catch(() => undefined), flushMs);
  timer.unref();

  return {
    hit(key, windowMs) {
      const now = Date.now();
      let state = keys.get(key);
      if (!state || state.resetsAt <= now) {
        state = { known: 0, pending: 0, resetsAt: now + windowMs, windowMs };
        keys.set(key, state);
      }
      state.pending += 1;
      return { hits: state.known + state.pending, ttlMs: state.resetsAt - now };
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
