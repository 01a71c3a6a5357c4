/**
 * Link health (`fastify.linkHealth`): the automatic checks of every live deal's link.
 *
 * - A round checks every live deal once, as a job of the pg-boss queue (`fastify.jobs`), so one
 *   instance runs it while several share the database; the next round is planned a check period
 *   (the settings', default 24 h) after a round starts, and by every instance as it starts when
 *   none is waiting (the queue's `short` policy keeps one). A round that dies with its instance is
 *   retried and skips the deals already checked since it started.
 * - At most `perHost` (2) requests at a time per store host and `concurrency` in all, started at
 *   most `checksPerSecond` a second (a steady share of the instance that serves visitors); results
 *   are written in batches, so a round of 100,000 deals costs the database a few hundred statements.
 * - Each deal keeps its latest result with its evidence (`deal_link_checks`) and how many `DEAD`
 *   results came in a row; with the optional rule on, a deal is switched off after that many
 *   (audited as the link check's doing).
 * - `checkProduct` checks one deal at once (staff's "Check now").
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { LinkCheck, LinkStatus } from '@deals/contract';
import { LIVE_CONDITIONS } from '../../db/deal-search-sql.js';
import { checkLink, type LinkCheckResult } from '../../lib/link-check.js';
import type { AppOptions } from '../../options.js';

export interface LinkHealthOptions {
  /** Requests at a time per store host. Default 2. */
  perHost?: number;
  /** Requests at a time in all. Default 16. */
  concurrency?: number;
  /**
   * Checks a round starts per second (`LINK_CHECKS_PER_SECOND`, default 100: 100,000 deals in
   * 17 minutes): a round takes a small, steady share of the instance that also serves visitors.
   * 0: as fast as the limits allow.
   */
  checksPerSecond?: number;
  /** One request's time limit. Default 10,000 ms (a check answers within about 25 s at worst: two tries and the pause). */
  timeoutMs?: number;
  /** Pause before the second try of a 5xx answer or a time-out. Default 3,000 ms. */
  retryDelayMs?: number;
  /** Plan the daily rounds (default true; tests run rounds on demand). */
  schedule?: boolean;
}

export const LINK_HEALTH_QUEUE = 'link-health-round';
const CHUNK = 500;
const WRITE_BATCH = 200;
const HOUR_MS = 3_600_000;
const MAX_URL_LENGTH = 3000;

type Rows<T> = { rows: T[] };

interface Checked extends LinkCheckResult {
  productId: number;
  checkedAt: Date;
}

/** Spaces calls `1000 / perSecond` ms apart (0: no spacing). */
export function createPacer(perSecond: number) {
  let next = 0;
  return async (): Promise<void> => {
    if (perSecond <= 0) return;
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + 1000 / perSecond;
    if (at > now) await sleep(at - now);
  };
}

/** Runs tasks with at most `perKey` at a time per key and `total` in all. */
export function createKeyedLimiter(perKey: number, total: number) {
  const active = new Map<string, number>();
  let running = 0;
  const waiting: { key: string; start: () => void }[] = [];

  function pump() {
    for (let index = 0; index < waiting.length && running < total; ) {
      const next = waiting[index]!;
      if ((active.get(next.key) ?? 0) < perKey) {
        waiting.splice(index, 1);
        active.set(next.key, (active.get(next.key) ?? 0) + 1);
        running++;
        next.start();
      } else index++;
    }
  }

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({
          key,
          start: () => {
            task()
              .then(resolve, reject)
              .finally(() => {
                running--;
                const left = (active.get(key) ?? 1) - 1;
                if (left === 0) active.delete(key);
                else active.set(key, left);
                pump();
              });
          },
        });
        pump();
      });
    },
    /** Tasks running now per key (for tests of the limit). */
    activeOf: (key: string) => active.get(key) ?? 0,
  };
}

const hostOf = (link: string) => {
  try {
    return new URL(link).host.toLowerCase();
  } catch {
    return '';
  }
};

