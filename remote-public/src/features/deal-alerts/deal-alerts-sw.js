/* global self */
// The deal-alerts service worker. Plain JavaScript copied as-is into remote-public's build (see
// rspack.config.mjs) and served by the API at the site root, `/deal-alerts-sw.js`, so its scope
// is the whole site. It only shows pushed notifications and opens the site on click: it has no
// fetch handler, so it never stands between the visitor and the network.
//
// Registered as `/deal-alerts-sw.js?api=<apiBase>`: the worker has no window config to read, and
// it needs the API base when the browser renews the subscription (pushsubscriptionchange).
'use strict';

const DEFAULT_URL = '/home';
const DEFAULT_ICON = '/favicon.svg';
const DEFAULT_TITLE = 'New deals are waiting';
/** Pages of the back office (keep in step with the server's BACK_OFFICE_PATH): never navigated away. */
const BACK_OFFICE = /^\/(?:admin|cms|login)(?:\/|$)/;

const origin = () => self.location.origin;

/** The API base the page registered the worker with (same-origin `/api` by default). */
function apiUrl(path) {
  const base = (new URL(self.location.href).searchParams.get('api') || '/api').replace(/\/+$/, '');
  return new URL(`${base}/${path}`, origin()).href;
}

/** An absolute URL on this site for `value`; anything else (another origin, junk) is the home page. */
function siteUrl(value) {
  try {
    const url = new URL(typeof value === 'string' && value.trim() ? value : DEFAULT_URL, origin());
    if (url.origin === origin()) return url.href;
  } catch {
    // not a URL: fall through to the default
  }
  return new URL(DEFAULT_URL, origin()).href;
}

const text = (value) => (typeof value === 'string' ? value.trim() : '');

/**
 * The notification for a push message: the server sends JSON `{ title, message, url }`. The
 * subscription promised `userVisibleOnly`, so even an empty or malformed message shows something.
 */
function notificationFor(data) {
  let payload = {};
  if (data) {
    try {
      payload = data.json();
    } catch {
      payload = { message: data.text() };
    }
  }
  if (!payload || typeof payload !== 'object') payload = { message: String(payload ?? '') };
  const title = text(payload.title) || DEFAULT_TITLE;
  const body = text(payload.message) || text(payload.body);
  return { title, options: { body, icon: text(payload.icon) || DEFAULT_ICON, data: { url: siteUrl(payload.url) } } };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * Take the visitor to `target`: a tab already showing it is focused; otherwise an open tab of the
 * visitor site is focused and navigated there (back-office tabs are left alone, they may hold
 * unsaved work); with none, a new window opens.
 */
async function openSite(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => {
    try {
      return new URL(client.url).origin === origin();
    } catch {
      return false;
    }
  });
  const showing = ours.find((client) => client.url === target);
  if (showing) return showing.focus();
  const visitorTab = ours.find((client) => !BACK_OFFICE.test(new URL(client.url).pathname));
  if (visitorTab) {
    const focused = await visitorTab.focus();
    // navigate() only works on tabs this worker controls (and not in every browser): then the
    // focused tab is still the site, which is the point.
    try {
      if (typeof focused.navigate === 'function') return (await focused.navigate(target)) || focused;
    } catch {
      return focused;
    }
    return focused;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openSite(siteUrl(data.url)));
});

/**
 * The browser replaced or expired the subscription: subscribe again with the same server key and
 * tell the API, so alerts keep arriving without the visitor doing anything. The old endpoint is
 * unregistered (the server would also prune it on its first 404/410).
 */
async function renew(oldSubscription, newSubscription) {
  let subscription = newSubscription;
  if (!subscription && oldSubscription && oldSubscription.options) {
    subscription = await self.registration.pushManager.subscribe(oldSubscription.options);
  }
  if (subscription) {
    const { endpoint, keys } = subscription.toJSON();
    await fetch(apiUrl('Devices/Register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: endpoint, platform: 'web', subscription: { endpoint, keys } }),
    });
  }
  if (oldSubscription && (!subscription || oldSubscription.endpoint !== subscription.endpoint)) {
    await fetch(apiUrl(`Devices/Unregister?token=${encodeURIComponent(oldSubscription.endpoint)}`), { method: 'DELETE' });
  }
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renew(event.oldSubscription, event.newSubscription));
});

// A new version of this file takes over at once, and open tabs come under its control, so a click
// on a notification can navigate them.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
