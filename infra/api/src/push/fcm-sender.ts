/**
 * Mobile targets (iOS and Android FCM registration tokens) through Firebase Cloud Messaging HTTP
 * v1, by `firebase-admin`. Each server instance gets its own named Firebase app, deleted on close,
 * so tests and restarts never share or leak one. The module is loaded only when a service account
 * is configured: without one, mobile targets are skipped.
 */
import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import type { WebPushPayload } from '@deals/contract';
import { parseRetryAfter, reasonOf, type DeliveryOutcome } from './outcome.js';
import type { FirebaseServiceAccount } from './settings.js';

export interface FcmSender {
  send(token: string, payload: WebPushPayload): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}

export interface FcmSenderOptions {
  serviceAccount: FirebaseServiceAccount;
  ttlSeconds: number;
  agent?: Agent | undefined;
}

export async function createFcmSender(options: FcmSenderOptions): Promise<FcmSender> {
  const { cert, deleteApp, initializeApp } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const app = initializeApp(
    {
      // The agent serves both the OAuth token request (credential) and the FCM calls (httpAgent).
      credential: cert(
        { projectId: options.serviceAccount.project_id, clientEmail: options.serviceAccount.client_email, privateKey: options.serviceAccount.private_key },
        options.agent,
      ),
      projectId: options.serviceAccount.project_id,
      ...(options.agent ? { httpAgent: options.agent } : {}),
    },
    `deals-push-${randomBytes(6).toString('hex')}`,
  );
  const messaging = getMessaging(app);
  return {
    async send(token, payload) {
      try {
        // `send` (one HTTP/1.1 request per token) rather than `sendEach`: the worker tracks and
        // retries each target on its own, and HTTP/1.1 honours the configured agent.
        await messaging.send({
          token,
          notification: { title: payload.title, body: payload.message },
          data: { url: payload.url },
          android: { ttl: options.ttlSeconds * 1000 },
          apns: { headers: { 'apns-expiration': String(Math.floor(Date.now() / 1000) + options.ttlSeconds) } },
        });
        return { kind: 'delivered' };
      } catch (error) {
        return classifyFcmError(error);
      }
    },
    close: () => deleteApp(app),
  };
}

/** Codes (`messaging/…`, `app/…`) worth retrying: throttling, FCM outages, network trouble. */
const TRANSIENT = new Set([
  'messaging/message-rate-exceeded',
  'messaging/device-message-rate-exceeded',
  'messaging/server-unavailable',
  'messaging/internal-error',
  'messaging/unknown-error',
  'app/network-error',
  'app/network-timeout',
  // The OAuth token could not be fetched: usually the network to Google's token endpoint.
  'app/invalid-credential',
]);

export function classifyFcmError(error: unknown): DeliveryOutcome {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const reason = `${code || 'error'}: ${reasonOf(error)}`.slice(0, 480);
  if (code === 'messaging/registration-token-not-registered' || code === 'messaging/invalid-registration-token') return { kind: 'gone', reason };
  // FCM v1 answers INVALID_ARGUMENT both for a malformed token and for a malformed message; only
  // the former names the token, and only then is the device useless.
  if (code === 'messaging/invalid-argument' && /registration token/i.test(String((error as Error).message))) return { kind: 'gone', reason };
  if (TRANSIENT.has(code)) {
    const headers = (error as { httpResponse?: { headers?: Record<string, string | string[] | undefined> } }).httpResponse?.headers;
    return { kind: 'retry', reason, retryAfterMs: parseRetryAfter(headers?.['retry-after']) };
  }
  return { kind: 'failed', reason };
}
