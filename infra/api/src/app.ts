/**
 * Builds the configured Fastify application without listening, so tests drive it with `inject`
 * and server.ts owns the network and the process signals.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import { AJV_CUSTOM_OPTIONS } from './lib/ajv-options.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MESSAGES, type ErrorResponse } from '@deals/contract';
import { errorHandler } from './errors.js';
import { DEFAULT_SLOW_MS, failedOrSlowRequests } from './lib/logging.js';
import type { AppOptions } from './options.js';

export type { AppOptions } from './options.js';

/** Answers a request that matched no route; returns false to let the JSON 404 answer instead. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the frontends plugin to answer client-side routes with the shell's index.html. */
    notFoundFallback: NotFoundFallback | null;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

// @fastify/autoload recognises tsx only when preloaded with --require, not with `node --import tsx`
// (the test runner); when this module is TypeScript, TypeScript loading is evidently available.
if (import.meta.url.endsWith('.ts')) process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

/** Tests sit next to the code; they are never plugins. */
const ignorePattern = /\.test\.[cm]?[jt]s$/;

/**
 * `TRUST_PROXY`: whose X-Forwarded-For to believe, so the rate limits count the visitor's address
 * and not the balancer's: the balancers' addresses or CIDRs separated by commas, or `true` (any
 * peer: only when nothing but the balancer can reach the instances); unset: none.
 */
export function trustProxyOf(value: string | undefined): boolean | string[] {
  const setting = value?.trim();
  if (!setting || setting === 'false') return false;
  if (setting === 'true') return true;
  return setting.split(',').map((entry) => entry.trim()).filter(Boolean);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: 'info' },
    ...(options.requestLog?.perRequest === false ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: trustProxyOf((options.env ?? process.env).TRUST_PROXY),
    // Opening PGlite and seeding demo data take seconds on a busy two-core machine; Fastify's
    // default of 10 s per plugin would fail a healthy start.
    pluginTimeout: 120_000,
    ajv: { customOptions: AJV_CUSTOM_OPTIONS },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Traced requests need @fastify/otel to see every route as it is added.
  if (options.tracing) await app.register(options.tracing.fastifyPlugin);
  app.addHook('onResponse', failedOrSlowRequests(options.requestLog?.slowMs ?? DEFAULT_SLOW_MS));
  app.setErrorHandler(errorHandler);
  app.decorate('notFoundFallback', null);
  app.setNotFoundHandler((request, reply) => {
    if (app.notFoundFallback?.(request, reply)) return reply;
    return reply.code(404).send({ message: MESSAGES.notFound } satisfies ErrorResponse);
  });

  try {
    await app.register(autoload, { dir: join(here, 'plugins', 'external'), options, ignorePattern });
    await app.register(autoload, { dir: join(here, 'plugins', 'app'), options, ignorePattern });
    await app.register(autoload, { dir: join(here, 'routes'), options, ignorePattern });
  } catch (error) {
    // A failed start must not leave the database open.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
