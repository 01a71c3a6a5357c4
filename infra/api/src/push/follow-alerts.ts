/**
 * Follow alerts: a deal that is live (active, started, not expired) is pushed to
 * the browsers that follow a word in its name or its store, and to no one else.
 *
 * `queueFollowAlerts` queues one history row (kind `follow-alert`) and, in the same transaction,
 * its audience: one row per matching browser with that browser's own title ("lego: New deal: …"),
 * so the visitor sees why it arrived. The delivery worker fans the row out to the audience only
 * (delivery-store.ts). The row points at the deal under the unique index on (kind, deal), so
 * calling this again for the same deal (a later edit, the scheduled go-live job) queues nothing.
 *
 * Independent of the deal's product types: following is the visitor's own request, unlike the
 * category-wide new-deal alert (./new-deal-alert.ts). A browser that both follows and would get
 * the new-deal alert gets only this one (the worker leaves followers out of the new-deal alert).
 */
import { sql } from 'drizzle-orm';
import { followMatchText, LIMITS, type PushNotificationKind } from '@deals/contract';
import type { Database } from '../db/client.js';
import { pushNotificationAudience, pushNotificationHistory } from '../db/schema.js';
import { alertTextOf, clip, type AlertSource } from './new-deal-alert.js';

type Executor = Pick<Database, 'execute' | 'insert'>;

interface LiveDeal extends AlertSource {
  category_id: number;
}

interface MatchedFollow {
  device_id: number;
  word: string | null;
  store_name: string | null;
}

/** The reason shown before the title is kept short, so the deal's name still fits. */
const REASON_MAX = 40;
/** Audience rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const AUDIENCE_BATCH = 1000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A browser's title: what it follows that matched, then the new-deal title ("lego, Acme: New deal: …"). */
export function followAlertTitle(reasons: readonly string[], dealTitle: string): string {
  return clip(`${clip(reasons.join(', '), REASON_MAX)}: ${dealTitle}`, LIMITS.pushNotification.title);
}

/** Matches grouped by browser, each browser's reasons in the order found (words, then its store). */
function reasonsByDevice(matches: readonly MatchedFollow[]): Map<number, string[]> {
  const byDevice = new Map<number, string[]>();
  for (const match of matches) {
    const reason = match.word ?? match.store_name;
    if (!reason) continue;
    const reasons = byDevice.get(match.device_id) ?? [];
    reasons.push(reason);
    byDevice.set(match.device_id, reasons);
  }
  return byDevice;
}

/**
 * Queues the follow alert of this deal when it is live and some browser's follows match it;
 * answers the history id, or null (not live, nobody follows it, or already queued). Runs on the
 * caller's transaction, so the alert exists exactly when the deal (or its going live) does.
 */
export async function queueFollowAlerts(tx: Executor, productId: number): Promise<number | null> {
  const [deal] = rowsOf<LiveDeal>(
    await tx.execute(sql`
      SELECT p.name, p.category_id, c.name AS store, p.current_price, p.previous_price, p.promo_code, p.added_by_id
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.id = ${productId}::int AND p.is_active
        AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
        AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())`),
  );
  if (!deal) return null;

  // The name is normalised here (the same function that normalised the followed words), so both
  // sides agree whatever the database's locale; a word matches when it appears space-delimited.
  const matchText = followMatchText(deal.name);
  const matches = rowsOf<MatchedFollow>(
    await tx.execute(sql`
      SELECT f.device_id, f.word, s.name AS store_name
      FROM deal_follows f
      JOIN push_devices d ON d.id = f.device_id
      LEFT JOIN categories s ON s.id = f.store_id
      WHERE d.platform = 'web' AND d.subscription IS NOT NULL
        AND (f.store_id = ${deal.category_id}::int OR (f.word IS NOT NULL AND strpos(${matchText}::text, ' ' || f.word || ' ') > 0))
      ORDER BY f.device_id, f.store_id NULLS FIRST, f.word`),
  );
  const audience = reasonsByDevice(matches);
  if (audience.size === 0) return null;

  const text = alertTextOf(deal);
  // The console's row names every reason (words, then stores); each browser's own title names only its own.
  const everyReason = [...new Set([...matches.filter((m) => m.word !== null), ...matches.filter((m) => m.word === null)].map((m) => m.word ?? m.store_name ?? ''))].filter(Boolean);
  const [row] = await tx
    .insert(pushNotificationHistory)
    .values({
      title: followAlertTitle(everyReason, text.title),
      message: text.message,
      createdById: deal.added_by_id,
      productId,
      status: 'queued',
      kind: 'follow-alert' satisfies PushNotificationKind,
    })
    .onConflictDoNothing({ target: [pushNotificationHistory.kind, pushNotificationHistory.productId] })
    .returning({ id: pushNotificationHistory.id });
  if (!row) return null;

  const rows = [...audience].map(([deviceId, reasons]) => ({ notificationId: row.id, deviceId, title: followAlertTitle(reasons, text.title) }));
  for (let i = 0; i < rows.length; i += AUDIENCE_BATCH) {
    await tx.insert(pushNotificationAudience).values(rows.slice(i, i + AUDIENCE_BATCH));
  }
  return row.id;
}
