/**
 * Visitors' email alert subscriptions (`fastify.mail.subscriptions`): subscribe (pending until
 * confirmed), confirm (the consent, with its time and address), manage, unsubscribe, and the
 * deletion of what no longer has consent. Every call names a subscription by a signed link only.
 */
import { sql } from 'drizzle-orm';
import {
  EMAIL_LIMITS,
  EMAIL_MESSAGES,
  followWordProblem,
  normaliseFollowWord,
  type EmailAlertFrequency,
  type EmailAlertStatus,
  type EmailAlertSubscription,
} from '@deals/contract';
import type { Database } from '../db/client.js';
import type { PendingFollows } from '../db/schema.js';
import { fieldError, fieldErrors, HttpError } from '../errors.js';
import { domainOf } from './outbox.js';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface SubscriptionRow {
  id: number;
  email: string;
  frequency: EmailAlertFrequency;
  status: EmailAlertStatus;
  pending_follows: PendingFollows | null;
  confirm_requested_at: string;
  confirmed_at: string | null;
}

export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(3, Math.min(local.length - 1, 6)))}${email.slice(at)}`;
};

/** Seconds since the epoch at which a confirmation asked for at `requestedAt` expires. */
export const confirmExpiry = (requestedAt: Date | string) => Math.floor(new Date(requestedAt).getTime() / 1000) + EMAIL_LIMITS.confirmHours * 3600;

/**
 * The follows of a request, normalised, de-duplicated and checked (words by the browsers' rules,
 * stores visible on the site); a 400 with the contract's messages otherwise.
 */
export async function checkFollows(db: Executor, body: { words: readonly string[]; storeIds: readonly number[]; frequency: EmailAlertFrequency }): Promise<PendingFollows> {
  const words: string[] = [];
  for (const typed of body.words) {
    const word = normaliseFollowWord(typed);
    const problem = followWordProblem(word);
    if (problem) throw fieldError('words', problem);
    if (!words.includes(word)) words.push(word);
  }
  const storeIds = [...new Set(body.storeIds)];
  const problems = fieldErrors({
    ...(words.length + storeIds.length === 0 ? { words: EMAIL_MESSAGES.followsRequired } : {}),
    ...(words.length + storeIds.length > EMAIL_LIMITS.follows ? { words: EMAIL_MESSAGES.tooMany } : {}),
  });
  if (problems) throw problems;
  if (storeIds.length > 0) {
    const [found] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM categories WHERE id = ANY(${sql.param(storeIds)}::int[]) AND is_active`),
    );
    if (Number(found?.n ?? 0) !== storeIds.length) throw fieldError('storeIds', EMAIL_MESSAGES.storeUnknown);
  }
  return { words, storeIds, frequency: body.frequency };
}

async function view(db: Executor, row: SubscriptionRow): Promise<EmailAlertSubscription> {
  const follows = rowsOf<{ word: string | null; store_id: number | null; name: string | null }>(
    await db.execute(sql`
      SELECT f.word, f.store_id, c.name FROM email_alert_follows f LEFT JOIN categories c ON c.id = f.store_id
      WHERE f.subscription_id = ${row.id} ORDER BY f.word IS NULL, f.word, lower(c.name)`),
  );
  return {
    email: maskEmail(row.email),
    words: follows.filter((f) => f.word !== null).map((f) => f.word!),
    stores: follows.filter((f) => f.store_id !== null).map((f) => ({ id: Number(f.store_id), name: f.name ?? '' })),
    frequency: row.frequency,
    status: row.status,
  };
}

async function byId(db: Executor, id: number, lock = false): Promise<SubscriptionRow | null> {
  const [row] = rowsOf<SubscriptionRow>(
    await db.execute(sql`
      SELECT id, email, frequency, status, pending_follows, confirm_requested_at, confirmed_at
      FROM email_alert_subscriptions WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`),
  );
  return row ?? null;
}

async function replaceFollows(tx: Executor, id: number, follows: PendingFollows): Promise<void> {
  await tx.execute(sql`DELETE FROM email_alert_follows WHERE subscription_id = ${id}`);
  const rows = [...follows.words.map((word) => ({ w: word, s: null })), ...follows.storeIds.map((storeId) => ({ w: null, s: storeId }))];
  // A store deleted since the request is simply not followed.
  await tx.execute(sql`
    INSERT INTO email_alert_follows (subscription_id, word, store_id)
    SELECT ${id}, r.w, r.s FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(w text, s int)
    WHERE r.s IS NULL OR EXISTS (SELECT 1 FROM categories c WHERE c.id = r.s)`);
}

const invalid = () => new HttpError(400, EMAIL_MESSAGES.linkInvalid);

