import { api } from '@deals/shared-auth/client';
import type { DashboardStats } from '@deals/contract';

export type { DashboardStats };

/** Whether an answer has the shape the page draws (checked on the parts it reads). */
function isDashboardStats(data: unknown): data is DashboardStats {
  const stats = data as Partial<DashboardStats> | null;
  return (
    typeof stats === 'object' &&
    stats !== null &&
    typeof stats.liveDeals === 'number' &&
    typeof stats.expiringSoon?.count === 'number' &&
    typeof stats.notifications?.sent === 'number' &&
    Array.isArray(stats.clicksPerDay) &&
    Array.isArray(stats.topDeals) &&
    Array.isArray(stats.topStores)
  );
}

/**
 * Every figure of the dashboard in one call: the caller's own (staff) or everyone's (admins). An
 * answer of another shape (a proxy's error page, an older API) rejects, so the page shows its
 * error state instead of breaking the admin frame around it.
 */
export async function fetchDashboardStats(): Promise<DashboardStats> {
  const { data } = await api.get<unknown>('Dashboard/GetStats');
  if (!isDashboardStats(data)) throw new Error('Unexpected answer from Dashboard/GetStats');
  return data;
}
