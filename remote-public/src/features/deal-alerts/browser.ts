// The little that must run before a click (is Web Push possible here, is it already on?). The
// subscribing code is in ./subscribe.ts, loaded on demand.

/** Where the server serves the worker: the site root, so its scope covers every page. */
export const WORKER_PATH = '/deal-alerts-sw.js';
/** The worker's scope: the whole site. */
export const WORKER_SCOPE = '/';

/** Service workers, the Push API and notifications are all there (secure context, modern browser). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The visitor refused notifications for this site: the browser will not ask again. */
export function notificationsDenied(): boolean {
  return Notification.permission === 'denied';
}

/** The push subscription this browser holds for the site (deal alerts were turned on), or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}
