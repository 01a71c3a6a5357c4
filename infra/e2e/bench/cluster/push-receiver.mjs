// A stand-in Web Push service: an HTTPS server on 127.0.0.1 that accepts (201) every POST and
// counts them per path, one path per test device. Its self-signed certificate names 127.0.0.1, and
// the instances get it through NODE_EXTRA_CA_CERTS, so their Web Push sender trusts it as it
// would trust a browser vendor's push service. Runs in the harness process: it only counts.
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { freePort, onCleanup, run } from './processes.mjs';

/** @returns {Promise<{ port: number, certFile: string, received: Map<string, object[]>, endpoint: (name: string) => string }>} */
export async function startPushReceiver(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-keyout', keyFile, '-out', certFile, '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  /** Requests per path: what a push service would have queued for each browser. */
  const received = new Map();
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') {
        const list = received.get(request.url) ?? [];
        list.push({
          at: Date.now(),
          bytes: Buffer.concat(chunks).length,
          encoding: request.headers['content-encoding'],
          vapid: /^vapid /i.test(String(request.headers.authorization ?? '')),
        });
        received.set(request.url, list);
      }
      response.writeHead(request.method === 'POST' ? 201 : 404).end();
    });
  });
  const port = await freePort();
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  onCleanup('stop the push receiver', () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()));
  return { port, certFile, received, endpoint: (name) => `https://127.0.0.1:${port}/${name}` };
}

/** A browser's PushSubscription for an endpoint: a real P-256 public key and a 16-byte auth secret. */
export function webSubscription(endpoint) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}
