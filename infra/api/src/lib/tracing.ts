/**
 * OpenTelemetry traces, on when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is set,
 * with the standard OTel variables otherwise (headers, timeout, `OTEL_SERVICE_NAME`, default
 * "deals-api"; `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off). Spans go in
 * batches to the OTLP/HTTP protobuf exporter: requests through @fastify/otel (registered by
 * buildApp first), node-postgres through @opentelemetry/instrumentation-pg, PGlite through manual
 * spans in db/client.ts.
 *
 * The app is ES modules, and instrumentation-pg patches `pg` as it loads. ESM imports do not pass
 * through `require`, so the import-in-the-middle loader hook must be registered before `pg` is
 * imported at all: server.ts starts tracing first and only then imports the app (which imports
 * pg through db/client.ts). The hook only wraps `pg`, leaving every other module untouched.
 */
import { register } from 'node:module';
import type { FastifyPluginCallback } from 'fastify';
import type { Env } from '../options.js';

export const DEFAULT_SERVICE_NAME = 'deals-api';

export interface Tracing {
  /** @fastify/otel's plugin, to register before any route. */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends the spans still batched and stops. */
  shutdown(): Promise<void>;
}

export function tracingEnabled(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** Starts tracing when configured; null otherwise (nothing of the SDK is even loaded then). */
export async function startTracing(env: Env): Promise<Tracing | null> {
  if (!tracingEnabled(env)) return null;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg'] } });

  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-proto'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);

  // The exporter reads the endpoint, headers and timeout from the OTEL_* variables itself.
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();

  const fastifyOtel = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PgInstrumentation(), fastifyOtel] });

  return {
    fastifyPlugin: fastifyOtel.plugin() as FastifyPluginCallback,
    shutdown: () => provider.shutdown(),
  };
}
