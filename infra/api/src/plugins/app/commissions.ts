/**
 * Affiliate commissions and earnings, exposed as `fastify.commissions`: the import's batched
 * upsert, the 30-day figures of the deals table and the reports.
 *
 * - Import: a batch of report rows is matched to `affiliate_clicks` by click id and upserted by
 *   (network, transaction id) in one statement; a row whose values did not change is not written
 *   (so importing the same report again changes nothing), one whose status or amounts changed is
 *   updated. Rows without a known click are answered, not written.
 * - The deals table's `commission30d`/`epc30d` live on `deal_popularity` and are recomputed for the
 *   deals with commissions in the window (and those that had figures before) after each import
 *   and every `refreshMs` (10 minutes: clicks move EPC), by one instance at a time (advisory lock).
 *   The same round deletes click ids older than `CLICK_ID_DAYS`.
 * - Reports are computed on demand from `commissions` and `deal_click_hours` (unique clicks) over
 *   whole UTC days; staff get their own deals' figures. Money is grouped by currency, never added
 *   across currencies.
 */
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  COUNTED_COMMISSION_STATUSES,
  DASHBOARD_CLICK_DAYS,
  DASHBOARD_TOP_SIZE,
  EARNINGS_DEFAULT_DAYS,
  type CommissionFormat,
  type DashboardEarnings,
  type EarningsGroup,
  type EarningsReport,
  type EarningsRow,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { DEPLOYMENT_LOCKS } from '../../db/deployment-lock.js';
import type { CommissionRow, RowProblem } from '../../lib/commission-rows.js';
import type { AppOptions } from '../../options.js';
import { rowsOf } from './stores.js';
import type { StatsScope } from './dashboard-stats.js';

const DAY_MS = 86_400_000;
/** Click ids are kept this long: the networks' longest cookie windows plus their validation time. */
export const CLICK_ID_DAYS = 400;
/** Rows of a deal or store report (the most earning first). */
export const EARNINGS_REPORT_ROWS = 500;

export interface BatchOutcome {
  created: number;
  updated: number;
  unchanged: number;
  unmatched: RowProblem[];
}

