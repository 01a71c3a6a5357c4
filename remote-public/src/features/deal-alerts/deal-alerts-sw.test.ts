// The service worker file as the browser runs it: its source evaluated with a fake `self`
// (registration, clients, location) and `fetch`, its handlers driven with fake events.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = readFileSync(join(__dirname, 'deal-alerts-sw.js'), 'utf8');
const ORIGIN = 'https://deals.example';

type Listener = (event: Record<string, unknown>) => void;

interface FakeClient {
  url: string;
  focus: jest.Mock;
  navigate?: jest.Mock;
}

function windowClient(url: string, { navigate = true } = {}): FakeClient {
  const client: FakeClient = { url, focus: jest.fn(async () => client) };
  if (navigate) client.navigate = jest.fn(async (to: string) => ({ ...client, url: to }));
  return client;
}

function startWorker({ href = `${ORIGIN}/deal-alerts-sw.js?api=%2Fapi`, windows = [] as FakeClient[] } = {}) {
  const listeners = new Map<string, Listener>();
  const fetchCalls: { url: string; method: string; body: unknown }[] = [];
  const self = {
    location: new URL(href),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: jest.fn(),
    registration: {
      showNotification: jest.fn(async () => undefined),
      pushManager: { subscribe: jest.fn() },
    },
    clients: {
      matchAll: jest.fn(async () => windows),
      openWindow: jest.fn(async (url: string) => windowClient(url)),
      claim: jest.fn(async () => undefined),
    },
  };
  const fakeFetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    fetchCalls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    return { ok: true, status: 200, json: async () => ({ message: 'ok' }) };
  });
  new Function('self', 'fetch', SOURCE)(self, fakeFetch);

  /** Fires one event at the worker and waits for what it handed to `waitUntil`. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}) {
    const pending: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...fields, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    return Promise.all(pending);
  }
  return { self, dispatch, fetchCalls };
}

/** A push message's data as the browser hands it over. */
const pushData = (text: string) => ({ text: () => text, json: () => JSON.parse(text) });

describe('deal-alerts service worker: push', () => {
  it('shows the payload\'s title and message, with the site icon and the url to open', async () => {
    const { self, dispatch } = startWorker();
    await dispatch('push', { data: pushData(JSON.stringify({ title: 'Flash sale', message: '50% off headphones', url: '/deal/details/42' })) });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Flash sale', {
      body: '50% off headphones',
      icon: '/favicon.svg',
      data: { url: `${ORIGIN}/deal/details/42` },
    });
  });

  it('opens the home page when the payload has no url or one on another site', async () => {
    const { self, dispatch } = startWorker();
    await dispatch('push', { data: pushData(JSON.stringify({ title: 'A', message: 'B' })) });
    await dispatch('push', { data: pushData(JSON.stringify({ title: 'A', message: 'B', url: 'https://evil.example/phish' })) });
    await dispatch('push', { data: pushData(JSON.stringify({ title: 'A', message: 'B', url: 'javascript:alert(1)' })) });
    const urls = self.registration.showNotification.mock.calls.map((call: unknown[]) => (call[1] as { data: { url: string } }).data.url);
    expect(urls).toEqual([`${ORIGIN}/home`, `${ORIGIN}/home`, `${ORIGIN}/home`]);
  });

  it('still shows a notification for an empty or non-JSON message (the subscription is user-visible only)', async () => {
    const { self, dispatch } = startWorker();
    await dispatch('push', { data: null });
    await dispatch('push', { data: pushData('Plain text deal') });
    expect(self.registration.showNotification).toHaveBeenNthCalledWith(1, 'New deals are waiting', expect.objectContaining({ body: '' }));
    expect(self.registration.showNotification).toHaveBeenNthCalledWith(2, 'New deals are waiting', expect.objectContaining({ body: 'Plain text deal' }));
  });
});

