/**
 * Popularity: the precomputed `deal_popularity` row of every deal, refreshed every
 * minute, exposed as `fastify.dealPopularity`.
 *
 * - The decayed score at a moment N is Σ over the deal's hourly unique-click counts of the 7 days
 *   before N of clicks × 0.5^((N − hour) / half-life), half-life 2 days. What is stored is the same
 *   sum relative to an epoch E shared by every deal, clicks × 2^((hour − E) / half-life): the decayed
 *   score times 2^((N − E) / half-life), one factor common to all deals, so ordering by the stored
 *   score is ordering by the decayed score at any moment. A deal's stored score then changes only
 *   when it gets clicks or when one of its hours leaves the 7 days, so a round rewrites only those
 *   deals instead of every scored deal (13.5 s on PGlite at a million clicks, during which the
 *   single-threaded database answered nothing). The stored score is not meant to be shown.
 * - E is the start of the current UTC month, so the factors stay within 2^±16: once a month (and
 *   on the first round, or when the clock went back) a round recomputes every deal with the new E.
 * - Every other round recomputes the deals with hour rows since the previous round (an hour of
 *   slack: clicks are buffered and committed late) or with hours that left the 24 h or 7 d window
 *   since then, found through the hour index. The state (E, the previous round's moment, the Hot
 *   threshold used) is the one row of `popularity_refresh_state`.
 * - clicks_24h (hours starting in the last 24 h) ≥ the site's threshold (site_assets
 *   .hot_deal_threshold, default 10) sets is_hot, the card's "Hot" badge; a new threshold re-marks
 *   every deal in the next round. clicks_7d is the admin table's column. Clicks are unique per
 *   visitor, deal and day (click-outs.ts).
 * - Several instances: each tries a PostgreSQL advisory lock for the refresh's transaction; one
 *   refreshes, the others skip that round. Only rows whose values change are written.
 * - "Did this code work?" (deal-feedback-stats.ts): the stored score is the clicks' score times the
 *   deal's success factor, so "Most Popular" weighs success; each round also retires the answers
 *   that left the 30 days (a full round recomputes every deal with answers).
 * - The same round deletes what is no longer needed: the de-duplication rows of days before
 *   yesterday, the salts before yesterday (older visitor keys can no longer be recomputed), hourly
 *   counts older than 400 days.
 */
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { DEPLOYMENT_LOCKS } from '../../db/deployment-lock.js';
import type { AppOptions } from '../../options.js';
import { DEALS_WITH_FEEDBACK, feedbackStatsStatement, votesLeavingWindow } from './deal-feedback-stats.js';

export const POPULARITY_WINDOW_DAYS = 7;
export const POPULARITY_HALF_LIFE_HOURS = 48;
export const DEFAULT_HOT_THRESHOLD = 10;

const HOUR_MS = 3_600_000;
const HALF_LIFE_MS = POPULARITY_HALF_LIFE_HOURS * HOUR_MS;
const WINDOW_MS = POPULARITY_WINDOW_DAYS * 24 * HOUR_MS;
const HOT_WINDOW_MS = 24 * HOUR_MS;
/** Clicks are counted in the hour they happened but written up to a flush (or a slow commit) later. */
const LATE_WRITE_SLACK_MS = HOUR_MS;

/** The decayed score at `at` of clicks at these ages (hours) before it: what the stored score orders by. */
export function decayedScore(clicks: readonly { count: number; ageHours: number }[]): number {
  return clicks
    .filter((click) => click.ageHours >= 0 && click.ageHours < POPULARITY_WINDOW_DAYS * 24)
    .reduce((sum, click) => sum + click.count * 0.5 ** (click.ageHours / POPULARITY_HALF_LIFE_HOURS), 0);
}

