/**
 * Rendered pages kept in memory per process, each tagged with the content version it was rendered
 * at: a staff write (which bumps the version, see content-version) retires every page at once, and
 * a page also expires after `ttlMs` because time alone changes what it shows (a deal starts or
 * expires). Compressed bodies are made once per page, not once per visit.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { etagOf } from '../lib/http-cache.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  version: number;
  buildId: string;
  expiresAt: number;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
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

/** The page body in `encoding`, compressed on first use. */
export function encodedBody(page: CachedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let body = page.encoded.get(encoding);
  if (!body) {
    const raw = Buffer.from(page.html);
    body = encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzip(raw, { level: 6 });
    page.encoded.set(encoding, body);
  }
  return body;
}

/** The encoding to answer with: brotli when accepted, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}