export function createSubscriptions(db: Database) {
  return {
    /**
     * Records the request (the follows wait until it is confirmed) and answers the subscription
     * to mail a confirmation to, with when it was asked for (its link's expiry counts from there).
     */
    async request(email: string, follows: PendingFollows): Promise<{ id: number; email: string; requestedAt: string }> {
      const address = email.trim();
      const [row] = rowsOf<{ id: number; email: string; confirm_requested_at: string }>(
        await db.execute(sql`
          INSERT INTO email_alert_subscriptions AS s (email, email_key, domain, frequency, status, pending_follows)
          VALUES (${address}, ${address.toLowerCase()}, ${domainOf(address)}, ${follows.frequency}, 'PENDING', ${JSON.stringify(follows)}::jsonb)
          ON CONFLICT (email_key) DO UPDATE SET
            pending_follows = excluded.pending_follows,
            confirm_requested_at = now(),
            -- An address that left (or bounced) starts over; a confirmed one keeps its alerts until it confirms the change.
            status = CASE WHEN s.status = 'CONFIRMED' THEN 'CONFIRMED' ELSE 'PENDING' END,
            ended_at = CASE WHEN s.status = 'CONFIRMED' THEN s.ended_at ELSE NULL END
          RETURNING id, email, confirm_requested_at`),
      );
      return { id: Number(row!.id), email: row!.email, requestedAt: new Date(row!.confirm_requested_at).toISOString() };
    },

    /** Applies the pending follows: the consent. Answers the subscription as the page shows it. */
    async confirm(id: number, expiresAt: number, ip: string): Promise<EmailAlertSubscription> {
      if (expiresAt * 1000 < Date.now()) throw new HttpError(400, EMAIL_MESSAGES.confirmExpired);
      return db.transaction(async (tx) => {
        const row = await byId(tx, id, true);
        if (!row) throw invalid();
        if (row.pending_follows) {
          await replaceFollows(tx, id, row.pending_follows);
          await tx.execute(sql`
            UPDATE email_alert_subscriptions SET status = 'CONFIRMED', frequency = ${row.pending_follows.frequency}, pending_follows = NULL,
              confirmed_at = now(), consent_ip = ${ip.slice(0, 64)}, ended_at = NULL, last_error = NULL
            WHERE id = ${id}`);
        } else if (row.status !== 'CONFIRMED') {
          // Unsubscribed since the mail was sent: an old confirmation link does not undo that.
          throw invalid();
        }
        return view(tx, (await byId(tx, id))!);
      });
    },

    async get(id: number): Promise<EmailAlertSubscription> {
      const row = await byId(db, id);
      if (!row) throw invalid();
      return view(db, row);
    },

    /**
     * Replaces the follows and frequency from the manage page. The link was mailed to the address,
     * so opening it is consent enough, also to come back after unsubscribing (within the grace).
     */
    async update(id: number, follows: PendingFollows): Promise<EmailAlertSubscription> {
      return db.transaction(async (tx) => {
        const row = await byId(tx, id, true);
        if (!row) throw invalid();
        if (row.status === 'PENDING' && row.confirmed_at === null) {
          await tx.execute(sql`UPDATE email_alert_subscriptions SET pending_follows = ${JSON.stringify(follows)}::jsonb WHERE id = ${id}`);
        } else {
          await replaceFollows(tx, id, follows);
          await tx.execute(sql`
            UPDATE email_alert_subscriptions SET status = 'CONFIRMED', frequency = ${follows.frequency}, pending_follows = NULL, ended_at = NULL
            WHERE id = ${id}`);
        }
        return view(tx, (await byId(tx, id))!);
      });
    },

    /** Stops every mail at once; the address is deleted after the grace. Idempotent. */
    async unsubscribe(id: number): Promise<EmailAlertSubscription> {
      return db.transaction(async (tx) => {
        const row = await byId(tx, id, true);
        if (!row) throw invalid();
        if (row.status !== 'UNSUBSCRIBED') {
          await tx.execute(sql`DELETE FROM email_alert_follows WHERE subscription_id = ${id}`);
          await tx.execute(sql`UPDATE email_alert_subscriptions SET status = 'UNSUBSCRIBED', pending_follows = NULL, ended_at = now() WHERE id = ${id}`);
        }
        return view(tx, (await byId(tx, id))!);
      });
    },

    /** Whether mail may still go to this subscription (for alerts: confirmed; for a confirmation: not ended). */
    async statusOf(ids: readonly number[]): Promise<Map<number, SubscriptionRow>> {
      if (ids.length === 0) return new Map();
      const rows = rowsOf<SubscriptionRow>(
        await db.execute(sql`
          SELECT id, email, frequency, status, pending_follows, confirm_requested_at, confirmed_at
          FROM email_alert_subscriptions WHERE id = ANY(${sql.param([...new Set(ids)])}::int[])`),
      );
      return new Map(rows.map((r) => [Number(r.id), r]));
    },

    /**
     * Deletes what has no consent any more: addresses unsubscribed or bounced longer than the grace
     * ago, and requests never confirmed within the link's life; a confirmed address's unconfirmed
     * change is dropped likewise.
     */
    async sweep(): Promise<number> {
      const deleted = rowsOf<{ id: number }>(
        await db.execute(sql`
          DELETE FROM email_alert_subscriptions
          WHERE (status IN ('UNSUBSCRIBED', 'BOUNCED') AND ended_at < now() - ${EMAIL_LIMITS.unsubscribeGraceDays} * interval '1 day')
             OR (status = 'PENDING' AND confirm_requested_at < now() - ${EMAIL_LIMITS.confirmHours} * interval '1 hour')
          RETURNING id`),
      );
      await db.execute(sql`
        UPDATE email_alert_subscriptions SET pending_follows = NULL
        WHERE status = 'CONFIRMED' AND pending_follows IS NOT NULL AND confirm_requested_at < now() - ${EMAIL_LIMITS.confirmHours} * interval '1 hour'`);
      return deleted.length;
    },
  };
}
export type Subscriptions = ReturnType<typeof createSubscriptions>;
export type { SubscriptionRow };
