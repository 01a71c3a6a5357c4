import type { Browser, Locator, Page } from '@playwright/test';
import { ADMIN_PATHS, button, dialog, expect, rowWith, test, toast, uniqueName, type SignedIn } from './support/catalog';
import { DESKTOP, POPUP_KEYS } from './support/public';

// Affiliate revenue end to end, in Chromium against the real API: an admin gives a store the
// Awin link template, a visitor's "Get Deal Now!" goes out through /out/{id} tagged with a click
// id, the admin imports a commission report naming that click id, and the commission shows in the
// deals table (Commission and EPC of 30 days) and on the dashboard's earnings card.

// Four admin screens, a visitor's browser and the click buffer's second: beyond 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const COMMISSIONS = '/admin/management/commissions';
const DASHBOARD = '/admin/management/dashboard';
/** A desktop Chrome: the click-outs do not count headless browsers (isbot), so the visitor is not one. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
/** Awin's preset as the store modal fills it in; the capitalised words are the account's own values. */
const AWIN_PRESET = 'https://www.awin1.com/cread.php?awinmid=ADVERTISER_ID&awinaffid=PUBLISHER_ID&clickref={clickId}&ued={url}';
const AWIN_TEMPLATE = AWIN_PRESET.replace('ADVERTISER_ID', '1001').replace('PUBLISHER_ID', '2002');
/** A query and a fragment, so that the test sees the deal's link travel URL-encoded inside `ued`. */
const DEAL_LINK = 'https://shop.example.com/e2e-affiliate/item?id=42&colour=blue#reviews';
const CLICK_ID = /^[0-9a-f]{32}$/;

interface EarningsRow {
  key: string;
  currency: string | null;
  clicks: number;
  commission: number;
}

