/**
 * Visitor feedback, `fastify.dealFeedback`: "Did this code work?" votes and one-click reports.
 *
 * - Anonymous and personal-data-free like click-outs: a vote or report is kept as (deal, UTC day,
 *   visitor key) with the click-outs' daily salted key, so one visitor counts once per deal per day
 *   (per reason for reports). Bots and prefetches get the same answer and are not counted.
 * - Only live deals take feedback (404 otherwise). Whether a deal is live is cached per content
 *   version (a staff edit starts a new one everywhere within a second), with its start and expiry
 *   judged at each call, so the common case reads nothing.
 * - Writes are buffered and batched (lib/write-buffer.ts) like clicks, and the per-IP limit is
 *   counted in memory and added up across instances twice a second (lib/shared-counters.ts,
 *   `createBatchedCounters`), so a vote costs what a click-out does; a batch of votes updates the
 *   deals' figures at once (deal-feedback-stats.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FEEDBACK_RATE_LIMIT, type ReportReason } from '@deals/contract';
import { createBatchedCounters } from '../../lib/shared-counters.js';
import { createWriteBuffer } from '../../lib/write-buffer.js';
import type { AppOptions } from '../../options.js';
import { createSaltSource, fromVisitor, utcDay, visitorKey } from './click-outs.js';
import { feedbackStatsStatement } from './deal-feedback-stats.js';

/** Feedback kept when the database cannot be written (the oldest dropped beyond this). */
const MAX_BUFFER = 20_000;
const LIVE_CACHE_SIZE = 20_000;

interface Sender {
  ip: string;
  userAgent: string;
  at: Date;
}
interface Vote extends Sender {
  productId: number;
  worked: boolean;
}
interface Report extends Sender {
  productId: number;
  reason: ReportReason;
}

/** When a deal is visible: switched on with an open store, between its start and expiry (epoch ms, null: open). */
interface LiveWindow {
  on: boolean;
  startsAt: number | null;
  expiresAt: number | null;
}

type Rows<T> = { rows: T[] };

/** What became of a vote or report: recorded (or ignored as a bot's), refused by the per-IP limit, or about no live deal. */
export type FeedbackOutcome = { kind: 'ok' } | { kind: 'limited'; retryAfterMs: number } | { kind: 'not-found' };

declare module 'fastify' {
  interface FastifyInstance {
    dealFeedback: {
      vote(request: FastifyRequest, productId: number, worked: boolean): Promise<FeedbackOutcome>;
      report(request: FastifyRequest, productId: number, reason: ReportReason): Promise<FeedbackOutcome>;
      /** Writes what is buffered (tests, shutdown). */
      flush(): Promise<void>;
    };
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const now = opts.feedback?.now ?? (() => new Date());
    const saltOf = createSaltSource(fastify.db);
    const keyOf = async (sender: Sender) => {
      const day = utcDay(sender.at);
      return { day, visitor: visitorKey(await saltOf(day), sender.ip, sender.userAgent) };
    };

    const votes = createWriteBuffer<Vote>(
      async (batch) => {
        const rows: Record<string, unknown>[] = [];
        for (const vote of batch) rows.push({ product_id: vote.productId, ...(await keyOf(vote)), worked: vote.worked, voted_at: vote.at.toISOString() });
        await fastify.db.transaction(async (tx) => {
          // Sorted so concurrent instances take row locks in one order; the first answer of a key is kept.
          const inserted = (await tx.execute(sql`WITH v AS (
              SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(product_id int, day date, visitor text, worked boolean, voted_at timestamptz)
            ), ins AS (
              INSERT INTO deal_votes (product_id, day, visitor, worked, voted_at)
              SELECT v.product_id, v.day, v.visitor, v.worked, v.voted_at FROM v WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = v.product_id)
              ORDER BY v.product_id, v.day, v.visitor, v.voted_at
              ON CONFLICT DO NOTHING
              RETURNING product_id
            )
            SELECT DISTINCT product_id FROM ins ORDER BY product_id`)) as unknown as Rows<{ product_id: number }>;
          const ids = inserted.rows.map((row) => Number(row.product_id));
          if (ids.length === 0) return;
          await tx.execute(sql`SELECT 1 FROM deal_popularity WHERE product_id = ANY(${sql.param(ids)}::int[]) ORDER BY product_id FOR UPDATE`);
          await tx.execute(feedbackStatsStatement(sql`SELECT unnest(${sql.param(ids)}::int[]) AS product_id`, now()));
        });
      },
      fastify.log,
      'deal votes',
      { ...opts.feedback, maxBuffer: MAX_BUFFER },
    );

