import type { DashboardStats } from '@deals/contract';

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
    ...overrides,
  };
}

/** The answer of a new site: no clicks, no deals, no notifications. */
export const emptyDashboardStats = (): DashboardStats =>
  dashboardStats({ liveDeals: 0, expiringSoon: { count: 0, from: '2026-06-30T12:00:00.000Z', to: '2026-07-02T12:00:00.000Z' }, topDeals: [], topStores: [], notifications: { sent: 0, targets: 0, delivered: 0 }, needsAttention: 0 }, {});
