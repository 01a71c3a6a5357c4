/**
 * Rendered pages kept in memory per process, each tagged with the content version it was rendered
 * at: a staff write (which bumps the version, see content-version) retires every page at once, and
 * a page also expires after `ttlMs` because time alone changes what it shows (a deal starts or
 * expires). Compressed bodies are made once per page, not once per visit.
 */
import { etagOf, type CompressedBodies } from '../lib/http-cache.js';

export interface CachedPage extends CompressedBodies {
  status: number;
  html: string;
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

  set(key: string, page: Omit<CachedPage, 'etag' | 'expiresAt' | 'encoded'>): CachedPage {
    const entry: CachedPage = {
      ...page,
      etag: etagOf(page.html),
      expiresAt: Date.now() + this.ttlMs,
      encoded: new Map(),
    };
    this.pages.set(key, entry);
    while (this.pages.size > this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    return entry;
  }
}
