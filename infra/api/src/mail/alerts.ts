/**
 * Planning alert mails into the outbox: the instant alert of deals that went live (in the
 * caller's transaction, so the mails exist exactly when the deal's going live does) and the daily
 * digest. Sending is the sender's (sender.ts); this only decides who gets what, once:
 * a message's key is `alert:{deal}:{subscription}` or `digest:{day}:{subscription}`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { EMAIL_LIMITS } from '@deals/contract';
import type { Database } from '../db/client.js';
import { matchInput, type DealToMatch } from './matching.js';
import { ensureSend, insertMessages } from './outbox.js';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Live now: active, started, not expired, of an active store. */
const LIVE = sql`p.is_active AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now()) AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())`;

/**
 * `(p, subscription_id, reason)` rows of the deals' matches: words by the phrase index, stores by
 * id, for subscriptions in `subscriptions` (a condition on `s`) and follows in `follows` (on `f`).
 */
function matchesSql(deals: readonly DealToMatch[], subscriptions: SQL, follows: SQL = sql`TRUE`): SQL {
  const input = matchInput(deals);
  return sql`
    SELECT m.p, s.id AS subscription_id, s.email, m.reason
    FROM (
      SELECT g.p, f.subscription_id, f.word AS reason
      FROM jsonb_to_recordset(${input.phrases}::jsonb) AS g(p int, g text)
      JOIN email_alert_follows f ON f.word = g.g AND ${follows}
      UNION ALL
      SELECT d.p, f.subscription_id, c.name AS reason
      FROM jsonb_to_recordset(${input.stores}::jsonb) AS d(p int, s int)
      JOIN email_alert_follows f ON f.store_id = d.s AND ${follows}
      JOIN categories c ON c.id = d.s
    ) m
    JOIN email_alert_subscriptions s ON s.id = m.subscription_id AND ${subscriptions}`;
}

/**
 * Plans the instant alert of each of these deals that is live now, to every confirmed INSTANT
 * subscription it matches; answers the new messages' ids (to dispatch once committed). A deal is
 * mailed to an address at most once, however often this runs.
 */
export async function queueEmailAlerts(tx: Executor, productIds: readonly number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const deals = rowsOf<{ id: number; name: string; store_id: number }>(
    await tx.execute(sql`
      SELECT p.id, p.name, p.category_id AS store_id FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.id = ANY(${sql.param([...productIds])}::int[]) AND c.is_active AND ${LIVE}`),
  ).map((d) => ({ id: Number(d.id), name: d.name, storeId: Number(d.store_id) }));
  if (deals.length === 0) return [];

  const matches = rowsOf<{ p: number; subscription_id: number; email: string; reason: string }>(
    await tx.execute(sql`${matchesSql(deals, sql`s.status = 'CONFIRMED' AND s.frequency = 'INSTANT'`)} ORDER BY m.p, s.id`),
  );
  const ids: number[] = [];
  for (const deal of deals) {
    const mine = matches.filter((m) => Number(m.p) === deal.id);
    if (mine.length === 0) continue;
    const bySubscription = new Map<number, { email: string; reasons: string[] }>();
    for (const m of mine) {
      const entry = bySubscription.get(m.subscription_id) ?? { email: m.email, reasons: [] };
      if (!entry.reasons.includes(m.reason)) entry.reasons.push(m.reason);
      bySubscription.set(m.subscription_id, entry);
    }
    const sendId = await ensureSend(tx, { kind: 'alert', key: `alert:${deal.id}`, title: deal.name, productId: deal.id });
    const messages = [...bySubscription].map(([subscriptionId, { email, reasons }]) => ({
      key: `alert:${deal.id}:${subscriptionId}`,
      to: email,
      template: 'alert',
      subscriptionId,
      data: { deals: [[deal.id, reasons.join(', ')]] },
    }));
    for (let i = 0; i < messages.length; i += 1000) ids.push(...(await insertMessages(tx, sendId, messages.slice(i, i + 1000))));
  }
  return ids;
}

