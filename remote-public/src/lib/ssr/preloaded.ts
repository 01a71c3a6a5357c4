import { callKey, type ApiAnswer, type ApiCall } from './apiCall';

/** The element the server writes the render's API answers into (see server/render.tsx). */
export const DATA_ELEMENT_ID = 'deals-ssr-data';

export interface SerialisedRender {
  /** Path and query the answers were read for. */
  url: string;
  answers: Record<string, ApiAnswer>;
  /** When the server rendered it (ms since the epoch): texts such as "3 h ago" hydrate as rendered. */
  renderedAt?: number;
}

let preloaded: Map<string, ApiAnswer> | null = null;
let renderedAt: number | undefined;

function load(): Map<string, ApiAnswer> {
  if (preloaded) return preloaded;
  preloaded = new Map();
  if (typeof document === 'undefined') return preloaded;
  const element = document.getElementById(DATA_ELEMENT_ID);
  if (!element?.textContent) return preloaded;
  try {
    const render = JSON.parse(element.textContent) as SerialisedRender;
    // The markup was rendered at that instant whatever its answers are for.
    if (typeof render.renderedAt === 'number') renderedAt = render.renderedAt;
    if (render.url === window.location.pathname + window.location.search) preloaded = new Map(Object.entries(render.answers));
  } catch {
    // A malformed block: the page loads its data as a client-rendered page does.
  }
  return preloaded;
}

/** The server's answer to `call` for the page being hydrated, if it sent one. */
export function preloadedAnswer(call: ApiCall | null): ApiAnswer | undefined {
  return call ? load().get(callKey(call)) : undefined;
}

/** When the server rendered the page being hydrated, if it said. */
export function serverRenderTime(): number | undefined {
  load();
  return renderedAt;
}

/** True while the page shows what the server rendered (until the first navigation). */
export function isHydrating(): boolean {
  return load().size > 0;
}

/** After the first navigation the server's answers are stale for the next visit of that page. */
export function forgetPreloaded(): void {
  preloaded = new Map();
}

/** For tests: read the data element again. */
export function resetPreloaded(): void {
  preloaded = null;
  renderedAt = undefined;
}
