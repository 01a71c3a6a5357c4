import type { Page } from '@playwright/test';
import { seedSession } from './support/session';
import { api, DESKTOP, expect, literal, nextSearch, PHONE, test } from './support/public';

// The visitor site's header against the demo data: fixed and CMS menu entries, the Stores and
// Categories submenus, the live deal search, the phone drawer and the signed-in Dashboard link.

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const headerSearch = (page: Page) => page.getByRole('combobox', { name: 'Search deals' });

test.describe('header on the desktop', () => {
  test.use({ viewport: DESKTOP });

  test('has the fixed entries, the CMS entries and Login when signed out', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    await page.goto('/home');
    const menu = mainMenu(page);
    const fixed: [string, string][] = [
      ['Home', '/home'],
      ['Deals', '/deals'],
      ['Stores', '/stores'],
      ['Categories', '/categories'],
      ['Login', '/login'],
    ];
    for (const [name, href] of fixed) {
      await expect(menu.getByRole('link', { name, exact: true }).first(), name).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    // A CMS entry with sub-items is a toggle; one without is a link (a custom link in a new tab when asked).
    const parent = info.menuItems.find((item) => item.assignedMenuItems.length > 0)!;
    await expect(menu.getByRole('button', { name: parent.name })).toHaveAttribute('aria-expanded', 'false');
    const external = info.menuItems.find((item) => !item.assignedMenuItems.length && item.customLink?.startsWith('http') && item.openInNewTab);
    expect(external, 'the demo menu has an external link in a new tab').toBeDefined();
    const link = menu.getByRole('link', { name: external!.name, exact: true });
    await expect(link).toHaveAttribute('href', external!.customLink!);
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('Stores submenu shows 6 tiles and every store; choosing one opens the deals of that store', async ({ page, request }) => {
    const { stores } = await api.siteInfo(request);
    await page.goto('/home');
    await mainMenu(page).getByRole('button', { name: 'Stores menu' }).click();

    const tiles = page.getByRole('list', { name: 'Popular stores' }).getByRole('link');
    await expect(tiles).toHaveCount(6);
    await expect(tiles).toHaveText(stores.slice(0, 6).map((store) => store.name));
    await expect(tiles.locator('img')).toHaveCount(6);
    const names = page.getByRole('list', { name: 'All stores' }).getByRole('link');
    await expect(names).toHaveText(stores.map((store) => store.name));

    // A store beyond the tiles: only the list of names offers it.
    const store = stores[stores.length - 1]!;
    const searched = nextSearch(page, (body) => body.categories?.includes(store.id) === true);
    await names.filter({ hasText: store.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals\\?stores=${store.id}$`));
    expect((await searched).categories).toEqual([store.id]);
    // A one-store list is that store's landing page.
    await expect(page.getByRole('heading', { level: 1, name: `${store.name} deals and promo codes` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: store.name })).toBeChecked();
    // Choosing closed the submenu.
    await expect(page.getByRole('list', { name: 'All stores' })).toBeHidden();
  });

  test('Categories submenu shows 4 featured tiles and every product type; choosing one filters deals', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    await page.goto('/home');
    await mainMenu(page).getByRole('button', { name: 'Categories menu' }).click();

    const tiles = page.getByRole('list', { name: 'Featured' }).getByRole('link');
    await expect(tiles).toHaveText(info.featuredSections.slice(0, 4).map((section) => section.name));
    await expect(tiles.locator('img')).toHaveCount(Math.min(4, info.featuredSections.length));
    const names = page.getByRole('list', { name: 'All categories' }).getByRole('link');
    await expect(names).toHaveText(info.categories.map((category) => category.name));

    const category = info.categories[1]!;
    const searched = nextSearch(page, (body) => body.productTypes?.includes(category.id) === true);
    await names.filter({ hasText: category.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals\\?categories=${category.id}$`));
    expect((await searched).productTypes).toEqual([category.id]);
    await expect(page.getByRole('checkbox', { name: category.name })).toBeChecked();

    // A featured tile opens that section's list.
    const section = info.featuredSections[0]!;
    await mainMenu(page).getByRole('button', { name: 'Categories menu' }).click();
    await page.getByRole('list', { name: 'Featured' }).getByRole('link', { name: section.name }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/[a-z0-9-]+/${section.id}$`));
    // "Today's Top Deals" already says deals: the heading is the name, not "… Deals deals and promo codes".
    expect(section.name).toBe('Today’s Top Deals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.name);
    await expect(page).toHaveTitle(`${section.name} | ${info.companyName}`);
  });

  test('a CMS menu item with sub-items opens its page', async ({ page, request }) => {
    const info = await api.siteInfo(request);
    const parent = info.menuItems.find((item) => item.assignedMenuItems.some((child) => child.pageUrl))!;
    const child = parent.assignedMenuItems.find((item) => item.pageUrl)!;
    const target = info.pages.find((p) => p.url === child.pageUrl)!;
    await page.goto('/home');

    const toggle = mainMenu(page).getByRole('button', { name: parent.name });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu(page).getByRole('link', { name: child.name })).toHaveCount(1);
    for (const item of parent.assignedMenuItems) await expect(mainMenu(page).getByRole('link', { name: item.name, exact: true })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: child.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target.url}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  });

  test('live search: suggestions open a deal, Enter opens the filtered list', async ({ page, request }) => {
    // A word of a demo deal's name that the keyword search finds.
    const [deal] = await api.searchDeals(request);
    const term = deal!.name.split(/\s+/).find((word) => /^[A-Za-z]{4,}$/.test(word))!;
    await page.goto('/home');
    const search = headerSearch(page);

    await search.click();
    await expect(page.getByRole('status').filter({ hasText: 'Start Typing or Press enter to search deals' })).toBeVisible();

    const keywords: string[] = [];
    page.on('request', (r) => r.url().includes('/api/Home/SearchProductByKeyword') && keywords.push(new URL(r.url()).searchParams.get('keyword') ?? ''));
    await search.pressSequentially(term);
    const suggestions = page.getByRole('listbox', { name: 'Deal suggestions' }).getByRole('option');
    await expect(suggestions.first()).toBeVisible();
    // Typed in one go: one call (500 ms debounce), for the whole word.
    expect(keywords).toEqual([term]);
    const expected = (await (await request.get(`/api/Home/SearchProductByKeyword?keyword=${encodeURIComponent(term)}`)).json()) as { value: number; label: string }[];
    await expect(suggestions).toHaveText(expected.map((item) => new RegExp(`^${literal(item.label)}`)));
    await expect(search).toHaveAttribute('aria-expanded', 'true');

    await suggestions.first().click();
    await expect(page).toHaveURL(new RegExp(`/deal/details/${expected[0]!.value}$`));
    await expect(page.getByRole('heading', { level: 1, name: expected[0]!.label })).toBeVisible();

    // Enter without a chosen suggestion: the deals list with the term.
    const listed = nextSearch(page, (body) => body.searchTerm === term);
    await search.fill(term);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/deals\\?q=${term}$`));
    expect((await listed).searchTerm).toBe(term);
    const found = await api.searchDeals(request, { searchTerm: term });
    expect(found.length, 'the demo data has deals for the term').toBeGreaterThan(0);
    await expect(page.locator('.deals-results .deal-card__name')).toHaveText(found.slice(0, 12).map((d) => d.name));
    await expect(page.getByRole('searchbox', { name: 'Search deals' })).toHaveValue(term);
  });

  test('live search tells apart deals of the same name by their store and price', async ({ page, request }) => {
    const found = (await (await request.get('/api/Home/SearchProductByKeyword?keyword=kindle')).json()) as { label: string; store: string; currentPrice: number }[];
    expect(found.length, 'the demo data has the same Kindle at two stores').toBeGreaterThanOrEqual(2);
    expect(new Set(found.map((item) => item.label)).size).toBeLessThan(found.length);
    await page.goto('/home');
    await headerSearch(page).pressSequentially('kindle');
    const suggestions = page.getByRole('listbox', { name: 'Deal suggestions' }).getByRole('option');
    await expect(suggestions).toHaveText(found.map((item) => `${item.label}${item.store} · $${item.currentPrice.toFixed(2)}`));
    const texts = await suggestions.allTextContents();
    expect(new Set(texts).size, 'no two suggestions read the same').toBe(texts.length);
  });

  test('live search says No Deals Available for text that finds nothing', async ({ page }) => {
    await page.goto('/home');
    await headerSearch(page).fill('qzxqzxnothing');
    await expect(page.getByRole('status').filter({ hasText: 'No Deals Available' })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Deal suggestions' })).toHaveCount(0);
  });

  test('signed in, the header offers Dashboard instead of Login', async ({ page }) => {
    await seedSession(page, 'admin');
    await page.goto('/home');
    const dashboard = mainMenu(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveAttribute('href', '/admin/management/dashboard');
    await expect(mainMenu(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  });
});

test.describe('header on a phone', () => {
  test.use({ viewport: PHONE });

  test('the menu button opens the drawer with the entries, and it closes again', async ({ page }) => {
    await page.goto('/home');
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Deals', exact: true })).toBeHidden();

    const opener = page.getByRole('button', { name: 'Menu', exact: true });
    await opener.click();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Deals', 'Stores', 'Categories', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true }).first(), name).toBeVisible();
    }
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu.getByRole('link', { name: 'Deals', exact: true })).toBeHidden();

    // Choosing an entry navigates and closes the drawer.
    await opener.click();
    await menu.getByRole('link', { name: 'Stores', exact: true }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  });

  test('the empty search hint is the phone one', async ({ page }) => {
    await page.goto('/home');
    await headerSearch(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Start Typing to search deals' })).toBeVisible();
    await expect(page.getByText('Start Typing or Press enter to search deals')).toHaveCount(0);
  });
});
