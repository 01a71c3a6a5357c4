// How a deal's numbers and dates read on cards and the detail page (spec 000 §2 "Deal card",
// §4 lifetime label, §9 price and discount display).

const HOUR_MS = 60 * 60 * 1000;

/** `$` and two decimals, e.g. `$1,299.00`; nothing for a missing price. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The saving as a rounded percent of the previous price, or null when there is no saving to show
 * (no previous price, or the current one is not lower).
 */
export function discountPercent(currentPrice: number | null | undefined, previousPrice: number | null | undefined): number | null {
  if (currentPrice === null || currentPrice === undefined || !previousPrice || previousPrice <= 0) return null;
  if (currentPrice >= previousPrice) return null;
  return Math.round(((previousPrice - currentPrice) / previousPrice) * 100);
}

/**
 * The countdown text of spec 000 §4, read in whole hours left: more than 24 → "N Days Left"
 * (days rounded up, so 25 hours is 2 days), exactly 24 → "1 Day Left", 13 to 23 → "Expires Soon",
 * 0 to under 12 → "Expires Today", expired → nothing, anything else (no expiry date, the 12th
 * hour the spec leaves out) → "Limited-Time Only".
 */
export function lifetimeLabel(expiresIn: string | Date | null | undefined, now: Date = new Date()): string | null {
  if (!expiresIn) return 'Limited-Time Only';
  const expires = expiresIn instanceof Date ? expiresIn : new Date(expiresIn);
  if (Number.isNaN(expires.getTime())) return 'Limited-Time Only';
  const left = expires.getTime() - now.getTime();
  if (left < 0) return null;
  const hours = Math.floor(left / HOUR_MS);
  if (hours > 24) return `${Math.ceil(hours / 24)} Days Left`;
  if (hours === 24) return '1 Day Left';
  if (hours >= 13) return 'Expires Soon';
  if (hours < 12) return 'Expires Today';
  return 'Limited-Time Only';
}
