import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import webpush from 'web-push';
import { classifyFcmError } from './fcm-sender.js';
import { parseRetryAfter, retryDelayMs } from './outcome.js';
import { classifyWebPushError } from './web-push-sender.js';

const webPushError = (status: number, headers: Record<string, string> = {}) => new webpush.WebPushError('Received unexpected response code', status, headers, '', 'https://push.example/x');
const fcmError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('delivery outcomes', () => {
  it('reads Web Push answers: 404/410 gone, 429/5xx and network errors retried, other refusals failed', () => {
    assert.equal(classifyWebPushError(webPushError(410)).kind, 'gone');
    assert.equal(classifyWebPushError(webPushError(404)).kind, 'gone');
    assert.deepEqual(classifyWebPushError(webPushError(429, { 'retry-after': '30' })), { kind: 'retry', reason: 'HTTP 429', retryAfterMs: 30_000 });
    assert.equal(classifyWebPushError(webPushError(500)).kind, 'retry');
    assert.equal(classifyWebPushError(webPushError(503)).kind, 'retry');
    for (const status of [400, 401, 403, 413]) assert.equal(classifyWebPushError(webPushError(status)).kind, 'failed', String(status));
    assert.equal(classifyWebPushError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).kind, 'retry');
    assert.equal(classifyWebPushError(new Error('Socket timeout')).kind, 'retry');
    assert.equal(classifyWebPushError(new Error('The subscription p256dh value should be 65 bytes long.')).kind, 'failed');
  });

  it('reads FCM errors: unregistered or invalid tokens gone, throttling and outages retried', () => {
    assert.equal(classifyFcmError(fcmError('messaging/registration-token-not-registered')).kind, 'gone');
    assert.equal(classifyFcmError(fcmError('messaging/invalid-registration-token')).kind, 'gone');
    assert.equal(classifyFcmError(fcmError('messaging/invalid-argument', 'The registration token is not a valid FCM registration token')).kind, 'gone');
    assert.equal(classifyFcmError(fcmError('messaging/invalid-argument', 'Invalid JSON payload received.')).kind, 'failed');
    for (const code of ['messaging/message-rate-exceeded', 'messaging/server-unavailable', 'messaging/internal-error', 'app/network-error']) {
      assert.equal(classifyFcmError(fcmError(code)).kind, 'retry', code);
    }
    assert.equal(classifyFcmError(fcmError('messaging/mismatched-credential')).kind, 'failed');
    assert.equal(classifyFcmError(fcmError('messaging/third-party-auth-error')).kind, 'failed');
  });

  it('backs off exponentially with jitter, honours Retry-After, and caps the delay', () => {
    const settings = { retryBaseMs: 1_000, retryMaxMs: 60_000 };
    assert.equal(retryDelayMs(1, settings, undefined, () => 0.5), 1_000);
    assert.equal(retryDelayMs(2, settings, undefined, () => 0.5), 2_000);
    assert.equal(retryDelayMs(3, settings, undefined, () => 0.5), 4_000);
    assert.equal(retryDelayMs(3, settings, undefined, () => 0), 3_200);
    assert.equal(retryDelayMs(3, settings, undefined, () => 1), 4_800);
    assert.equal(retryDelayMs(1, settings, 30_000, () => 0.5), 30_000);
    assert.equal(retryDelayMs(20, settings, undefined, () => 0.5), 60_000);
    assert.equal(retryDelayMs(1, settings, 10 * 60_000, () => 0.5), 60_000);
    assert.equal(parseRetryAfter('120'), 120_000);
    assert.equal(parseRetryAfter(new Date(Date.now() + 5_000).toUTCString(), Date.now()) !== undefined, true);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
