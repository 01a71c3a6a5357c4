import { expect, test, uniqueName } from './support/catalog';

// Rendered pages and the sitemap follow the back office at once (a staff write retires
// every cached page), and a deal that exists but is not live answers 410 with its store's live deals.

const html = { accept: 'text/html' };
const robotsOf = (page: string) => /<meta name="robots" content="([^"]*)"/.exec(page)?.[1] ?? null;

test('a deal created in the back office is rendered and in the sitemap at once; a switched-off one answers 410 with the store’s live deals', async ({ request, catalog }) => {
  // Warm the caches first, so that what follows proves invalidation, not a cold cache.
  await request.get('/sitemap.xml');
  await request.get('/deals', { headers: html });

  const live = await catalog.createDealWithOwnCatalog('SSR');
  const { name: offName } = uniqueName('SSR Switched Off Deal');
  const offId = await catalog.createDeal({ name: offName, storeId: live.storeId, productTypeIds: [live.productTypeId], isActive: false });

  const page = await request.get(`/deal/details/${live.dealId}`, { headers: html });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(live.deal);

  // The sitemap index names the deals files; one of them lists the new deal.
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]*\/sitemaps\/deals-\d+\.xml)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(files.length).toBeGreaterThan(0);
  const listed = await Promise.all(files.map(async (file) => (await request.get(file)).text()));
  expect(listed.join('\n')).toContain(`/deal/details/${live.dealId}</loc>`);
  expect(listed.join('\n')).not.toContain(`/deal/details/${offId}</loc>`);

  const gone = await request.get(`/deal/details/${offId}`, { headers: html });
  expect(gone.status()).toBe(410);
  const text = await gone.text();
  expect(text).toMatch(/<h1[^>]*>This deal has expired<\/h1>/);
  expect(robotsOf(text)).toContain('noindex');
  // The store's live deal is offered instead.
  expect(text).toContain(live.deal);
  expect(text).toContain(`/deal/details/${live.dealId}`);
});
