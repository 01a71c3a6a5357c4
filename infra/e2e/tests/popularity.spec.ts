import { expect, test, uniqueName } from './support/catalog';
import { api, DESKTOP, POPUP_KEYS } from './support/public';

// In Chromium against the real API: a visitor's click on "Get Deal Now!" goes
// through /out/{id} to the store, is counted, and moves the deal up the "Most Popular" sort (the
// e2e server recomputes popularity every second instead of every minute).

test.describe.configure({ timeout: 90_000 });

/** A desktop Chrome: headless browsers are not counted (isbot), so the visitor is not one. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

test('clicking a deal moves it to the top of "Most Popular"', async ({ browser, catalog }) => {
  const { suffix } = uniqueName('E2E Popular');
  const storeId = await catalog.createStore(`E2E Popular Store ${suffix}`);
  const productTypeId = await catalog.createProductType(`E2E Popular Category ${suffix}`);
  // Oldest first: without clicks, "Most Popular" falls back to newest first, so this one is last.
  const names = ['Alpha', 'Bravo', 'Charlie'].map((word) => `E2E Popular ${word} ${suffix}`);
  const ids: number[] = [];
  for (const name of names) ids.push(await catalog.createDeal({ name, storeId, productTypeIds: [productTypeId] }));
  const [clicked] = ids as [number];

  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT, viewport: DESKTOP });
  try {
    await visitor.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
    await visitor.route('https://example.com/e2e-deal**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Store</title>' }));
    const page = await visitor.newPage();

    // The visitor picks the sort in the filter form.
    await page.goto(`/deals?stores=${storeId}`);
    await page.getByLabel('Sort by').selectOption({ label: 'Most Popular' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'DESC_POPULARITY');
    const cards = page.locator('.deals-results article.deal-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(names[2]!);
    await expect(cards.last()).toContainText(names[0]!);

    // "Get Deal Now!" on the last card: a 302 through /out/{id} to the store, in a new tab.
    const card = cards.filter({ has: page.locator(`a[href="/deal/details/${clicked}"]`) });
    const go = card.getByRole('link', { name: 'Get Deal Now!' });
    await expect(go).toHaveAttribute('href', `/out/${clicked}`);
    await expect(go).toHaveAttribute('rel', /nofollow/);
    await expect(go).toHaveAttribute('rel', /sponsored/);
    const clickOut = visitor.waitForEvent('response', (response) => new URL(response.url()).pathname === `/out/${clicked}`);
    const [store] = await Promise.all([visitor.waitForEvent('page'), go.click()]);
    expect((await clickOut).status()).toBe(302);
    await expect(store).toHaveURL('https://example.com/e2e-deal');
    await store.close();

    // Counted (written within a second), then ranked (recomputed every second). Ask the API first:
    // a page rendered by the server before the ranking changed is kept for the cache's minute (what
    // time alone changes does not invalidate it), so the reload must come after the new ranking.
    await expect
      .poll(async () => (await api.searchDeals(visitor.request, { sortBy: 'DESC_POPULARITY', categories: [storeId] }))[0]?.name, { timeout: 30_000 })
      .toBe(names[0]);
    await expect(async () => {
      await page.reload();
      await expect(cards.first()).toContainText(names[0]!, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(cards).toHaveCount(3);
  } finally {
    await visitor.close();
  }
});