/** The deals of a digest: those that went live in the 24 hours before `at` and are live now, best first. */
export async function digestDeals(db: Executor, at: Date): Promise<DealToMatch[]> {
  return rowsOf<{ id: number; name: string; store_id: number }>(
    await db.execute(sql`
      SELECT p.id, p.name, p.category_id AS store_id
      FROM products p JOIN categories c ON c.id = p.category_id
      LEFT JOIN deal_popularity dp ON dp.product_id = p.id
      WHERE c.is_active AND ${LIVE}
        AND GREATEST(p.date_time_added, COALESCE(p.deal_starts_in, p.date_time_added)) > ${at.toISOString()}::timestamptz - interval '24 hours'
        AND GREATEST(p.date_time_added, COALESCE(p.deal_starts_in, p.date_time_added)) <= ${at.toISOString()}::timestamptz
      ORDER BY COALESCE(dp.score, 0) DESC, p.id DESC
      LIMIT 5000`),
  ).map((d) => ({ id: Number(d.id), name: d.name, storeId: Number(d.store_id) }));
}

/**
 * Plans one slice of a day's digest: confirmed DAILY subscriptions with ids in (afterId, ..],
 * up to `limit` of them, each getting its best EMAIL_LIMITS.digestDeals matching deals (in the
 * order of `deals`, best first). Answers the slice's last subscription id (null when done) and the
 * new messages' ids.
 */
export async function planDigestSlice(
  tx: Executor,
  input: { sendId: number; day: string; deals: readonly DealToMatch[]; afterId: number; limit: number; dueBy: Date },
): Promise<{ lastId: number | null; ids: number[] }> {
  const [range] = rowsOf<{ last: number | null }>(
    await tx.execute(sql`
      SELECT max(id) AS last FROM (
        SELECT id FROM email_alert_subscriptions WHERE status = 'CONFIRMED' AND frequency = 'DAILY' AND id > ${input.afterId}
        ORDER BY id LIMIT ${input.limit}) s`),
  );
  if (range?.last === null || range?.last === undefined) return { lastId: null, ids: [] };
  const lastId = Number(range.last);
  if (input.deals.length === 0) return { lastId, ids: [] };
  const rank = JSON.stringify(input.deals.map((d, i) => ({ p: d.id, r: i })));
  const ids = rowsOf<{ id: number }>(
    await tx.execute(sql`
      WITH matched AS (
        ${matchesSql(
          input.deals,
          sql`s.status = 'CONFIRMED' AND s.frequency = 'DAILY'`,
          // The slice's follows only (by the subscription index), not every follow of the deals' words.
          sql`f.subscription_id > ${input.afterId} AND f.subscription_id <= ${lastId}`,
        )}
      ), per_deal AS (
        SELECT m.subscription_id, m.email, m.p, string_agg(DISTINCT m.reason, ', ') AS reasons, min(r.r) AS rank
        FROM matched m JOIN jsonb_to_recordset(${rank}::jsonb) AS r(p int, r int) ON r.p = m.p
        GROUP BY m.subscription_id, m.email, m.p
      ), best AS (
        SELECT *, row_number() OVER (PARTITION BY subscription_id ORDER BY rank) AS n FROM per_deal
      )
      INSERT INTO email_messages (send_id, key, to_address, domain, template, data, subscription_id, claimed_until)
      SELECT ${input.sendId}, 'digest:' || ${input.day} || ':' || b.subscription_id, min(b.email), lower(substring(min(b.email) from '@([^@]*)$')), 'digest',
        jsonb_build_object('deals', jsonb_agg(jsonb_build_array(b.p, b.reasons) ORDER BY b.rank)), b.subscription_id, ${input.dueBy.toISOString()}::timestamptz
      FROM best b WHERE b.n <= ${EMAIL_LIMITS.digestDeals}
      GROUP BY b.subscription_id
      ON CONFLICT (key) DO NOTHING
      RETURNING id`),
  ).map((r) => Number(r.id));
  return { lastId, ids };
}

export { ensureSend };
