/**
 * Server rendering of visitor pages: the public remote's server bundle renders, reading the API in
 * process as an anonymous visitor; the document is cached until content changes or time passes.
 * Any failure answers null, and the caller sends the client-rendered document instead.
 */
import type { FastifyInstance } from 'fastify';
import type { ClientConfig, SsrApiAnswer, SsrApiCall } from '@deals/contract';
import { serverDocument, ssrInfoScript } from './document.js';
import { PageCache, type CachedPage } from './page-cache.js';
import type { ServerBundleSource } from './server-bundle.js';
import { inlineScriptHashes, markScripts, newNonceMarker, sha256Source } from '../lib/csp.js';
import { inRenderScope } from '../lib/render-scope.js';
import type { Metrics } from '../plugins/external/metrics.js';

export interface VisitorRendererOptions {
  source: ServerBundleSource;
  /** The shell's index.html with the client configuration in it. */
  shellHtml: string;
  config: ClientConfig & { publicUrl: string };
  /** The deployment-wide version of public content (bumped by every staff write). */
  contentVersion: () => Promise<number>;
  /** How long a page may be served without re-rendering, for what time alone changes. */
  ttlMs: number;
  /** The page cache's bound in bytes (see pageCacheBytes). */
  cacheBytes?: number;
  renderTimeoutMs: number;
  /** Page cache hits and misses, render time. */
  metrics?: Pick<Metrics, 'pageCacheHit' | 'pageCacheMiss' | 'renderSeconds'>;
}

/** An API path the render may read: `Controller/Action`, nothing else. */
const API_PATH = /^[A-Za-z]+\/[A-Za-z]+$/;

/** Statuses a render may answer with; anything else is a broken render. */
const PAGE_STATUSES = new Set([200, 404, 410]);

export class VisitorRenderer {
  private readonly cache: PageCache;
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  /** Taken from the shell alone, before any content is poured in (see lib/csp.ts). */
  private readonly shellScriptHashes: string[];

  constructor(
    private readonly fastify: FastifyInstance,
    private readonly options: VisitorRendererOptions,
  ) {
    this.cache = new PageCache(options.ttlMs, options.cacheBytes);
    this.shellScriptHashes = inlineScriptHashes(options.shellHtml);
  }

  /** The rendered page for a path and query, from the cache when still current; null to fall back. */
  async page(url: string): Promise<CachedPage | null> {
    const build = await this.options.source.current();
    if (!build) return null;
    const version = await this.options.contentVersion();
    const cached = this.cache.get(url, version, build.buildId);
    if (cached) {
      this.options.metrics?.pageCacheHit();
      return cached;
    }
    this.options.metrics?.pageCacheMiss();
    // One render per page at a time: a burst of visitors to a page that just expired waits for it.
    const key = `${build.buildId} ${version} ${url}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.render(url, version).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async render(url: string, version: number): Promise<CachedPage | null> {
    const build = await this.options.source.current();
    if (!build) return null;
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the render took longer than ${this.options.renderTimeoutMs} ms`)), this.options.renderTimeoutMs);
      });
      const result = await Promise.race([inRenderScope(() => build.bundle.render({ url, config: this.options.config, api: (call) => this.api(call) })), timeout]);
      if (!PAGE_STATUSES.has(result.status)) throw new Error(`the render answered status ${result.status}`);
      if (typeof result.html !== 'string' || typeof result.head !== 'string' || typeof result.data !== 'string') throw new Error('the render answered no markup');
      this.options.metrics?.renderSeconds((performance.now() - started) / 1_000);
      // One marker per page, unknown to the render (see lib/csp.ts).
      const nonceMarker = newNonceMarker();
      return this.cache.set(url, {
        status: result.status,
        html: serverDocument(markScripts(this.options.shellHtml, nonceMarker), build, result, nonceMarker),
        nonceMarker,
        scriptHashes: [sha256Source(ssrInfoScript(build)), ...this.shellScriptHashes],
        version,
        buildId: build.buildId,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.source.reportOnce(`render:${build.buildId}:${reason}`, `server rendering failed with the public remote build ${build.buildId}; the page was rendered in the browser (${reason})`, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The public API as an anonymous visitor sees it, answered in process. */
  private async api(call: SsrApiCall): Promise<SsrApiAnswer> {
    if (!API_PATH.test(call.path) || (call.method !== 'GET' && call.method !== 'POST')) return { status: 400, body: { message: 'Not an API call' } };
    const query = new URLSearchParams(Object.entries(call.query ?? {}).map(([name, value]): [string, string] => [name, String(value)])).toString();
    const hasBody = call.method === 'POST' && call.body !== undefined;
    const response = await this.fastify.inject({
      method: call.method,
      url: `/api/${call.path}${query ? `?${query}` : ''}`,
      headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { payload: JSON.stringify(call.body) } : {}),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: response.statusCode, body };
  }
}
