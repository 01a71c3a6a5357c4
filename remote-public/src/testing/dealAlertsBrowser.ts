// Test support for the deal-follows components: a browser whose deal alerts are on or off (the
// service worker container, PushManager and Notification the alert state reads) and a fake
// DealAlerts API keeping follows the way the server does (normalised words, a limit).
import type { DealFollow } from '@deals/contract/deal-follows';
import { normaliseFollowWord } from '@deals/contract/deal-follow-words';
import type { FakeFetchHandler } from './fakeFetch';

export const ENDPOINT = 'https://push.example/send/follow-1';

export function fakeSubscription(endpoint = ENDPOINT): PushSubscription {
  return { endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }) } as unknown as PushSubscription;
}

/** Web Push is available; `subscription` is what the browser holds (null: alerts off). */
export function installBrowser(subscription: PushSubscription | null, permission: NotificationPermission = subscription ? 'granted' : 'default') {
  const pushManager = { getSubscription: async () => subscription };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
  const requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
  Object.assign(window, { PushManager: function PushManager() {}, Notification: { permission, requestPermission } });
  return { requestPermission };
}

export function uninstallBrowser() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
}

export interface FakeServer {
  handler: FakeFetchHandler;
  follows: DealFollow[];
  /** Browsers the server knows (their endpoints). */
  known: Set<string>;
}

/** The DealAlerts and Devices/Register calls, with `follows` to start from. */
export function fakeServer(follows: DealFollow[] = [], stores: Record<number, string> = {}, max = 20): FakeServer {
  const server: FakeServer = {
    follows: [...follows],
    known: new Set([ENDPOINT]),
    handler: (call) => {
      const body = (call.body ?? {}) as { token?: string; word?: string; storeId?: number };
      if (call.path === 'Devices/Register') {
        server.known.add(body.token ?? '');
        return { status: 200, data: { message: 'Device registered for notifications' } };
      }
      if (!call.path.startsWith('DealAlerts/')) return { status: 404, data: { message: 'Not found' } };
      if (!server.known.has(body.token ?? '')) return { status: 404, data: { message: 'Deal alerts are not on in this browser.' } };
      const same = (f: DealFollow) => (body.storeId !== undefined ? f.storeId === body.storeId : f.word === normaliseFollowWord(body.word ?? ''));
      if (call.path === 'DealAlerts/Follow' && !server.follows.some(same)) {
        if (server.follows.length >= max) return { status: 400, data: { message: `You can follow at most ${max} words and stores in this browser.` } };
        server.follows.push(
          body.storeId !== undefined
            ? { kind: 'store', word: null, storeId: body.storeId, label: stores[body.storeId] ?? `Store ${body.storeId}` }
            : { kind: 'word', word: normaliseFollowWord(body.word ?? ''), storeId: null, label: normaliseFollowWord(body.word ?? '') },
        );
      }
      if (call.path === 'DealAlerts/Unfollow') server.follows = server.follows.filter((f) => !same(f));
      return { status: 200, data: { message: 'ok', follows: [...server.follows], max } };
    },
  };
  return server;
}
