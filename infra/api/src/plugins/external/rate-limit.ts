/**
 * Rate limiting, opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in,
 * refresh, device registration and public sign-ups. The counts live in PostgreSQL (see
 * lib/shared-counters.ts), so N instances behind a balancer allow `max` in total, not N × `max`.
 * `fastify.sharedCounters` also serves the sign-in throttle.
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { MESSAGES } from '@deals/contract';
import { createSharedCounters, type SharedCounters } from '../../lib/shared-counters.js';

declare module 'fastify' {
  interface FastifyInstance {
    sharedCounters: SharedCounters;
  }
}

type Callback = (error: Error | null, state?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface: one instance per route (`child`), keyed by client IP. */
function sharedStore(counters: SharedCounters) {
  return class SharedRateLimitStore {
    private readonly route: string;

    /** At run time the route's merged options carry `routeInfo` (the types say otherwise). */
    constructor(options: object = {}) {
      const info = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      this.route = info?.url ? `${[info.method].flat().join(',')} ${info.url}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.hit(`rate:${this.route}:${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      return new SharedRateLimitStore(routeOptions);
    }
  };
}

/** How often each instance deletes ended windows (any instance's sweep serves all). */
const SWEEP_MS = 5 * 60_000;

export default fp(
  async (fastify) => {
    const counters = createSharedCounters(fastify.db);
    fastify.decorate('sharedCounters', counters);
    await fastify.register(rateLimit, {
      global: false,
      store: sharedStore(counters),
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: MESSAGES.rateLimited }),
    });
    const sweeper = setInterval(() => {
      counters.sweep().catch((error: unknown) => fastify.log.warn({ err: error }, 'could not delete ended rate-limit windows'));
    }, SWEEP_MS);
    sweeper.unref();
    fastify.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
