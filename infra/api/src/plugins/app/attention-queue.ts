/**
 * "Needs attention" (`fastify.attentionQueue`): the live deals staff should look at, with why.
 *
 * - Reasons: a failing link check (any status but OK), a success rate below the settings'
 *   threshold (once the minimum of answers is reached), visitor reports of the last 30 days, an
 *   expiry within 48 h.
 * - The candidates come from small sets, each through an index: failing checks (a partial index),
 *   deals with a rate, deals with reports, deals expiring soon; only they are joined to the deals,
 *   so the queue costs the same at 100,000 deals as at 1,000.
 * - Dismiss keeps what the reasons were (deal_attention_dismissals); the deal comes back when
 *   something new happens: a report after the dismissal, another failing link status, a low
 *   success rate or an expiry it did not have then. Mark verified sets the public "Verified" date
 *   and dismisses the same way. Both audited, one entry per deal.
 * - Scope: admins see every deal, staff the deals they added (and act on those only).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ATTENTION_EXPIRING_HOURS,
  ATTENTION_MESSAGES,
  LINK_STATUS_LABELS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  TRUST_DEFAULTS,
  type AttentionActionResult,
  type AttentionQueuePage,
  type AttentionQueueQuery,
  type AttentionReason,
  type AttentionRow,
  type LinkStatus,
  type ReportReason,
} from '@deals/contract';
import { LIVE_CONDITIONS } from '../../db/deal-search-sql.js';
import type { StatsScope } from './dashboard-stats.js';
import { linkCheckFromRow } from './link-health.js';

type Rows<T> = { rows: T[] };
const HOUR_MS = 3_600_000;

interface QueueRow {
  id: number;
  name: string;
  store_id: number;
  store: string;
  promo_code: string | null;
  link: string;
  added_by_id: number | null;
  added_by: string | null;
  deal_expires_in: string | null;
  verified_at: string | null;
  success_rate: number | null;
  votes_30d: number;
  reports: Record<ReportReason, number> | string | null;
  link_status: string | null;
  http_status: number | null;
  final_url: string | null;
  link_reason: string | null;
  checked_at: string | null;
  consecutive_dead: number | null;
  link_failing: boolean;
  low_success: boolean;
  reported: boolean;
  expiring: boolean;
  total: number;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The queue's rows as one query: candidates, their reasons as flags, whether a dismissal still
 * covers them. `at` is the moment of the expiry window.
 */
function queueQuery(scope: StatsScope, at: Date, tail: SQL, extraWhere: SQL = sql``): SQL {
  const soon = sql`${new Date(at.getTime() + ATTENTION_EXPIRING_HOURS * HOUR_MS).toISOString()}::timestamptz`;
  const monthAgo = sql`${new Date(at.getTime() - 30 * 24 * HOUR_MS).toISOString()}::timestamptz`;
  const own = scope.kind === 'own' ? sql`AND p.added_by_id = ${scope.userId}` : sql``;
  const perReason = sql.join(
    REPORT_REASONS.map((reason) => sql`${reason}::text, (count(*) FILTER (WHERE r.reason = ${reason}))::int`),
    sql`, `,
  );
  return sql`WITH settings AS (
      SELECT coalesce((SELECT low_success_percent FROM trust_settings WHERE id = 1), ${TRUST_DEFAULTS.lowSuccessPercent}) AS low
    ), reported AS (
      SELECT r.product_id, json_build_object(${perReason}) AS reports, max(r.reported_at) AS last_reported
      FROM deal_reports r WHERE r.reported_at > ${monthAgo} GROUP BY r.product_id
    ), candidates AS (
      SELECT product_id FROM deal_link_checks WHERE status <> 'OK'
      UNION SELECT product_id FROM deal_popularity WHERE success_rate < (SELECT low FROM settings)
      UNION SELECT product_id FROM reported
      UNION SELECT id FROM products WHERE deal_expires_in > ${at.toISOString()}::timestamptz AND deal_expires_in <= ${soon}
    ), flagged AS (
      SELECT p.id, p.name, p.category_id AS store_id, c.name AS store, p.promo_code, p.link, p.added_by_id, u.full_name AS added_by,
        p.deal_expires_in, p.verified_at, p.date_time_added, dp.success_rate, coalesce(dp.votes_30d, 0) AS votes_30d, rp.reports,
        l.status AS link_status, l.http_status, l.final_url, l.reason AS link_reason, l.checked_at, l.consecutive_dead,
        coalesce(l.status <> 'OK', false) AS link_failing,
        coalesce(dp.success_rate < (SELECT low FROM settings), false) AS low_success,
        rp.product_id IS NOT NULL AS reported,
        coalesce(p.deal_expires_in <= ${soon}, false) AS expiring,
        d.product_id IS NULL
          OR coalesce(rp.last_reported > d.dismissed_at, false)
          OR (coalesce(l.status <> 'OK', false) AND l.status IS DISTINCT FROM d.link_status)
          OR (coalesce(dp.success_rate < (SELECT low FROM settings), false) AND NOT d.low_success)
          OR (coalesce(p.deal_expires_in <= ${soon}, false) AND NOT d.expiring) AS visible
      FROM candidates k
      JOIN products p ON p.id = k.product_id
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN users u ON u.id = p.added_by_id
      LEFT JOIN deal_popularity dp ON dp.product_id = p.id
      LEFT JOIN deal_link_checks l ON l.product_id = p.id
      LEFT JOIN reported rp ON rp.product_id = p.id
      LEFT JOIN deal_attention_dismissals d ON d.product_id = p.id
      WHERE ${LIVE_CONDITIONS} ${own}
    )
    SELECT f.*, count(*) OVER ()::int AS total FROM flagged f
    WHERE f.visible AND (f.link_failing OR f.low_success OR f.reported OR f.expiring) ${extraWhere}
    ${tail}`;
}

