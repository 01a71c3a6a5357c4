/**
 * New-deal alerts: a deal created live (active, started, not expired) in a product category whose
 * "Send Notification Immediately" is on queues a push notification, in the transaction that
 * creates the deal, so the deal and its alert exist together or not at all. The history row
 * (kind `new-deal`) points at the deal under a unique index on (kind, deal), so a deal is
 * announced at most once to everyone. Visitors who follow a matching word or store get the
 * deal's follow alert instead (./follow-alerts.ts; the worker leaves them out of this one).
 */
import { sql } from 'drizzle-orm';
import { LIMITS, type PushNotificationKind } from '@deals/contract';
import type { Database } from '../db/client.js';
import { pushNotificationHistory } from '../db/schema.js';

type Executor = Pick<Database, 'execute' | 'insert'>;

/** A deal's row as the alerts read it (prices as the driver gives numerics). */
export interface AlertSource {
  name: string;
  store: string;
  current_price: string | number;
  previous_price: string | number | null;
  promo_code: string | null;
  added_by_id: number | null;
}

/** `$1,299.00`, as the public site writes prices. */
export function formatPrice(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `text` cut to `max` characters, an ellipsis marking the cut. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Title and message of the alert, within the console's own limits. */
export function newDealAlertText(deal: { name: string; store: string; currentPrice: number; previousPrice: number | null; promoCode: string | null }): { title: string; message: string } {
  const title = clip(`New deal: ${deal.name.trim()}`, LIMITS.pushNotification.title);
  const previous = deal.previousPrice ?? 0;
  // Rounded up, like the discount the API shows on cards (spec §3).
  const discount = previous > deal.currentPrice ? Math.ceil(((previous - deal.currentPrice) * 100) / previous) : 0;
  let message = `${deal.store.trim()}: ${formatPrice(deal.currentPrice)}`;
  if (discount > 0) message += `, was ${formatPrice(previous)} (${discount}% off)`;
  // The code itself stays on the site (the deal page reveals it), as the public summary words it.
  if (deal.promoCode?.trim()) message += ' with a promo code';
  return { title, message: clip(message, LIMITS.pushNotification.message) };
}

/** The alert's text from the deal's row. */
export function alertTextOf(deal: AlertSource): { title: string; message: string } {
  return newDealAlertText({
    name: deal.name,
    store: deal.store,
    currentPrice: Number(deal.current_price),
    previousPrice: deal.previous_price === null ? null : Number(deal.previous_price),
    promoCode: deal.promo_code,
  });
}

/** Queues the alert for this deal when it qualifies; answers the history id, or null. */
export async function queueNewDealAlert(tx: Executor, productId: number): Promise<number | null> {
  const result = await tx.execute(sql`
    SELECT p.name, c.name AS store, p.current_price, p.previous_price, p.promo_code, p.added_by_id
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ${productId}::int AND p.is_active
      AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
      AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())
      AND EXISTS (
        SELECT 1 FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id
        WHERE ppt.product_id = p.id AND pt.notify_immediately AND pt.is_active)`);
  const [deal] = (result as unknown as { rows: AlertSource[] }).rows;
  if (!deal) return null;
  const text = alertTextOf(deal);
  const [row] = await tx
    .insert(pushNotificationHistory)
    .values({ ...text, createdById: deal.added_by_id, productId, status: 'queued', kind: 'new-deal' satisfies PushNotificationKind })
    .onConflictDoNothing({ target: [pushNotificationHistory.kind, pushNotificationHistory.productId] })
    .returning({ id: pushNotificationHistory.id });
  return row?.id ?? null;
}
