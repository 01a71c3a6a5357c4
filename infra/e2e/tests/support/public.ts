import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

// Helpers of the visitor-site specs (tests/public-*.spec.ts): the demo data read from the API (so
// no id or name is hard-coded), the accessibility and "no antd" checks, and scrolling through
// pages whose lower parts render only when scrolled near.

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The email popup's localStorage keys (remote-public/src/features/email-signup/popupRules.ts). */
export const POPUP_KEYS = { signed: 'has_signed', dismissedAt: 'email_popup_dismissed_at' } as const;

/**
 * `test` with the email popup kept away: it opens 5 s after load as a modal dialog, which makes
 * the page behind it inert and would break any longer test at a random step. The popup's own
 * tests opt in with `test.use({ emailPopup: 'allowed' })`.
 */
export const test = base.extend<{ emailPopup: 'suppressed' | 'allowed' }>({
  emailPopup: ['suppressed', { option: true }],
  // (`provide` is Playwright's `use`; named otherwise so the React hooks lint rule leaves it alone.)
  page: async ({ page, emailPopup }, provide) => {
    if (emailPopup === 'suppressed') {
      await page.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), POPUP_KEYS.dismissedAt);
    }
    await provide(page);
  },
});
export { expect };

// ---- Demo data, read from the API -----------------------------------------------------------

export interface DealCard {
  id: number;
  name: string;
  filePath: string | null;
  likes: number;
  promoCode: string | null;
  currentPrice: number;
  previousPrice: number;
  link: string;
}

export interface DealDetail extends DealCard {
  category: string;
  categoryId: number;
  additionalInformation: string | null;
  dateTimeAdded: string;
  images: { id: number; filePath: string; isPreviewImage: boolean }[];
}

interface Named {
  id: number;
  name: string;
}

export interface SiteInfo {
  companyName: string;
  emailAddress: string | null;
  appStoreLink: string | null;
  googlePlayStoreLink: string | null;
  stores: (Named & { imageFilePath: string | null })[];
  categories: Named[];
  featuredSections: (Named & { imageFilePath: string | null; products: DealCard[] })[];
  pages: { id: number; url: string; title: string; isBlog: boolean }[];
  menuItems: {
    name: string;
    pageUrl: string | null;
    customLink: string | null;
    openInNewTab: boolean;
    assignedMenuItems: { name: string; pageUrl: string | null; customLink: string | null; openInNewTab: boolean }[];
  }[];
}

export interface BlogPost {
  id: number;
  name: string;
  url: string;
  addedBy: string | null;
}

/** The body of `POST Home/SearchProduct` (the deals list's filter; `categories` are stores). */
export interface SearchBody {
  searchTerm?: string | null;
  sortBy?: string | null;
  priceRange?: string | null;
  categories?: number[];
  productTypes?: number[];
  featuredSections?: number[];
  skip?: number;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const api = {
  siteInfo: async (request: APIRequestContext) => json<SiteInfo>(await request.get('/api/Home/GetCMSInfo')),
  searchDeals: async (request: APIRequestContext, body: SearchBody = {}) => json<DealCard[]>(await request.post('/api/Home/SearchProduct', { data: body })),
  dealDetail: async (request: APIRequestContext, id: number) => json<DealDetail>(await request.get(`/api/Product/GetProductDetailById?productId=${id}`)),
  blogPosts: async (request: APIRequestContext) => json<BlogPost[]>(await request.get('/api/Home/GetBlogPosts')),
};


// ---- Watching the deals list's calls --------------------------------------------------------

const isSearch = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/Home/SearchProduct';

/** Every `Home/SearchProduct` body the page sends, in order. */
export function recordSearches(page: Page): SearchBody[] {
  const bodies: SearchBody[] = [];
  page.on('request', (request) => {
    if (isSearch(request)) bodies.push(request.postDataJSON() as SearchBody);
  });
  return bodies;
}

/** Waits for the next `Home/SearchProduct` whose body passes `matches`, and for its answer. */
export async function nextSearch(page: Page, matches: (body: SearchBody) => boolean = () => true): Promise<SearchBody> {
  const response = await page.waitForResponse((res) => isSearch(res.request()) && matches(res.request().postDataJSON() as SearchBody));
  return response.request().postDataJSON() as SearchBody;
}

// ---- Page checks ---------------------------------------------------------------------------

/**
 * Scrolls from the top to the bottom, most of a viewport at a time, until the page stops growing, so everything drawn
 * only when scrolled near (home rows, the footer, the deals list's later batches) is rendered.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  let stillAtBottom = 0;
  for (let round = 0; round < 200 && stillAtBottom < 2; round += 1) {
    const atBottom = await page.evaluate(async () => {
      // Steps shorter than the viewport: every slot passes through it and its observer fires.
      window.scrollBy(0, Math.round(window.innerHeight * 0.75));
      // Two frames (observers run, React commits) and an idle moment (transitions finish).
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      await new Promise((done) => requestIdleCallback(done, { timeout: 1000 }));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    stillAtBottom = atBottom ? stillAtBottom + 1 : 0;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * axe-core (WCAG 2 A and AA) finds nothing serious or critical in the page (or in the parts
 * `include` selects); the message lists what it found, with the elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, include: string[] = []): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of include) builder.include(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = serious
    .map((violation) => {
      const targets = violation.nodes.slice(0, 8).map((node) => `    ${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 280)}` : ''}`);
      const more = violation.nodes.length > 8 ? [`    …and ${violation.nodes.length - 8} more`] : [];
      return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets, ...more].join('\n');
    })
    .join('\n');
  expect(serious.length, `axe-core found serious or critical violations on ${where}:\n${report}`).toBe(0);
}

/** No antd anywhere on the visitor path: no request, no stylesheet, no `ant-` class. */
export async function expectNoAntd(page: Page, requests: string[]): Promise<void> {
  expect(requests.filter((url) => /antd/i.test(url)), 'requests for antd').toEqual([]);
  const found = await page.evaluate(() => ({
    sheets: [...document.styleSheets].map((sheet) => sheet.href ?? '').filter((href) => /antd/i.test(href)),
    classes: [...document.querySelectorAll('[class]')]
      .flatMap((element) => [...element.classList])
      .filter((name) => name.startsWith('ant-'))
      .slice(0, 5),
  }));
  expect(found, 'antd stylesheets or ant- classes').toEqual({ sheets: [], classes: [] });
}

/** The page's document title and meta description (the description from the last one set). */
export async function documentMeta(page: Page): Promise<{ title: string; description: string }> {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
  }));
}

/** The prices shown on the rendered deal cards, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.deal-card__price').allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^0-9.]/g, '')));
}

/** Deals the list holds (a rendered card, or the placeholder of one not yet scrolled near). */
export const listedDeals = (page: Page) => page.locator('.deals-results ul.deals-grid > li');
/** Deal cards actually drawn. */
export const drawnCards = (page: Page) => page.locator('.deals-results article.deal-card');

/** `text` as a regular expression that matches it literally. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