export function linkCheckFromRow(row: {
  product_id: number;
  status: string;
  http_status: number | null;
  final_url: string | null;
  reason: string;
  checked_at: string;
  consecutive_dead: number;
}): LinkCheck {
  return {
    productId: Number(row.product_id),
    status: row.status as LinkStatus,
    httpStatus: row.http_status === null ? null : Number(row.http_status),
    finalUrl: row.final_url,
    reason: row.reason,
    checkedAt: new Date(row.checked_at).toISOString(),
    consecutiveDead: Number(row.consecutive_dead),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    linkHealth: {
      /** Checks one deal's link now and keeps the result; null when the deal does not exist. */
      checkProduct(productId: number): Promise<LinkCheck | null>;
      /** One round over every live deal (what the scheduled job runs); answers how many were checked. */
      runRound(startedAt?: Date): Promise<number>;
    };
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const settings = opts.linkHealth ?? {};
    const perHost = settings.perHost ?? 2;
    const concurrency = settings.concurrency ?? 16;
    const log = fastify.log.child({ component: 'link-health' });

    async function checkOptions() {
      const trust = await fastify.trustSettings.get();
      return {
        trust,
        check: { timeoutMs: settings.timeoutMs ?? 10_000, retryDelayMs: settings.retryDelayMs ?? 3_000, allowHosts: opts.fetchAllowHosts ?? [], phrases: trust.softDeadPhrases },
      };
    }

    /** Keeps the results; switches off deals past the dead-check limit. Answers the stored rows. */
    async function store(results: readonly Checked[], deactivateAfter: number | null): Promise<LinkCheck[]> {
      if (results.length === 0) return [];
      const rows = results.map((result) => ({
        product_id: result.productId,
        status: result.status,
        http_status: result.httpStatus,
        final_url: result.finalUrl === null ? null : result.finalUrl.slice(0, MAX_URL_LENGTH),
        reason: result.reason,
        checked_at: result.checkedAt.toISOString(),
      }));
      let switchedOff = 0;
      const stored = await fastify.db.transaction(async (tx) => {
        const written = (await tx.execute(sql`WITH r AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              AS r(product_id int, status text, http_status int, final_url text, reason text, checked_at timestamptz)
          )
          INSERT INTO deal_link_checks (product_id, status, http_status, final_url, reason, checked_at, consecutive_dead)
          SELECT r.product_id, r.status, r.http_status, r.final_url, r.reason, r.checked_at, CASE WHEN r.status = 'DEAD' THEN 1 ELSE 0 END
          FROM r WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = r.product_id)
          ORDER BY r.product_id
          ON CONFLICT (product_id) DO UPDATE SET status = excluded.status, http_status = excluded.http_status, final_url = excluded.final_url,
            reason = excluded.reason, checked_at = excluded.checked_at,
            consecutive_dead = CASE WHEN excluded.status = 'DEAD' THEN deal_link_checks.consecutive_dead + 1 ELSE 0 END
          RETURNING product_id, status, http_status, final_url, reason, checked_at, consecutive_dead`)) as unknown as Rows<Parameters<typeof linkCheckFromRow>[0]>;
        const checks = written.rows.map(linkCheckFromRow);
        const limit = deactivateAfter;
        if (limit !== null) {
          const due = checks.filter((check) => check.status === 'DEAD' && check.consecutiveDead >= limit).map((check) => check.productId);
          if (due.length > 0) {
            const off = (await tx.execute(sql`UPDATE products SET is_active = false WHERE id = ANY(${sql.param(due)}::int[]) AND is_active RETURNING id`)) as unknown as Rows<{ id: number }>;
            for (const { id } of off.rows) {
              const check = checks.find((candidate) => candidate.productId === Number(id))!;
              await fastify.audit.recordSystem(tx, {
                actorName: 'link check',
                route: 'job link-health',
                action: 'deactivate',
                recordType: 'Product',
                recordId: id,
                changes: { isActive: { from: true, to: false }, reason: { from: null, to: `${check.consecutiveDead} dead link checks in a row: ${check.reason}` } },
              });
            }
            switchedOff = off.rows.length;
          }
        }
        return checks;
      });
      // After the commit (and outside its transaction: PGlite has one connection): visitors' caches
      // must stop showing the deals switched off.
      if (switchedOff > 0) await fastify.contentVersion.bump();
      return stored;
    }

    // A closing instance starts no more checks; the round's job is retried elsewhere and resumes.
    let closing = false;
    const rounds = new Set<Promise<number>>();
    fastify.addHook('preClose', async () => {
      closing = true;
      await Promise.allSettled([...rounds]);
    });

    function runRound(startedAt: Date = new Date()): Promise<number> {
      const round = roundOf(startedAt).finally(() => rounds.delete(round));
      rounds.add(round);
      return round;
    }

    async function roundOf(startedAt: Date): Promise<number> {
      const { trust, check } = await checkOptions();
      const limiter = createKeyedLimiter(perHost, concurrency);
      const pace = createPacer(settings.checksPerSecond ?? 100);
      let after = 0;
      let checked = 0;
      let pending: Checked[] = [];
      const flush = async () => {
        const batch = pending;
        pending = [];
        await store(batch, trust.autoDeactivateAfterDeadChecks);
      };
      while (!closing) {
        // Live deals not checked since the round started (a retried round resumes), in id order.
        const chunk = (await fastify.db.execute(sql`SELECT p.id, p.link FROM products p
            LEFT JOIN deal_link_checks l ON l.product_id = p.id
            WHERE ${LIVE_CONDITIONS} AND p.id > ${after} AND (l.checked_at IS NULL OR l.checked_at < ${startedAt.toISOString()}::timestamptz)
            ORDER BY p.id LIMIT ${CHUNK}`)) as unknown as Rows<{ id: number; link: string }>;
        if (chunk.rows.length === 0) break;
        after = Number(chunk.rows[chunk.rows.length - 1]!.id);
        await Promise.all(
          chunk.rows.map((deal) =>
            limiter.run(hostOf(deal.link), async () => {
              await pace();
              if (closing) return;
              const result = await checkLink(deal.link, check);
              pending.push({ ...result, productId: Number(deal.id), checkedAt: new Date() });
              checked++;
              if (pending.length >= WRITE_BATCH) await flush();
            }),
          ),
        );
      }
      await flush();
      log.info({ checked, complete: !closing }, closing ? 'link check round stopped: the instance is closing' : 'link check round finished');
      return checked;
    }

    fastify.decorate('linkHealth', {
      async checkProduct(productId) {
        const found = (await fastify.db.execute(sql`SELECT link FROM products WHERE id = ${productId}`)) as unknown as Rows<{ link: string }>;
        const link = found.rows[0]?.link;
        if (link === undefined) return null;
        const { trust, check } = await checkOptions();
        const result = await checkLink(link, check);
        const [stored] = await store([{ ...result, productId, checkedAt: new Date() }], trust.autoDeactivateAfterDeadChecks);
        return stored ?? null;
      },
      runRound,
    });

    const planNext = async () => {
      const { checkPeriodHours } = await fastify.trustSettings.get();
      const at = new Date(Date.now() + checkPeriodHours * HOUR_MS);
      await fastify.jobs.boss.send(LINK_HEALTH_QUEUE, { plannedFor: at.toISOString() }, { startAfter: at });
    };
    await fastify.jobs.define<{ plannedFor?: string }>(
      LINK_HEALTH_QUEUE,
      // A round over a large catalogue takes a while: four hours before it counts as lost and is retried.
      { policy: 'short', retryLimit: 3, retryDelay: 600, expireInSeconds: 4 * 3600 },
      async (data) => {
        await planNext();
        // Deals checked since the round was due are skipped: a retried round resumes where it died.
        await runRound(data.plannedFor ? new Date(data.plannedFor) : new Date());
      },
    );
    if (settings.schedule !== false) {
      fastify.addHook('onReady', async () => {
        await planNext().catch((error: unknown) => log.warn({ err: error }, 'could not plan the next link check round'));
      });
    }
  },
  { name: 'link-health', dependencies: ['database', 'job-queue', 'audit', 'trust-settings', 'content-version'] },
);
