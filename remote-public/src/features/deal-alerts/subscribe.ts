// Turning deal alerts on and off: the service worker, the browser's push subscription and the
// API's Devices calls. Loaded only when a visitor clicks (or already has alerts on), so the rest
// of the site does not carry it.
import { runtimeConfig } from '@deals/shared-auth';
import { fetchWebPushPublicKey, registerSubscription, unregisterSubscription } from './api';
import { WORKER_PATH, WORKER_SCOPE } from './browser';
import { DealAlertsError } from './errors';

export const DEAL_ALERT_MESSAGES = {
  blocked: 'Notifications are blocked in your browser settings',
  dismissed: 'Allow notifications when your browser asks, to get deal alerts',
  workerFailed: 'Deal alerts could not start in this browser. Please try again later.',
  subscribeFailed: "Your browser's push service could not be reached. Please try again later.",
  turnOffFailed: 'Deal alerts could not be turned off. Please try again.',
} as const;

/**
 * The worker's URL. The API base rides along as a query parameter: the worker has no window
 * config and needs it to re-register a subscription the browser renews.
 */
export function workerUrl(): string {
  return `${WORKER_PATH}?api=${encodeURIComponent(runtimeConfig().apiBase)}`;
}

/** The VAPID key as `pushManager.subscribe` takes it everywhere (some browsers refuse the string). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * The registration once its worker is active: `pushManager.subscribe` refuses a registration whose
 * worker is still installing. A worker that fails to install (script error, 404) becomes
 * `redundant`, which ends the wait instead of leaving the button spinning.
 */
function whenActive(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (registration.active) return Promise.resolve(registration);
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new DealAlertsError('failed', DEAL_ALERT_MESSAGES.workerFailed));
  return new Promise((resolve, reject) => {
    const onChange = () => {
      if (worker.state === 'activated') resolve(registration);
      else if (worker.state === 'redundant') reject(new DealAlertsError('failed', DEAL_ALERT_MESSAGES.workerFailed));
      else return;
      worker.removeEventListener('statechange', onChange);
    };
    worker.addEventListener('statechange', onChange);
  });
}

async function registerWorker(): Promise<ServiceWorkerRegistration> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(workerUrl(), { scope: WORKER_SCOPE });
  } catch {
    throw new DealAlertsError('failed', DEAL_ALERT_MESSAGES.workerFailed);
  }
  return whenActive(registration);
}

/**
 * How long the browser may take to reach its push service. Unreachable, Chromium keeps trying for
 * minutes; the visitor gets an answer instead. Should the subscription still arrive later, the
 * next page view finds it and registers it with the server (see `resync`).
 */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DealAlertsError('failed', DEAL_ALERT_MESSAGES.subscribeFailed)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A browser subscription for `key`; one made for another key (the server's keys changed) is replaced. */
async function subscribe(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  try {
    if (existing) await existing.unsubscribe();
    return await withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), SUBSCRIBE_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof DealAlertsError) throw error;
    // NotAllowedError: the permission was withdrawn meanwhile. Anything else (AbortError "push
    // service error", no network to the push service) is the browser's push service.
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw new DealAlertsError('blocked', DEAL_ALERT_MESSAGES.blocked);
    throw new DealAlertsError('failed', DEAL_ALERT_MESSAGES.subscribeFailed);
  }
}

/**
 * Turns deal alerts on and answers the subscription the server now delivers to.
 *
 * `permission` is `Notification.requestPermission()`, started by the caller inside the click:
 * browsers show the prompt only during a user gesture, which loading this module would outlive.
 * Rejects with DealAlertsError, or with the API's error (its `message` is the server's).
 */
export async function turnOn(permission: Promise<NotificationPermission | undefined>): Promise<PushSubscription> {
  // Old Safari answered through a callback and resolves undefined: the permission property tells.
  const answer = (await permission) ?? Notification.permission;
  if (answer === 'denied') throw new DealAlertsError('blocked', DEAL_ALERT_MESSAGES.blocked);
  if (answer !== 'granted') throw new DealAlertsError('failed', DEAL_ALERT_MESSAGES.dismissed);

  const [registration, publicKey] = await Promise.all([registerWorker(), fetchWebPushPublicKey()]);
  const subscription = await subscribe(registration, applicationServerKey(publicKey));
  try {
    await registerSubscription(subscription);
  } catch (error) {
    // The server does not know this subscription: drop it, or the page would say alerts are on
    // while nothing is ever sent.
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  markSynced(subscription);
  return subscription;
}

/**
 * Turns deal alerts off. The browser's subscription goes first, so nothing more is shown whatever
 * the network does; the server is then told, and if that call fails the push service answers 410
 * for the dead endpoint on the next send, which prunes it there.
 */
export async function turnOff(subscription: PushSubscription): Promise<void> {
  const endpoint = subscription.endpoint;
  const done = await subscription.unsubscribe().catch(() => false);
  if (!done) throw new DealAlertsError('failed', DEAL_ALERT_MESSAGES.turnOffFailed);
  await unregisterSubscription(endpoint).catch(() => undefined);
}

const SYNCED_KEY = 'deal-alerts-synced';

function markSynced(subscription: PushSubscription) {
  try {
    sessionStorage.setItem(SYNCED_KEY, subscription.endpoint);
  } catch {
    // storage unavailable (private mode): resync runs again next time, harmlessly
  }
}

/**
 * Re-registers an existing subscription once per browsing session (registration is idempotent),
 * so a server that lost the row (a restored database, a target pruned after a failure) delivers
 * to this visitor again. Best effort: a failure is retried in the next session.
 */
export async function resync(subscription: PushSubscription): Promise<void> {
  try {
    if (sessionStorage.getItem(SYNCED_KEY) === subscription.endpoint) return;
  } catch {
    // no storage: register anyway
  }
  try {
    await registerSubscription(subscription);
    markSynced(subscription);
  } catch {
    // offline or rate-limited: the alerts stay on in this browser; next session tries again
  }
}
