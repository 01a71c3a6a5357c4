import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, rowWith, test, toast, uniqueName } from './support/catalog';
import { api, DESKTOP, POPUP_KEYS } from './support/public';

// Codes visitors can trust, in Chromium against the real API: visitors copy a code and answer
// "Did this code work?", the success rate reaches the cards and the deal page, the deal lands in
// Needs attention; a link a local store server answers 404 fails "Check link now"; Mark verified
// puts "Verified today" on the public page, in its server-rendered HTML too.

test.describe.configure({ timeout: 120_000 });

/** Desktop Chromes of several visitors: a visitor is its address and user agent, and they share 127.0.0.1. */
const visitorAgent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${n}.0 Safari/537.36`;

test('visitors answer "Did this code work?" and the success rate shows, then the deal needs attention', async ({ browser, catalog, page, signIn }) => {
  const { name, suffix } = uniqueName('E2E Trust Code');
  const storeId = await catalog.createStore(`E2E Trust Store ${suffix}`);
  const productTypeId = await catalog.createProductType(`E2E Trust Category ${suffix}`);
  const dealId = await catalog.createDeal({ name, storeId, productTypeIds: [productTypeId], promoCode: 'TRUST10' });

  // Five visitors (the default minimum of answers) copy the code on its card and answer No.
  for (let n = 1; n <= 5; n++) {
    const visitor = await browser.newContext({ userAgent: visitorAgent(n), viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await visitor.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
      const tab = await visitor.newPage();
      await tab.goto(`/deals?stores=${storeId}`);
      const card = tab.locator('.deals-results article.deal-card').filter({ hasText: name });
      await card.getByRole('button', { name: /TRUST10/ }).click();
      const question = card.getByRole('group', { name: 'Did this code work?' });
      await expect(question).toBeVisible();
      const vote = tab.waitForResponse((response) => new URL(response.url()).pathname === '/api/DealFeedback/Vote');
      await question.getByRole('button', { name: 'No' }).click();
      expect((await vote).status()).toBe(200);
      await expect(card.getByText('Thanks for letting us know')).toBeVisible();
    } finally {
      await visitor.close();
    }
  }

  // Written within a second; then a page not rendered before shows the rate.
  await expect.poll(async () => ((await api.dealDetail(page.request, dealId)) as { successRate?: number | null }).successRate, { timeout: 20_000 }).toBe(0);
  await page.goto(`/deals?stores=${storeId}&sort=ASC_PRICE`);
  const card = page.locator('.deals-results article.deal-card').filter({ hasText: name });
  await expect(card).toContainText('0% success');
  await page.goto(`/deal/details/${dealId}`);
  await expect(page.locator('main')).toContainText('0% success');

  // Staff see it in Needs attention with its reason.
  await signIn('admin');
  await page.goto(`/admin/management/needs-attention`);
  const row = rowWith(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Low success rate');
  await expect(row).toContainText('0% success over 5 answers');
});

test('a dead link found by "Check link now" needs attention; Mark verified shows "Verified today" to visitors', async ({ catalog, page, signIn, request }) => {
  // A local store server: the deal's product page is gone.
  const store = http.createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const link = `http://127.0.0.1:${(store.address() as AddressInfo).port}/product/blender`;
  try {
    const { name, suffix } = uniqueName('E2E Trust Link');
    const storeId = await catalog.createStore(`E2E Link Store ${suffix}`);
    const productTypeId = await catalog.createProductType(`E2E Link Category ${suffix}`);
    const dealId = await catalog.createDeal({ name, storeId, productTypeIds: [productTypeId], link });

    await signIn('admin');
    await page.goto(`/admin/management/product-deal/edit/${dealId}`);
    await page.getByRole('button', { name: 'Check link now' }).click();
    const result = page.getByRole('status', { name: 'Link check' });
    await expect(result).toContainText('Link is dead', { timeout: 30_000 });
    await expect(result).toContainText('404');
    await page.getByRole('link', { name: 'Open Needs attention' }).click();
    await expect(page).toHaveURL(/\/admin\/management\/needs-attention/);
    const row = rowWith(page, name);
    await expect(row).toContainText('Link check failed');
    await expect(row).toContainText('the server answered 404');

    await row.getByRole('button', { name: `Mark ${name} verified` }).click();
    await expect(toast(page)).toContainText('1 deal marked verified');
    await expect(rowWith(page, name)).toHaveCount(0);

    // A staff write renews every cached page: the public deal page says so at once, in its HTML too.
    await page.goto(`/deal/details/${dealId}`);
    const verified = page.getByRole('link', { name: /Verified today/ });
    await expect(verified).toBeVisible();
    await expect(verified).toHaveAttribute('href', '/how-we-verify-codes');
    const html = await (await request.get(`/deal/details/${dealId}`)).text();
    // The server's markup, tags aside (the date is a <time> element), says it as the page does.
    expect(html.replace(/<[^>]+>/g, '')).toContain('Verified today');
    expect(html).toMatch(/<a [^>]*href="\/how-we-verify-codes"/);
  } finally {
    await new Promise<void>((resolve) => store.close(() => resolve()));
  }
});
