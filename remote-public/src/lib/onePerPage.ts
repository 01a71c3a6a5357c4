import { startTransition, useEffect, useState } from 'react';
import { request, settle, type ApiCall } from './ssr/apiCall';
import { preloadedAnswer } from './ssr/preloaded';
import { useServerAnswer } from './ssr/renderContext';

/**
 * A public resource read once per page load (site info, blog posts): every component asks, one
 * request goes out, and a failure answers `fallback` (public loads fail silently, spec 000 §8).
 * A server-rendered page carries the answer, so hydration reads it without a request.
 * `use()` is the hook: undefined while loading; the answer is rendered as a transition.
 */
export function onePerPage<T>(call: ApiCall, fallback: T, parse: (body: unknown) => T = (body) => body as T) {
  let cached: Promise<T> | null = null;
  const fromAnswer = (answer: Parameters<typeof settle>[0]): T => {
    const { data, error } = settle<unknown>(answer);
    return error === undefined ? parse(data) : fallback;
  };
  const get = (): Promise<T> => {
    const preloaded = preloadedAnswer(call);
    cached ??= preloaded ? Promise.resolve(fromAnswer(preloaded)) : request<unknown>(call).then(parse, () => fallback);
    return cached;
  };
  const reset = (): void => {
    cached = null;
  };
  function useResource(): T | undefined {
    const server = useServerAnswer(call);
    const [value, setValue] = useState<T | undefined>(() => {
      const preloaded = preloadedAnswer(call);
      return preloaded ? fromAnswer(preloaded) : undefined;
    });
    useEffect(() => {
      if (value !== undefined) return;
      let current = true;
      void get().then((answer) => current && startTransition(() => setValue(answer)));
      return () => {
        current = false;
      };
      // Read once per mount: the value only ever goes from undefined to the answer.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return server ? fromAnswer(server) : value;
  }
  return { get, reset, use: useResource };
}
