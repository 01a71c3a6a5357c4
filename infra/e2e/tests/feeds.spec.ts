import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { button, dialog, expect, rowWith, test, toast, uniqueName, type SignedIn } from './support/catalog';
import { DESKTOP } from './support/public';

/** The review queue's rows, as far as this test reads them. */
interface FeedOffer {
  name: string;
  feedName: string;
  productId: number | null;
}

// Deal feeds end to end, in Chromium against the real API: an admin adds a feed pointing at a CSV
// served here, runs it, accepts two of its offers in the review queue and sees them on the public
// site; the feed then drops one, and the next run switches its deal off, as its history says.

// Two runs of a feed, the review queue and the public pages: beyond 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const FEEDS = '/admin/management/feeds';
const HEADER = 'Offer ID,Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link';

/** The feed's CSV, changed by the test between runs (the main server may fetch 127.0.0.1: FETCH_ALLOW_HOSTS). */
async function feedServer(): Promise<{ url: string; lines: string[]; close(): Promise<void> }> {
  const state = { url: '', lines: [] as string[], close: async () => {} };
  const server: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/csv' }).end([HEADER, ...state.lines].join('\n')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/offers.csv`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Run now from the feeds table; waits for the screen to say the run finished, and answers what it said. */
async function runNow(page: Page, feed: string): Promise<string> {
  await page.getByRole('button', { name: `Run ${feed} now`, exact: true }).click();
  const finished = toast(page).filter({ hasText: `${feed}: ` });
  await expect(finished).toBeVisible({ timeout: 60_000 });
  return finished.innerText();
}

async function liveOffers(page: Page, admin: SignedIn, feedName: string): Promise<FeedOffer[]> {
  const res = await page.request.get('/api/Feeds/GetOffers?status=LIVE&pageSize=100', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { items: FeedOffer[] }).items.filter((offer) => offer.feedName === feedName);
}

test('a feed\'s offers are reviewed, go live on the site, and leave it when the feed drops them', async ({ page, catalog, signIn }) => {
  const { name: store, suffix } = uniqueName('E2E Feed Store');
  await catalog.createStore(store);
  const category = `E2E Feed Category ${suffix}`;
  await catalog.createProductType(category);
  const feedName = `E2E Feed ${suffix}`;
  const offer = (id: string, name: string, code: string) => `${id},${name},${store},${category},19.99,39.99,${code},https://shop.example.com/e2e-feed/${id}`;
  const kept = `E2E Feed Kept ${suffix}`;
  const dropped = `E2E Feed Dropped ${suffix}`;
  const waiting = `E2E Feed Waiting ${suffix}`;
  const source = await feedServer();
  source.lines = [offer('K1', kept, `KEEP${suffix}`), offer('D1', dropped, `DROP${suffix}`), offer('W1', waiting, `WAIT${suffix}`)];
  try {
    const admin = await signIn('admin');
    await page.setViewportSize(DESKTOP);

    // The admin adds the feed: CSV, new offers wait for review.
    await page.goto(FEEDS);
    // The page's button carries an icon, whose name comes first.
    await page.getByRole('button', { name: /Add feed$/ }).click();
    const modal = dialog(page, 'Add feed');
    await modal.getByLabel('Name', { exact: true }).fill(feedName);
    await modal.getByLabel('URL', { exact: true }).fill(source.url);
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Feeds/CreateFeed');
    await button(modal, 'Add feed').click();
    expect((await created).status()).toBe(200);
    await expect(modal).toBeHidden();
    const row = rowWith(page, feedName);
    await expect(row).toHaveCount(1);

    // Run now: three offers wait for review.
    expect(await runNow(page, feedName)).toContain('3 pending');
    await page.reload();
    await rowWith(page, feedName).getByRole('link', { name: `3 offers of ${feedName} to review` }).click();
    await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
    for (const name of [kept, dropped, waiting]) await expect(rowWith(page, name)).toHaveCount(1);

    // Two accepted together; the third still waits.
    await page.getByRole('checkbox', { name: `Choose ${kept}` }).check();
    await page.getByRole('checkbox', { name: `Choose ${dropped}` }).check();
    await page.getByRole('button', { name: /Accept selected$/ }).click();
    const confirm = dialog(page, 'Accept Offers');
    const accepted = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Feeds/AcceptOffers');
    await button(confirm, 'Accept').click();
    expect((await accepted).status()).toBe(200);
    await expect(toast(page).filter({ hasText: '2 offers accepted' })).toBeVisible();
    await expect(rowWith(page, kept)).toHaveCount(0);
    await expect(rowWith(page, waiting)).toHaveCount(1);

    // Both are deals on the public site.
    const live = await liveOffers(page, admin, feedName);
    expect(live.map((entry) => entry.name).sort()).toEqual([dropped, kept].sort());
    const dealOf = (name: string) => live.find((entry) => entry.name === name)!.productId!;
    // Deleted after the test, before their store and category.
    for (const name of [kept, dropped]) catalog.track('deal', dealOf(name));
    for (const name of [kept, dropped]) {
      const response = await page.goto(`/deal/details/${dealOf(name)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }

    // The feed drops one offer; the next run switches its deal off and its history says so.
    source.lines = [offer('K1', kept, `KEEP${suffix}`), offer('W1', waiting, `WAIT${suffix}`)];
    await page.goto(FEEDS);
    expect(await runNow(page, feedName)).toContain('1 expired');
    await page.getByRole('button', { name: `History of ${feedName}`, exact: true }).click();
    const history = page.getByRole('dialog', { name: `History of ${feedName}` });
    const runs = history.getByRole('table', { name: 'Runs' });
    await expect(runs.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
    const titles = (await runs.locator('.ant-table-thead th').allInnerTexts()).map((title) => title.trim());
    const latest = runs.locator('.ant-table-tbody tr.ant-table-row').first().locator('td');
    await expect(latest.nth(titles.indexOf('Expired'))).toHaveText('1');
    await expect(latest.nth(titles.indexOf('Status'))).toHaveText('Succeeded');

    const gone = await page.goto(`/deal/details/${dealOf(dropped)}`);
    // Gone from the site: the page says the deal has ended (410) and offers the store's live deal instead.
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This deal has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: kept }).first()).toBeVisible();
    const still = await page.goto(`/deal/details/${dealOf(kept)}`);
    expect(still?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: kept })).toBeVisible();
  } finally {
    await source.close();
    const feeds = await page.request.get('/api/Feeds/GetFeeds', { headers: { authorization: `Bearer ${(await signIn('admin')).token}` } });
    for (const feed of ((await feeds.json()) as { id: number; name: string }[]).filter((entry) => entry.name === feedName)) {
      await page.request.delete(`/api/Feeds/DeleteFeed?id=${feed.id}`, { headers: { authorization: `Bearer ${(await signIn('admin')).token}` } });
    }
  }
});
