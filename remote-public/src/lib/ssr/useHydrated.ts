import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup, true after: personal
 * bits (signed in or not) are decided here, so one cached document serves every visitor and the
 * first browser render matches it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
