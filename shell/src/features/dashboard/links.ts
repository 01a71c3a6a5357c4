import type { DashboardStats } from '@deals/contract';

export const DEALS_TABLE_PATH = '/admin/management/product-deals';

/** The catalog's queue of deals to look at, in the same scope as the dashboard's figures. */
export const NEEDS_ATTENTION_PATH = '/admin/management/needs-attention';

/** The catalog's feed screens: the feeds' settings and runs (admins), and the offers waiting for review. */
export const FEEDS_PATH = '/admin/management/feeds';
export const FEED_REVIEW_PATH = '/admin/management/feed-review';

/** The notifications remote's console of every email the site sent (admins). */
export const EMAIL_SENDS_PATH = '/admin/push-notification/email-sends';

export const dealEditPath = (dealId: number) => `/admin/management/product-deal/edit/${dealId}`;

/**
 * The admin deals table showing exactly the deals the "expiring in 48 h" figure counts: active,
 * expiry within the API's window (linked filters, so the exact instants are kept), the staff
 * member's own deals when the figures are theirs, soonest first.
 */
export function expiringDealsPath(stats: Pick<DashboardStats, 'scope' | 'expiringSoon'>, viewerId: number | undefined): string {
  const query = new URLSearchParams({ isActive: 'true', sort: 'dealExpiresIn.asc', expiresFrom: stats.expiringSoon.from, expiresTo: stats.expiringSoon.to });
  if (stats.scope === 'own' && viewerId !== undefined) query.set('addedById', String(viewerId));
  return `${DEALS_TABLE_PATH}?${query.toString()}`;
}

/** A UTC day (`YYYY-MM-DD`) as the chart labels it, `MM/DD`, without any time-zone shift. */
export const shortDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;