const REASON_FILTER: Record<NonNullable<AttentionQueueQuery['reason']>, SQL> = {
  LINK: sql`AND f.link_failing`,
  LOW_SUCCESS: sql`AND f.low_success`,
  REPORTS: sql`AND f.reported`,
  EXPIRING: sql`AND f.expiring`,
};

/** "Expires in 5 h" (whole hours left, rounded down; under an hour: "Expires within the hour"). */
export function expiresIn(expiry: string | null, at: Date): string {
  const hours = expiry === null ? 0 : Math.floor((new Date(expiry).getTime() - at.getTime()) / HOUR_MS);
  return hours < 1 ? 'Expires within the hour' : `Expires in ${hours} h`;
}

function rowOf(row: QueueRow, at: Date): AttentionRow {
  const rawReports = typeof row.reports === 'string' ? (JSON.parse(row.reports) as Record<ReportReason, number>) : row.reports;
  const reports = Object.fromEntries(REPORT_REASONS.map((reason) => [reason, Number(rawReports?.[reason] ?? 0)])) as Record<ReportReason, number>;
  const linkCheck =
    row.link_status === null
      ? null
      : linkCheckFromRow({
          product_id: row.id,
          status: row.link_status,
          http_status: row.http_status,
          final_url: row.final_url,
          reason: row.link_reason ?? '',
          checked_at: row.checked_at!,
          consecutive_dead: row.consecutive_dead ?? 0,
        });
  const reasons: AttentionReason[] = [];
  if (row.link_failing && linkCheck) {
    const times = linkCheck.consecutiveDead > 1 ? ` (${linkCheck.consecutiveDead} checks in a row)` : '';
    reasons.push({ kind: 'LINK', detail: `${LINK_STATUS_LABELS[linkCheck.status as LinkStatus]}: ${linkCheck.reason}${times}` });
  }
  if (row.reported) {
    const parts = REPORT_REASONS.filter((reason) => reports[reason] > 0).map((reason) => `${reports[reason]} × ${REPORT_REASON_LABELS[reason].toLowerCase()}`);
    const count = REPORT_REASONS.reduce((sum, reason) => sum + reports[reason], 0);
    reasons.push({ kind: 'REPORTS', detail: `${plural(count, 'report')}: ${parts.join(', ')}` });
  }
  if (row.low_success) reasons.push({ kind: 'LOW_SUCCESS', detail: `${row.success_rate}% success over ${plural(Number(row.votes_30d), 'answer')}` });
  if (row.expiring) reasons.push({ kind: 'EXPIRING', detail: expiresIn(row.deal_expires_in, at) });
  return {
    productId: Number(row.id),
    name: row.name,
    storeId: Number(row.store_id),
    store: row.store,
    promoCode: row.promo_code,
    link: row.link,
    addedById: row.added_by_id === null ? null : Number(row.added_by_id),
    addedBy: row.added_by,
    dealExpiresIn: iso(row.deal_expires_in),
    verifiedAt: iso(row.verified_at),
    successRate: row.success_rate === null ? null : Number(row.success_rate),
    feedbackCount: Number(row.votes_30d),
    reports,
    linkCheck,
    reasons,
  };
}

/** Most urgent first: failing links, reports, low success, expiring; newest deal first within. */
const ORDER = sql`ORDER BY CASE WHEN f.link_failing THEN 0 WHEN f.reported THEN 1 WHEN f.low_success THEN 2 ELSE 3 END, f.date_time_added DESC, f.id DESC`;

declare module 'fastify' {
  interface FastifyInstance {
    attentionQueue: {
      page(scope: StatsScope, query: AttentionQueueQuery): Promise<AttentionQueuePage>;
      count(scope: StatsScope): Promise<number>;
      /** Sets the "Verified" date of the deals in scope and dismisses them as they are. */
      markVerified(request: FastifyRequest, scope: StatsScope, productIds: readonly number[]): Promise<AttentionActionResult>;
      /** Dismisses the deals in scope until something new happens. */
      dismiss(request: FastifyRequest, scope: StatsScope, productIds: readonly number[]): Promise<AttentionActionResult>;
    };
  }
}

