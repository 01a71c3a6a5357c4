import type { APIRequestContext } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test, uniqueName } from './support/catalog';
import { linkTo, mailsTo, onSite, waitForMail } from './support/mail';

// Email end to end, in Chromium against the real API: the main server sends its mail over SMTP
// to the mail sink (support/mail-sink.mjs), and the tests read it there as the recipient would,
// open its links in the page and post the one-click unsubscribe as a mail client does.

// Several mails, each a few seconds on its way, and the pages they link to: beyond 30 s.
test.describe.configure({ timeout: 120_000 });

const MESSAGES = {
  subscribed: 'Almost done: we sent you an email. Open its link to confirm your alerts.',
  confirmed: 'Your email alerts are on.',
  unsubscribed: 'You are unsubscribed. We will send no more alerts to this address.',
  unsubscribedNote: 'This address is unsubscribed: we send it no alerts.',
  resetRequested: 'If a staff account uses this address, we sent it a link to set a new password. The link works for 30 minutes.',
  resetDone: 'Your password was changed. Sign in with your new password.',
  resetLinkInvalid: 'This link is invalid, was already used or has expired. Ask for a new one from Recover Account.',
};

const CONFIRM_SUBJECT = /^Confirm your deal alerts at /;
const CONFIRM_PATH = '/email-alerts/confirm';
const MANAGE_PATH = '/email-alerts/manage';

/** The manage token of a second subscriber to "lego", unsubscribed after the test. */
let controlToken: string | undefined;

test.afterEach(async ({ request }) => {
  if (!controlToken) return;
  const res = await request.post('/api/EmailAlerts/Unsubscribe', { data: { token: controlToken } });
  expect(res.status(), 'unsubscribing the control subscriber').toBe(200);
  controlToken = undefined;
});

/**
 * A confirmed subscriber to the same word, made through the API: its mail for a deal shows the
 * deal's alerts went out, so the absence of another address's mail for that deal means something.
 */
async function controlSubscriber(request: APIRequestContext, address: string, word: string): Promise<void> {
  const subscribed = await request.post('/api/EmailAlerts/Subscribe', { data: { email: address, words: [word], storeIds: [], frequency: 'INSTANT' } });
  expect(subscribed.status()).toBe(200);
  const mail = await waitForMail(request, address, CONFIRM_SUBJECT);
  const token = new URL(linkTo(mail, CONFIRM_PATH), 'http://site').searchParams.get('token');
  const confirmed = await request.post('/api/EmailAlerts/Confirm', { data: { token } });
  expect(confirmed.status()).toBe(200);
  const answer = (await confirmed.json()) as { subscription: { status: string }; manageToken: string };
  expect(answer.subscription.status).toBe('CONFIRMED');
  controlToken = answer.manageToken;
}

