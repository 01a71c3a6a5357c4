// The deal-alerts button against fake browser APIs (service worker container, PushManager,
// Notification: the boundary this feature drives) and the real request code over a fake API.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveFakeFetch, type FakeFetchHandler, type FetchCall } from '../../testing/fakeFetch';
import { DealAlerts } from './DealAlerts';
import { DEAL_ALERT_MESSAGES, SUBSCRIBE_TIMEOUT_MS } from './subscribe';

/** A VAPID public key (65 bytes, an uncompressed P-256 point) and its base64url form. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 151 + 7) & 255));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const ENDPOINT = 'https://push.example/send/abc123';

interface FakeSubscription {
  endpoint: string;
  options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer | null };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: jest.Mock<Promise<boolean>, []>;
}

type FakeWorker = { state: string; listeners: (() => void)[]; addEventListener: (type: string, fn: () => void) => void; removeEventListener: () => void };

function fakeWorker(state: string): FakeWorker {
  const worker: FakeWorker = {
    state,
    listeners: [],
    addEventListener: (_type, fn) => worker.listeners.push(fn),
    removeEventListener: () => undefined,
  };
  return worker;
}

interface Options {
  /** Notification.permission before the click. */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** A subscription the browser already holds. */
  existing?: FakeSubscription | null;
  /** `register()` gives a registration whose worker is still installing. */
  installing?: boolean;
  subscribeError?: Error;
  /** The push service never answers. */
  subscribeHangs?: boolean;
  registerError?: Error;
}

function fakeSubscription(endpoint = ENDPOINT, key: Uint8Array | null = KEY_BYTES): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    options: { userVisibleOnly: true, applicationServerKey: key ? (key.slice().buffer as ArrayBuffer) : null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPp256dh-key', auth: 'auth-secret' } }),
    unsubscribe: jest.fn(async () => {
      if (browser.current === subscription) browser.current = null;
      return true;
    }),
  };
  return subscription;
}

/** The state of the fake browser, read by the tests. */
const browser = {
  current: null as FakeSubscription | null,
  worker: null as FakeWorker | null,
  register: jest.fn(),
  subscribe: jest.fn(),
  requestPermission: jest.fn(),
};

function installBrowser({ permission = 'default', answer = 'granted', existing = null, installing = false, subscribeError, subscribeHangs, registerError }: Options = {}) {
  browser.current = existing;
  let permissionNow = permission;
  const pushManager = {
    getSubscription: jest.fn(async () => browser.current),
    subscribe: (browser.subscribe = jest.fn(async (options: PushSubscriptionOptionsInit) => {
      if (subscribeError) throw subscribeError;
      if (subscribeHangs) await new Promise(() => undefined);
      const key = options.applicationServerKey as Uint8Array;
      browser.current = fakeSubscription(ENDPOINT, key);
      return browser.current;
    })),
  };
  browser.worker = installing ? fakeWorker('installing') : null;
  let registration: object | undefined = existing ? { active: fakeWorker('activated'), installing: null, waiting: null, pushManager } : undefined;
  const container = {
    register: (browser.register = jest.fn(async () => {
      if (registerError) throw registerError;
      registration = installing
        ? { active: null, installing: browser.worker, waiting: null, pushManager }
        : { active: fakeWorker('activated'), installing: null, waiting: null, pushManager };
      return registration;
    })),
    getRegistration: jest.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: {
      get permission() {
        return permissionNow;
      },
      requestPermission: (browser.requestPermission = jest.fn(async () => {
        if (permissionNow === 'default') permissionNow = answer;
        return permissionNow;
      })),
    },
  });
}

function uninstallBrowser() {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
  delete (window as { Notification?: unknown }).Notification;
}

const okApi: FakeFetchHandler = (call) => {
  if (call.method === 'GET' && call.path === 'Devices/WebPushPublicKey') return { status: 200, data: { publicKey: PUBLIC_KEY } };
  if (call.method === 'POST' && call.path === 'Devices/Register') return { status: 200, data: { message: 'Device registered for notifications' } };
  if (call.method === 'DELETE' && call.path === 'Devices/Unregister') return { status: 200, data: { message: 'Device unregistered from notifications' } };
  return { status: 404, data: { message: 'Not found' } };
};

