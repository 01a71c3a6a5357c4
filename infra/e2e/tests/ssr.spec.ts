import { expect, test, type APIRequestContext } from '@playwright/test';
import { api } from './support/public';
import { PORTS } from './support/servers';

// What a crawler or a link preview reads (the HTML, no JavaScript run), and that the
// browser then hydrates that markup without an error and without fetching it again.

interface Expected {
  path: string;
  status: number;
  title: string | RegExp;
  h1: string | RegExp;
  canonical: string | null;
  jsonLd: string[];
  content: string | RegExp;
}

async function cases(request: APIRequestContext): Promise<Expected[]> {
  const info = await api.siteInfo(request);
  const [deal] = await api.searchDeals(request);
  const store = info.stores[0]!;
  const page = info.pages.find((entry) => !entry.isBlog)!;
  const blog = info.pages.find((entry) => entry.isBlog)!;
  const base = `http://localhost:${PORTS.main}`;
  return [
    { path: '/home', status: 200, title: 'DealDrop: deals and promo codes', h1: 'DealDrop: deals and promo codes', canonical: `${base}/home`, jsonLd: ['WebSite', 'Organization'], content: info.featuredSections[0]!.name },
    { path: '/deals', status: 200, title: 'Latest Deals | DealDrop', h1: 'Latest Deals', canonical: `${base}/deals`, jsonLd: [], content: deal!.name },
    { path: `/deals?stores=${store.id}`, status: 200, title: `${store.name} deals and promo codes | DealDrop`, h1: `${store.name} deals and promo codes`, canonical: `${base}/deals?stores=${store.id}`, jsonLd: ['BreadcrumbList'], content: 'class="deal-card' },
    { path: `/deal/details/${deal!.id}`, status: 200, title: `${deal!.name} | DealDrop`, h1: deal!.name, canonical: `${base}/deal/details/${deal!.id}`, jsonLd: ['Product', 'BreadcrumbList'], content: 'Go to Product Deal' },
    { path: '/stores', status: 200, title: 'Stores | DealDrop', h1: 'Stores', canonical: `${base}/stores`, jsonLd: [], content: store.name },
    { path: '/categories', status: 200, title: 'Categories | DealDrop', h1: 'Categories', canonical: `${base}/categories`, jsonLd: [], content: info.categories[0]!.name },
    { path: '/blogs-and-reviews', status: 200, title: 'Blog Posts | DealDrop', h1: 'Blog Posts', canonical: `${base}/blogs-and-reviews`, jsonLd: [], content: blog.title ?? '' },
    { path: '/email-blast-signup', status: 200, title: 'Email Blast | DealDrop', h1: 'Email Blast', canonical: `${base}/email-blast-signup`, jsonLd: [], content: 'Sign up' },
    { path: page.url, status: 200, title: /\| DealDrop$/, h1: /.+/, canonical: `${base}${page.url}`, jsonLd: ['BreadcrumbList'], content: /cms-page|content-section/ },
    { path: blog.url, status: 200, title: /\| DealDrop$/, h1: /.+/, canonical: `${base}${blog.url}`, jsonLd: ['BlogPosting', 'BreadcrumbList'], content: /content-section|cms-page/ },
    { path: '/deal/details/987654321', status: 404, title: 'Page not found | DealDrop', h1: 'Page not found', canonical: null, jsonLd: [], content: 'Back to the home page' },
    { path: '/no-such-page', status: 404, title: 'Page not found | DealDrop', h1: 'Page not found', canonical: null, jsonLd: [], content: 'Back to the home page' },
  ];
}

type Thing = Record<string, unknown> & { '@type': string };
const absoluteUrl = /^https?:\/\/[^\s]+$/;

/**
 * What each schema.org type claimed in a page must carry: its required properties (schema.org) and
 * those Google's rich results need, with absolute URLs. `canonical` is the page's own URL.
 */
