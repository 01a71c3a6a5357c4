/**
 * A local stand-in for the push services, spoken to over real HTTPS: the delivery code runs
 * unchanged (web-push, firebase-admin, google-auth-library), only its HTTPS agent is the test's.
 *
 * - `startPushServer()` is one TLS server (a throwaway self-signed certificate made with openssl,
 *   trusted through the agent's `ca`, never globally) that records every request and answers
 *   what the test's responder says.
 * - Its `agent` connects every outgoing request to that server whatever the host name (keeping
 *   the TLS server name), which is how FCM's fixed https://fcm.googleapis.com and Google's token
 *   endpoint are reached without the internet: interception at Node's https layer, since
 *   firebase-admin has no setting for another FCM host.
 * - `createSubscriber()` is a browser's side of a Web Push subscription: an ECDH P-256 key pair and
 *   an auth secret, and `decrypt()` undoes RFC 8291 aes128gcm with node:crypto alone (not the
 *   library that encrypted).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createHmac, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, Agent, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The TLS server name the client asked for (the real service's host for FCM and OAuth). */
  servername: string;
  at: number;
}

export interface PushReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | object;
  /** Answer after this many milliseconds. */
  delayMs?: number;
}

export type Responder = (request: RecordedRequest) => PushReply;

export interface PushServer {
  /** `https://localhost:<port>` */
  origin: string;
  agent: Agent;
  requests: RecordedRequest[];
  /** Replaces the answer logic (default: 201 Created, as push services answer). */
  respond(responder: Responder): void;
  /** Called as each request arrives (before answering). */
  onRequest(listener: (request: RecordedRequest) => void): void;
  close(): Promise<void>;
}

async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'deals-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=deals-push-test',
        '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,DNS:fcm.googleapis.com,DNS:oauth2.googleapis.com',
      ],
      { stdio: 'ignore' },
    );
    return { key: await readFile(join(dir, 'key.pem'), 'utf8'), cert: await readFile(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startPushServer(): Promise<PushServer> {
  const { key, cert } = await selfSignedCertificate();
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 201 });
  const listeners: Array<(request: RecordedRequest) => void> = [];

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        servername: (req.socket as TLSSocket).servername || '',
        at: Date.now(),
      };
      requests.push(recorded);
      for (const listener of listeners) listener(recorded);
      const reply = responder(recorded);
      const answer = () => {
        const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        const headers = { ...(typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {}), ...reply.headers };
        res.writeHead(reply.status, headers).end(body);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // Every connection goes to the local server; the TLS server name (and the Host header) stay
  // the real ones, and the certificate is checked against the test's own CA.
  const agent = new Agent({ ca: cert, keepAlive: false });
  (agent as unknown as { createConnection: (options: ConnectionOptions) => TLSSocket }).createConnection = (options) =>
    connect({ ...options, host: '127.0.0.1', port, ca: cert, servername: options.servername || (typeof options.host === 'string' ? options.host : 'localhost') });

  return {
    origin: `https://localhost:${port}`,
    agent,
    requests,
    respond(next) {
      responder = next;
    },
    onRequest(listener) {
      listeners.push(listener);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The browser's side of Web Push
// ---------------------------------------------------------------------------------------------

export interface Subscriber {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): string;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export function createSubscriber(endpoint: string): Subscriber {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  return {
    subscription: { endpoint, keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') } },
    decrypt(body) {
      // RFC 8188 header: salt(16) | record size(4) | key id length(1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      // RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      // RFC 8188 §2.2-2.3: content key and nonce.
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      // One record (payloads here are far below the 4 KB record size).
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
      // Padding: the last record ends with the delimiter 0x02 then zeros.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error('aes128gcm: missing last-record delimiter');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Signed tokens seen at the boundary
// ---------------------------------------------------------------------------------------------

export interface Jwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown>; signed: Buffer; signature: Buffer } {
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error(`not a JWT: ${token.slice(0, 40)}`);
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>,
    signed: Buffer.from(`${header}.${claims}`),
    signature: Buffer.from(signature, 'base64url'),
  };
}

/**
 * Reads `Authorization: vapid t=<jwt>, k=<public key>` (RFC 8292) and checks the ES256 signature
 * with `k`; answers the key and the token's content.
 */
export function verifyVapidAuthorization(value: string | undefined): Jwt & { publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(value ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${value}`);
  const jwt = decodeJwt(match[1]);
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', jwt.signed, { key, dsaEncoding: 'ieee-p1363' }, jwt.signature)) throw new Error('VAPID JWT signature does not verify');
  return { header: jwt.header, claims: jwt.claims, publicKey: match[2] };
}

/** Checks an RS256 JWT (the OAuth assertion signed with the service account's key). */
export function verifyRs256(token: string, publicKeyPem: string): Jwt {
  const jwt = decodeJwt(token);
  if (!verify('sha256', jwt.signed, publicKeyPem, jwt.signature)) throw new Error('RS256 signature does not verify');
  return { header: jwt.header, claims: jwt.claims };
}

/** Polls `check` until it answers a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
