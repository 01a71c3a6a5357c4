/**
 * Browser targets through the Web Push protocol (RFC 8030) with VAPID (RFC 8292) and the
 * aes128gcm payload encryption (RFC 8291), all done by `web-push`; this module only decides what a
 * push service's answer means for the target.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { WebPushPayload, WebPushSubscription } from '@deals/contract';
import { parseRetryAfter, reasonOf, type DeliveryOutcome } from './outcome.js';
import type { VapidKeys } from './settings.js';

export interface WebPushSenderOptions {
  keys: VapidKeys;
  ttlSeconds: number;
  requestTimeoutMs: number;
  agent?: Agent | undefined;
}

export type WebPushSend = (subscription: WebPushSubscription, payload: WebPushPayload, subject: string) => Promise<DeliveryOutcome>;

export function createWebPushSender(options: WebPushSenderOptions): WebPushSend {
  return async (subscription, payload, subject) => {
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
        TTL: options.ttlSeconds,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout: options.requestTimeoutMs,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return { kind: 'delivered' };
    } catch (error) {
      return classifyWebPushError(error);
    }
  };
}

export function classifyWebPushError(error: unknown): DeliveryOutcome {
  if (error instanceof webpush.WebPushError) {
    const status = error.statusCode;
    const reason = `HTTP ${status}${error.body ? `: ${String(error.body).slice(0, 200)}` : ''}`;
    // 404/410: the subscription expired or was unsubscribed; it will never work again.
    if (status === 404 || status === 410) return { kind: 'gone', reason };
    if (status === 429 || status >= 500) return { kind: 'retry', reason, retryAfterMs: parseRetryAfter(error.headers?.['retry-after']) };
    // 400 (malformed), 401/403 (VAPID refused, e.g. subscribed with another key), 413 (too large).
    return { kind: 'failed', reason };
  }
  // No answer from the service (refused, reset, timed out, DNS): transient by nature.
  if (isNetworkError(error)) return { kind: 'retry', reason: reasonOf(error) };
  // Thrown before any request (a subscription whose keys cannot encrypt): retrying cannot help.
  return { kind: 'failed', reason: reasonOf(error) };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // web-push destroys a timed-out request with this message.
  return error instanceof Error && error.message === 'Socket timeout';
}
