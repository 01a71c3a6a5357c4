import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { expect, expectNoSeriousAdminA11yViolations, rowWith, test, toast, uniqueName } from './support/catalog';
import { POPUP_KEYS } from './support/public';
import { PORTS } from './support/servers';
import { createSubscriber, startPushReceiver, stubPushManager, verifyVapidAuthorization, type PushReceiver, type Subscriber } from './support/push';

// Push notifications end to end: a visitor turns on deal alerts in the
// site's footer (real service worker, real permission, the site's own code), the admin sends a
// notification from the console, the API's delivery worker sends it over Web Push (VAPID,
// aes128gcm) to the subscription's endpoint, and the console's history shows it delivered.
//
// Offline, Chromium's push service is unreachable, so the subscription's endpoint is a local
// HTTPS receiver (support/push.ts) that plays the browser's push service and decrypts each
// message with the subscription's keys; the page's PushManager hands out that subscription. The
// last test gives the decrypted message to the real service worker (as the push service would)
// and reads the notification it shows.

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const HISTORY_PATH = '/admin/push-notification/history';
const BASE_URL = `http://127.0.0.1:${PORTS.main}`;

let receiver: PushReceiver;
let subscriber: Subscriber;
let endpoint: string;
/** The visitor's browser: persistent, since Chromium has no Push API in incognito contexts. */
let visitor: BrowserContext;
let visitorPage: Page;
let profileDir: string;
/** What the push service received for the console's notification, decrypted. */
let delivered: { title: string; message: string; url: string } | undefined;

test.beforeAll(async () => {
  receiver = await startPushReceiver();
  endpoint = `${receiver.origin}/push/e2e-${Date.now().toString(36)}`;
  subscriber = createSubscriber(endpoint);
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deals-e2e-push-profile-'));
  // The project's Chromium and flags (playwright.config.ts).
  const launch = test.info().project.use.launchOptions ?? {};
  visitor = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH || launch.executablePath || '/usr/bin/chromium',
    args: launch.args ?? [],
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
  });
  await visitor.grantPermissions(['notifications'], { origin: BASE_URL });
  // The email popup would make the page inert 5 s after load (see support/public.ts).
  await visitor.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
  await stubPushManager(visitor, subscriber);
  visitorPage = visitor.pages()[0] ?? (await visitor.newPage());
});

test.afterAll(async () => {
  // The device goes, whatever happened, so later sends on this server do not try it.
  if (visitor) {
    const res = await visitor.request.delete('/api/Devices/Unregister', { params: { token: endpoint } });
    expect(res.status(), 'unregistering the e2e device').toBe(200);
    await visitor.close();
  }
  await receiver?.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

test('a visitor turns on deal alerts in the footer: the browser subscribes and the API registers the subscription', async () => {
  const page = visitorPage;
  await page.goto('/home');
  const alerts = page.locator('.deal-alerts');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(alerts).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.locator('.deal-alerts[data-state="off"]')).toBeVisible();

  const keyAnswer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Devices/WebPushPublicKey');
  const registered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Devices/Register');
  await alerts.getByRole('button', { name: 'Get deal alerts' }).click();
  const { publicKey } = (await (await keyAnswer).json()) as { publicKey: string };
  const answer = await registered;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ message: 'Device registered for notifications' });
  expect(answer.request().postDataJSON()).toEqual({ token: endpoint, platform: 'web', subscription: subscriber.subscription });

  await expect(alerts.getByRole('status')).toHaveText('Deal alerts are on');
  await expect(alerts).toHaveAttribute('data-state', 'on');
  await expect(alerts.getByRole('button', { name: 'Turn off' })).toBeEnabled();

  // The real service worker took the whole site, and the subscription was made with the server's key.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    const key = subscription?.options.applicationServerKey;
    return {
      script: registration?.active?.scriptURL ?? null,
      scope: registration?.scope ?? null,
      key: key ? btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : null,
    };
  });
  expect(worker).toEqual({ script: `${BASE_URL}/deal-alerts-sw.js?api=%2Fapi`, scope: `${BASE_URL}/`, key: publicKey });
});

test('the admin sends a notification from the console: the subscription receives it and the history shows it delivered', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto(HISTORY_PATH);
  await expect(page.getByRole('heading', { level: 2, name: 'Push Notifications' })).toBeVisible();
  await expectNoSeriousAdminA11yViolations(page, 'the Push Notifications screen');

  const { name: title, suffix } = uniqueName('E2E Flash sale');
  const message = `Everything half price tonight (${suffix})`;
  const form = page.locator('.deals-push-form');
  // (Its accessible name starts with the icon's, "send".)
  const send = form.getByRole('button', { name: /Create Notification$/ });
  await expect(send).toBeDisabled();
  await form.getByLabel('Title').fill(title);
  await expect(send).toBeDisabled();
  await form.getByLabel('Message').fill(message);
  await expect(send).toBeEnabled();

  const sent = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/PushNotificationHistory/SendPushNotifications');
  await send.click();
  expect((await sent).status()).toBe(200);
  await expect(toast(page)).toContainText('Push notification queued for delivery');
  await expect(form.getByLabel('Title')).toHaveValue('');

  // The history polls every 3 s until the delivery is done.
  const row = rowWith(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.locator('td').last()).toHaveText('Done', { timeout: 30_000 });
  await expect(row).toContainText(message);
  // The delivery tags are readable too (antd's light green one was not: contrast 2.2).
  await expectNoSeriousAdminA11yViolations(page, 'the Push Notifications screen with a delivered row');
  const sentTo = Number((await row.locator('td').nth(2).innerText()).trim());
  expect(sentTo).toBeGreaterThanOrEqual(1);

  // The push service got exactly one message for this notification, and it decrypts to what was typed.
  const ours = receiver.requests
    .filter((request) => request.path === new URL(endpoint).pathname)
    .map((request) => ({ request, payload: JSON.parse(subscriber.decrypt(request.body)) as { title: string; message: string; url: string } }))
    .filter(({ payload }) => payload.title === title);
  expect(ours).toHaveLength(1);
  const [{ request, payload }] = ours as [(typeof ours)[number]];
  expect(payload).toEqual({ title, message, url: '/home' });
  expect(request.method).toBe('POST');
  expect(request.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(request.headers.ttl)).toBeGreaterThan(0);
  // VAPID: signed with the key the browser subscribed with, for this push service's origin.
  const vapid = verifyVapidAuthorization(request.headers.authorization);
  const { publicKey } = (await (await page.request.get('/api/Devices/WebPushPublicKey')).json()) as { publicKey: string };
  expect(vapid.publicKey).toBe(publicKey);
  expect(vapid.claims.aud).toBe(receiver.origin);
  delivered = payload;
});

