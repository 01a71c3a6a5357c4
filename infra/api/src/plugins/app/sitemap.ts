/**
 * `/robots.txt`, `/sitemap.xml` (a sitemap index) and its files `/sitemaps/{kind}-{n}.xml`: what a
 * search engine should crawl, at absolute URLs under `PUBLIC_URL`.
 *
 * Each answer is built once per content version and lifetime (a staff write retires it at once, a
 * deal starting or expiring within `PUBLIC_CACHE_TTL_MS`) and carries an ETag. Deals are split into
 * files of at most `SITEMAP_MAX_URLS` (50,000, the protocol's limit); the other kinds too, should
 * they ever grow that far.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, type ErrorResponse } from '@deals/contract';
import { etagOf, publicCacheTtlMs, sendCachedText, SHARED_CACHE_CONTROL, VersionedCache, type CompressedBodies } from '../../lib/http-cache.js';
import type { AppOptions, Env } from '../../options.js';
import { createSitemapQueries, SITEMAP_KINDS, type SitemapKind, type SitemapQueries, type SitemapRow } from '../../sitemap/sitemap-queries.js';
import { latest, robotsTxt, SITEMAP_MAX_URLS, sitemapIndexXml, urlsetXml, type SitemapEntry } from '../../sitemap/sitemap-xml.js';
import { publicUrlOf } from './frontends.js';

const XML = 'application/xml; charset=utf-8';
const FILE = /^([a-z]+)-([1-9]\d{0,5})\.xml$/;

interface Answer extends CompressedBodies {
  text: string;
  etag: string;
}

function maxUrlsOf(env: Env): number {
  const configured = Number(env.SITEMAP_MAX_URLS);
  return Number.isInteger(configured) && configured > 0 ? Math.min(configured, SITEMAP_MAX_URLS) : SITEMAP_MAX_URLS;
}

const isKind = (value: string): value is SitemapKind => (SITEMAP_KINDS as readonly string[]).includes(value);

class Sitemap {
  constructor(
    private readonly queries: SitemapQueries,
    private readonly publicUrl: string,
    private readonly maxUrls: number,
  ) {}

  /** How many files a kind has now (the pages file always exists: it lists the site's own pages). */
  async fileCount(kind: SitemapKind): Promise<number> {
    const count = kind === 'deals' ? await this.queries.liveDealCount() : (await this.allRows(kind)).length;
    return kind === 'pages' ? Math.max(1, Math.ceil(count / this.maxUrls)) : Math.ceil(count / this.maxUrls);
  }

  /** The entries of file `n` (1-based) of a kind; null when there is no such file. */
  async file(kind: SitemapKind, n: number): Promise<SitemapEntry[] | null> {
    if (n > (await this.fileCount(kind))) return null;
    const offset = (n - 1) * this.maxUrls;
    const found = kind === 'deals' ? await this.queries.liveDeals(offset, this.maxUrls) : (await this.allRows(kind)).slice(offset, offset + this.maxUrls);
    return found.map((row) => ({ loc: this.publicUrl + row.path, lastmod: row.lastmod }));
  }

  async index(): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = [];
    for (const kind of SITEMAP_KINDS) {
      const files = await this.fileCount(kind);
      for (let n = 1; n <= files; n++) {
        entries.push({ loc: `${this.publicUrl}/sitemaps/${kind}-${n}.xml`, lastmod: latest((await this.file(kind, n)) ?? []) });
      }
    }
    return entries;
  }

  private allRows(kind: Exclude<SitemapKind, 'deals'>): Promise<SitemapRow[]> {
    return this.queries[kind]();
  }
}

export default fp<AppOptions>(
  async (fastify: FastifyInstance, opts) => {
    const env = opts.env ?? process.env;
    const publicUrl = publicUrlOf(env);
    const sitemap = new Sitemap(createSitemapQueries(fastify.db), publicUrl, maxUrlsOf(env));
    const ttlMs = publicCacheTtlMs(env);
    // One cache per document; the names are checked before they get one, so the map stays small.
    const caches = new Map<string, VersionedCache<Answer | null>>();
    const cached = (name: string, build: () => Promise<string | null>) => {
      let cache = caches.get(name);
      if (!cache) {
        if (caches.size >= 64) caches.delete(caches.keys().next().value!);
        cache = new VersionedCache(
          async () => {
            const text = await build();
            return text === null ? null : { text, etag: etagOf(text), encoded: new Map() };
          },
          () => fastify.contentVersion.current(),
          ttlMs,
        );
        caches.set(name, cache);
      }
      return cache.get();
    };

    const send = (request: FastifyRequest, reply: FastifyReply, type: string, answer: Answer | null) => {
      // The same 404 as every other missing path, so clients read one error format.
      if (!answer) return reply.code(404).send({ message: MESSAGES.notFound } satisfies ErrorResponse);
      return sendCachedText(request, reply, answer, { type, cacheControl: SHARED_CACHE_CONTROL });
    };

    const robotsText = robotsTxt(publicUrl);
    const robots: Answer = { text: robotsText, etag: etagOf(robotsText), encoded: new Map() };
    fastify.get('/robots.txt', async (request, reply) => {
      return send(request, reply, 'text/plain; charset=utf-8', robots);
    });

    fastify.get('/sitemap.xml', async (request, reply) => send(request, reply, XML, await cached('index', async () => sitemapIndexXml(await sitemap.index()))));

    fastify.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const kind = match?.[1];
      if (!match || !kind || !isKind(kind)) return send(request, reply, XML, null);
      const n = Number(match[2]);
      return send(request, reply, XML, await cached(`${kind}-${n}`, async () => {
        const entries = await sitemap.file(kind, n);
        return entries ? urlsetXml(entries) : null;
      }));
    });
  },
  { name: 'sitemap', dependencies: ['database', 'content-version'] },
);
