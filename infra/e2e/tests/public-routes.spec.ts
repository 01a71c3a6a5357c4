import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { watch } from './support/network';
import { loadedProviders } from './support/federation';
import { api, DESKTOP, documentMeta, expect, expectNoAntd, expectNoSeriousA11yViolations, PHONE, scrollThrough, test } from './support/public';

// Every public route of the visitor site against the demo data: it renders its content, names
// itself (document title and meta description), passes axe-core (WCAG 2 A/AA) without a serious
// or critical violation, and loads no antd.

interface RouteCase {
  name: string;
  /** The path to open and what the visitor should then see, from the demo data. */
  open: (request: APIRequestContext, page: Page) => Promise<{ path: string; ready: Locator; title: string | RegExp; status?: number }>;
}

const COMPANY = 'DealDrop';

const ROUTES: RouteCase[] = [
  {
    name: 'home',
    open: async (_request, page) => ({ path: '/home', ready: page.getByRole('heading', { name: 'Work Hard. Shop Harder.' }), title: `${COMPANY}: deals and promo codes` }),
  },
  {
    name: 'deals list',
    open: async (_request, page) => ({ path: '/deals', ready: page.locator('article.deal-card').first(), title: `Latest Deals | ${COMPANY}` }),
  },
  {
    name: 'featured section deals',
    open: async (request, page) => {
      const section = (await api.siteInfo(request)).featuredSections[1]!;
      // The name segment is only for people reading the link: the id picks the section.
      return { path: `/deals/any-name/${section.id}`, ready: page.locator('article.deal-card').first(), title: `${section.name} deals and promo codes | ${COMPANY}` };
    },
  },
  {
    name: 'deal detail',
    open: async (request, page) => {
      const [deal] = await api.searchDeals(request);
      return { path: `/deal/details/${deal!.id}`, ready: page.getByRole('heading', { level: 1, name: deal!.name }), title: `${deal!.name} | ${COMPANY}` };
    },
  },
  {
    name: 'stores',
    open: async (request, page) => {
      const store = (await api.siteInfo(request)).stores[0]!;
      return { path: '/stores', ready: page.getByRole('main').getByRole('link', { name: store.name, exact: true }), title: `Stores | ${COMPANY}` };
    },
  },
  {
    name: 'categories',
    open: async (request, page) => {
      const category = (await api.siteInfo(request)).categories[0]!;
      return { path: '/categories', ready: page.getByRole('main').getByRole('link', { name: category.name, exact: true }), title: `Categories | ${COMPANY}` };
    },
  },
  {
    name: 'blog posts',
    open: async (request, page) => {
      const [post] = await api.blogPosts(request);
      return { path: '/blogs-and-reviews', ready: page.getByRole('main').getByRole('link', { name: post!.name }), title: `Blog Posts | ${COMPANY}` };
    },
  },
  {
    name: 'email blast signup',
    open: async (_request, page) => ({ path: '/email-blast-signup', ready: page.getByRole('button', { name: 'Sign Up' }).first(), title: `Email Blast | ${COMPANY}` }),
  },
  {
    name: 'CMS page',
    open: async (request, page) => {
      const entry = (await api.siteInfo(request)).pages.find((p) => !p.isBlog)!;
      return { path: entry.url, ready: page.getByRole('heading', { level: 1, name: entry.title }), title: `${entry.title} | ${COMPANY}` };
    },
  },
  {
    name: 'CMS blog',
    open: async (request, page) => {
      const entry = (await api.siteInfo(request)).pages.find((p) => p.isBlog)!;
      return { path: entry.url, ready: page.getByRole('heading', { level: 1, name: entry.title }), title: `${entry.title} | ${COMPANY}` };
    },
  },
  {
    // A title that names something: "Preview:" alone says nothing in a tab or in history.
    name: 'preview without a draft',
    open: async (_request, page) => ({ path: '/preview', ready: page.getByRole('heading', { level: 1, name: 'Nothing to preview' }), title: /Nothing to preview|Preview\W+\w/i }),
  },
  {
    name: 'unknown url',
    open: async (_request, page) => ({ path: '/no-such-page-e2e', ready: page.getByRole('heading', { level: 1, name: 'Page not found' }), title: `Page not found | ${COMPANY}`, status: 404 }),
  },
];

test.describe('every public route', () => {
  test.use({ viewport: DESKTOP });

  for (const route of ROUTES) {
    test(`${route.name}: renders, is named, passes axe and loads no antd`, async ({ page, request }) => {
      const seen = watch(page);
      const { path, ready, title, status = 200 } = await route.open(request, page);
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(status);
      await expect(ready).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

      await expect(page, `document title of ${path}`).toHaveTitle(title);
      const { description } = await documentMeta(page);
      expect(description.length, `meta description of ${path}: "${description}"`).toBeGreaterThanOrEqual(30);

      // Draw what renders only when scrolled near (rows, later cards, the footer), then check it all.
      await scrollThrough(page);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page, path);
      await expectNoAntd(page, seen.requests);
      expect(await loadedProviders(page, 'antd')).toEqual([]);
      // Chromium reports a document answered with an error status on the console; nothing else may be.
      const documentStatus = `Failed to load resource: the server responded with a status of ${status} (Not Found)`;
      expect(
        seen.errors.filter((error) => status === 200 || error !== documentStatus),
        `console errors on ${path}`,
      ).toEqual([]);
    });
  }

  // The pages themselves were checked above; on a phone what changes is the header (the drawer) and the filters.
  test('on a phone, the open menu drawer and the open deal filters pass axe', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Work Hard. Shop Harder.' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the header on a phone, drawer open', ['header']);

    await page.goto('/deals');
    await expect(page.locator('article.deal-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Clear All' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the deal filters on a phone, open', ['header', 'form[aria-label="Deal filters"]']);
  });

  test('/ redirects to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Work Hard. Shop Harder.' })).toBeVisible();
  });
});
