import { startTransition, useEffect, useState } from 'react';
import { callKey, request, settle, type ApiCall } from './apiCall';
import { preloadedAnswer } from './preloaded';
import { useServerAnswer } from './renderContext';

export interface Fetched<T> {
  /** The latest answer; while a new call loads, the previous call's answer stays (no flash of empty). */
  data: T | undefined;
  loading: boolean;
  error: unknown;
}

interface State<T> {
  key: string | null;
  data: T | undefined;
  error: unknown;
}

/**
 * The answer to a public API call, read once per distinct call. On the server the render waits for
 * it; in the browser the server's answer is used as it was sent (no second fetch while hydrating),
 * and any other call is fetched after render, a newer call aborting the older one so a slow answer
 * can never overwrite a newer one. `null` reads nothing.
 */
export function useApi<T>(call: ApiCall | null): Fetched<T> {
  const key = call ? callKey(call) : null;
  const server = useServerAnswer(call);
  const [state, setState] = useState<State<T>>(() => {
    const answer = server ?? preloadedAnswer(call);
    return answer ? { key, ...settle<T>(answer) } : { key: null, data: undefined, error: undefined };
  });
  const current = state.key === key;
  useEffect(() => {
    if (key === null || !call || current) return;
    const controller = new AbortController();
    request<T>(call, controller.signal).then(
      // Rendering the answer is a transition (time-sliced), so a long list never blocks input.
      (data) => !controller.signal.aborted && startTransition(() => setState({ key, data, error: undefined })),
      (error: unknown) => !controller.signal.aborted && setState({ key, data: undefined, error }),
    );
    return () => controller.abort();
    // The key says when the call changes; `current` only turns true through this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (server) return { ...settle<T>(server), loading: false };
  return { data: state.data, loading: key !== null && !current, error: current ? state.error : undefined };
}