const counted = sql.raw(`(${COUNTED_COMMISSION_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** The UTC day `YYYY-MM-DD` of a moment, and the first day of the `days` ending with it. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));

/** Only a staff member's own deals: `alias` is the products table's. */
const ownDeals = (scope: StatsScope, alias: string): SQL => (scope.kind === 'own' ? sql`AND ${sql.raw(alias)}.added_by_id = ${scope.userId}` : sql``);

/** Recomputes the deals' 30-day figures, from the window's first UTC day (as the dashboard counts it). */
function refreshEarningsStatement(at: Date): SQL {
  const from = `${daysBefore(dayOf(at), EARNINGS_DEFAULT_DAYS - 1)}T00:00:00.000Z`;
  return sql`
      WITH per_currency AS (
        SELECT product_id, currency, sum(commission) AS commission, count(*) AS n
        FROM commissions
        WHERE occurred_at >= ${from}::timestamptz AND status IN ${counted} AND product_id IS NOT NULL
        GROUP BY product_id, currency
      ), main AS (
        SELECT DISTINCT ON (product_id) product_id, currency, commission
        FROM per_currency ORDER BY product_id, n DESC, commission DESC, currency
      ), clicks AS (
        SELECT h.product_id, sum(h.clicks) AS clicks
        FROM deal_click_hours h JOIN main m ON m.product_id = h.product_id
        WHERE h.hour >= ${from}::timestamptz GROUP BY h.product_id
      ), target AS (
        SELECT dp.product_id, coalesce(m.commission, 0) AS commission, m.currency,
          CASE WHEN coalesce(c.clicks, 0) > 0 THEN round(m.commission / c.clicks, 4) ELSE 0 END AS epc
        FROM deal_popularity dp
        LEFT JOIN main m ON m.product_id = dp.product_id
        LEFT JOIN clicks c ON c.product_id = dp.product_id
        WHERE m.product_id IS NOT NULL OR dp.commission_currency IS NOT NULL OR dp.commission_30d <> 0 OR dp.epc_30d <> 0
      )
      UPDATE deal_popularity dp SET commission_30d = t.commission, commission_currency = t.currency, epc_30d = t.epc
      FROM target t
      WHERE dp.product_id = t.product_id
        AND (dp.commission_30d, dp.commission_currency, dp.epc_30d) IS DISTINCT FROM (t.commission, t.currency, t.epc)`;
}

type FigureRow = { key: string; currency: string | null; clicks: number; conversions: number; revenue: number; commission: number; name: string | null; store: string | null };

/** A report row from its sums: EPC and conversion rate derived, a deleted deal or store named as such. */
function figures(row: FigureRow, groupBy: EarningsGroup | 'total'): EarningsRow {
  const clicks = Number(row.clicks);
  const commission = Number(row.commission);
  const conversions = Number(row.conversions);
  return {
    key: row.key,
    name: row.name ?? (groupBy === 'deal' ? `Deleted deal ${row.key}` : groupBy === 'store' ? `Deleted store ${row.key}` : row.key),
    ...(groupBy === 'deal' ? { store: row.store ?? '' } : {}),
    currency: row.currency,
    clicks,
    conversions,
    revenue: Number(row.revenue),
    commission,
    epc: clicks > 0 ? Math.round((commission / clicks) * 10_000) / 10_000 : 0,
    conversionRate: clicks > 0 ? Math.round((conversions / clicks) * 10_000) / 100 : 0,
  };
}

export function createCommissions(db: Database) {

  /**
   * Figures per key (day, deal or store) and currency over [from, to] (UTC days, both included).
   * `clicks`: `all` joins every key's clicks (keys with clicks but no counted commission get a row
   * with currency null); `earning` keeps the `limit` rows earning most and counts clicks for
   * those keys only; `none` leaves clicks at 0 (the caller knows them).
   */
  async function rows(
    scope: StatsScope,
    groupBy: EarningsGroup | 'total',
    from: string,
    to: string,
    { limit = null, clicks = 'all' }: { limit?: number | null; clicks?: 'all' | 'earning' | 'none' } = {},
  ): Promise<EarningsRow[]> {
    const start = sql`${`${from}T00:00:00.000Z`}::timestamptz`;
    const end = sql`${`${daysBefore(to, -1)}T00:00:00.000Z`}::timestamptz`;
    const own = scope.kind === 'own';
    const KEYS: Record<EarningsGroup | 'total', { money: string; clicks: string }> = {
      day: { money: `to_char((m.occurred_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`, clicks: `to_char((h.hour AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')` },
      deal: { money: 'm.product_id::text', clicks: 'h.product_id::text' },
      store: { money: 'm.category_id::text', clicks: 'p.category_id::text' },
      total: { money: `'total'`, clicks: `'total'` },
    };
    const key = KEYS[groupBy];
    const needsDealJoin = own || groupBy === 'store';
    const earningOnly = clicks !== 'all';
    const clicksOf =
      clicks === 'none'
        ? sql`SELECT NULL::text AS key, 0 AS clicks WHERE false`
        : sql`SELECT ${sql.raw(key.clicks)} AS key, sum(h.clicks)::int AS clicks
          FROM deal_click_hours h ${needsDealJoin ? sql`JOIN products p ON p.id = h.product_id ${ownDeals(scope, 'p')}` : sql``}
          WHERE h.hour >= ${start} AND h.hour < ${end}
            ${clicks === 'earning' && groupBy === 'deal' ? sql`AND h.product_id IN (SELECT key::int FROM money)` : sql``}
            ${clicks === 'earning' && groupBy === 'store' ? sql`AND p.category_id IN (SELECT key::int FROM money)` : sql``}
          GROUP BY 1`;
    const result = await db.execute(sql`
      WITH money AS (
        SELECT ${sql.raw(key.money)} AS key, m.currency, count(*)::int AS conversions,
          sum(m.sale_amount) AS revenue, sum(m.commission) AS commission
        FROM commissions m ${own ? sql`JOIN products p ON p.id = m.product_id ${ownDeals(scope, 'p')}` : sql``}
        WHERE m.occurred_at >= ${start} AND m.occurred_at < ${end} AND m.status IN ${counted}
          ${groupBy === 'deal' ? sql`AND m.product_id IS NOT NULL` : groupBy === 'store' ? sql`AND m.category_id IS NOT NULL` : sql``}
        GROUP BY 1, 2
        ${earningOnly && limit !== null ? sql`ORDER BY commission DESC, key, currency LIMIT ${limit}` : sql``}
      ), clicks AS (${clicksOf}), joined AS (
        SELECT coalesce(m.key, c.key) AS key, m.currency, coalesce(c.clicks, 0) AS clicks, coalesce(m.conversions, 0) AS conversions,
          coalesce(m.revenue, 0) AS revenue, coalesce(m.commission, 0) AS commission
        FROM money m ${earningOnly ? sql`LEFT` : sql`FULL`} JOIN clicks c ON c.key = m.key
      )
      SELECT j.key, j.currency, j.clicks, j.conversions, j.revenue::float8 AS revenue, j.commission::float8 AS commission,
        ${groupBy === 'deal' ? sql`d.name, s.name AS store` : groupBy === 'store' ? sql`s.name, NULL AS store` : sql`j.key AS name, NULL AS store`}
      FROM joined j
      ${groupBy === 'deal' ? sql`LEFT JOIN products d ON d.id = j.key::int LEFT JOIN categories s ON s.id = d.category_id` : sql``}
      ${groupBy === 'store' ? sql`LEFT JOIN categories s ON s.id = j.key::int` : sql``}
      ORDER BY ${groupBy === 'day' ? sql`j.key, j.currency NULLS FIRST` : sql`j.commission DESC, j.clicks DESC, j.key, j.currency`}
      ${limit === null ? sql`` : sql`LIMIT ${limit}`}`);
    return rowsOf<{ key: string; currency: string | null; clicks: number; conversions: number; revenue: number; commission: number; name: string | null; store: string | null }>(result).map(
      (row) => figures(row, groupBy),
    );
  }

  return {
    /** Upserts one batch of report rows (transaction ids unique within it) of `network`'s report. */
    async importBatch(network: CommissionFormat, batch: readonly CommissionRow[]): Promise<BatchOutcome> {
      if (batch.length === 0) return { created: 0, updated: 0, unchanged: 0, unmatched: [] };
      const json = JSON.stringify(
        batch.map((row) => ({
          line: row.line,
          transaction_id: row.transactionId,
          click_id: row.clickRef,
          occurred_at: row.occurredAt,
          sale_amount: row.saleAmount,
          commission: row.commission,
          currency: row.currency,
          status: row.status,
        })),
      );
      const result = await db.execute(sql`
        WITH r AS (
          SELECT * FROM jsonb_to_recordset(${json}::jsonb)
            AS r(line int, transaction_id text, click_id text, occurred_at timestamptz, sale_amount numeric, commission numeric, currency text, status text)
        ), m AS (
          SELECT r.*, a.product_id, a.category_id, a.click_id IS NOT NULL AS matched
          FROM r LEFT JOIN affiliate_clicks a ON a.click_id = r.click_id
        ), up AS (
          INSERT INTO commissions AS c (network, transaction_id, click_id, product_id, category_id, occurred_at, sale_amount, commission, currency, status)
          SELECT ${network}, transaction_id, click_id, product_id, category_id, occurred_at, sale_amount, commission, currency, status
          FROM m WHERE matched ORDER BY transaction_id
          ON CONFLICT (network, transaction_id) DO UPDATE SET
            click_id = excluded.click_id, product_id = excluded.product_id, category_id = excluded.category_id,
            occurred_at = excluded.occurred_at, sale_amount = excluded.sale_amount, commission = excluded.commission,
            currency = excluded.currency, status = excluded.status, updated_at = now()
          WHERE (c.click_id, c.occurred_at, c.sale_amount, c.commission, c.currency, c.status)
            IS DISTINCT FROM (excluded.click_id, excluded.occurred_at, excluded.sale_amount, excluded.commission, excluded.currency, excluded.status)
          RETURNING (xmax = 0) AS created
        )
        SELECT (SELECT count(*) FILTER (WHERE created) FROM up)::int AS created,
          (SELECT count(*) FILTER (WHERE NOT created) FROM up)::int AS updated,
          (SELECT count(*) FROM m WHERE matched)::int AS matched,
          (SELECT coalesce(json_agg(json_build_object('line', line, 'transactionId', transaction_id, 'clickRef', click_id) ORDER BY line), '[]'::json) FROM m WHERE NOT matched) AS unmatched`);
      const [row] = rowsOf<{ created: number; updated: number; matched: number; unmatched: string | Omit<RowProblem, 'reason'>[] }>(result);
      const unmatched = typeof row!.unmatched === 'string' ? (JSON.parse(row!.unmatched) as Omit<RowProblem, 'reason'>[]) : row!.unmatched;
      const created = Number(row!.created);
      const updated = Number(row!.updated);
      return {
        created,
        updated,
        unchanged: Number(row!.matched) - created - updated,
        unmatched: unmatched.map((problem) => ({ ...problem, reason: '' })),
      };
    },

    /** The deals' 30-day figures now (after an import). */
    async refreshEarnings(at: Date = new Date()): Promise<void> {
      await db.execute(refreshEarningsStatement(at));
    },

    /** `Commissions/GetEarnings`: one report over whole UTC days. */
    async report(scope: StatsScope, groupBy: EarningsGroup, from: string, to: string): Promise<EarningsReport> {
      // Days list every day with clicks or money. Deals and stores: the ones that earned first,
      // their clicks counted for those only; only when fewer than a page of rows earned are the
      // most clicked of the rest added (summing every deal's clicks to rank those costs about a
      // second at a million clicks, so not when the page is full of earners anyway).
      let found = await rows(scope, groupBy, from, to, groupBy === 'day' ? {} : { limit: EARNINGS_REPORT_ROWS, clicks: 'earning' });
      if (groupBy !== 'day' && found.length < EARNINGS_REPORT_ROWS) {
        const clickedOnly = (await rows(scope, groupBy, from, to, { limit: EARNINGS_REPORT_ROWS })).filter((row) => row.currency === null);
        found = [...found, ...clickedOnly].slice(0, EARNINGS_REPORT_ROWS);
      }
      return { scope: scope.kind, groupBy, from, to, rows: found, totals: await rows(scope, 'total', from, to) };
    },

    /**
     * The dashboard's earnings over the same scope and days as its clicks, whose total it is
     * given (`clicks`): the totals, the days and the Top lists count only what earned.
     */
    async dashboard(scope: StatsScope, clicks: number, at: Date = new Date()): Promise<DashboardEarnings> {
      const to = dayOf(at);
      const from = daysBefore(to, DASHBOARD_CLICK_DAYS - 1);
      const totals = (await rows(scope, 'total', from, to, { clicks: 'none' })).map((row) => figures({ ...row, name: row.key, store: null, clicks }, 'total'));
      const days = await rows(scope, 'day', from, to, { clicks: 'none' });
      const top = { limit: DASHBOARD_TOP_SIZE, clicks: 'earning' } as const;
      return {
        totals,
        perDay: days.map((row) => ({ day: row.key, currency: row.currency!, commission: row.commission })),
        topDeals: await rows(scope, 'deal', from, to, top),
        topStores: await rows(scope, 'store', from, to, top),
      };
    },

    /** The timed round: the deals' figures and the retention of click ids, by one instance at a time. */
    async round(at: Date = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const lock = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${DEPLOYMENT_LOCKS.earnings}::bigint) AS locked`));
        if (!lock[0]?.locked) return false;
        await tx.execute(sql`DELETE FROM affiliate_clicks WHERE clicked_at < ${at.toISOString()}::timestamptz - ${`${CLICK_ID_DAYS} days`}::interval`);
        await tx.execute(refreshEarningsStatement(at));
        return true;
      });
    },
  };
}

export type Commissions = ReturnType<typeof createCommissions>;

declare module 'fastify' {
  interface FastifyInstance {
    commissions: Commissions;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const commissions = createCommissions(fastify.db);
    fastify.decorate('commissions', commissions);
    const every = opts.earnings?.refreshMs ?? 600_000;
    if (every > 0) {
      let running: Promise<unknown> | null = null;
      const timer = setInterval(() => {
        running ??= commissions
          .round()
          .catch((error: unknown) => fastify.log.warn({ err: error }, 'could not refresh affiliate earnings'))
          .finally(() => {
            running = null;
          });
      }, every);
      timer.unref();
      fastify.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'commissions', dependencies: ['database'] },
);
