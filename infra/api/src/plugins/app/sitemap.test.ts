import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { validateXML } from 'xmllint-wasm';
import { categoryLandingPath, dealPath, featuredDealsPath, STATIC_VISITOR_PATHS, storeLandingPath } from '@deals/contract';
import { packageRoot } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { insertPage } from '../../test-support/cms-pages.js';
import { form, testImage } from '../../test-support/forms.js';
import { addDeal, addFeaturedSection, addProductType, addStore, hoursFromNow } from '../../test-support/search.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';

const BASE = 'https://deals.example';
const XSD_DIR = join(packageRoot, 'src', 'sitemap', 'xsd');

/** Validates a document against the sitemaps.org schema of its root element. */
async function assertValid(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd'): Promise<void> {
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, schema: { fileName: schema, contents: await readFile(join(XSD_DIR, schema), 'utf8') } });
  assert.ok(result.valid, `${schema}: ${result.errors.map((error) => error.rawMessage).join('\n')}\n${xml.slice(0, 500)}`);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('sitemap and robots.txt', () => {
  let t: TestApp;
  let staff: TestStaff;
  let storeId: number;
  let typeId: number;
  const liveDeals: number[] = [];
  const hiddenDeals: number[] = [];
  let sectionId: number;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const files = async () => locs((await get('/sitemap.xml')).body).map((loc) => new URL(loc).pathname);
  const dealsListed = async () => {
    const listed: string[] = [];
    for (const file of (await files()).filter((path) => path.startsWith('/sitemaps/deals-'))) listed.push(...locs((await get(file)).body));
    return listed;
  };

  before(async () => {
    // Caches on (a minute), so that what a staff write shows proves invalidation; two URLs a file.
    t = await createTestApp({ env: { PUBLIC_URL: `${BASE}/`, SITEMAP_MAX_URLS: '2', PUBLIC_CACHE_TTL_MS: '60000' } });
    staff = await createTestStaff(t.app);
    storeId = await addStore(t.app, 'Open & Shut Store');
    const closedStore = await addStore(t.app, 'Closed Store', { isActive: false });
    typeId = await addProductType(t.app, 'Laptops');
    await addProductType(t.app, 'Hidden Type', { isActive: false });
    for (const name of ['Deal A', 'Deal B', 'Deal C']) liveDeals.push(await addDeal(t.app, { storeId, name, dealExpiresIn: hoursFromNow(24) }));
    hiddenDeals.push(
      await addDeal(t.app, { storeId, name: 'Switched off', isActive: false }),
      await addDeal(t.app, { storeId, name: 'Expired', dealExpiresIn: hoursFromNow(-1) }),
      await addDeal(t.app, { storeId, name: 'Not started', dealStartsIn: hoursFromNow(5) }),
      await addDeal(t.app, { storeId: closedStore, name: 'Closed store deal' }),
    );
    sectionId = await addFeaturedSection(t.app, 'Summer Sale!', liveDeals);
    await addFeaturedSection(t.app, 'Hidden Section', [], { isActive: false });
    await insertPage(t.app, { url: '/about-us', isActive: true });
    await insertPage(t.app, { url: '/draft-page', isActive: false });
    await insertPage(t.app, { url: '/blog/best-laptops', isBlog: true, isActive: true });
  });
  after(() => t.close());

  it('robots.txt keeps crawlers out of the back office, drafts and the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(
      res.body,
      ['User-agent: *', 'Disallow: /admin', 'Disallow: /cms', 'Disallow: /login', 'Disallow: /preview',
        'Disallow: /email-alerts/',
        'Disallow: /reset-password', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${BASE}/sitemap.xml`, ''].join('\n'),
    );
  });

  it('the index lists every file at an absolute URL, deals split by the per-file limit, and validates', async () => {
    const res = await get('/sitemap.xml');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/xml/);
    await assertValid(res.body, 'siteindex.xsd');
    assert.deepEqual(locs(res.body), [
      `${BASE}/sitemaps/deals-1.xml`,
      `${BASE}/sitemaps/deals-2.xml`,
      `${BASE}/sitemaps/stores-1.xml`,
      `${BASE}/sitemaps/categories-1.xml`,
      `${BASE}/sitemaps/featured-1.xml`,
      `${BASE}/sitemaps/pages-1.xml`,
      `${BASE}/sitemaps/pages-2.xml`,
      `${BASE}/sitemaps/pages-3.xml`,
      `${BASE}/sitemaps/pages-4.xml`,
      `${BASE}/sitemaps/blogs-1.xml`,
    ]);
    // A file's lastmod is its newest record's.
    assert.match(res.body, /<sitemap><loc>[^<]*deals-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/sitemap>/);
  });

  it('lists only live deals, each once, at the site’s own URLs; every file validates', async () => {
    for (const file of await files()) await assertValid((await get(file)).body, 'sitemap.xsd');
    const listed = await dealsListed();
    assert.deepEqual(listed, liveDeals.map((id) => BASE + dealPath(id)));
    for (const id of hiddenDeals) assert.ok(!listed.includes(BASE + dealPath(id)), `deal ${id} is not live`);
    const deals1 = locs((await get('/sitemaps/deals-1.xml')).body);
    assert.equal(deals1.length, 2, 'at most the per-file limit');
  });

  it('lists active stores, product categories, featured sections, pages and blogs', async () => {
    assert.deepEqual(locs((await get('/sitemaps/stores-1.xml')).body), [BASE + storeLandingPath(storeId)]);
    assert.deepEqual(locs((await get('/sitemaps/categories-1.xml')).body), [BASE + categoryLandingPath(typeId)]);
    assert.deepEqual(locs((await get('/sitemaps/featured-1.xml')).body), [BASE + featuredDealsPath({ id: sectionId, name: 'Summer Sale!' })]);
    const pages: string[] = [];
    for (let n = 1; n <= 4; n++) pages.push(...locs((await get(`/sitemaps/pages-${n}.xml`)).body));
    assert.deepEqual(pages, [...STATIC_VISITOR_PATHS, '/about-us'].map((path) => BASE + path));
    assert.deepEqual(locs((await get('/sitemaps/blogs-1.xml')).body), [`${BASE}/blog/best-laptops`]);
  });

  it('answers 304 to its ETag and 404 to a file that does not exist', async () => {
    const first = await get('/sitemaps/stores-1.xml');
    assert.equal(first.headers['cache-control'], 'public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    assert.equal((await get('/sitemaps/stores-1.xml', { 'if-none-match': String(first.headers.etag) })).statusCode, 304);
    for (const path of ['/sitemaps/stores-2.xml', '/sitemaps/deals-9.xml', '/sitemaps/users-1.xml', '/sitemaps/deals-0.xml', '/sitemaps/deals-1.json', '/sitemaps/..%2Fsecrets-1.xml']) {
      const res = await get(path);
      assert.equal(res.statusCode, 404, path);
    }
  });

  it('lists a deal created through the back office at once', async () => {
    const before = await dealsListed();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Product/CreateProduct',
      headers: staff.staff.headers,
      payload: form(
        { categoryId: storeId, productTypeIds: [typeId], name: 'Fresh Deal', currentPrice: '9.99', previousPrice: '19.99', link: 'https://shop.example/fresh' },
        { image: await testImage('png', 8) },
      ),
    });
    assert.equal(res.statusCode, 200, res.body);
    const listed = await dealsListed();
    assert.deepEqual(listed, [...before, BASE + dealPath(res.json().id)]);
  });
});
