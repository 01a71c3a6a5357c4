/**
 * The outbox (`email_messages`, grouped in `email_sends`): every message is a row unique by its
 * idempotency key before any job exists for it, and a sender must claim a row (queued or deferred,
 * or `sending` whose sender's lease ran out) before it may send it. So a message planned twice,
 * two instances holding jobs for it, or a job run again after a restart send it once; only a
 * sender killed between the receiving server's "accepted" and the next status write sends it
 * again (with the same Message-ID, which mail clients de-duplicate).
 */
import { sql } from 'drizzle-orm';
import type { EmailSend, EmailSendKind, EmailSubscriberCounts } from '@deals/contract';
import type { Database } from '../db/client.js';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface NewMessage {
  key: string;
  to: string;
  template: string;
  data?: Record<string, unknown>;
  subscriptionId?: number | null;
  userId?: number | null;
}

export interface ClaimedMessage {
  id: number;
  key: string;
  to_address: string;
  domain: string;
  template: string;
  data: Record<string, unknown>;
  attempts: number;
  throttled: number;
  subscription_id: number | null;
  user_id: number | null;
  send_id: number;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();

/** The send's id, creating it the first time its key is seen. */
export async function ensureSend(db: Executor, send: { kind: EmailSendKind; key: string; title: string; productId?: number | null }): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      WITH created AS (
        INSERT INTO email_sends (kind, key, title, product_id) VALUES (${send.kind}, ${send.key}, ${send.title.slice(0, 250)}, ${send.productId ?? null})
        ON CONFLICT (key) DO NOTHING RETURNING id)
      SELECT id FROM created UNION ALL SELECT id FROM email_sends WHERE key = ${send.key} LIMIT 1`),
  );
  return Number(row!.id);
}

/** Adds the messages not yet planned (by key); answers the new rows' ids. */
export async function insertMessages(db: Executor, sendId: number, messages: readonly NewMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((m) => ({
    send_id: sendId,
    key: m.key,
    to_address: m.to,
    domain: domainOf(m.to),
    template: m.template,
    data: m.data ?? {},
    subscription_id: m.subscriptionId ?? null,
    user_id: m.userId ?? null,
  }));
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO email_messages (send_id, key, to_address, domain, template, data, subscription_id, user_id)
      SELECT send_id, key, to_address, domain, template, data, subscription_id, user_id
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(send_id int, key text, to_address text, domain text, template text, data jsonb, subscription_id int, user_id int)
      ON CONFLICT (key) DO NOTHING
      RETURNING id`),
  ).map((r) => Number(r.id));
}

