/**
 * HTTP caching shared by the answers every visitor needs (rendered pages, `Home/GetCMSInfo`) and
 * the in-process caches behind them, which are keyed on the content version and a lifetime.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Browsers always revalidate (a 304 costs one round trip and no body); a shared cache (CDN) may
 * serve an answer for 60 s and a stale one while it revalidates. The server itself never serves
 * content older than the last staff write.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';

/**
 * The site info JSON: as above, but fresh in the browser for a few seconds, so that the page's own
 * fetch reuses the copy the document preloaded (infra/build HOST_PRELOADS) instead of revalidating
 * it at once. Server-rendered pages carry their site info inside the HTML and never fetch it.
 */
export const SITE_INFO_CACHE_CONTROL = 'public, max-age=10, s-maxage=60, stale-while-revalidate=60';

/**
 * How long the server keeps what visitors see (rendered pages, the site info) without recomputing
 * it, for what time alone changes: `PUBLIC_CACHE_TTL_MS`, default a minute; 0 turns caching off.
 */
export function publicCacheTtlMs(env: Readonly<Record<string, string | undefined>>): number {
  const configured = env.PUBLIC_CACHE_TTL_MS?.trim();
  const ms = configured ? Number(configured) : NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : 60_000;
}

/** A strong validator of a body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names `etag` (a list, `*` or a weak form all count). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export interface VersionedValue<T> {
  value: T;
  version: number;
  expiresAt: number;
}

/**
 * One value computed at most once per content version and lifetime, with one computation at a
 * time however many callers ask while it runs.
 */
export class VersionedCache<T> {
  private entry: VersionedValue<T> | null = null;
  private pending: { version: number; promise: Promise<T> } | null = null;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly version: () => Promise<number>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    const version = await this.version();
    const entry = this.entry;
    if (entry && entry.version === version && entry.expiresAt > this.now()) return entry.value;
    if (this.pending?.version === version) return this.pending.promise;
    const promise = this.compute().then(
      (value) => {
        // A slower computation of an older version never replaces a newer one.
        if (!this.entry || this.entry.version <= version) this.entry = { value, version, expiresAt: this.now() + this.ttlMs };
        return value;
      },
    );
    const pending = { version, promise };
    this.pending = pending;
    void promise.catch(() => {}).finally(() => {
      if (this.pending === pending) this.pending = null;
    });
    return promise;
  }
}

/** A cached text's compressed forms, made on first use: once per text, not once per request. */
export interface CompressedBodies {
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

/** The encoding to answer with: brotli when accepted, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encodedBody(holder: CompressedBodies, text: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let body = holder.encoded.get(encoding);
  if (!body) {
    const raw = Buffer.from(text);
    body = encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzip(raw, { level: 6 });
    holder.encoded.set(encoding, body);
  }
  return body;
}

/**
 * Sends a cached text with its validator: 304 when the client has it, else the body in the best
 * encoding the client accepts (compressed once per text; the compress plugin leaves an encoded
 * reply alone).
 */
export async function sendCachedText(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CompressedBodies & { text: string; etag: string },
  headers: { type: string; cacheControl: string },
): Promise<FastifyReply> {
  reply.header('cache-control', headers.cacheControl).header('etag', cached.etag).header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type(headers.type);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(cached.text);
  return reply.header('content-encoding', encoding).send(await encodedBody(cached, cached.text, encoding));
}