describe('deal-alerts service worker: notificationclick', () => {
  const click = (url?: string) => ({ notification: { close: jest.fn(), data: url === undefined ? {} : { url } } });

  it('opens the notification\'s url in a new window when no tab of the site is open', async () => {
    const { self, dispatch } = startWorker();
    const event = click(`${ORIGIN}/deal/details/42`);
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(self.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/deal/details/42`);
  });

  it('defaults to /home when the notification carries no url', async () => {
    const { self, dispatch } = startWorker();
    await dispatch('notificationclick', click());
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/home`);
  });

  it('focuses a tab already showing the url', async () => {
    const other = windowClient(`${ORIGIN}/deals`);
    const showing = windowClient(`${ORIGIN}/home`);
    const { self, dispatch } = startWorker({ windows: [other, showing] });
    await dispatch('notificationclick', click(`${ORIGIN}/home`));
    expect(showing.focus).toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('focuses an open visitor tab and takes it to the url, leaving back-office tabs alone', async () => {
    const admin = windowClient(`${ORIGIN}/admin/push-notification/history`);
    const visitor = windowClient(`${ORIGIN}/stores`);
    const { self, dispatch } = startWorker({ windows: [admin, visitor] });
    await dispatch('notificationclick', click(`${ORIGIN}/home`));
    expect(admin.focus).not.toHaveBeenCalled();
    expect(visitor.focus).toHaveBeenCalled();
    expect(visitor.navigate).toHaveBeenCalledWith(`${ORIGIN}/home`);
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when only back-office tabs are open', async () => {
    const admin = windowClient(`${ORIGIN}/cms/management/pages`);
    const { self, dispatch } = startWorker({ windows: [admin] });
    await dispatch('notificationclick', click(`${ORIGIN}/home`));
    expect(admin.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/home`);
  });

  it('keeps the focused tab when it cannot be navigated (not controlled by the worker)', async () => {
    const visitor = windowClient(`${ORIGIN}/stores`);
    visitor.navigate = jest.fn(async () => {
      throw new TypeError('not controlled');
    });
    const { self, dispatch } = startWorker({ windows: [visitor] });
    await expect(dispatch('notificationclick', click(`${ORIGIN}/home`))).resolves.toBeDefined();
    expect(visitor.focus).toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });
});

describe('deal-alerts service worker: lifecycle and renewal', () => {
  const subscription = (endpoint: string) => ({
    endpoint,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `p256dh-of-${endpoint}`, auth: 'auth-secret' } }),
  });

  it('takes over at once and claims open tabs', async () => {
    const { self, dispatch } = startWorker();
    await dispatch('install');
    await dispatch('activate');
    expect(self.skipWaiting).toHaveBeenCalled();
    expect(self.clients.claim).toHaveBeenCalled();
  });

  it('registers a renewed subscription with the API and unregisters the old endpoint', async () => {
    const { dispatch, fetchCalls } = startWorker();
    await dispatch('pushsubscriptionchange', { oldSubscription: subscription('https://push.example/old'), newSubscription: subscription('https://push.example/new') });
    expect(fetchCalls).toEqual([
      {
        url: `${ORIGIN}/api/Devices/Register`,
        method: 'POST',
        body: { token: 'https://push.example/new', platform: 'web', subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'p256dh-of-https://push.example/new', auth: 'auth-secret' } } },
      },
      { url: `${ORIGIN}/api/Devices/Unregister?token=${encodeURIComponent('https://push.example/old')}`, method: 'DELETE', body: null },
    ]);
  });

  it('subscribes again with the old options when the browser gives no new subscription, at the API base it was registered with', async () => {
    const { self, dispatch, fetchCalls } = startWorker({ href: `${ORIGIN}/deal-alerts-sw.js?api=${encodeURIComponent('https://api.example/v1/')}` });
    const old = subscription('https://push.example/old');
    self.registration.pushManager.subscribe.mockResolvedValue(subscription('https://push.example/fresh'));
    await dispatch('pushsubscriptionchange', { oldSubscription: old, newSubscription: null });
    expect(self.registration.pushManager.subscribe).toHaveBeenCalledWith(old.options);
    expect(fetchCalls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST https://api.example/v1/Devices/Register',
      `DELETE https://api.example/v1/Devices/Unregister?token=${encodeURIComponent('https://push.example/old')}`,
    ]);
  });
});
