// Local servers playing stores for bench:trust's link-check round: one HTTP server per loopback
// address 127.0.0.1 … 127.0.0.{hosts}, all on one port, each answering a small product page after
// `workMs`. Prints `{"port":…}` once listening; on SIGTERM prints each host's requests and the
// most it answered at once, then exits.
//   node bench/store-servers.mjs '{"hosts":50,"workMs":20}'
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const spec = JSON.parse(process.argv[2] ?? '{}');
const hosts = spec.hosts ?? 50;
const workMs = spec.workMs ?? 20;
const stats = [];
let port = 0;
for (let index = 1; index <= hosts; index++) {
  const host = `127.0.0.${index}`;
  const stat = { host, requests: 0, current: 0, max: 0 };
  stats.push(stat);
  const server = http.createServer(async (_request, response) => {
    stat.requests++;
    stat.current++;
    stat.max = Math.max(stat.max, stat.current);
    await sleep(workMs);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><head><title>Product</title></head><body><h1>Blender</h1><p>In stock.</p></body></html>');
    stat.current--;
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  port = server.address().port;
}
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  process.stdout.write(`${JSON.stringify({ stats: stats.map(({ host, requests, max }) => ({ host, requests, max })) })}\n`);
  process.exit(0);
});
