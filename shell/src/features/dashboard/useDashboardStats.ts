import { useCallback, useEffect, useState } from 'react';
import { fetchDashboardStats, type DashboardStats } from './api';

export type StatsState = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; stats: DashboardStats; refreshing: boolean };

/** The dashboard's figures, loaded on mount; `refresh()` reloads them, keeping the shown ones meanwhile. */
export function useDashboardStats() {
  const [state, setState] = useState<StatsState>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    fetchDashboardStats().then(
      (stats) => current && setState({ status: 'ready', stats, refreshing: false }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [round]);

  const refresh = useCallback(() => {
    setState((shown) => (shown.status === 'ready' ? { ...shown, refreshing: true } : { status: 'loading' }));
    setRound((n) => n + 1);
  }, []);

  return { state, refresh };
}
