/**
 * One server render's memory. A visitor page is rendered by in-process API calls, and several of
 * them may read the same record (an expired deal's page asks for the deal's detail, then for its
 * availability): inside a render each such read runs once. Outside a render nothing is kept, so
 * API callers always read fresh rows.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` (a render and every API call it makes) with a memory of its own. */
export function inRenderScope<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), work);
}

/** `read()` once per render for `key`; outside a render, every time. */
export function oncePerRender<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memory = scope.getStore();
  if (!memory) return read();
  let pending = memory.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    memory.set(key, pending);
  }
  return pending;
}
