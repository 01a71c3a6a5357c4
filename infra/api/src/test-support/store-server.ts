/**
 * Local HTTP servers that play online stores for the link checks: each listens on its own loopback
 * address (127.0.0.x, so each is a host of its own for the per-host limit) and answers the paths
 * below. They count requests and the most that were answered at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StoreServer {
  host: string;
  origin: string;
  /** Requests answered, by path (without the query). */
  hits: Map<string, number>;
  /** The most requests in progress at one moment. */
  maxConcurrent: number;
  close(): Promise<void>;
}

const page = (body: string) => `<!doctype html><html><head><title>Store</title><script>var t = "no longer available";</script></head><body>${body}</body></html>`;

export async function startStoreServer(address = '127.0.0.1', { slowMs = 2_000, workMs = 0 } = {}): Promise<StoreServer> {
  const hits = new Map<string, number>();
  let current = 0;
  const state = { maxConcurrent: 0 };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://store.test');
    const path = url.pathname;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    current++;
    state.maxConcurrent = Math.max(state.maxConcurrent, current);
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      response.end(body);
    };
    try {
      if (workMs > 0) await sleep(workMs);
      if (path === '/' || path === '/en-gb/') return send(200, page('<h1>Welcome to the store</h1>'));
      if (path === '/product' || path === '/ok') return send(200, page('<h1>Great blender</h1><p>In stock, ships today.</p>'));
      if (path === '/gone') return send(404, page('Not here'));
      if (path === '/removed') return send(410, page('Removed'));
      if (path === '/soft') return send(200, page('<h1>Sorry!</h1><p>This product is <b>no longer</b> <i>available</i>.</p>'.replace('<b>no longer</b> <i>available</i>', 'no longer available')));
      if (path === '/soft-de') return send(200, page('<p>Leider ist dieser Artikel NICHT MEHR VERFÜGBAR.</p>'));
      if (path === '/to-home') return send(302, '', { location: '/' });
      if (path === '/to-locale-home') return send(301, '', { location: '/en-gb/' });
      if (path === '/tagged') return send(302, '', { location: '/product' });
      if (path === '/keeps') return send(302, '', { location: `/product${url.search}` });
      if (path === '/slow') {
        await sleep(slowMs);
        return send(200, page('late'));
      }
      if (path === '/loop') return send(302, '', { location: '/loop' });
      if (path === '/down') return send(503, 'busy');
      if (path === '/flaky') return count % 2 === 1 ? send(502, 'bad gateway') : send(200, page('<h1>Back again</h1>'));
      if (path === '/forbidden') return send(403, 'robots go away');
      return send(404, page('Unknown'));
    } finally {
      current--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: address,
    origin: `http://${address}:${port}`,
    hits,
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    set maxConcurrent(value: number) {
      state.maxConcurrent = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
