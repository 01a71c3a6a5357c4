import type { Browser, Page } from '@playwright/test';
import { ADMIN_PATHS, expect, pngFile, rowWith, tableRows, test, uniqueName, type SignedIn } from './support/catalog';
import { DESKTOP, PHONE, POPUP_KEYS } from './support/public';

// The dashboard that reports, in Chromium against the real API: a visitor's
// click on "Get Deal Now!" (through /out/{id}) shows on the staff member's dashboard, and the
// "expiring in the next 48 h" figure opens the deals table filtered to exactly those deals.

test.describe.configure({ timeout: 90_000 });

const DASHBOARD = '/admin/management/dashboard';
/** A desktop Chrome: the click-outs do not count headless browsers (isbot), so the visitor is not one. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const STORE_LINK = 'https://example.com/e2e-dashboard-deal';
const HOUR = 3_600_000;

/** A live deal added by the staff member (so it is among "your deals"), expiring in 24 h. */
async function createStaffDeal(page: Page, staff: SignedIn, deal: { name: string; storeId: number; productTypeId: number }): Promise<number> {
  const form = new FormData();
  const fields = {
    name: deal.name,
    categoryId: deal.storeId,
    productTypeIds: deal.productTypeId,
    currentPrice: 9.99,
    previousPrice: 19.99,
    link: STORE_LINK,
    isActive: true,
    isFeatured: false,
    dealExpiresIn: new Date(Date.now() + 24 * HOUR).toISOString(),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const image = pngFile('deal.png');
  form.append('image', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
  const res = await page.request.post('/api/Product/CreateProduct', { headers: { authorization: `Bearer ${staff.token}` }, multipart: form });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

/** A visitor in a browser of their own opens the store's deals and clicks the deal's "Get Deal Now!". */
async function visitorClicks(browser: Browser, storeId: number, dealId: number): Promise<void> {
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT, viewport: DESKTOP });
  try {
    await visitor.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
    // The store itself is not part of the test: its page is answered here.
    await visitor.route(`${STORE_LINK}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Store</title>' }));
    const page = await visitor.newPage();
    await page.goto(`/deals?stores=${storeId}`);
    const card = page.locator('article.deal-card').filter({ has: page.locator(`a[href="/deal/details/${dealId}"]`) });
    const go = card.getByRole('link', { name: 'Get Deal Now!' });
    await expect(go).toHaveAttribute('href', `/out/${dealId}`);
    const clickOut = visitor.waitForEvent('response', (response) => new URL(response.url()).pathname === `/out/${dealId}`);
    const [store] = await Promise.all([visitor.waitForEvent('page'), go.click()]);
    expect((await clickOut).status()).toBe(302);
    await expect(store).toHaveURL(STORE_LINK);
  } finally {
    await visitor.close();
  }
}

const topDeals = (page: Page) => page.getByRole('list', { name: 'Top deals by clicks' });
const figureCard = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) });

test.describe('dashboard', () => {
  test.use({ viewport: DESKTOP });

  test("a visitor's click shows in the staff member's Top 10, and the expiring figure opens exactly those deals", async ({ page, browser, catalog, signIn }) => {
    const { name: store, suffix } = uniqueName('E2E Dash Store');
    const storeId = await catalog.createStore(store);
    const productTypeId = await catalog.createProductType(`E2E Dash Category ${suffix}`);
    const staff = await signIn('staff');
    const deal = `E2E Dash Deal ${suffix}`;
    const dealId = catalog.track('deal', await createStaffDeal(page, staff, { name: deal, storeId, productTypeId }));

    await visitorClicks(browser, storeId, dealId);

    // Staff see their own deals' figures. Clicks are written about a second after the click.
    const charted = page.waitForRequest((request) => /\/dashboard-chart\.[^/]*\.js$|\/dashboard-chart\.js$/.test(new URL(request.url()).pathname));
    await page.goto(DASHBOARD);
    await expect(page.getByRole('heading', { level: 3, name: 'Your deals' })).toBeVisible();
    await expect(page.getByText(/Figures of the deals you added/)).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(topDeals(page).getByRole('link', { name: deal })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const item = topDeals(page).getByRole('listitem').filter({ hasText: deal });
    await expect(item).toContainText(store);
    await expect(item).toContainText(/1 click\b/);
    await expect(topDeals(page).getByRole('link', { name: deal })).toHaveAttribute('href', ADMIN_PATHS.editDeal(dealId));
    await expect(page.getByRole('list', { name: 'Top stores by clicks' })).toContainText(store);
    // The chart, drawn by its own lazily loaded chunk.
    await charted;
    await expect(page.locator('.dashboard-chart svg.recharts-surface')).toBeVisible();

    // The expiring figure counts the deal (it expires in 24 h) and opens the table with exactly those deals.
    const expiring = figureCard(page, 'Expiring in the next 48 h');
    const count = Number((await expiring.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThanOrEqual(1);
    await expiring.getByRole('link', { name: 'Show these deals' }).click();
    await expect(page).toHaveURL(/\/admin\/management\/product-deals\?.*expiresFrom=.*expiresTo=/);
    await expect(page).toHaveURL(new RegExp(`[?&]addedById=${staff.id}(&|$)`));
    await expect(page.getByText(/^Only deals expiring between .+, posted by you\.$/)).toBeVisible();
    await expect(rowWith(page, deal)).toBeVisible();
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(new RegExp(` of ${count}$`));
    await expect(tableRows(page)).toHaveCount(Math.min(count, 100));

    // Show all deals drops the dashboard's filters (the Is Active? filter stays in the form).
    await page.getByRole('button', { name: 'Show all deals' }).click();
    await expect(page).not.toHaveURL(/expiresFrom=/);
  });

  test('an admin sees the figures of all deals', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto(DASHBOARD);
    await expect(page.getByRole('heading', { level: 3, name: 'All deals' })).toBeVisible();
    await expect(page.getByText(/every staff member's deals/)).toBeVisible();
    const link = figureCard(page, 'Expiring in the next 48 h').getByRole('link');
    await expect(link).toHaveAttribute('href', /expiresFrom=/);
    await expect(link).not.toHaveAttribute('href', /addedById=/);
  });

  test('other screens do not load the chart library', async ({ page, signIn }) => {
    await signIn('admin');
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
    await page.goto(ADMIN_PATHS.deals);
    await expect(tableRows(page).first()).toBeVisible();
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 2, name: 'Work Hard. Shop Harder.' })).toBeVisible();
    expect(chunks.filter((path) => path.includes('dashboard-chart'))).toEqual([]);
  });
});

test.describe('dashboard on a phone', () => {
  test.use({ viewport: PHONE });

  test('fits 390 px without scrolling sideways', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto(DASHBOARD);
    await expect(page.getByRole('heading', { level: 3, name: 'All deals' })).toBeVisible();
    await expect(figureCard(page, 'Live deals')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
