/**
 * Holds the port while the server starts. Fastify listens only once every plugin is loaded
 * (opening the database, migrations, demo data: seconds, or minutes behind a migration lock), and
 * until then a load balancer or orchestrator would get "connection refused", which reads as a
 * dead instance. This tiny node:http server answers 503 `{ message }` with Retry-After to
 * everything (readiness included), then hands the port over: it closes and Fastify listens on the
 * same port.
 *
 * Why close-then-listen rather than handing Fastify the already listening socket: Fastify owns its
 * server's lifecycle (listen, close, graceful shutdown), and a socket passed in behind its back
 * would need its internals. The gap between the two listens is a few milliseconds, during which a
 * probe may be refused once; probes retry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPERATIONS_MESSAGES } from '@deals/contract';

export interface StartPlaceholder {
  /** The port actually listened on (the configured one, or the one picked for port 0). */
  port: number;
  /** Stops answering and frees the port for the real server. */
  handOver(): Promise<void>;
}

export async function listenPlaceholder(port: number, host: string): Promise<StartPlaceholder> {
  const body = JSON.stringify({ message: OPERATIONS_MESSAGES.starting });
  const server: Server = createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store', connection: 'close' });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    handOver: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive probes would otherwise hold the port until they time out.
        server.closeAllConnections();
      }),
  };
}