/** The earnings report of the last 30 days, as the admin reads it. */
async function earnings(page: Page, admin: SignedIn, groupBy: 'day' | 'deal'): Promise<{ rows: EarningsRow[]; totals: EarningsRow[] }> {
  const res = await page.request.get(`/api/Commissions/GetEarnings?groupBy=${groupBy}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { rows: EarningsRow[]; totals: EarningsRow[] };
}

const euros = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

/**
 * A visitor in a browser of their own opens the deal's page and clicks "Get Deal Now!"; returns
 * the address the click-out redirected to. Awin's host is not reachable from the test, so its
 * page is answered here, after the browser has followed the redirect to it.
 */
async function visitorClicksOut(browser: Browser, dealId: number, deal: string): Promise<string> {
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT, viewport: DESKTOP });
  try {
    await visitor.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
    await visitor.route('https://www.awin1.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Awin</title>' }));
    const page = await visitor.newPage();
    await page.goto(`/deal/details/${dealId}`);
    await expect(page.getByRole('heading', { level: 1, name: deal })).toBeVisible();
    const go = page.locator('.deal-detail__promo').getByRole('link', { name: 'Get Deal Now!' });
    await expect(go).toHaveAttribute('href', `/out/${dealId}`);
    const clickOut = visitor.waitForEvent('response', (response) => new URL(response.url()).pathname === `/out/${dealId}`);
    const [store] = await Promise.all([visitor.waitForEvent('page'), go.click()]);
    const redirect = await clickOut;
    expect(redirect.status()).toBe(302);
    const location = redirect.headers()['location'];
    expect(location, 'the click-out names where it sends the visitor').toBeTruthy();
    // The visitor's tab arrives at exactly that address.
    await expect(store).toHaveURL(location!);
    return location!;
  } finally {
    await visitor.close();
  }
}

/** A cell of an antd table row, by its column's title (the columns can be reordered or hidden). */
async function cell(page: Page, row: Locator, title: string): Promise<Locator> {
  const titles = await page.locator('.ant-table-thead').first().locator('th').allInnerTexts();
  const index = titles.findIndex((text) => text.trim() === title);
  expect(index, `the table has a "${title}" column (columns: ${titles.join(' | ')})`).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index);
}

test('an Awin store template tags the click-out, and an imported commission shows in the deals table and on the dashboard', async ({ page, browser, catalog, signIn }) => {
  const { name: store, suffix } = uniqueName('E2E Affiliate Store');
  const storeId = await catalog.createStore(store);
  const productTypeId = await catalog.createProductType(`E2E Affiliate Category ${suffix}`);
  const deal = `E2E Affiliate Deal ${suffix}`;
  const dealId = await catalog.createDeal({ name: deal, storeId, productTypeIds: [productTypeId], link: DEAL_LINK });
  const admin = await signIn('admin');
  await page.setViewportSize(DESKTOP);

  // The admin picks Awin for the store: the preset fills the template, whose account words the
  // admin replaces with the account's numbers.
  await page.goto(ADMIN_PATHS.stores);
  await page.getByRole('button', { name: `View ${store}`, exact: true }).click();
  const modal = dialog(page, 'Edit Store');
  await expect(modal.getByLabel('Store Name')).toHaveValue(store);
  const template = modal.getByLabel('Link template');
  await expect(template).toBeDisabled();
  // The select's shown value covers its (read-only) input: click the select itself.
  await modal.locator('.ant-select').filter({ has: page.getByLabel('Affiliate network') }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Awin"]').click();
  await expect(template).toBeEnabled();
  await expect(template).toHaveValue(AWIN_PRESET);
  // The preset alone cannot be saved: its account words are still in it.
  await expect(modal.getByText('Replace ADVERTISER_ID with your own value from the network')).toBeVisible();
  await template.fill(AWIN_TEMPLATE);
  // The message goes as the values are typed, before the admin leaves the field.
  await expect(template).toBeFocused();
  await expect(modal.getByText(/Replace [A-Z_]+ with your own value/)).toBeHidden();
  const updated = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Category/UpdateCategory');
  await button(modal, 'Save Changes').click();
  expect((await updated).status()).toBe(200);
  await expect(toast(page)).toContainText('Store updated successfully');
  await expect(modal).toBeHidden();
  const saved = await page.request.get(`/api/Category/GetCategoryById?categoryId=${storeId}`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(await saved.json()).toMatchObject({ affiliateNetwork: 'AWIN', affiliateLinkTemplate: AWIN_TEMPLATE });

  // The visitor's click-out goes through Awin with a fresh click id and the deal's link in `ued`.
  const location = new URL(await visitorClicksOut(browser, dealId, deal));
  expect(`${location.origin}${location.pathname}`).toBe('https://www.awin1.com/cread.php');
  expect(location.searchParams.get('awinmid')).toBe('1001');
  expect(location.searchParams.get('awinaffid')).toBe('2002');
  const clickId = location.searchParams.get('clickref') ?? '';
  expect(clickId).toMatch(CLICK_ID);
  expect(location.searchParams.get('ued')).toBe(DEAL_LINK);
  // Encoded whole: the deal's own query and fragment stay inside `ued`, not Awin's link.
  expect(location.hash).toBe('');
  expect(location.search).toContain(`ued=${encodeURIComponent(DEAL_LINK)}`);

  // The click is written within about a second; a report imported before would not match it.
  await expect
    .poll(async () => (await earnings(page, admin, 'deal')).rows.find((row) => row.key === String(dealId))?.clicks ?? 0, { timeout: 30_000 })
    .toBe(1);
  const euroTotalBefore = (await earnings(page, admin, 'day')).totals.find((row) => row.currency === 'EUR')?.commission ?? 0;

  // The admin imports the network's report in the generic format.
  const today = new Date().toISOString().slice(0, 10);
  const report = ['transactionId,clickRef,date,amount,commission,currency,status', `E2E-${suffix},${clickId},${today},125.00,12.50,EUR,approved`].join('\n');
  await page.goto(COMMISSIONS);
  await expect(page.getByRole('heading', { level: 2, name: 'Commissions' })).toBeVisible();
  const format = page.locator('.ant-select').filter({ has: page.locator('#commission-format') });
  await expect(format).toContainText('Generic CSV');
  const importButton = button(page, 'Import');
  await expect(importButton).toBeDisabled();
  await page.locator('input[type="file"]').setInputFiles({ name: 'commissions.csv', mimeType: 'text/csv', buffer: Buffer.from(report) });
  await expect(page.getByText('commissions.csv')).toBeVisible();
  const imported = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Commissions/Import');
  await importButton.click();
  const answer = await imported;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('format')).toBe('generic');
  const result = page.getByRole('region', { name: 'Import result' });
  await expect(result).toContainText('1 commission added, 0 updated');
  const figure = (title: string) => result.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) }).locator('.ant-statistic-content-value');
  await expect(figure('Created')).toHaveText('1');
  await expect(figure('Unmatched')).toHaveText('0');
  await expect(page.getByRole('table', { name: 'Rows not imported' })).toHaveCount(0);

  // The deals table: the 30-day figures were recomputed by the import. One click, €12.50 earned.
  // The earnings columns are off by default (the defaults fit 1440 px): a staff member shows them
  // in the column settings, a choice the API keeps per person; here it is saved through that call
  // (the settings list is virtual and draws only its first entries), and put back afterwards.
  const columns = (data: unknown) => page.request.put('/api/Preferences/SaveTableColumns', { headers: { authorization: `Bearer ${admin.token}` }, data });
  await columns({ table: 'product-deals', columns: { commission30d: { show: true }, epc30d: { show: true } } });
  try {
    await page.goto(`${ADMIN_PATHS.deals}?name=${encodeURIComponent(deal)}`);
    const row = rowWith(page, deal);
    await expect(row).toHaveCount(1);
    await expect(await cell(page, row, 'Commission (30 d)')).toHaveText('€12.50');
    await expect(await cell(page, row, 'EPC (30 d)')).toHaveText('€12.50');
  } finally {
    await columns({ table: 'product-deals', columns: null });
  }

  // The dashboard: the EUR total grew by the commission, and the deal is among the Top deals.
  await page.goto(DASHBOARD);
  await expect(page.getByRole('heading', { level: 3, name: 'All deals' })).toBeVisible();
  const card = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^Earnings \(last 30 days\)$/ }) });
  const euro = card.getByRole('region', { name: 'Earnings in EUR' });
  await expect(euro.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: /^Commission$/ }) })).toContainText(euros(euroTotalBefore + 12.5));
  const top = card.getByRole('list', { name: 'Top deals by commission' }).getByRole('listitem').filter({ hasText: deal });
  await expect(top).toHaveCount(1);
  await expect(top).toContainText(store);
  await expect(top).toContainText('€12.50');
  await expect(top).toContainText('EPC €12.50');
  await expect(top.getByRole('link', { name: deal })).toHaveAttribute('href', ADMIN_PATHS.editDeal(dealId));
  await expect(card.getByRole('list', { name: 'Top stores by commission' })).toContainText(store);
});
