/**
 * The dashboard that reports: `GET Dashboard/GetStats` answers every figure of
 * the back office's dashboard in one call. Staff get the figures of the deals they added and the
 * notifications they sent; admins everyone's (`scope` says which, so the page can say so).
 *
 * Clicks are unique visitors per deal and UTC day (the click-outs' de-duplication), summed over
 * the last `DASHBOARD_CLICK_DAYS` UTC days, today included.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DashboardEarningsSchema } from './commissions.ts';
import { EmailSubscriberCountsSchema } from './email-alerts.ts';
import { FailingFeedSchema } from './feeds.ts';

/** UTC days of the click chart and of the Top 10 lists and notification figures, today included. */
export const DASHBOARD_CLICK_DAYS = 30;
/** "Expiring soon": deals whose expiry falls within this many hours from now. */
export const DASHBOARD_EXPIRING_HOURS = 48;
/** Rows of each Top list. */
export const DASHBOARD_TOP_SIZE = 10;

export const DASHBOARD_SCOPES = ['own', 'all'] as const;
/** `own`: the caller's deals and notifications (staff); `all`: everyone's (admins). */
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

const instant = () => Type.String({ format: 'date-time' });

export const DashboardStatsSchema = Type.Object({
  scope: Type.Unsafe<DashboardScope>(Type.String({ enum: [...DASHBOARD_SCOPES] })),
  /** When the figures were taken (the start of the expiring window). */
  asOf: instant(),
  /** Deals a visitor can see now: active, started, not expired, of an open store. */
  liveDeals: Type.Integer(),
  /**
   * Active deals whose expiry falls in [from, to] (both included, as the admin deals table's
   * `expiresFrom`/`expiresTo` filters take them), to = from + 48 h.
   */
  expiringSoon: Type.Object({ count: Type.Integer(), from: instant(), to: instant() }),
  /** One entry per UTC day (`YYYY-MM-DD`), oldest first, days without clicks as 0. */
  clicksPerDay: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), clicks: Type.Integer() })),
  /** The most clicked deals over the days of the chart, most first (ties: newest deal first). */
  topDeals: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), storeId: Type.Integer(), store: Type.String(), clicks: Type.Integer() })),
  /** Stores by the clicks on their deals over the days of the chart, most first (ties: by name). */
  topStores: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), clicks: Type.Integer() })),
  /**
   * Push notifications created over the days of the chart: how many (`sent`, queued ones
   * included), the devices they went out to (`targets`) and reached (`delivered`).
   */
  notifications: Type.Object({ sent: Type.Integer(), targets: Type.Integer(), delivered: Type.Integer() }),
  /** Rows of "Needs attention" (`LinkHealth/GetAttentionQueue`'s total) in the same scope. */
  needsAttention: Type.Integer(),
  /** Affiliate commissions of the same deals and days: totals, chart and Top lists per currency (commissions.ts). */
  earnings: DashboardEarningsSchema,
  /** Deal feeds whose last two runs (or more) failed, most failures first (everyone's: feeds are the deployment's). */
  failingFeeds: Type.Array(FailingFeedSchema),
  /** Feed offers waiting in the review queue. */
  feedOffersPending: Type.Integer(),
  /** Visitors' email alert subscriptions (the deployment's, whatever the scope). */
  emailSubscribers: EmailSubscriberCountsSchema,
});
export type DashboardStats = Static<typeof DashboardStatsSchema>;
export type DashboardTopDeal = DashboardStats['topDeals'][number];
export type DashboardTopStore = DashboardStats['topStores'][number];
export type DashboardClickDay = DashboardStats['clicksPerDay'][number];
