/** Process entry point: configuration from the environment, listening, and graceful shutdown. */
import { gracefulShutdown, shutdownTimeoutOf } from './lib/graceful-shutdown.js';
import { listenPlaceholder } from './lib/start-placeholder.js';
import { startTracing } from './lib/tracing.js';

// Tracing before anything imports `pg` (see lib/tracing.ts): the app comes in by dynamic import.
const tracing = await startTracing(process.env);
const { readServerConfig } = await import('./config.js');

const config = readServerConfig(process.env);
// SHUTDOWN_TIMEOUT_MS: how long a SIGTERM may take to drain and close (lib/graceful-shutdown.ts).
const shutdownTimeoutMs = shutdownTimeoutOf(process.env.SHUTDOWN_TIMEOUT_MS);
// Answers 503 on the port while the app loads and starts (see lib/start-placeholder.ts).
// START_PLACEHOLDER=off: behind a balancer with passive failover only (nginx without active checks),
// a refused connection is what sends a request, a POST too, to another instance.
const placeholder = process.env.START_PLACEHOLDER === 'off' ? null : await listenPlaceholder(config.port, config.host);
const { buildApp } = await import('./app.js');
const { bannerText, startBanner } = await import('./lib/start-banner.js');
const app = await buildApp({ ...config.app, ...(tracing ? { tracing } : {}) });
if (tracing) app.addHook('onClose', () => tracing.shutdown());

const { shutdown } = gracefulShutdown(app, { timeoutMs: shutdownTimeoutMs });
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  // Ready first (workers started, onReady hooks run), so the port is handed over only to a server that answers.
  await app.ready();
  await placeholder?.handOver();
  const port = placeholder?.port ?? config.port;
  await app.listen({ port, host: config.host });
  const banner = startBanner({ port: placeholder ? port : (app.server.address() as { port: number }).port, dataDir: config.app.dataDir ?? '', database: config.app.database, env: process.env });
  if (config.log.format === 'pretty') process.stdout.write(`${bannerText(banner)}\n`);
  else app.log.info(banner, 'server started');
} catch (error) {
  app.log.error({ err: error }, 'could not start the server');
  await app.close().catch(() => {});
  process.exit(1);
}
