/**
 * Prometheus metrics (`fastify.metrics`): one prom-client Registry per app instance, never the
 * global default one, because tests build many apps in one process and a deployment scrapes each
 * instance on its own. Other plugins record through the small methods below, so only this file
 * knows prom-client; `GET /metrics` (routes/metrics.ts) serves the registry.
 *
 * Hot paths (the click-out redirect, cached page answers) pay a counter increment or one
 * histogram observation on a labelled child looked up once, never a label object per request.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseUsage } from '../../db/client.js';

export const METRIC_PREFIX = 'deals_';

/** Every metric name this app exposes besides the default process ones (the dashboard's test reads it). */
export const METRIC_NAMES = {
  httpDuration: 'deals_http_request_duration_seconds',
  pageCacheHits: 'deals_page_cache_hits_total',
  pageCacheMisses: 'deals_page_cache_misses_total',
  renderDuration: 'deals_ssr_render_duration_seconds',
  dbQueryDuration: 'deals_db_query_duration_seconds',
  dbInFlight: 'deals_db_queries_in_flight',
  dbPool: 'deals_db_pool_clients',
  jobQueueDepth: 'deals_job_queue_depth',
  jobFailures: 'deals_job_failures_total',
  pushDeliveries: 'deals_push_deliveries_total',
  emailDeliveries: 'deals_email_deliveries_total',
  clickOutLag: 'deals_click_out_recording_lag_seconds',
} as const;

/** The route label of a request no route matched (unknown paths, bots probing). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of a page the frontends' fallback answered (client routes, server-rendered pages). */
export const PAGE_ROUTE = 'page';

/** Job queue depth collected at most this often, so many scrapers do not each query the database. */
const QUEUE_DEPTH_CACHE_MS = 5_000;

export interface Metrics {
  readonly registry: Registry;
  pageCacheHit(): void;
  pageCacheMiss(): void;
  renderSeconds(seconds: number): void;
  databaseQuery(seconds: number): void;
  /** The database's current usage, read on each scrape. */
  databaseUsage(source: () => DatabaseUsage): void;
  jobFailed(queue: string): void;
  /** Jobs waiting per queue, read on scrape (cached a few seconds). */
  jobQueueDepth(source: () => Promise<ReadonlyMap<string, number>>): void;
  /** channel: `web`, `fcm` or `unknown` (device removed); outcome: delivered, retry, failed or gone. */
  pushDelivery(channel: string, outcome: string): void;
  /** Declared for the mail module: outcome `sent` or `failed` (nothing records it yet). */
  emailDelivery(outcome: string): void;
  /** Seconds from a click-out to its row being written. */
  clickOutLag(seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

type Child = { observe(value: number): void };

/**
 * Children of the request histogram by method, route and status, found through nested maps so a
 * request costs lookups only: prom-client's `labels()` would build a key string every time.
 */
function requestObserver(histogram: Histogram<'method' | 'route' | 'status_code'>) {
  const children = new Map<string, Map<string, Map<number, Child>>>();
  return (method: string, route: string, status: number, seconds: number) => {
    let byRoute = children.get(method);
    if (!byRoute) children.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = histogram.labels(method, route, String(status))));
    child.observe(seconds);
  };
}

/** Records one answered request; `pattern` is its route's (`/api/Product/:id`), undefined when none matched. */
type ObserveRequest = (request: FastifyRequest, reply: FastifyReply, pattern: string | undefined) => void;