test('a visitor subscribes to "lego" by email, confirms, gets the alert of a new LEGO deal and unsubscribes with one click; the next LEGO deal mails nothing', async ({ page, request, catalog }) => {
  const { suffix } = uniqueName('run');
  const address = `e2e-alerts-${suffix}@example.com`;
  await controlSubscriber(request, `e2e-alerts-control-${suffix}@example.com`, 'lego');

  // Subscribing from the deals list, as a visitor does.
  await page.goto('/deals');
  await page.getByRole('button', { name: /Get deals by email$/ }).click();
  const form = page.getByRole('dialog', { name: 'Deal alerts by email' });
  await form.getByLabel('Email', { exact: true }).fill(address);
  const word = form.getByLabel('Add a word');
  await word.fill('lego');
  await word.press('Enter');
  const chips = form.getByRole('list', { name: 'Followed words and stores' }).getByRole('listitem');
  await expect(chips).toHaveCount(1);
  await expect(chips.getByRole('button', { name: 'Remove “lego”' })).toBeVisible();
  await expect(word).toHaveValue('');
  await form.getByRole('radio', { name: /Instant alerts/ }).check();
  const subscribing = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/EmailAlerts/Subscribe');
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const subscribed = await subscribing;
  expect(subscribed.status()).toBe(200);
  expect(subscribed.request().postDataJSON()).toEqual({ email: address, words: ['lego'], storeIds: [], frequency: 'INSTANT' });
  const sent = form.getByRole('status');
  await expect(sent).toContainText('Check your inbox');
  await expect(sent).toContainText(MESSAGES.subscribed);
  await expect(sent).toContainText(address);
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(form).toBeHidden();

  // Double opt-in: the confirmation mail's link, opened in the browser.
  const confirmation = await waitForMail(request, address, CONFIRM_SUBJECT);
  expect(confirmation.text).toContain('lego');
  await page.goto(linkTo(confirmation, CONFIRM_PATH, (url) => Boolean(url.searchParams.get('token'))));
  const confirmed = page.locator('.ea-page');
  await expect(confirmed.getByRole('heading', { level: 1, name: MESSAGES.confirmed })).toBeVisible();
  await expect(confirmed.getByRole('list', { name: 'Followed words and stores' })).toHaveText('lego');
  await expect(confirmed.getByText('Instant alerts', { exact: true })).toBeVisible();

  // The admin adds a LEGO deal: it is live at once, and its alert goes out.
  const { dealId, deal, storeId, productTypeId } = await catalog.createDealWithOwnCatalog('LEGO Millennium Falcon');
  const alertSubject = `New deal: ${deal}`;
  const alert = await waitForMail(request, address, alertSubject);
  expect(alert.text).toContain(deal);
  expect(alert.html).toContain(deal);
  const dealLink = linkTo(alert, `/deal/details/${dealId}`);
  const manageLink = linkTo(alert, MANAGE_PATH, (url) => Boolean(url.searchParams.get('token')) && !url.searchParams.has('unsubscribe'));
  const unsubscribeLink = linkTo(alert, MANAGE_PATH, (url) => url.searchParams.get('unsubscribe') === '1');
  expect(alert.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(alert.headers['list-unsubscribe'])?.[1];
  expect(oneClick, `List-Unsubscribe: ${alert.headers['list-unsubscribe']}`).toBeDefined();
  const oneClickPath = onSite(oneClick!);
  expect(new URL(oneClickPath, 'http://site').pathname).toBe('/api/EmailAlerts/Unsubscribe');
  // Only the one mail for this deal, whatever else the address gets.
  expect((await mailsTo(request, address)).filter((mail) => mail.subject === alertSubject)).toHaveLength(1);

  // The mail's deal link opens the deal.
  await page.goto(dealLink);
  await expect(page.getByRole('heading', { level: 1, name: deal })).toBeVisible();

  // One-click unsubscribe (RFC 8058), as a mail client posts it: no cookies, no page, a form body.
  const unsubscribed = await request.post(oneClickPath, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
  expect(unsubscribed.status()).toBe(200);
  expect(await unsubscribed.json()).toMatchObject({ message: MESSAGES.unsubscribed, subscription: { status: 'UNSUBSCRIBED', words: [] } });
  const mailsBefore = (await mailsTo(request, address)).length;

  // The mail's manage link shows the subscription as unsubscribed; so does its unsubscribe link,
  // without asking again.
  const manage = page.locator('.ea-page');
  await page.goto(manageLink);
  await expect(manage.getByRole('heading', { level: 1, name: 'Your email alerts' })).toBeVisible();
  await expect(manage.getByText(MESSAGES.unsubscribedNote)).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  await expect(manage.getByRole('button', { name: /Unsubscribe/ })).toHaveCount(0);
  await page.goto(unsubscribeLink);
  await expect(manage.getByText(MESSAGES.unsubscribedNote)).toBeVisible();
  await expect(manage.getByRole('button', { name: /Unsubscribe/ })).toHaveCount(0);

  // Another LEGO deal: the control subscriber gets it, the unsubscribed address nothing.
  const { name: secondDeal } = uniqueName('LEGO Technic Excavator');
  await catalog.createDeal({ name: secondDeal, storeId, productTypeIds: [productTypeId] });
  await waitForMail(request, `e2e-alerts-control-${suffix}@example.com`, `New deal: ${secondDeal}`);
  // The same batch would have carried it: a moment for a straggler over another SMTP connection.
  await sleep(2000);
  const after = await mailsTo(request, address);
  expect(after.map((mail) => mail.subject)).not.toContain(`New deal: ${secondDeal}`);
  expect(after).toHaveLength(mailsBefore);
});

test('a staff member recovers their account by email: Recover Account mails a link, the new password is set on its page and signs in', async ({ page, request, sessions }) => {
  const { suffix } = uniqueName('run');
  const username = `e2e-recover-${suffix}`;
  const address = `${username}@example.com`;
  const oldPassword = 'first-password-1';
  const newPassword = `new-password-${suffix}`;
  const admin = await sessions.admin();
  const registered = await request.post('/api/Users/Register', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username, fullName: 'E2E Recovering Staff', email: address, password: oldPassword, confirmPassword: oldPassword, isActive: true, isAdmin: false },
  });
  expect(registered.ok(), `registering ${username}: ${registered.status()}`).toBe(true);

  await page.goto('/login');
  await page.getByRole('button', { name: /Recover Account$/ }).click();
  await expect(page.getByRole('heading', { name: 'Recover Account' })).toBeVisible();
  await page.getByLabel('Email').fill(address);
  const requested = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Users/RequestPasswordReset');
  await page.getByRole('button', { name: /Submit$/ }).click();
  expect((await requested).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.resetRequested })).toBeVisible();

  const mail = await waitForMail(request, address, /^Set a new password for /);
  expect(mail.text).toContain(username);
  const resetLink = linkTo(mail, '/reset-password', (url) => Boolean(url.searchParams.get('token')));

  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`Username: ${username}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  const reset = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Users/ResetPassword');
  await page.getByRole('button', { name: /Save Password$/ }).click();
  expect((await reset).status()).toBe(200);

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.resetDone })).toBeVisible();
  // The old password is over.
  const old = await request.post('/api/Users/Authenticate', { data: { email: username, password: oldPassword } });
  expect(old.ok(), 'signing in with the old password').toBe(false);

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /Sign In$/ }).click();
  await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The link was used up.
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await expect(page.getByText(MESSAGES.resetLinkInvalid)).toBeVisible();
});
