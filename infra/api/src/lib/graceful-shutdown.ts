/**
 * Graceful shutdown of the listening server (SIGTERM from an orchestrator, or Ctrl-C):
 *
 * 1. Drain: stop accepting connections; requests in flight are answered in full, each answer
 *    from now on carries `Connection: close`, and idle keep-alive connections are closed, so a
 *    client's pooled connection cannot hold the process open. A new connection is refused: that
 *    is what a balancer retries on another instance.
 * 2. Close the app (Fastify's preClose and onClose hooks): buffered clicks and feedback are
 *    written, running jobs finish (or are handed back to the queue), the control socket closes,
 *    then the database.
 *
 * The whole of it must end within `timeoutMs` (`SHUTDOWN_TIMEOUT_MS`, default 25 s: under the
 * usual 30 s an orchestrator waits before killing); otherwise the process exits with 1 after a
 * log line naming what was still open.
 */
import type { FastifyInstance } from 'fastify';

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

/** `SHUTDOWN_TIMEOUT_MS`: unset means the default; anything but a positive whole number stops the start. */
export function shutdownTimeoutOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`SHUTDOWN_TIMEOUT_MS must be a positive whole number of milliseconds, got "${value}"`);
  return number;
}

/** Idle keep-alive connections are closed this often while draining (answers finish at any time). */
const IDLE_SWEEP_MS = 100;

export interface GracefulShutdown {
  /** Runs the shutdown once and exits the process: 0 when everything closed in time, else 1. */
  shutdown(signal: string): Promise<never>;
}

/** Installs the request tracking on `app`; call before it listens. */
export function gracefulShutdown(app: FastifyInstance, { timeoutMs, exit = (code: number) => process.exit(code) }: { timeoutMs: number; exit?: (code: number) => never }): GracefulShutdown {
  const inFlight = new Map<string, string>();
  let draining = false;
  let phase = 'running';

  app.addHook('onRequest', async (request) => {
    inFlight.set(request.id, `${request.method} ${request.url}`);
  });
  const done = async (request: { id: string }) => {
    inFlight.delete(request.id);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  // Every answer sent while draining ends its connection, so keep-alive clients go elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  function stillOpen(): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      app.server.getConnections((_error, connections) => {
        resolve({ phase, connections, requests: [...inFlight.values()].slice(0, 20), requestsInFlight: inFlight.size, resources: process.getActiveResourcesInfo() });
      });
    });
  }

  function drain(): Promise<void> {
    return new Promise((resolve) => {
      if (!app.server.listening) return resolve();
      const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      app.server.close(() => {
        clearInterval(sweep);
        resolve();
      });
      app.server.closeIdleConnections();
    });
  }

  let running: Promise<never> | null = null;
  return {
    shutdown(signal) {
      // A second signal while closing means "now".
      if (running) {
        app.log.warn({ signal }, 'second signal while shutting down: exiting at once');
        return exit(1);
      }
      running = (async () => {
        app.log.info({ signal, timeoutMs }, 'shutting down');
        const deadline = setTimeout(() => {
          void stillOpen().then((open) => {
            app.log.error(open, `shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting with what is listed still open`);
            exit(1);
          });
        }, timeoutMs);
        try {
          draining = true;
          phase = 'draining requests';
          await drain();
          phase = 'closing (buffered writes, jobs, control socket, database)';
          await app.close();
          clearTimeout(deadline);
          app.log.info('shut down cleanly');
          return exit(0);
        } catch (error) {
          clearTimeout(deadline);
          app.log.error({ err: error }, 'shutdown failed');
          return exit(1);
        }
      })();
      return running;
    },
  };
}