function expectSchemaOrg(thing: Thing, canonical: string | null, where: string): void {
  expect(thing['@context'], where).toBe('https://schema.org');
  const at = `${where} ${thing['@type']}`;
  switch (thing['@type']) {
    case 'Product': {
      const offers = thing.offers as Record<string, unknown>;
      expect(String(thing.name).length, at).toBeGreaterThan(0);
      expect(offers['@type'], at).toBe('Offer');
      expect(String(offers.price), at).toMatch(/^\d+(\.\d{2})?$/);
      expect(offers.priceCurrency, at).toMatch(/^[A-Z]{3}$/);
      expect(offers.availability, at).toMatch(/^https:\/\/schema\.org\/\w+$/);
      expect(offers.url, at).toBe(canonical);
      if (offers.priceValidUntil !== undefined) expect(offers.priceValidUntil, at).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect((offers.seller as Thing)['@type'], at).toBe('Organization');
      for (const image of (thing.image as string[] | undefined) ?? []) expect(image, at).toMatch(absoluteUrl);
      break;
    }
    case 'BlogPosting': {
      expect(String(thing.headline).length, at).toBeGreaterThan(0);
      expect(String(thing.headline).length, at).toBeLessThanOrEqual(110);
      expect(String((thing.author as Thing).name).length, at).toBeGreaterThan(0);
      expect((thing.publisher as Thing)['@type'], at).toBe('Organization');
      if (thing.datePublished !== undefined) expect(Number.isNaN(Date.parse(String(thing.datePublished))), at).toBe(false);
      for (const image of (thing.image as string[] | undefined) ?? []) expect(image, at).toMatch(absoluteUrl);
      expect(thing.url, at).toBe(canonical);
      break;
    }
    case 'WebSite': {
      const action = thing.potentialAction as Record<string, unknown>;
      expect(thing.url, at).toMatch(absoluteUrl);
      expect(action['@type'], at).toBe('SearchAction');
      expect(String((action.target as Record<string, unknown>).urlTemplate), at).toMatch(/^https?:\/\/[^\s]+\/deals\?q=\{search_term_string\}$/);
      expect(action['query-input'], at).toBe('required name=search_term_string');
      break;
    }
    case 'Organization': {
      expect(String(thing.name).length, at).toBeGreaterThan(0);
      expect(thing.url, at).toMatch(absoluteUrl);
      expect((thing.logo as Record<string, unknown>).url, at).toMatch(absoluteUrl);
      for (const link of (thing.sameAs as string[] | undefined) ?? []) expect(link, at).toMatch(absoluteUrl);
      break;
    }
    case 'BreadcrumbList': {
      const items = thing.itemListElement as Record<string, unknown>[];
      expect(items.length, at).toBeGreaterThanOrEqual(2);
      items.forEach((item, index) => {
        expect(item['@type'], at).toBe('ListItem');
        expect(item.position, at).toBe(index + 1);
        expect(String(item.name).length, at).toBeGreaterThan(0);
        expect(item.item, at).toMatch(absoluteUrl);
      });
      expect(items.at(-1)!.item, `${at}: the last step is the page itself`).toBe(canonical);
      break;
    }
    default:
      throw new Error(`${at}: a type the site does not claim`);
  }
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

test.describe('server-rendered HTML (no JavaScript)', () => {
  test('every visitor route answers its status, metadata, one h1 and its real content', async ({ request }) => {
    for (const expected of await cases(request)) {
      const response = await request.get(expected.path, { headers: { accept: 'text/html' } });
      const html = await response.text();
      expect(response.status(), expected.path).toBe(expected.status);
      expect(response.headers()['etag'], expected.path).toBeTruthy();
      expect(response.headers()['cache-control'], expected.path).toContain('public');
      const title = attr(html, /<title[^>]*>([^<]*)<\/title>/);
      if (typeof expected.title === 'string') expect(title, expected.path).toBe(expected.title);
      else expect(title, expected.path).toMatch(expected.title);
      expect(attr(html, /<meta name="description" content="([^"]*)"/), expected.path).toBeTruthy();
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/), expected.path).toBe(expected.canonical);
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/), expected.path).toBeTruthy();
      expect(attr(html, /<meta property="og:image" content="(https?:[^"]*)"/), expected.path).toBeTruthy();
      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'"));
      expect(h1s, expected.path).toHaveLength(1);
      if (typeof expected.h1 === 'string') expect(h1s[0], expected.path).toBe(expected.h1);
      else expect(h1s[0], expected.path).toMatch(expected.h1);
      const things = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Thing);
      expect(things.map((thing) => thing['@type']), expected.path).toEqual(expected.jsonLd);
      for (const thing of things) expectSchemaOrg(thing, expected.canonical, expected.path);
      if (typeof expected.content === 'string') expect(html, expected.path).toContain(expected.content.startsWith('class=') ? expected.content : expected.content.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      else expect(html, expected.path).toMatch(expected.content);
      // The header's CMS menu and the footer are in the first screen too.
      expect(html, expected.path).toMatch(/<header class="hdr/);
      expect(html, expected.path).toMatch(/<footer/);
    }
  });

  test('a deal page is a Product with an Offer a rich result accepts', async ({ request }) => {
    const [deal] = await api.searchDeals(request);
    const html = await (await request.get(`/deal/details/${deal!.id}`)).text();
    const product = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!)).find((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({ '@context': 'https://schema.org', name: deal!.name, offers: { '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } });
    expect(product.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(product.offers.url).toBe(`http://localhost:${PORTS.main}/deal/details/${deal!.id}`);
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('product');
    // A link preview can lay the deal's picture out before fetching it.
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toMatch(/^http:\/\/localhost:\d+\/api\/Attachments\/\w+\.\w+\?w=1280$/);
    expect(Number(attr(html, /<meta property="og:image:width" content="(\d+)"/))).toBeGreaterThan(0);
    expect(Number(attr(html, /<meta property="og:image:height" content="(\d+)"/))).toBeGreaterThan(0);
  });

  test('/ sends visitors to /home', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/home');
  });

  test('a page answers 304 to its own ETag', async ({ request }) => {
    const first = await request.get('/stores');
    const again = await request.get('/stores', { headers: { 'if-none-match': first.headers()['etag']! } });
    expect(again.status()).toBe(304);
  });
});

test.describe('hydration', () => {
  // A phone: the header's menu button is how the test sees React attached.
  test.use({ viewport: { width: 390, height: 844 } });
  test('every visitor route hydrates with no error, no hydration warning and no second fetch of its data', async ({ page, request }) => {
    for (const expected of await cases(request)) {
      const problems: string[] = [];
      const listener = (message: { type(): string; text(): string }) => {
        const text = message.text();
        if ((message.type() === 'error' && !/status of 40[4]/.test(text)) || /hydrat/i.test(text)) problems.push(text);
      };
      page.on('console', listener);
      page.on('pageerror', (error) => problems.push(error.message));
      const reads: string[] = [];
      const onRequest = (req: { url(): string }) => {
        if (/\/api\/(Home|Product)\//.test(req.url())) reads.push(req.url());
      };
      page.on('request', onRequest);
      await page.goto(expected.path, { waitUntil: 'networkidle' });
      // Hydrated: React has attached (the header's drawer button reacts).
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
      expect(problems, expected.path).toEqual([]);
      expect(reads, expected.path).toEqual([]);
      page.off('console', listener);
      page.off('request', onRequest);
    }
  });
});
