import type { DealDetail } from '@deals/contract';
import { discountPercent, formatPrice } from '../dealText';

/** Search engines show about this much of a description. */
export const DESCRIPTION_MAX = 160;
/** Google's limit for an article's headline. */
export const HEADLINE_MAX = 110;

/** Whitespace (newlines, tabs, runs of spaces) as single spaces, trimmed. */
export function collapseWhitespace(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Text at most `max` characters: whitespace collapsed, and when too long cut at the last word that
 * fits (unless that loses more than a third) with an ellipsis, so a snippet never ends mid-word.
 */
export function clip(text: string | null | undefined, max = DESCRIPTION_MAX): string {
  const flat = collapseWhitespace(text);
  if (flat.length <= max) return flat;
  // Leave room for the ellipsis; never keep half of a surrogate pair.
  let cut = flat.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const lastSpace = cut.lastIndexOf(' ');
  if (flat[cut.length] !== ' ' && lastSpace > (max * 2) / 3) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s,;:.!?\-–—]+$/, '')}…`;
}

/**
 * A deal's search-result line: what, price, store, saving, whether a code applies, then the start
 * of its description (the deal detail page's description).
 */
export function describeDeal(deal: Pick<DealDetail, 'name' | 'currentPrice' | 'previousPrice' | 'category' | 'promoCode' | 'additionalInformation'>): string {
  const discount = discountPercent(deal.currentPrice, deal.previousPrice);
  const lead = `${collapseWhitespace(deal.name)} for ${formatPrice(deal.currentPrice)} at ${collapseWhitespace(deal.category)}${discount ? ` (${discount}% off)` : ''}${deal.promoCode?.trim() ? ' with a promo code' : ''}.`;
  return clip(`${lead} ${deal.additionalInformation ?? ''}`);
}