export function createMetrics(): Metrics & { observeRequest: ObserveRequest } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: METRIC_NAMES.httpDuration,
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const observe = requestObserver(httpDuration);

  const cacheHits = new Counter({ name: METRIC_NAMES.pageCacheHits, help: 'Server-rendered pages answered from the page cache', registers });
  const cacheMisses = new Counter({ name: METRIC_NAMES.pageCacheMisses, help: 'Server-rendered pages not in the page cache (rendered or joined a render)', registers });
  const renderDuration = new Histogram({
    name: METRIC_NAMES.renderDuration,
    help: 'Time to server-render a visitor page',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const dbQueryDuration = new Histogram({
    name: METRIC_NAMES.dbQueryDuration,
    help: 'Time of one database query',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });

  let usage: (() => DatabaseUsage) | null = null;
  new Gauge({
    name: METRIC_NAMES.dbInFlight,
    help: 'Database queries sent and not answered yet',
    registers,
    collect() {
      if (usage) this.set(usage().inFlight);
    },
  });
  new Gauge({
    name: METRIC_NAMES.dbPool,
    help: 'PostgreSQL pool connections: total, idle, and callers waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = usage?.().pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  let depthSource: (() => Promise<ReadonlyMap<string, number>>) | null = null;
  let depth: { at: number; values: Promise<ReadonlyMap<string, number>> } | null = null;
  new Gauge({
    name: METRIC_NAMES.jobQueueDepth,
    help: 'Jobs waiting to run, per queue',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      if (!depthSource) return;
      if (!depth || Date.now() - depth.at > QUEUE_DEPTH_CACHE_MS) depth = { at: Date.now(), values: depthSource() };
      try {
        for (const [queue, count] of await depth.values) this.set({ queue }, count);
      } catch {
        // A scrape while the database is away shows the last values; the next scrape asks again.
        depth = null;
      }
    },
  });
  const jobFailures = new Counter({ name: METRIC_NAMES.jobFailures, help: 'Job runs that threw, per queue', labelNames: ['queue'] as const, registers });
  const pushDeliveries = new Counter({
    name: METRIC_NAMES.pushDeliveries,
    help: 'Push delivery attempts by channel (web, fcm) and outcome (delivered, retry, failed, gone)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const emailDeliveries = new Counter({ name: METRIC_NAMES.emailDeliveries, help: 'Emails handed to the mail service, by outcome (sent, failed)', labelNames: ['outcome'] as const, registers });
  const clickOutLag = new Histogram({
    name: METRIC_NAMES.clickOutLag,
    help: 'Seconds from a click-out to its row being written',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });

  return {
    registry,
    observeRequest(request, reply, pattern) {
      const status = reply.statusCode;
      const route = pattern ?? (status < 400 || status === 410 ? PAGE_ROUTE : UNMATCHED_ROUTE);
      observe(request.method, route, status, reply.elapsedTime / 1_000);
    },
    pageCacheHit: () => cacheHits.inc(),
    pageCacheMiss: () => cacheMisses.inc(),
    renderSeconds: (seconds) => renderDuration.observe(seconds),
    databaseQuery: (seconds) => dbQueryDuration.observe(seconds),
    databaseUsage(source) {
      usage = source;
    },
    jobFailed: (queue) => jobFailures.inc({ queue }),
    jobQueueDepth(source) {
      depthSource = source;
      depth = null;
    },
    pushDelivery: (channel, outcome) => pushDeliveries.inc({ channel, outcome }),
    emailDelivery: (outcome) => emailDeliveries.inc({ outcome }),
    clickOutLag: (seconds) => clickOutLag.observe(Math.max(0, seconds)),
  };
}

export default fp(
  async (fastify) => {
    const metrics = createMetrics();
    fastify.decorate('metrics', metrics satisfies Metrics);
    // Each route's own onResponse hook holds its pattern: reading `request.routeOptions` per
    // request would build an object every time. Registered before any route (the database
    // plugin, which every other plugin depends on, depends on this one), so every route gets it.
    fastify.addHook('onRoute', (route) => {
      const pattern = route.url;
      const observe = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        metrics.observeRequest(request, reply, pattern);
        done();
      };
      route.onResponse = route.onResponse ? [...[route.onResponse].flat(), observe] : [observe];
    });
    // Requests no route matched: answered by the not-found handler (or the frontends' fallback).
    fastify.addHook('onResponse', (request, reply, done) => {
      if (request.is404) metrics.observeRequest(request, reply, undefined);
      done();
    });
  },
  { name: 'metrics' },
);
