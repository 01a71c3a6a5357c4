/**
 * Rendered pages kept in memory per process, each tagged with the content version it was rendered
 * at: a staff write (which bumps the version, see content-version) retires every page at once, and
 * a page also expires after `ttlMs` because time alone changes what it shows (a deal starts or
 * expires). Each answer stamps its own nonce into the body (lib/csp.ts), so bodies are compressed
 * per answer; the ETag is taken from the unstamped page.
 *
 * The cache is bounded in bytes, not pages: a page with its data can weigh from a few to a few
 * hundred kilobytes, and a crawler walking filter combinations would otherwise fill a count-bounded
 * cache with the heaviest ones. Beyond the bound, the least recently used pages go first.
 */
import { etagOf } from '../lib/http-cache.js';

/** `PAGE_CACHE_MB`: the bytes of rendered pages one process keeps (default 24 MB; 0 keeps none). */
export function pageCacheBytes(env: Readonly<Record<string, string | undefined>>): number {
  const configured = Number(env.PAGE_CACHE_MB?.trim() || NaN);
  return (Number.isFinite(configured) && configured >= 0 ? configured : 24) * 1024 * 1024;
}

/** What a page holds in memory, near enough: its UTF-8 size (V8 keeps ASCII at a byte a character) plus the entry's own. */
function weightOf(page: Omit<CachedPage, 'etag' | 'expiresAt'>): number {
  return Buffer.byteLength(page.html) + page.scriptHashes.reduce((sum, hash) => sum + hash.length, 0) + 256;
}

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
  private readonly pages = new Map<string, { page: CachedPage; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = pageCacheBytes({}),
  ) {}

  /** The bytes the cached pages weigh now (at most the bound). */
  get size(): number {
    return this.bytes;
  }

  get(key: string, version: number, buildId: string): CachedPage | undefined {
    const slot = this.pages.get(key);
    if (!slot) return undefined;
    const { page } = slot;
    if (page.version !== version || page.buildId !== buildId || page.expiresAt <= Date.now()) {
      this.drop(key);
      return undefined;
    }
    // Least recently used goes first when full: re-insert to move it to the end.
    this.pages.delete(key);
    this.pages.set(key, slot);
    return page;
  }

  set(key: string, page: Omit<CachedPage, 'etag' | 'expiresAt'>): CachedPage {
    const entry: CachedPage = {
      ...page,
      etag: etagOf(page.html),
      expiresAt: Date.now() + this.ttlMs,
    };
    this.drop(key);
    const bytes = weightOf(page);
    // A page heavier than the whole bound is answered but not kept.
    if (bytes > this.maxBytes) return entry;
    this.pages.set(key, { page: entry, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) this.drop(this.pages.keys().next().value!);
    return entry;
  }

  private drop(key: string): void {
    const slot = this.pages.get(key);
    if (!slot) return;
    this.pages.delete(key);
    this.bytes -= slot.bytes;
  }
}
