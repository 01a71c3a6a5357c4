/** Process entry point: configuration from the environment, listening, and graceful shutdown. */
import { buildApp } from './app.js';
import { readServerConfig } from './config.js';

const config = readServerConfig(process.env);
const app = await buildApp(config.app);

let closing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // A second signal while closing means "now": do not wait for in-flight requests again.
  if (closing) process.exit(1);
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close(); // stops accepting, drains requests, then closes the database (onClose)
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start the server');
  await app.close().catch(() => {});
  process.exit(1);
}