export default fp(
  async (fastify) => {
    /** Records the deals' current reasons as dismissed; answers the ids done. */
    async function dismissAll(request: FastifyRequest, scope: StatsScope, productIds: readonly number[], verify: boolean): Promise<number[]> {
      const own = scope.kind === 'own' ? sql`AND p.added_by_id = ${scope.userId}` : sql``;
      const viewer = request.viewer.kind === 'staff' ? request.viewer.userId : null;
      const at = new Date();
      const soon = sql`${new Date(at.getTime() + ATTENTION_EXPIRING_HOURS * HOUR_MS).toISOString()}::timestamptz`;
      return fastify.db.transaction(async (tx) => {
        const ids = [...new Set(productIds)].sort((a, b) => a - b);
        const found = (await tx.execute(sql`SELECT p.id, p.verified_at FROM products p WHERE p.id = ANY(${sql.param(ids)}::int[]) ${own} ORDER BY p.id FOR UPDATE`)) as unknown as Rows<{
          id: number;
          verified_at: string | null;
        }>;
        const done = found.rows.map((row) => Number(row.id));
        if (done.length === 0) return [];
        if (verify) await tx.execute(sql`UPDATE products SET verified_at = ${at.toISOString()}::timestamptz WHERE id = ANY(${sql.param(done)}::int[])`);
        await tx.execute(sql`INSERT INTO deal_attention_dismissals (product_id, dismissed_at, dismissed_by_id, link_status, low_success, expiring)
          SELECT p.id, ${at.toISOString()}::timestamptz, ${viewer}, l.status,
            coalesce(dp.success_rate < coalesce((SELECT low_success_percent FROM trust_settings WHERE id = 1), ${TRUST_DEFAULTS.lowSuccessPercent}), false),
            coalesce(p.deal_expires_in <= ${soon}, false)
          FROM products p LEFT JOIN deal_link_checks l ON l.product_id = p.id LEFT JOIN deal_popularity dp ON dp.product_id = p.id
          WHERE p.id = ANY(${sql.param(done)}::int[])
          ORDER BY p.id
          ON CONFLICT (product_id) DO UPDATE SET dismissed_at = excluded.dismissed_at, dismissed_by_id = excluded.dismissed_by_id,
            link_status = excluded.link_status, low_success = excluded.low_success, expiring = excluded.expiring`);
        for (const row of found.rows) {
          await fastify.audit.record(tx, request, {
            action: verify ? 'verify' : 'dismiss',
            recordType: 'Product',
            recordId: row.id,
            changes: verify ? { verifiedAt: { from: iso(row.verified_at), to: at.toISOString() } } : { attention: { from: 'listed', to: 'dismissed' } },
          });
        }
        return done;
      });
    }

    const result = (requested: readonly number[], done: readonly number[], message: (count: number) => string): AttentionActionResult => {
      const skipped = new Set(requested).size - done.length;
      return { message: skipped > 0 ? `${message(done.length)}; ${ATTENTION_MESSAGES.skipped(skipped)}` : message(done.length), done: done.length, skipped };
    };

    fastify.decorate('attentionQueue', {
      async page(scope, query) {
        const page = query.page ?? 1;
        const pageSize = query.pageSize ?? 50;
        const filter = query.reason ? REASON_FILTER[query.reason] : sql``;
        const at = new Date();
        const rows = (await fastify.db.execute(queueQuery(scope, at, sql`${ORDER} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, filter))) as unknown as Rows<QueueRow>;
        let total = rows.rows[0]?.total;
        // A page past the end has no row to carry the total: count on its own.
        if (total === undefined) total = page === 1 ? 0 : await count(scope, filter);
        return { items: rows.rows.map((row) => rowOf(row, at)), total: Number(total), page, pageSize };
      },
      count: (scope) => count(scope),
      async markVerified(request, scope, productIds) {
        return result(productIds, await dismissAll(request, scope, productIds, true), ATTENTION_MESSAGES.verified);
      },
      async dismiss(request, scope, productIds) {
        return result(productIds, await dismissAll(request, scope, productIds, false), ATTENTION_MESSAGES.dismissed);
      },
    });

    async function count(scope: StatsScope, filter: SQL = sql``): Promise<number> {
      const rows = (await fastify.db.execute(sql`SELECT count(*)::int AS n FROM (${queueQuery(scope, new Date(), sql``, filter)}) q`)) as unknown as Rows<{ n: number }>;
      return Number(rows.rows[0]?.n ?? 0);
    }
  },
  { name: 'attention-queue', dependencies: ['database', 'audit'] },
);
