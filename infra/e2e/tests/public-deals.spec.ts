import type { Page } from '@playwright/test';
import {
  api,
  cardPrices,
  DESKTOP,
  drawnCards,
  expect,
  listedDeals,
  literal,
  nextSearch,
  recordSearches,
  scrollThrough,
  test,
  type DealCard,
} from './support/public';

// Home, the deals list, deal cards and the deal page against the demo data, on a 1440 px desktop.

test.use({ viewport: DESKTOP });

const results = (page: Page) => page.getByRole('region', { name: 'Deals', exact: true });
/** The list has settled: no request in flight. */
const settled = (page: Page) => expect(results(page)).toHaveAttribute('aria-busy', 'false');
const loadMore = (page: Page) => page.getByRole('button', { name: 'Load More Items' });
/** The card of one deal (names repeat in the demo data; ids do not). */
const cardOf = (page: Page, deal: DealCard) => page.locator('article.deal-card').filter({ has: page.locator(`a[href="/deal/details/${deal.id}"]`) });
const money = (value: number) => `$${value.toFixed(2)}`;

test.describe('home', () => {
  test('shows the banner carousel, featured rows, store logos, the call to action and the latest blogs', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const posts = await api.blogPosts(request);
    await page.goto('/home');

    const slides = info.featuredSections.filter((section) => section.imageFilePath);
    const hero = page.getByRole('region', { name: 'Featured deals' });
    await expect(hero.getByRole('group')).toHaveCount(slides.length);
    await expect(hero.getByRole('link')).toHaveText(slides.map((section) => new RegExp(literal(section.name))));
    await expect(hero.locator('img').first()).toBeVisible();

    await expect(page.getByRole('heading', { level: 2, name: 'Work Hard. Shop Harder.' })).toBeVisible();
    const cta = page.getByRole('region', { name: 'Work Hard. Shop Harder.' });
    await expect(cta.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', info.appStoreLink!);

    // Latest blogs: up to 4, newest first, each opening its blog.
    const blogs = page.getByRole('region', { name: 'Latest Blogs' }).getByRole('heading', { level: 3 });
    await expect(blogs).toHaveText(posts.slice(0, 4).map((post) => post.name));
    await expect(page.getByRole('region', { name: 'Latest Blogs' }).getByRole('link', { name: posts[0]!.name })).toHaveAttribute('href', posts[0]!.url);

    // Every featured section with deals has its row (drawn when scrolled near) with a View All link.
    await scrollThrough(page);
    for (const section of info.featuredSections.filter((s) => s.products.length)) {
      const row = page.getByRole('region', { name: section.name, exact: true });
      await expect(row.getByRole('heading', { level: 2 })).toHaveText(section.name);
      await expect(row.getByRole('link', { name: `View All ${section.name}` })).toHaveAttribute('href', new RegExp(`^/deals/[a-z0-9-]+/${section.id}$`));
      await expect(row.locator('article.deal-card').first()).toContainText(section.products[0]!.name);
    }
    const logos = page.getByRole('region', { name: 'Store logos' }).getByRole('link');
    await expect(logos).toHaveCount(info.stores.length);
    await expect(logos.first().getByRole('img', { name: info.stores[0]!.name })).toBeVisible();
  });

  test('View All opens the section’s deals and a store logo opens that store’s deals', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const section = info.featuredSections.filter((s) => s.products.length)[1]!;
    const sectionDeals = await api.searchDeals(request, { featuredSections: [section.id] });
    await page.goto('/home');

    // Rows below the fold are drawn when scrolled near.
    await expect(page.getByRole('region', { name: 'Featured deals' })).toBeVisible();
    await scrollThrough(page);
    const row = page.getByRole('region', { name: section.name, exact: true });
    const searched = nextSearch(page, (body) => body.featuredSections?.includes(section.id) === true);
    await row.getByRole('link', { name: `View All ${section.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/[a-z0-9-]+/${section.id}$`));
    expect(await searched).toMatchObject({ featuredSections: [section.id], skip: 0 });
    // A one-section list is that section's landing page.
    await expect(page).toHaveTitle(`${section.name} deals and promo codes | ${info.companyName}`);
    await expect(page.getByRole('checkbox', { name: section.name })).toBeChecked();
    await settled(page);
    await expect(listedDeals(page)).toHaveCount(sectionDeals.length);
    await expect(page.locator('.deals-results .deal-card__name')).toHaveText(sectionDeals.slice(0, 12).map((deal) => deal.name));

    await page.goBack();
    const store = info.stores[0]!;
    const storeSearch = nextSearch(page, (body) => body.categories?.includes(store.id) === true);
    await page.getByRole('region', { name: 'Store logos' }).getByRole('link', { name: store.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals\\?stores=${store.id}$`));
    expect((await storeSearch).categories).toEqual([store.id]);
    await expect(page.getByRole('checkbox', { name: store.name })).toBeChecked();
  });

  test('the banner carousel moves on by itself every 5 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/home');
    const dots = page.getByRole('region', { name: 'Featured deals' }).getByRole('button', { name: /^Show slide/ });
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5_000);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'true');
  });
});

test.describe('deals list', () => {
  test('a store and a sort filter the list through a shareable URL; Clear All empties it', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const store = info.stores[2]!;
    const expected = await api.searchDeals(request, { categories: [store.id], sortBy: 'ASC_PRICE' });
    expect(expected.length, 'the demo store has deals').toBeGreaterThan(12);
    await page.goto('/deals');
    await settled(page);
    await expect(listedDeals(page)).toHaveCount(100);

    await page.getByRole('group', { name: 'Stores' }).getByRole('checkbox', { name: store.name }).check();
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    const searched = nextSearch(page, (body) => body.sortBy === 'ASC_PRICE');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filteredUrl = (url: URL) => url.pathname === '/deals' && url.searchParams.get('stores') === String(store.id) && url.searchParams.get('sort') === 'ASC_PRICE';
    await expect(page).toHaveURL(filteredUrl);
    expect(await searched).toMatchObject({ categories: [store.id], sortBy: 'ASC_PRICE', skip: 0 });
    await settled(page);

    // Cheapest first: the drawn cards' prices ascend and are the API's.
    const expectFiltered = async () => {
      await expect(listedDeals(page)).toHaveCount(expected.length);
      await expect(page.locator('.deal-card__price').first()).toHaveText(money(expected[0]!.currentPrice));
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThanOrEqual(12);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(prices).toEqual(expected.slice(0, prices.length).map((deal) => deal.currentPrice));
      await expect(loadMore(page)).toHaveCount(0); // fewer than 100 came back
    };
    await expectFiltered();

    // The URL is the filter: a reload (or a shared link) shows the same list and form.
    await page.reload();
    await expect(page).toHaveURL(filteredUrl);
    await settled(page);
    await expect(page.getByRole('checkbox', { name: store.name })).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('ASC_PRICE');
    await expectFiltered();

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/deals$/);
    await expect(page.getByRole('checkbox', { name: store.name })).not.toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('');
    await settled(page);
    await expect(listedDeals(page)).toHaveCount(100);
    await expect(loadMore(page)).toBeVisible();
  });

  test('Load More appends the next 100 until a page comes back short', async ({ page, request }) => {
    const all: DealCard[] = [];
    for (let skip = 0; ; skip += 100) {
      const chunk = await api.searchDeals(request, { skip });
      all.push(...chunk);
      if (chunk.length < 100) break;
    }
    expect(all.length, 'the demo data has more than 200 deals').toBeGreaterThan(200);
    const searches = recordSearches(page);
    await page.goto('/deals');
    await settled(page);
    await expect(listedDeals(page)).toHaveCount(100);
    // Later cards are drawn as they scroll near: all 100 once scrolled through.
    await scrollThrough(page);
    await expect(drawnCards(page)).toHaveCount(100);

    let shown = 100;
    // The first 100 came with the server-rendered page: the browser asks only for the next ones.
    const skips: number[] = [];
    while (shown < all.length) {
      skips.push(shown);
      await loadMore(page).click();
      const next = Math.min(shown + 100, all.length);
      await expect(listedDeals(page)).toHaveCount(next);
      expect(searches.at(-1)).toMatchObject({ skip: shown });
      // Appended: the earlier cards stay, the new ones follow in the API's order.
      await expect(listedDeals(page).first().locator('.deal-card__name')).toHaveText(all[0]!.name);
      shown = next;
    }
    await settled(page);
    await expect(loadMore(page)).toHaveCount(0);
    await scrollThrough(page);
    await expect(drawnCards(page)).toHaveCount(all.length);
    await expect(page.locator('.deals-results .deal-card__name').nth(100)).toHaveText(all[100]!.name);
    await expect(page.locator('.deals-results .deal-card__name').last()).toHaveText(all.at(-1)!.name);
    expect(searches.map((body) => body.skip)).toEqual(skips);
  });

  test('Load More pressed the moment the page works, on a slowed CPU, shows every deal of both pages once', async ({ page, request }) => {
    const expected = [...(await api.searchDeals(request, {})), ...(await api.searchDeals(request, { skip: 100 }))].map((deal) => deal.id);
    expect(new Set(expected).size).toBe(200);
    // A phone's CPU: the first page is still being drawn when the button is pressed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/deals', { waitUntil: 'commit' });
    // As a keyboard user would: End, then Load More as soon as it is enabled (once hydrated).
    await loadMore(page).waitFor();
    await page.keyboard.press('End');
    await loadMore(page).click();
    await expect(listedDeals(page)).toHaveCount(200);
    // Without scrolling back: every card of both pages is drawn, in order, none twice.
    const drawnIds = () => drawnCards(page).locator('a.deal-card__name').evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')!.split('/').pop())));
    await expect.poll(drawnIds, { timeout: 30_000 }).toEqual(expected);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a failed search says the list could not load, never No Results Found, and Try Again loads it', async ({ page }) => {
    await page.goto('/deals');
    await settled(page);
    // The next search fails (the network or the API), then the one after works again.
    let failures = 1;
    await page.route('**/api/Home/SearchProduct', (route) => (failures-- > 0 ? route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }) : route.continue()));
    const input = page.getByRole('searchbox', { name: 'Search deals' });
    await input.fill('kindle');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(/The deals could not be loaded/);
    await expect(page.getByText('No Results Found')).toHaveCount(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await settled(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(drawnCards(page).first()).toContainText(/kindle/i);
  });

  test('the filters stay in reach down a long list', async ({ page }) => {
    await page.goto('/deals');
    await settled(page);
    const filters = page.getByRole('search', { name: 'Deal filters' });
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
    const box = (await filters.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(40);
    await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeInViewport();
  });

  test('a search without hits says No Results Found', async ({ page }) => {
    await page.goto('/deals?q=qzxqzxnothing');
    await expect(page.getByText('No Results Found')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('qzxqzxnothing');
    await expect(listedDeals(page)).toHaveCount(0);
    await expect(loadMore(page)).toHaveCount(0);
  });
});

test.describe('deal card', () => {
  test('PROMO CODE copies the code: COPIED! and the clipboard holds it', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const deal = (await api.searchDeals(request)).slice(0, 12).find((d) => d.promoCode)!;
    await page.goto('/deals');
    // Named by its code: the label part of the name changes on click.
    const button = cardOf(page, deal).getByRole('button', { name: new RegExp(literal(deal.promoCode!)) });
    await expect(button).toHaveText(`PROMO CODE:${deal.promoCode}`);
    await button.click();
    await expect(button).toHaveText(`COPIED!${deal.promoCode}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deal.promoCode);
  });

  test('a deal without a code shows No Code Needed and Get Deal Now! to its link', async ({ page, request }) => {
    const deals = (await api.searchDeals(request)).slice(0, 12);
    const deal = deals.find((d) => !d.promoCode?.trim());
    expect(deal, 'a deal without a code among the first 12').toBeDefined();
    await page.goto('/deals');
    const card = cardOf(page, deal!);
    await expect(card.getByText('No Code Needed')).toBeVisible();
    await expect(card.getByRole('button', { name: /PROMO CODE/ })).toHaveCount(0);
    const go = card.getByRole('link', { name: 'Get Deal Now!' });
    // Through the click-out, which answers with the deal's link.
    await expect(go).toHaveAttribute('href', `/out/${deal!.id}`);
    await expect(go).toHaveAttribute('target', '_blank');
    await expect(go).toHaveAttribute('rel', /nofollow sponsored/);
    const out = await request.get(`/out/${deal!.id}`, { maxRedirects: 0 });
    expect(out.status()).toBe(302);
    expect(out.headers().location).toBe(deal!.link);
    await expect(card.locator('.deal-card__price')).toHaveText(money(deal!.currentPrice));
  });

  test('like opens the app prompt, Maybe Later closes it', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const [deal] = await api.searchDeals(request);
    await page.goto('/deals');
    await cardOf(page, deal!).getByRole('button', { name: `${deal!.likes} ${deal!.likes === 1 ? 'like' : 'likes'}, like this deal` }).click();
    const dialog = page.getByRole('dialog', { name: 'Like this Deal?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', info.googlePlayStoreLink!);
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('deal card on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lifetime labels keep to one line, whole', async ({ page }) => {
    await page.goto('/deals');
    await settled(page);
    const labels = await page.locator('.deals-results .deal-card__time').evaluateAll((spans) =>
      spans
        .filter((span) => span.textContent)
        .map((span) => {
          // A range's boxes: one per line the text takes.
          const range = document.createRange();
          range.selectNodeContents(span);
          return { text: span.textContent, lines: range.getClientRects().length, cut: span.scrollWidth > span.clientWidth };
        }),
    );
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((label) => label.lines > 1 || label.cut)).toEqual([]);
  });
});

test.describe('deal page', () => {
  test('gallery, prices, Deal Posted On, About this item, Go to Product Deal and Report Issue', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const details = await Promise.all((await api.searchDeals(request)).slice(0, 30).map((deal) => api.dealDetail(request, deal.id)));
    const deal = details.find((d) => d.images.length >= 2 && d.images[0]!.filePath !== d.images[1]!.filePath);
    expect(deal, 'a demo deal with two different images').toBeDefined();
    const [first, second] = deal!.images;
    await page.goto(`/deal/details/${deal!.id}`);

    await expect(page.getByRole('heading', { level: 1, name: deal!.name })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: deal!.category })).toHaveAttribute('href', `/deals?stores=${deal!.categoryId}`);
    await expect(page.locator('.deal-detail__price')).toHaveText(money(deal!.currentPrice));

    // Hovering a thumbnail shows it large.
    const main = page.locator('.deal-gallery__main img');
    await expect(main).toHaveAttribute('src', new RegExp(first!.filePath));
    const thumbs = page.getByRole('list', { name: 'Deal images' }).getByRole('button');
    await expect(thumbs).toHaveCount(deal!.images.length);
    await thumbs.nth(1).hover();
    await expect(main).toHaveAttribute('src', new RegExp(second!.filePath));
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');

    await expect(page.getByText('Deal Posted On')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'About this item' })).toBeVisible();
    if (deal!.additionalInformation) await expect(page.getByText(deal!.additionalInformation)).toBeVisible();
    const go = page.getByRole('link', { name: 'Go to Product Deal' });
    await expect(go).toHaveAttribute('href', `/out/${deal!.id}`);
    await expect(go).toHaveAttribute('target', '_blank');
    const out = await request.get(`/out/${deal!.id}`, { maxRedirects: 0 });
    expect(out.headers().location).toBe(deal!.link);

    await page.getByRole('button', { name: 'Report Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Having Trouble?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', new RegExp(`^mailto:${literal(info.emailAddress!)}\\?`));
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();
  });

  test('an unknown deal is Not Found (404)', async ({ page }) => {
    const response = await page.goto('/deal/details/987654321');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
  });
});