/** The epoch of the scores stored at `at`: the start of its UTC month. */
export function popularityEpoch(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * The score a refresh at `at` stores for clicks at these ages (hours before `at`): the decayed
 * score relative to `epoch` instead of `at`, i.e. times 2^((at − epoch) / half-life) — the same
 * factor for every deal (for tests and docs).
 */
export function storedScore(clicks: readonly { count: number; ageHours: number }[], at: Date, epoch: Date = popularityEpoch(at)): number {
  return decayedScore(clicks) * 2 ** ((at.getTime() - epoch.getTime()) / HALF_LIFE_MS);
}

const instant = (at: Date | number) => sql`${new Date(at).toISOString()}::timestamptz`;

/** The popularity of deal_click_hours `h` in the window of `at`, per group (float8 math: numeric power is slow). */
function windowColumns(at: Date, epoch: Date): SQL {
  const inLastDay = sql`h.hour > ${instant(at.getTime() - HOT_WINDOW_MS)}`;
  return sql`coalesce(sum(h.clicks * power(2::float8, date_part('epoch', h.hour - ${instant(epoch)}) / ${HALF_LIFE_MS / 1000})), 0)::float8 AS score,
    coalesce(sum(h.clicks) FILTER (WHERE ${inLastDay}), 0)::int AS clicks_24h,
    coalesce(sum(h.clicks), 0)::int AS clicks_7d`;
}

const inWindow = (at: Date) => sql`h.hour > ${instant(at.getTime() - WINDOW_MS)} AND h.hour <= ${instant(at)}`;

/** Writes the rows of `target` (product_id, score, clicks_24h, clicks_7d) whose values differ. */
function updateStatement(target: SQL, hotThreshold: number): SQL {
  const hot = sql`x.clicks_24h >= ${hotThreshold} AND x.clicks_24h > 0`;
  // The stored score is the clicks' score times the deal's success factor (deal-feedback-stats.ts).
  return sql`UPDATE deal_popularity dp
    SET score = x.score * dp.success_factor, clicks_24h = x.clicks_24h, clicks_7d = x.clicks_7d, is_hot = ${hot}
    FROM (${target}) x
    WHERE dp.product_id = x.product_id
      AND (dp.score, dp.clicks_24h, dp.clicks_7d, dp.is_hot) IS DISTINCT FROM (x.score * dp.success_factor, x.clicks_24h, x.clicks_7d, ${hot})`;
}

/** Every deal at `at`: those with clicks in the window, and zeros for the others that are not zero yet. */
export function fullRefreshStatement(at: Date, epoch: Date, hotThreshold: number): SQL {
  return sql`WITH windowed AS (
      SELECT h.product_id, ${windowColumns(at, epoch)}
      FROM deal_click_hours h WHERE ${inWindow(at)}
      GROUP BY h.product_id
    )
    ${updateStatement(
      sql`SELECT * FROM windowed
        UNION ALL
        SELECT dp.product_id, 0, 0, 0 FROM deal_popularity dp
        WHERE (dp.score <> 0 OR dp.clicks_24h <> 0 OR dp.clicks_7d <> 0 OR dp.is_hot)
          AND NOT EXISTS (SELECT 1 FROM windowed w WHERE w.product_id = dp.product_id)`,
      hotThreshold,
    )}`;
}

/**
 * The deals whose popularity may have changed between the rounds at `since` and `at`: new clicks
 * (hours from the one before `since`'s), or hours that left the 24 h or the 7 d window (with the
 * same slack), each a range of the hour index. Each is recomputed from its hours in the window.
 */
export function incrementalRefreshStatement(since: Date, at: Date, epoch: Date, hotThreshold: number): SQL {
  const lastHourStart = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS;
  const left = (windowMs: number) =>
    sql`(hour > ${instant(since.getTime() - windowMs - LATE_WRITE_SLACK_MS)} AND hour <= ${instant(at.getTime() - windowMs)})`;
  return sql`WITH touched AS (
      SELECT DISTINCT product_id FROM deal_click_hours
      WHERE hour >= ${instant(lastHourStart - LATE_WRITE_SLACK_MS)} OR ${left(HOT_WINDOW_MS)} OR ${left(WINDOW_MS)}
    )
    ${updateStatement(
      sql`SELECT t.product_id, ${windowColumns(at, epoch)}
        FROM touched t LEFT JOIN deal_click_hours h ON h.product_id = t.product_id AND ${inWindow(at)}
        GROUP BY t.product_id`,
      hotThreshold,
    )}`;
}

/** The Hot flag of every deal for a new threshold (writes only the flags that change). */
function rehotStatement(hotThreshold: number): SQL {
  const hot = sql`clicks_24h >= ${hotThreshold} AND clicks_24h > 0`;
  return sql`UPDATE deal_popularity SET is_hot = ${hot} WHERE is_hot IS DISTINCT FROM (${hot})`;
}

interface RefreshState {
  epoch: Date;
  refreshedAt: Date;
  hotThreshold: number;
}

type Rows<T> = { rows: T[] };

export function createDealPopularity(db: Database, clock: () => Date = () => new Date()) {
  return {
    /**
     * One refresh round at `at` (default: the clock). Answers false when another instance holds the
     * lock (it is refreshing now).
     */
    async refresh(at: Date = clock()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const lock = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DEPLOYMENT_LOCKS.popularity}::bigint) AS locked`)) as unknown as Rows<{ locked: boolean }>;
        if (!lock.rows[0]?.locked) return false;
        // Instants as epoch milliseconds: the same on both drivers, whatever the session's time zone.
        const state = (await tx.execute(sql`SELECT date_part('epoch', epoch) * 1000 AS epoch, date_part('epoch', refreshed_at) * 1000 AS refreshed_at,
            hot_threshold, (SELECT hot_deal_threshold FROM site_assets WHERE id = 1) AS site_threshold
          FROM (SELECT 1) one LEFT JOIN popularity_refresh_state ON id = 1`)) as unknown as Rows<{
          epoch: number | null;
          refreshed_at: number | null;
          hot_threshold: number | null;
          site_threshold: number | null;
        }>;
        const row = state.rows[0]!;
        const previous: RefreshState | null =
          row.epoch === null || row.refreshed_at === null || row.hot_threshold === null
            ? null
            : { epoch: new Date(Number(row.epoch)), refreshedAt: new Date(Number(row.refreshed_at)), hotThreshold: row.hot_threshold };
        const hotThreshold = row.site_threshold ?? DEFAULT_HOT_THRESHOLD;
        const epoch = popularityEpoch(at);
        // Otherwise every deal: the first round, a new month (a new epoch), a clock that went back,
        // or a gap of a whole window (every hour has left it anyway).
        const sincePrevious = previous ? at.getTime() - previous.refreshedAt.getTime() : -1;
        if (previous && previous.epoch.getTime() === epoch.getTime() && sincePrevious >= 0 && sincePrevious < WINDOW_MS) {
          // Votes are counted as they are written; a round only retires those leaving the 30 days.
          await tx.execute(feedbackStatsStatement(votesLeavingWindow(previous.refreshedAt, at), at));
          await tx.execute(incrementalRefreshStatement(previous.refreshedAt, at, epoch, hotThreshold));
          if (previous.hotThreshold !== hotThreshold) await tx.execute(rehotStatement(hotThreshold));
        } else {
          await tx.execute(feedbackStatsStatement(DEALS_WITH_FEEDBACK, at));
          await tx.execute(fullRefreshStatement(at, epoch, hotThreshold));
        }
        await tx.execute(sql`INSERT INTO popularity_refresh_state (id, epoch, refreshed_at, hot_threshold)
          VALUES (1, ${instant(epoch)}, ${instant(at)}, ${hotThreshold})
          ON CONFLICT (id) DO UPDATE SET epoch = excluded.epoch, refreshed_at = excluded.refreshed_at, hot_threshold = excluded.hot_threshold`);
        const today = sql`(${instant(at)} AT TIME ZONE 'UTC')::date`;
        await tx.execute(sql`DELETE FROM deal_clicks WHERE day < ${today} - 1`);
        await tx.execute(sql`DELETE FROM click_salts WHERE day < ${today} - 1`);
        await tx.execute(sql`DELETE FROM deal_click_hours WHERE hour < ${instant(at)} - interval '400 days'`);
        // Answers count for 30 days and reports are listed for 30: a day more of slack, then gone.
        await tx.execute(sql`DELETE FROM deal_votes WHERE voted_at < ${instant(at)} - interval '31 days'`);
        await tx.execute(sql`DELETE FROM deal_reports WHERE reported_at < ${instant(at)} - interval '31 days'`);
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
