/**
 * `GET /metrics`: this instance's Prometheus metrics (plugins/external/metrics.ts), at the root
 * path where scrapers look. Served only when the operator opens it: `METRICS_TOKEN` (the scraper
 * sends `Authorization: Bearer <token>`) and/or `METRICS_ALLOW` (addresses or CIDRs of the
 * scrapers, matched against the client address, which honours TRUST_PROXY). Without either the
 * route does not exist and the path answers as any unknown one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { OPERATIONS_MESSAGES, type ErrorResponse } from '@deals/contract';
import { HttpError } from '../errors.js';
import type { AppOptions } from '../options.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `METRICS_ALLOW`: addresses or CIDRs separated by commas; a malformed entry stops the start. */
export function parseMetricsAllow(value: string | undefined): Range[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return entries.map((entry) => {
    try {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128] as Range;
    } catch {
      throw new Error(`METRICS_ALLOW must list addresses or CIDRs separated by commas, got "${entry}"`);
    }
  });
}

export function addressAllowed(ip: string, ranges: readonly Range[]): boolean {
  if (ranges.length === 0 || !ipaddr.isValid(ip)) return false;
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; process() makes it IPv4 again.
  const address = ipaddr.process(ip);
  return ranges.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
export function tokenMatches(presented: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(presented), expected);
}

const metricsRoute: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  const env = opts.env ?? process.env;
  const token = env.METRICS_TOKEN?.trim() || '';
  const allowed = parseMetricsAllow(env.METRICS_ALLOW);
  if (!token && allowed.length === 0) return;
  const expected = digest(token);

  const authorize = (request: FastifyRequest) => {
    if (addressAllowed(request.ip, allowed)) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (token && !match) throw new HttpError(401, OPERATIONS_MESSAGES.metricsTokenMissing);
    if (!token || !tokenMatches(match![1]!, expected)) throw new HttpError(403, OPERATIONS_MESSAGES.metricsForbidden);
  };

  fastify.get(
    '/metrics',
    {
      schema: { hide: true },
      // Scrapes every few seconds would drown the request log.
      logLevel: 'warn',
      onRequest: async (request, reply) => {
        try {
          authorize(request);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
          return reply.code(error.statusCode).send({ message: error.message } satisfies ErrorResponse);
        }
      },
    },
    async (_request, reply) => {
      const text = await fastify.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(fastify.metrics.registry.contentType).send(text);
    },
  );
};

export default metricsRoute;
