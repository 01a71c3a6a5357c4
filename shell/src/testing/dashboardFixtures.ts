import type { DashboardEarnings, DashboardStats, EarningsRow } from '@deals/contract';

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 5, 30);

/** The dashboard's answer for tests: 30 zero-filled days ending 2026-06-30, clicks on some. */
export function dashboardStats(overrides: Partial<DashboardStats> = {}, clicks: Record<string, number> = { '2026-06-28': 3, '2026-06-30': 5 }): DashboardStats {
  return {
    scope: 'own',
    asOf: '2026-06-30T12:00:00.000Z',
    liveDeals: 1234,
    expiringSoon: { count: 3, from: '2026-06-30T12:00:00.000Z', to: '2026-07-02T12:00:00.000Z' },
    clicksPerDay: Array.from({ length: 30 }, (_, i) => {
      const day = new Date(TODAY - (29 - i) * DAY).toISOString().slice(0, 10);
      return { day, clicks: clicks[day] ?? 0 };
    }),
    topDeals: [
      { id: 41, name: 'Noise-cancelling headphones', storeId: 7, store: 'Sound Shop', clicks: 5 },
      { id: 12, name: '20% off sneakers', storeId: 8, store: 'Shoe Hub', clicks: 3 },
    ],
    topStores: [
      { id: 7, name: 'Sound Shop', clicks: 5 },
      { id: 8, name: 'Shoe Hub', clicks: 3 },
    ],
    notifications: { sent: 4, targets: 1500, delivered: 1432 },
    needsAttention: 7,
    earnings: dashboardEarnings(),
    failingFeeds: [],
    feedOffersPending: 0,
    emailSubscribers: { confirmed: 1520, pending: 12, instant: 400, daily: 1120 },
    ...overrides,
  };
}

/** An earnings row with the figures that matter to a test; the rest zero. */
export const earningsRow = (overrides: Partial<EarningsRow>): EarningsRow => ({
  key: '',
  name: '',
  currency: 'USD',
  clicks: 0,
  conversions: 0,
  revenue: 0,
  commission: 0,
  epc: 0,
  conversionRate: 0,
  ...overrides,
});

/** Earnings of one currency (USD): two commissions on the headphones at Sound Shop. */
export function dashboardEarnings(overrides: Partial<DashboardEarnings> = {}): DashboardEarnings {
  const headphones = { clicks: 5, conversions: 2, revenue: 400, commission: 24, epc: 4.8, conversionRate: 40 };
  return {
    totals: [earningsRow({ key: 'all', name: 'All', ...headphones, clicks: 8, epc: 3, conversionRate: 25 })],
    perDay: [
      { day: '2026-06-28', currency: 'USD', commission: 10 },
      { day: '2026-06-30', currency: 'USD', commission: 14 },
    ],
    topDeals: [earningsRow({ key: '41', name: 'Noise-cancelling headphones', store: 'Sound Shop', ...headphones })],
    topStores: [earningsRow({ key: '7', name: 'Sound Shop', ...headphones })],
    ...overrides,
  };
}

/** Nothing earned: the clicks' row without a currency, no days, no Top rows. */
export const noEarnings = (): DashboardEarnings => ({ totals: [earningsRow({ key: 'all', name: 'All', currency: null })], perDay: [], topDeals: [], topStores: [] });

/** The answer of a new site: no clicks, no deals, no notifications. */
export const emptyDashboardStats = (): DashboardStats =>
  dashboardStats({ earnings: noEarnings(), liveDeals: 0, expiringSoon: { count: 0, from: '2026-06-30T12:00:00.000Z', to: '2026-07-02T12:00:00.000Z' }, topDeals: [], topStores: [], notifications: { sent: 0, targets: 0, delivered: 0 }, needsAttention: 0, emailSubscribers: { confirmed: 0, pending: 0, instant: 0, daily: 0 } }, {});
