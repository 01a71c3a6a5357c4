import { useState, useSyncExternalStore } from 'react';
import { serverRenderTime } from './preloaded';
import { useRenderRecorder } from './renderContext';

/** The instant and the time zone a time-dependent text ("3 h ago", "Verified today") is computed for. */
export interface Clock {
  now: number;
  /** An IANA zone; undefined: the browser's own. */
  timeZone: string | undefined;
}

/** How often shown ages move on: "N min ago" is the finest text. */
const TICK_MS = 60_000;

let current: Clock | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/**
 * One instant for everything rendered together, so two cards never disagree; replaced once a
 * minute old (or the clock was set back), so a page opened later, with nothing ticking in
 * between, does not read a stale one.
 */
function browserClock(): Clock {
  if (!current || Math.abs(Date.now() - current.now) >= TICK_MS) current = { now: Date.now(), timeZone: undefined };
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1)
    timer = setInterval(() => {
      current = { now: Date.now(), timeZone: undefined };
      for (const notify of listeners) notify();
    }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) clearInterval(timer);
  };
}

/**
 * The clock for texts that depend on the time. The server computes them at its render time in UTC
 * (it knows no visitor's zone) and sends that instant with the page (server/render.tsx), so the
 * browser hydrates the same text; right after hydration they are computed again for the browser's
 * now and zone, and every minute after. A page rendered in the browser starts from the browser's.
 * Like the hydration of `useHydrated`, with a snapshot that differs on the two sides.
 */
export function useClock(): Clock {
  const recorder = useRenderRecorder();
  const [rendered] = useState<Clock>(() => ({ now: recorder?.renderedAt ?? serverRenderTime() ?? Date.now(), timeZone: 'UTC' }));
  return useSyncExternalStore(subscribe, browserClock, () => rendered);
}
