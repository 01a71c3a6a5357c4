/**
 * Issue 19 point 2, popularity: the precomputed `deal_popularity` row of every deal, refreshed by
 * one set-based statement every minute, exposed as `fastify.dealPopularity`.
 *
 * - score = Σ over the deal's hourly unique-click counts of the last 7 days of
 *   clicks × 0.5^(age / half-life), age = refresh time − the hour's start, half-life 2 days. The
 *   "Most Popular" sort reads it through its index (deal-search.ts), never computes it per request.
 * - clicks_24h (hours starting in the last 24 h) ≥ the site's threshold (site_assets
 *   .hot_deal_threshold, default 10) sets is_hot, the card's "Hot" badge; clicks_7d is the admin
 *   table's column. Clicks are unique per visitor, deal and day (click-outs.ts).
 * - Several instances: each tries a PostgreSQL advisory lock for the refresh's transaction; one
 *   refreshes, the others skip that round. Only rows whose values change are written.
 * - The same round deletes what is no longer needed: the de-duplication rows of days before
 *   yesterday, the salts before yesterday (older visitor keys can no longer be recomputed), hourly
 *   counts older than 400 days.
 */
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { DEPLOYMENT_LOCKS } from '../../db/deployment-lock.js';
import type { AppOptions } from '../../options.js';

export const POPULARITY_WINDOW_DAYS = 7;
export const POPULARITY_HALF_LIFE_HOURS = 48;
export const DEFAULT_HOT_THRESHOLD = 10;

/** The score of clicks at these ages (hours), as the refresh computes it (for tests and docs). */
export function decayedScore(clicks: readonly { count: number; ageHours: number }[]): number {
  return clicks
    .filter((click) => click.ageHours >= 0 && click.ageHours < POPULARITY_WINDOW_DAYS * 24)
    .reduce((sum, click) => sum + click.count * 0.5 ** (click.ageHours / POPULARITY_HALF_LIFE_HOURS), 0);
}

export function refreshStatement(at: Date) {
  const now = sql`${at.toISOString()}::timestamptz`;
  return sql`WITH recent AS (
      SELECT product_id,
        sum(clicks * power(0.5, extract(epoch FROM (${now} - hour)) / ${POPULARITY_HALF_LIFE_HOURS * 3600}))::float8 AS score,
        (coalesce(sum(clicks) FILTER (WHERE hour > ${now} - interval '24 hours'), 0))::int AS clicks_24h,
        sum(clicks)::int AS clicks_7d
      FROM deal_click_hours
      WHERE hour > ${now} - interval '${sql.raw(String(POPULARITY_WINDOW_DAYS))} days' AND hour <= ${now}
      GROUP BY product_id
    ), threshold AS (
      SELECT coalesce((SELECT hot_deal_threshold FROM site_assets WHERE id = 1), ${DEFAULT_HOT_THRESHOLD}) AS n
    ), target AS (
      SELECT r.product_id, r.score, r.clicks_24h, r.clicks_7d FROM recent r
      UNION ALL
      SELECT dp.product_id, 0, 0, 0 FROM deal_popularity dp
      WHERE (dp.score <> 0 OR dp.clicks_24h <> 0 OR dp.clicks_7d <> 0 OR dp.is_hot)
        AND NOT EXISTS (SELECT 1 FROM recent r WHERE r.product_id = dp.product_id)
    )
    UPDATE deal_popularity dp
    SET score = x.score, clicks_24h = x.clicks_24h, clicks_7d = x.clicks_7d, is_hot = x.clicks_24h >= t.n AND x.clicks_24h > 0
    FROM target x, threshold t
    WHERE dp.product_id = x.product_id
      AND (dp.score, dp.clicks_24h, dp.clicks_7d, dp.is_hot) IS DISTINCT FROM (x.score, x.clicks_24h, x.clicks_7d, x.clicks_24h >= t.n AND x.clicks_24h > 0)`;
}

export function createDealPopularity(db: Database, clock: () => Date = () => new Date()) {
  return {
    /**
     * One refresh round at `at` (default: the clock). Answers false when another instance holds the
     * lock (it is refreshing now).
     */
    async refresh(at: Date = clock()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DEPLOYMENT_LOCKS.popularity}::bigint) AS locked`)) as unknown as {
          rows: { locked: boolean }[];
        };
        if (!lock.rows[0]?.locked) return false;
        await tx.execute(refreshStatement(at));
        const today = sql`(${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`;
        await tx.execute(sql`DELETE FROM deal_clicks WHERE day < ${today} - 1`);
        await tx.execute(sql`DELETE FROM click_salts WHERE day < ${today} - 1`);
        await tx.execute(sql`DELETE FROM deal_click_hours WHERE hour < ${at.toISOString()}::timestamptz - interval '400 days'`);
        return true;
      });
    },
  };
}

export type DealPopularity = ReturnType<typeof createDealPopularity>;

declare module 'fastify' {
  interface FastifyInstance {
    dealPopularity: DealPopularity;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const popularity = createDealPopularity(fastify.db, opts.popularity?.now);
    fastify.decorate('dealPopularity', popularity);
    const every = opts.popularity?.refreshMs ?? 60_000;
    if (every > 0) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        if (running) return;
        running = popularity
          .refresh()
          .catch((error: unknown) => fastify.log.warn({ err: error }, 'could not refresh deal popularity'))
          .finally(() => {
            running = null;
          });
      }, every);
      timer.unref();
      // Before the database closes: no new round, and the current one finished.
      fastify.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'deal-popularity', dependencies: ['database'] },
);
