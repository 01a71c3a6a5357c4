// A static origin standing in for a CDN that serves one deployment of remote-public: the files of
// `${REMOTE_ORIGIN_ROOT}/current/` (a symlink the redeploy test points at one copy or another),
// cross-origin and never cached, so a swap is a redeploy "behind the same manifest URL".
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = process.env.REMOTE_ORIGIN_ROOT;
const port = Number(process.env.REMOTE_ORIGIN_PORT);
if (!root || !port) throw new Error('REMOTE_ORIGIN_ROOT and REMOTE_ORIGIN_PORT are required');
fs.mkdirSync(root, { recursive: true });

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml', '.html': 'text/html' };

http
  .createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://origin').pathname);
    if (pathname === '/__health') return response.writeHead(200).end('ok');
    const current = path.join(root, 'current');
    const file = path.join(current, pathname);
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };
    if (!file.startsWith(current + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return response.writeHead(404, headers).end('not found');
    response.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  })
  .listen(port, '127.0.0.1');