export function createOutbox(db: Database) {
  return {
    /**
     * Takes the messages of these ids that nobody is sending and that are not finished: they are
     * `sending` under this claim until `leaseSeconds` from now; the rest are skipped.
     */
    async claim(ids: readonly number[], leaseSeconds: number): Promise<ClaimedMessage[]> {
      if (ids.length === 0) return [];
      return rowsOf<ClaimedMessage>(
        await db.execute(sql`
          UPDATE email_messages SET status = 'sending', attempts = attempts + 1, claimed_until = now() + ${leaseSeconds} * interval '1 second'
          WHERE id IN (
            SELECT id FROM email_messages
            WHERE id = ANY(${sql.param([...ids])}::int[])
              AND (status IN ('queued', 'deferred') OR (status = 'sending' AND claimed_until < now()))
            ORDER BY id FOR UPDATE SKIP LOCKED)
          RETURNING id, key, to_address, domain, template, data, attempts, throttled, subscription_id, user_id, send_id`),
      );
    },

    /**
     * Counts each domain's messages against its budget for the current minute, shared by every
     * instance (one statement for all the batch's domains); answers, per domain, how many may go
     * now and when its budget renews.
     */
    async reserveDomains(counts: ReadonlyMap<string, number>, perMinute: number): Promise<Map<string, { allowed: number; retryInMs: number }>> {
      const input = JSON.stringify([...counts].map(([domain, count]) => ({ key: `mail-domain:${domain}`, domain, count })));
      const rows = rowsOf<{ domain: string; count: number; hits: number; ttl_ms: number }>(
        await db.execute(sql`
          WITH wanted AS (SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS w(key text, domain text, count int)),
          counted AS (
            INSERT INTO rate_limit_counters AS c (key, hits, resets_at)
            SELECT key, count, now() + interval '1 minute' FROM wanted
            ON CONFLICT (key) DO UPDATE SET
              hits = CASE WHEN c.resets_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
              resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
            RETURNING key, hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (resets_at - now())) * 1000))::int AS ttl_ms)
          SELECT w.domain, w.count, c.hits, c.ttl_ms FROM wanted w JOIN counted c ON c.key = w.key`),
      );
      return new Map(
        rows.map((r) => {
          const over = Math.max(0, Number(r.hits) - perMinute);
          return [r.domain, { allowed: Math.max(0, Number(r.count) - over), retryInMs: Number(r.ttl_ms) }];
        }),
      );
    },

    async delivered(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      // A password link's sealed token is no longer needed once the mail left.
      await db.execute(sql`
        UPDATE email_messages SET status = 'delivered', sent_at = now(), claimed_until = NULL, last_error = NULL, data = data - 'sealedToken'
        WHERE id = ANY(${sql.param([...ids])}::int[])`);
    },

    /** Refused for now: its retry job is due at `retryAt`; overdue (for the sweep) a while after. */
    async deferred(id: number, error: string, dueBy: Date, executor: Executor = db): Promise<void> {
      await executor.execute(sql`UPDATE email_messages SET status = 'deferred', claimed_until = ${dueBy.toISOString()}::timestamptz, last_error = ${error} WHERE id = ${id}`);
    },

    /** Put off by the domain's budget: back to deferred without counting as an attempt. */
    async throttledBack(ids: readonly number[], dueBy: Date, executor: Executor = db): Promise<void> {
      if (ids.length === 0) return;
      await executor.execute(sql`
        UPDATE email_messages SET status = 'deferred', claimed_until = ${dueBy.toISOString()}::timestamptz, attempts = attempts - 1, throttled = throttled + 1
        WHERE id = ANY(${sql.param([...ids])}::int[])`);
    },

    /** Refused for good; a subscriber's address then gets nothing more. */
    async bounced(message: Pick<ClaimedMessage, 'id' | 'subscription_id'>, error: string): Promise<void> {
      await db.execute(sql`UPDATE email_messages SET status = 'bounced', claimed_until = NULL, last_error = ${error}, data = data - 'sealedToken' WHERE id = ${message.id}`);
      if (message.subscription_id !== null) {
        await db.execute(sql`
          UPDATE email_alert_subscriptions SET status = 'BOUNCED', ended_at = now(), last_error = ${error}
          WHERE id = ${message.subscription_id} AND status <> 'UNSUBSCRIBED'`);
      }
    },

    async failed(id: number, error: string): Promise<void> {
      await db.execute(sql`UPDATE email_messages SET status = 'failed', claimed_until = NULL, last_error = ${error}, data = data - 'sealedToken' WHERE id = ${id}`);
    },

    /**
     * Messages a transaction wrote that no job carries yet, marked as handed over (due by
     * `dueBy`) in the caller's transaction, where their jobs are created too: each is handed over once.
     */
    async takeUndispatched(tx: Executor, limit: number, dueBy: Date): Promise<number[]> {
      return rowsOf<{ id: number }>(
        await tx.execute(sql`
          UPDATE email_messages SET claimed_until = ${dueBy.toISOString()}::timestamptz
          WHERE id IN (
            SELECT id FROM email_messages WHERE status = 'queued' AND claimed_until IS NULL
            ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id`),
      ).map((r) => Number(r.id));
    },

    /**
     * Messages whose job or sender should have finished by now (an instance died holding them, or
     * between writing a retry and queueing its job), handed over again like undispatched ones.
     */
    async takeOverdue(tx: Executor, limit: number, dueBy: Date): Promise<number[]> {
      return rowsOf<{ id: number }>(
        await tx.execute(sql`
          UPDATE email_messages SET claimed_until = ${dueBy.toISOString()}::timestamptz,
            -- A dead sender's message is claimable again (a sent one is at most sent twice: see above).
            status = CASE WHEN status = 'sending' THEN 'deferred' ELSE status END
          WHERE id IN (
            SELECT id FROM email_messages WHERE status IN ('queued', 'sending', 'deferred') AND claimed_until < now()
            ORDER BY claimed_until LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id`),
      ).map((r) => Number(r.id));
    },

    /** Sends older than `days` go with their messages (the console shows recent ones). */
    async prune(days: number): Promise<void> {
      await db.execute(sql`DELETE FROM email_sends WHERE created_at < now() - ${days} * interval '1 day'`);
    },

    async sends(page: number, pageSize: number): Promise<{ items: EmailSend[]; total: number }> {
      const [count] = rowsOf<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM email_sends`));
      const items = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT s.id, s.kind, s.title, s.product_id, s.created_at,
            count(m.id)::int AS total,
            count(m.id) FILTER (WHERE m.status IN ('queued', 'sending'))::int AS queued,
            count(m.id) FILTER (WHERE m.status = 'delivered')::int AS delivered,
            count(m.id) FILTER (WHERE m.status = 'deferred')::int AS deferred,
            count(m.id) FILTER (WHERE m.status = 'bounced')::int AS bounced,
            count(m.id) FILTER (WHERE m.status = 'failed')::int AS failed
          FROM (SELECT * FROM email_sends ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) s
          LEFT JOIN email_messages m ON m.send_id = s.id
          GROUP BY s.id, s.kind, s.title, s.product_id, s.created_at
          ORDER BY s.created_at DESC, s.id DESC`),
      );
      return {
        total: Number(count?.total ?? 0),
        items: items.map((r) => ({
          id: Number(r.id),
          kind: r.kind as EmailSendKind,
          title: String(r.title),
          productId: r.product_id === null ? null : Number(r.product_id),
          createdAt: new Date(r.created_at as string).toISOString(),
          total: Number(r.total),
          queued: Number(r.queued),
          delivered: Number(r.delivered),
          deferred: Number(r.deferred),
          bounced: Number(r.bounced),
          failed: Number(r.failed),
        })),
      };
    },

    async subscriberCounts(): Promise<EmailSubscriberCounts> {
      const [row] = rowsOf<Record<string, number>>(
        await db.execute(sql`
          SELECT count(*) FILTER (WHERE status = 'CONFIRMED')::int AS confirmed,
                 count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
                 count(*) FILTER (WHERE status = 'CONFIRMED' AND frequency = 'INSTANT')::int AS instant,
                 count(*) FILTER (WHERE status = 'CONFIRMED' AND frequency = 'DAILY')::int AS daily
          FROM email_alert_subscriptions`),
      );
      return { confirmed: Number(row?.confirmed ?? 0), pending: Number(row?.pending ?? 0), instant: Number(row?.instant ?? 0), daily: Number(row?.daily ?? 0) };
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
