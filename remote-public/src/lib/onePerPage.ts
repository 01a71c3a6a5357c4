import { startTransition, useEffect, useState } from 'react';

/**
 * A public resource read once per page load (site info, blog posts): every component asks, one
 * request goes out, and a failure answers `fallback` (public loads fail silently, spec 000 §8).
 * `use()` is the hook: undefined while loading; the answer is rendered as a transition.
 */
export function onePerPage<T>(load: () => Promise<T>, fallback: T) {
  let cached: Promise<T> | null = null;
  const get = (): Promise<T> => (cached ??= load().catch(() => fallback));
  const reset = (): void => {
    cached = null;
  };
  function useResource(): T | undefined {
    const [value, setValue] = useState<T | undefined>(undefined);
    useEffect(() => {
      let current = true;
      void get().then((answer) => current && startTransition(() => setValue(answer)));
      return () => {
        current = false;
      };
    }, []);
    return value;
  }
  return { get, reset, use: useResource };
}
