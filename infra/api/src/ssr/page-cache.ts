/**
 * Rendered pages kept in memory per process, each tagged with the content version it was rendered
 * at: a staff write (which bumps the version, see content-version) retires every page at once, and
 * a page also expires after `ttlMs` because time alone changes what it shows (a deal starts or
 * expires). Each answer stamps its own nonce into the body (lib/csp.ts), so bodies are compressed
 * per answer; the ETag is taken from the unstamped page.
 */
import { etagOf } from '../lib/http-cache.js';

export interface CachedPage {
  status: number;
  html: string;
  /** CSP hash sources of the page's own inline scripts (lib/csp.ts), kept with the body they match. */
  scriptHashes: readonly string[];
  /** What our scripts' nonce attributes hold in `html`; replaced by each answer's nonce (lib/csp.ts). */
  nonceMarker: string;
  etag: string;
  version: number;
  buildId: string;
  expiresAt: number;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, version: number, buildId: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.version !== version || page.buildId !== buildId || page.expiresAt <= Date.now()) {
      this.pages.delete(key);
      return undefined;
    }
    // Least recently used goes first when full: re-insert to move it to the end.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: Omit<CachedPage, 'etag' | 'expiresAt'>): CachedPage {
    const entry: CachedPage = {
      ...page,
      etag: etagOf(page.html),
      expiresAt: Date.now() + this.ttlMs,
    };
    this.pages.set(key, entry);
    while (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    return entry;
  }
}
