import { startTransition, useEffect, useState } from 'react';

export interface Fetched<T> {
  /** The latest answer; while a new key loads, the previous key's answer stays (no flash of empty). */
  data: T | undefined;
  loading: boolean;
  error: unknown;
}

/**
 * Runs `load` whenever `key` changes and keeps the latest answer; a newer key aborts the older
 * request, so a slow answer can never overwrite a newer one. `loading` is derived (the stored
 * answer belongs to another key), so the effect never sets state synchronously.
 */
export function useFetched<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: unknown }>({ key: null, data: undefined, error: undefined });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      // Rendering the answer is a transition (time-sliced), so a long list never blocks input.
      (data) => !controller.signal.aborted && startTransition(() => setState({ key, data, error: undefined })),
      (error: unknown) => !controller.signal.aborted && setState({ key, data: undefined, error }),
    );
    return () => controller.abort();
    // `load` is recreated each render; the key says when the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = state.key === key;
  return { data: state.data, loading: key !== null && !current, error: current ? state.error : undefined };
}
