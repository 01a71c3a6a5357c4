import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { createSubscriber, verifyVapidAuthorization, type Subscriber } from '../../../api/src/test-support/push';

// Helpers of the push spec (tests/push.spec.ts): a local HTTPS Web Push receiver the e2e API
// server trusts, and a browser subscription that points at it.
//
// Offline, Chromium's own push service (FCM) is unreachable, so `pushManager.subscribe` never
// answers. The browser's side of the subscription is therefore played by the API tests' protocol
// subscriber (infra/api/src/test-support/push.ts: a P-256 key pair and an auth secret, and an RFC
// 8291 decrypter), and the page's PushManager hands out a subscription with its endpoint and keys.
// Everything else is real: the service worker, the permission, the site's code, the API, the
// delivery worker and `web-push` speaking HTTPS to the receiver.

export { createSubscriber, verifyVapidAuthorization, type Subscriber };

/** Where the receiver's throwaway key and certificate live (shared by the runner and its workers). */
const TLS_ENV = 'DEALS_E2E_PUSH_TLS_DIR';

/**
 * The receiver's key and self-signed certificate (localhost and 127.0.0.1), made once per run
 * with openssl. Called by playwright.config.ts before the servers start: the main server gets the
 * certificate through NODE_EXTRA_CA_CERTS (trusted in that process only, never globally). The
 * folder travels in the environment, which the test workers inherit, so they serve the same pair.
 */
export function pushTls(): { keyPath: string; certPath: string } {
  let dir = process.env[TLS_ENV];
  if (!dir || !fs.existsSync(path.join(dir, 'cert.pem'))) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deals-e2e-push-tls-'));
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=deals-e2e-push',
        '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    process.env[TLS_ENV] = dir;
  }
  return { keyPath: path.join(dir, 'key.pem'), certPath: path.join(dir, 'cert.pem') };
}

export interface PushRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** Every request received, in order. */
  requests: PushRequest[];
  close(): Promise<void>;
}

/** A push service on 127.0.0.1 with the run's certificate: records each request, answers 201 Created. */
export async function startPushReceiver(): Promise<PushReceiver> {
  const { keyPath, certPath } = pushTls();
  const requests: PushRequest[] = [];
  const server: Server = createServer({ key: fs.readFileSync(keyPath), cert: fs.readFileSync(certPath) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Makes every page of the context's `PushManager` answer with `subscriber`'s subscription, as a
 * browser whose push service is reachable would: `subscribe()` records the server key it was given
 * (in localStorage, so a reload still finds the subscription), `getSubscription()` answers it,
 * `unsubscribe()` forgets it. The fields are the ones the site reads: endpoint, toJSON(),
 * options.applicationServerKey, unsubscribe().
 */
export async function stubPushManager(context: BrowserContext, subscriber: Subscriber): Promise<void> {
  await context.addInitScript((subscription) => {
    const STORED = 'e2e-push-subscription-key';
    const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;
    const make = (applicationServerKey: ArrayBuffer) => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: () => null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: { ...subscription.keys } }),
      unsubscribe: async () => {
        window.localStorage.removeItem(STORED);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = typeof key === 'string' ? new TextEncoder().encode(key) : key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key!.buffer as ArrayBuffer, key!.byteOffset, key!.byteLength);
      const copy = bytes.slice();
      window.localStorage.setItem(STORED, toBase64(copy));
      return make(copy.buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = window.localStorage.getItem(STORED);
      return stored ? (make(fromBase64(stored)) as unknown as PushSubscription) : null;
    };
  }, subscriber.subscription);
}