    const reports = createWriteBuffer<Report>(
      async (batch) => {
        const rows: Record<string, unknown>[] = [];
        for (const report of batch) rows.push({ product_id: report.productId, ...(await keyOf(report)), reason: report.reason, reported_at: report.at.toISOString() });
        await fastify.db.execute(sql`WITH r AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(product_id int, day date, visitor text, reason text, reported_at timestamptz)
          )
          INSERT INTO deal_reports (product_id, day, visitor, reason, reported_at)
          SELECT r.product_id, r.day, r.visitor, r.reason, r.reported_at FROM r WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = r.product_id)
          ORDER BY r.product_id, r.day, r.visitor, r.reason
          ON CONFLICT DO NOTHING`);
      },
      fastify.log,
      'deal reports',
      { ...opts.feedback, maxBuffer: MAX_BUFFER },
    );

    const windows = new Map<number, LiveWindow | null>();
    let windowsVersion = -1;
    async function isLive(productId: number, at: Date): Promise<boolean> {
      const version = await fastify.contentVersion.current();
      if (version !== windowsVersion) {
        windows.clear();
        windowsVersion = version;
      }
      let window = windows.get(productId);
      if (window === undefined) {
        const result = (await fastify.db.execute(sql`SELECT p.is_active AND c.is_active AS on,
            date_part('epoch', p.deal_starts_in) * 1000 AS starts_at, date_part('epoch', p.deal_expires_in) * 1000 AS expires_at
          FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ${productId}`)) as unknown as Rows<{ on: boolean; starts_at: number | null; expires_at: number | null }>;
        const row = result.rows[0];
        window = row ? { on: row.on, startsAt: row.starts_at === null ? null : Number(row.starts_at), expiresAt: row.expires_at === null ? null : Number(row.expires_at) } : null;
        if (windows.size >= LIVE_CACHE_SIZE) windows.clear();
        windows.set(productId, window);
      }
      const t = at.getTime();
      return Boolean(window?.on) && (window!.startsAt === null || window!.startsAt <= t) && (window!.expiresAt === null || window!.expiresAt > t);
    }

    const senderOf = (request: FastifyRequest, at: Date): Sender => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '', at });

    // The per-IP limit of votes and reports together, counted for the whole deployment.
    const limits = createBatchedCounters(fastify.db);
    async function admit(request: FastifyRequest, productId: number, at: Date): Promise<FeedbackOutcome> {
      const window = limits.hit(`feedback:${request.ip}`, FEEDBACK_RATE_LIMIT.windowMs);
      if (window.hits > FEEDBACK_RATE_LIMIT.max) return { kind: 'limited', retryAfterMs: window.ttlMs };
      return (await isLive(productId, at)) ? { kind: 'ok' } : { kind: 'not-found' };
    }

    fastify.decorate('dealFeedback', {
      async vote(request, productId, worked) {
        const at = now();
        const outcome = await admit(request, productId, at);
        if (outcome.kind === 'ok' && fromVisitor(request.headers)) votes.push({ ...senderOf(request, at), productId, worked });
        return outcome;
      },
      async report(request, productId, reason) {
        const at = now();
        const outcome = await admit(request, productId, at);
        if (outcome.kind === 'ok' && fromVisitor(request.headers)) reports.push({ ...senderOf(request, at), productId, reason });
        return outcome;
      },
      async flush() {
        await Promise.all([votes.flush(), reports.flush(), limits.flush()]);
      },
    });

    fastify.addHook('preClose', async () => {
      await Promise.all([votes.close(), reports.close(), limits.close()]);
    });
    fastify.addHook('onClose', async () => {
      if (votes.pending() + reports.pending() > 0) await Promise.all([votes.flush(), reports.flush()]);
    });
  },
  { name: 'deal-feedback', dependencies: ['database', 'content-version'] },
);