const REGISTER_CALL: FetchCall = {
  method: 'POST',
  path: 'Devices/Register',
  query: {},
  body: { token: ENDPOINT, platform: 'web', subscription: { endpoint: ENDPOINT, keys: { p256dh: 'BPp256dh-key', auth: 'auth-secret' } } },
};

const region = () => document.querySelector('.deal-alerts');
const getButton = () => screen.findByRole('button', { name: 'Get deal alerts' });

beforeEach(() => sessionStorage.clear());
afterEach(uninstallBrowser);

describe('DealAlerts', () => {
  it('is not offered where the browser has no service workers or Push API', () => {
    serveFakeFetch(okApi);
    const { container } = render(<DealAlerts />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is not offered when the visitor has blocked notifications for the site', () => {
    installBrowser({ permission: 'denied' });
    serveFakeFetch(okApi);
    const { container } = render(<DealAlerts />);
    expect(container).toBeEmptyDOMElement();
  });

  it('turns alerts on: permission, worker at the site root, subscription with the server key, registration', async () => {
    installBrowser();
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    const button = await getButton();
    await waitFor(() => expect(button).toBeEnabled());
    expect(region()).toHaveAttribute('data-state', 'off');

    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    expect(region()).toHaveAttribute('data-state', 'on');

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.register).toHaveBeenCalledWith('/deal-alerts-sw.js?api=%2Fapi', { scope: '/' });
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0][0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(KEY_BYTES));
    expect(calls).toEqual([{ method: 'GET', path: 'Devices/WebPushPublicKey', query: {}, body: null }, REGISTER_CALL]);
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeEnabled();
  });

  it('asks for permission inside the click itself, before loading anything', async () => {
    installBrowser();
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    const button = await getButton();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    // Synchronously: a prompt requested after an await may be refused for lack of a user gesture.
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
  });

  it('shows alerts as on when the browser already holds a subscription, and re-registers it once a session', async () => {
    const first = fakeSubscription();
    installBrowser({ existing: first, permission: 'granted' });
    const calls = serveFakeFetch(okApi);
    const { unmount } = render(<DealAlerts />);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    await waitFor(() => expect(calls).toEqual([REGISTER_CALL]));
    unmount();

    render(<DealAlerts />);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toHaveLength(1);
    expect(browser.register).not.toHaveBeenCalled();
  });

  it('turns alerts off: unsubscribes in the browser and unregisters the endpoint', async () => {
    const existing = fakeSubscription();
    installBrowser({ existing, permission: 'granted' });
    sessionStorage.setItem('deal-alerts-synced', ENDPOINT);
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await getButton()).toBeEnabled();
    expect(region()).toHaveAttribute('data-state', 'off');
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([{ method: 'DELETE', path: 'Devices/Unregister', query: { token: ENDPOINT }, body: null }]);
  });

  it('stays on with a message when the browser cannot unsubscribe', async () => {
    const existing = fakeSubscription();
    existing.unsubscribe.mockResolvedValue(false);
    installBrowser({ existing, permission: 'granted' });
    sessionStorage.setItem('deal-alerts-synced', ENDPOINT);
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.turnOffFailed);
    expect(screen.getByRole('status')).toHaveTextContent('Deal alerts are on');
    expect(region()).toHaveAttribute('data-state', 'error');
    expect(calls).toEqual([]);
  });

  it('says notifications are blocked when the visitor refuses the prompt, and subscribes nothing', async () => {
    installBrowser({ answer: 'denied' });
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked in your browser settings');
    expect(region()).toHaveAttribute('data-state', 'blocked');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(browser.register).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('asks again when the prompt was dismissed', async () => {
    installBrowser({ answer: 'default' });
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.dismissed);
    expect(region()).toHaveAttribute('data-state', 'error');
    expect(await getButton()).toBeEnabled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('reports an unreachable push service and registers nothing', async () => {
    installBrowser({ subscribeError: new DOMException('Registration failed - push service error', 'AbortError') });
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.subscribeFailed);
    expect(calls.map((call) => call.path)).toEqual(['Devices/WebPushPublicKey']);
  });

  it('gives up on a push service that never answers, with a message', async () => {
    installBrowser({ subscribeHangs: true });
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    const button = await getButton();
    await waitFor(() => expect(button).toBeEnabled());
    // Fake clocks from here on (they still advance with real time, so requests complete).
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(button);
      await waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
      expect(region()).toHaveAttribute('data-state', 'working');
      act(() => jest.advanceTimersByTime(SUBSCRIBE_TIMEOUT_MS));
      expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.subscribeFailed);
      expect(await getButton()).toBeEnabled();
      expect(calls.map((call) => call.path)).toEqual(['Devices/WebPushPublicKey']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('treats a subscribe refused for permission as blocked', async () => {
    installBrowser({ subscribeError: new DOMException('Permission denied', 'NotAllowedError') });
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications are blocked in your browser settings');
    expect(region()).toHaveAttribute('data-state', 'blocked');
  });

  it('shows the server\'s message when the API has no Web Push keys', async () => {
    installBrowser();
    serveFakeFetch((call) => (call.path === 'Devices/WebPushPublicKey' ? { status: 503, data: { message: 'Web Push is not available on this server' } } : okApi(call)));
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Web Push is not available on this server');
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('drops the browser subscription when the server refuses to register it', async () => {
    installBrowser();
    serveFakeFetch((call) => (call.path === 'Devices/Register' ? { status: 400, data: { message: 'The subscription keys p256dh and auth are required' } } : okApi(call)));
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The subscription keys p256dh and auth are required');
    expect(browser.current).toBeNull();
    expect(await getButton()).toBeEnabled();
  });

  it('reports a network failure while registering', async () => {
    installBrowser();
    serveFakeFetch((call) => {
      if (call.path === 'Devices/Register') throw new TypeError('Failed to fetch');
      return okApi(call);
    });
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The network is unreachable');
  });

  it('reports a worker that cannot be registered (e.g. the script is missing)', async () => {
    installBrowser({ registerError: new TypeError('A bad HTTP response code (404) was received when fetching the script.') });
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.workerFailed);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('waits for an installing worker to activate before subscribing', async () => {
    installBrowser({ installing: true });
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    await waitFor(() => expect(browser.worker?.listeners).toHaveLength(1));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(region()).toHaveAttribute('data-state', 'working');
    expect(screen.getByRole('button', { name: 'Turning on…' })).toBeDisabled();
    act(() => {
      browser.worker!.state = 'activated';
      browser.worker!.listeners.forEach((listener) => listener());
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
  });

  it('reports a worker that fails to install', async () => {
    installBrowser({ installing: true });
    serveFakeFetch(okApi);
    render(<DealAlerts />);
    await userEvent.click(await getButton());
    await waitFor(() => expect(browser.worker?.listeners).toHaveLength(1));
    act(() => {
      browser.worker!.state = 'redundant';
      browser.worker!.listeners.forEach((listener) => listener());
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_ALERT_MESSAGES.workerFailed);
  });

  it('replaces a subscription made for another server key (the server\'s keys changed)', async () => {
    installBrowser();
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    const button = await getButton();
    await waitFor(() => expect(button).toBeEnabled());
    const stale = fakeSubscription('https://push.example/old', Uint8Array.from({ length: 65 }, () => 9));
    browser.current = stale;
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    expect(stale.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)).toEqual(REGISTER_CALL);
  });

  it('keeps a subscription already made for the server key', async () => {
    installBrowser();
    const calls = serveFakeFetch(okApi);
    render(<DealAlerts />);
    const button = await getButton();
    await waitFor(() => expect(button).toBeEnabled());
    const current = fakeSubscription();
    browser.current = current;
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Deal alerts are on');
    expect(current.unsubscribe).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls.at(-1)).toEqual(REGISTER_CALL);
  });
});