test('the site’s service worker shows the delivered message as a notification', async () => {
  test.skip(!delivered, 'needs the message delivered in the previous test');
  const cdp = await visitor.newCDPSession(visitorPage);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${BASE_URL}/`)).toBeTruthy();

  // What the push service would hand the browser: the plaintext the server encrypted. The browser
  // starts the worker for it if it stopped it while idle.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId: registrations.get(`${BASE_URL}/`)!, data: JSON.stringify(delivered) });
  // Read from the page, through the same registration the worker shows them on: the worker itself
  // may be stopped again by the time we look (reading from it failed now and then).
  const shown = () =>
    visitorPage.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const notifications = (await registration?.getNotifications()) ?? [];
      return notifications.map((notification) => ({ title: notification.title, body: notification.body, url: (notification.data as { url?: string } | null)?.url ?? null }));
    });
  await expect.poll(shown, { timeout: 20_000 }).toEqual([{ title: delivered!.title, body: delivered!.message, url: `${BASE_URL}/home` }]);
  await cdp.detach();
});

/** What the push service received for this browser, decrypted, with the time each arrived. */
const receivedFor = (title: (text: string) => boolean) =>
  receiver.requests
    .filter((request) => request.path === new URL(endpoint).pathname)
    .map((request) => JSON.parse(subscriber.decrypt(request.body)) as { title: string; message: string; url: string })
    .filter((payload) => title(payload.title));

// A deal saved to start later, in a "Send Notification Immediately" category, is
// announced by the job queue when it starts, once.
test('a deal scheduled a few seconds ahead is announced once, when it starts', async ({ catalog }) => {
  const { name, suffix } = uniqueName('E2E Scheduled Deal');
  const storeId = await catalog.createStore(`E2E Store ${suffix}`);
  const productTypeId = await catalog.createProductType(`E2E Alerts ${suffix}`, { notifyImmediately: true });
  const startsAt = Date.now() + 10_000;
  await catalog.createDeal({ name, storeId, productTypeIds: [productTypeId], dealStartsIn: new Date(startsAt) });
  const announced = () => receivedFor((title) => title === `New deal: ${name}`).length;

  // Nothing before the start.
  await expect.poll(() => Date.now() >= startsAt - 2_000, { timeout: 15_000, intervals: [250] }).toBe(true);
  expect(announced()).toBe(0);

  await expect.poll(announced, { timeout: 45_000 }).toBe(1);
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
  // And only once: the job ran on one instance, and the alert is kept unique per deal.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(announced()).toBe(1);
});

// A visitor follows a word from the deal list; a new deal matching it is pushed
// to that browser with the reason in its title, one that does not match is not.
test('a visitor follows a word from the deal list and gets a push for a new matching deal', async ({ catalog }) => {
  const { suffix } = uniqueName('E2E Follow');
  const word = `zeppelin${suffix}`.toLowerCase();
  const page = visitorPage;
  await page.goto(`/deals?q=${word}`);
  const follow = page.getByRole('group', { name: 'Get alerts for new deals like these' }).getByRole('button', { name: `Follow “${word}”` });
  await follow.click();
  await expect(page.getByRole('button', { name: `Following “${word}” ✓ Unfollow` })).toBeVisible();

  // In a category that does not notify by itself: only the follow brings the push.
  const storeId = await catalog.createStore(`E2E Store ${suffix}`);
  const productTypeId = await catalog.createProductType(`E2E Quiet ${suffix}`);
  const matching = `Airship ${word.toUpperCase()} kit`;
  await catalog.createDeal({ name: `Unrelated ${suffix} kit`, storeId, productTypeIds: [productTypeId] });
  await catalog.createDeal({ name: matching, storeId, productTypeIds: [productTypeId] });

  await expect.poll(() => receivedFor((title) => title.includes(matching)).length, { timeout: 45_000 }).toBe(1);
  const [payload] = receivedFor((title) => title.includes(matching));
  expect(payload!.title.startsWith(`${word}:`)).toBe(true);
  expect(receivedFor((title) => title.includes(`Unrelated ${suffix}`))).toHaveLength(0);

  // The footer's "Manage alerts" lists the follow and removes it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByText('Manage alerts', { exact: true }).click();
  const followed = page.getByRole('list', { name: 'Followed words and stores' });
  await expect(followed).toContainText(word);
  await followed.getByRole('button', { name: `Stop following ${word}` }).click();
  await expect(page.getByText('You follow nothing yet.', { exact: false })).toBeVisible();
  await expect(follow).toBeVisible();
});
