import { siteFromInfo } from './site';
import { blogHead, cmsPageHead, dealHead, dealsListHead, expiredDealHead, homeHead, landingHeading, notFoundHead, previewHead, privateLinkHead, simpleHead, type DealsLanding } from './pages';
import type { PageHead } from './head';
import { allSchemaProblems } from '../../testing/schemaOrg';
import { BANNER, blogPost, deal, dynamicPage, IMAGE_1, IMAGE_2, LOGO, PUBLIC_URL, site } from '../../testing/seoFixtures';

const attachment = (file: string, width: number) => `${PUBLIC_URL}/api/Attachments/${file}?w=${width}`;
const LOGO_URL = attachment(LOGO, 320);
const bare = siteFromInfo(null, PUBLIC_URL, '/api');

/** Rules every head keeps, whatever the page. */
function expectWellFormed(head: PageHead) {
  expect(head.description.length).toBeLessThanOrEqual(160);
  expect(head.description).not.toMatch(/\s{2}|^\s|\s$|\n/);
  expect(head.description).not.toBe('');
  if (head.canonical !== null) expect(head.canonical).toMatch(/^https:\/\/dealdrop\.example\//);
  expect(head.openGraph.url).toMatch(/^https:\/\/dealdrop\.example\//);
  expect(head.openGraph.description).toBe(head.description);
  if (head.openGraph.image) expect(head.openGraph.image.url).toMatch(/^https:\/\//);
  expect(allSchemaProblems(head.jsonLd)).toEqual([]);
}

const byType = (head: PageHead, type: string) => head.jsonLd.filter((item) => item['@type'] === type);
const crumbs = (head: PageHead) => (byType(head, 'BreadcrumbList')[0]?.itemListElement as { name: string; item: string }[]).map(({ name, item }) => [name, item]);

describe('homeHead', () => {
  it('names the site, is canonical at /home and describes the WebSite and the Organization', () => {
    const head = homeHead(site());
    expectWellFormed(head);
    expect(head.title).toBe('Acme Deals: deals and promo codes');
    expect(head.canonical).toBe(`${PUBLIC_URL}/home`);
    expect(head.robots).toBeNull();
    expect(head.openGraph).toMatchObject({ type: 'website', title: 'Acme Deals: deals and promo codes', siteName: 'Acme Deals', url: `${PUBLIC_URL}/home` });
    expect(head.openGraph.image).toEqual({ url: LOGO_URL, width: null, height: null, alt: 'Acme Deals' });
    expect(head.twitterCard).toBe('summary');
    expect(head.jsonLd.map((item) => item['@type'])).toEqual(['WebSite', 'Organization']);
    expect(byType(head, 'WebSite')[0]).toMatchObject({
      url: `${PUBLIC_URL}/home`,
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${PUBLIC_URL}/deals?q={search_term_string}` }, 'query-input': 'required name=search_term_string' },
    });
    expect(byType(head, 'Organization')[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme Deals',
      url: `${PUBLIC_URL}/home`,
      logo: { '@type': 'ImageObject', url: LOGO_URL },
      sameAs: ['https://www.facebook.com/acme', 'https://instagram.com/acme', 'https://x.com/acme', 'https://www.youtube.com/@acme'],
    });
  });

  it('leaves out the logo and profiles rather than emitting empty ones', () => {
    const head = homeHead(bare);
    expect(head.title).toBe('DealDrop: deals and promo codes');
    expect(head.openGraph.image).toBeNull();
    expect(allSchemaProblems(head.jsonLd)).toEqual(['[1] Organization: logo missing']);
    expect(byType(head, 'Organization')[0]).not.toHaveProperty('sameAs');
  });
});

describe('dealHead', () => {
  const head = dealHead(site(), deal());
  const productLd = byType(head, 'Product')[0]!;

  it('titles, describes and canonicalises the deal', () => {
    expectWellFormed(head);
    expect(head.title).toBe('Instant Pot Duo 7-in-1 | Acme Deals');
    expect(head.description).toBe('Instant Pot Duo 7-in-1 for $59.50 at Walmart (40% off) with a promo code. Pressure cooker, slow cooker, rice cooker and more.');
    expect(head.canonical).toBe(`${PUBLIC_URL}/deal/details/42`);
    expect(head.robots).toBeNull();
  });

  it('previews as a product with its first picture at the 1280 rendition', () => {
    expect(head.openGraph).toEqual({
      type: 'product',
      title: 'Instant Pot Duo 7-in-1',
      description: head.description,
      url: `${PUBLIC_URL}/deal/details/42`,
      siteName: 'Acme Deals',
      image: { url: attachment(IMAGE_1, 1280), width: null, height: null, alt: 'Instant Pot Duo 7-in-1' },
    });
  });

  it('announces the preview picture’s size as the 1280 rendition has it (scaled down, never up)', () => {
    const sized = (width: number, height: number) =>
      dealHead(site(), deal({ images: [{ id: 1, filePath: IMAGE_1, isPreviewImage: true, width, height }] })).openGraph.image;
    expect(sized(2560, 1440)).toMatchObject({ width: 1280, height: 720 });
    expect(sized(800, 600)).toMatchObject({ width: 800, height: 600 });
    expect(sized(1999, 1000)).toMatchObject({ width: 1280, height: 640 });
    expect(head.twitterCard).toBe('summary_large_image');
  });

  it('is a Product whose Offer is the store selling at the current price until the expiry day', () => {
    expect(productLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Instant Pot Duo 7-in-1',
      description: head.description,
      image: [attachment(IMAGE_1, 1280), attachment(IMAGE_2, 1280)],
      sku: '42',
      productID: '42',
      category: 'Kitchen, Home',
      url: `${PUBLIC_URL}/deal/details/42`,
      offers: {
        '@type': 'Offer',
        price: '59.50',
        priceCurrency: 'USD',
        priceValidUntil: '2030-06-01',
        url: `${PUBLIC_URL}/deal/details/42`,
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: 'Walmart' },
      },
    });
    expect(productLd).not.toHaveProperty('brand');
  });

  it('leads from home through the store to the deal', () => {
    expect(crumbs(head)).toEqual([
      ['Home', `${PUBLIC_URL}/home`],
      ['Walmart deals', `${PUBLIC_URL}/deals?stores=7`],
      ['Instant Pot Duo 7-in-1', `${PUBLIC_URL}/deal/details/42`],
    ]);
  });

  it('states prices with two decimals and no expiry when the deal has none', () => {
    const other = dealHead(site(), deal({ currentPrice: 1299, dealExpiresIn: null }));
    expectWellFormed(other);
    const offers = byType(other, 'Product')[0]!.offers as Record<string, unknown>;
    expect(offers.price).toBe('1299.00');
    expect(offers).not.toHaveProperty('priceValidUntil');
    expect((byType(dealHead(site(), deal({ currentPrice: 0 })), 'Product')[0]!.offers as Record<string, unknown>).price).toBe('0.00');
  });

  it('falls back to the card picture, then to the logo on a small card', () => {
    const cardOnly = dealHead(site(), deal({ images: [], filePath: IMAGE_2 }));
    expect(cardOnly.openGraph.image?.url).toBe(attachment(IMAGE_2, 1280));
    const none = dealHead(site(), deal({ images: [], filePath: null }));
    expectWellFormed(none);
    expect(none.openGraph.image?.url).toBe(LOGO_URL);
    expect(none.twitterCard).toBe('summary');
    expect(byType(none, 'Product')[0]).not.toHaveProperty('image');
  });
});

describe('expiredDealHead', () => {
  it('is not indexed, has no canonical and no Product', () => {
    const head = expiredDealHead(site(), { id: 42, name: 'Instant Pot', category: 'Walmart', categoryId: 7 });
    expectWellFormed(head);
    expect(head.title).toBe('This deal has expired: Instant Pot | Acme Deals');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    expect(head.openGraph.url).toBe(`${PUBLIC_URL}/deal/details/42`);
    expect(head.description).toContain('Walmart');
    expect(head.jsonLd).toEqual([]);
  });
});

describe('notFoundHead', () => {
  it('is not indexed and has no canonical', () => {
    const head = notFoundHead(site());
    expectWellFormed(head);
    expect(head.title).toBe('Page not found | Acme Deals');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    expect(head.openGraph.url).toBe(`${PUBLIC_URL}/`);
    expect(notFoundHead(site(), '/nope').openGraph.url).toBe(`${PUBLIC_URL}/nope`);
  });
});

describe('previewHead', () => {
  it('is a draft: not indexed, no canonical, titled Preview: <title>', () => {
    const head = previewHead(site(), { title: '  About   (draft) ', path: '/preview/shared/abc.def' });
    expect(head.title).toBe('Preview: About (draft)');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    expect(head.jsonLd).toEqual([]);
    expect(head.openGraph.url).toBe(`${PUBLIC_URL}/preview/shared/abc.def`);
    expect(previewHead(site(), { title: '', path: '/preview' }).title).toBe('Preview');
  });
});

describe('privateLinkHead', () => {
  it('is never indexed and shares the bare path, never the token', () => {
    const head = privateLinkHead(site(), { title: 'Manage your email alerts', description: 'Change or end your deal alerts by email.', path: '/email-alerts/manage' });
    expectWellFormed(head);
    expect(head.title).toBe(`Manage your email alerts | ${site().companyName}`);
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeNull();
    expect(head.openGraph.url).toBe(`${PUBLIC_URL}/email-alerts/manage`);
  });
});

describe('deals lists', () => {
  const cases: [DealsLanding, string, string][] = [
    [{ kind: 'store', id: 7, name: 'Walmart' }, 'Walmart deals and promo codes', '/deals?stores=7'],
    [{ kind: 'category', id: 3, name: 'Kitchen' }, 'Kitchen deals and promo codes', '/deals?categories=3'],
    [{ kind: 'featured', id: 12, name: 'Summer Sale!' }, 'Summer Sale! deals and promo codes', '/deals/summer-sale/12'],
    // A name that already speaks of deals or codes is not followed by "deals and promo codes" again.
    [{ kind: 'featured', id: 4, name: "Today's Top Deals" }, "Today's Top Deals", '/deals/today-s-top-deals/4'],
    [{ kind: 'featured', id: 5, name: 'Deal of the Day' }, 'Deal of the Day', '/deals/deal-of-the-day/5'],
    [{ kind: 'store', id: 8, name: 'Coupon Corner' }, 'Coupon Corner', '/deals?stores=8'],
  ];

  it.each(cases)('a %o landing has its own heading, title, canonical and trail', (landing, heading, path) => {
    const head = dealsListHead(site(), landing);
    expectWellFormed(head);
    expect(landingHeading(landing)).toBe(heading);
    expect(head.title).toBe(`${heading} | Acme Deals`);
    expect(head.openGraph.title).toBe(heading);
    expect(head.canonical).toBe(`${PUBLIC_URL}${path}`);
    expect(head.robots).toBeNull();
    expect(crumbs(head)).toEqual([
      ['Home', `${PUBLIC_URL}/home`],
      ['Deals', `${PUBLIC_URL}/deals`],
      [(landing as { name: string }).name, `${PUBLIC_URL}${path}`],
    ]);
  });

  it('all deals is Latest Deals at /deals, indexed', () => {
    const head = dealsListHead(site(), { kind: 'all' });
    expectWellFormed(head);
    expect(landingHeading({ kind: 'all' })).toBe('Latest Deals');
    expect(head.title).toBe('Latest Deals | Acme Deals');
    expect(head.canonical).toBe(`${PUBLIC_URL}/deals`);
    expect(head.robots).toBeNull();
  });

  it('any other filter points to /deals and is not indexed, its links followed', () => {
    const head = dealsListHead(site(), { kind: 'filtered' });
    expectWellFormed(head);
    expect(landingHeading({ kind: 'filtered' })).toBe('Latest Deals');
    expect(head.canonical).toBe(`${PUBLIC_URL}/deals`);
    expect(head.robots).toBe('noindex, follow');
    expect(head.jsonLd).toEqual([]);
  });
});

describe('simpleHead', () => {
  it('titles the fixed page with the company and makes its path canonical', () => {
    const head = simpleHead(site(), { path: '/stores', title: 'Stores', description: '  All the\nstores.  ' });
    expectWellFormed(head);
    expect(head.title).toBe('Stores | Acme Deals');
    expect(head.openGraph.title).toBe('Stores');
    expect(head.description).toBe('All the stores.');
    expect(head.canonical).toBe(`${PUBLIC_URL}/stores`);
    expect(head.openGraph.type).toBe('website');
  });
});

describe('cmsPageHead', () => {
  it('uses the page title, SEO description and banner', () => {
    const head = cmsPageHead(site(), dynamicPage(), '/about-us');
    expectWellFormed(head);
    expect(head.title).toBe('About Us | Acme Deals');
    expect(head.description).toBe('Who we are and how we find deals.');
    expect(head.canonical).toBe(`${PUBLIC_URL}/about-us`);
    expect(head.openGraph.type).toBe('website');
    expect(head.openGraph.image).toEqual({ url: attachment(BANNER, 1280), width: null, height: null, alt: 'About Us' });
    expect(head.twitterCard).toBe('summary_large_image');
    expect(crumbs(head)).toEqual([
      ['Home', `${PUBLIC_URL}/home`],
      ['About Us', `${PUBLIC_URL}/about-us`],
    ]);
  });

  it('falls back to the name, a generated description and the logo', () => {
    const head = cmsPageHead(site(), dynamicPage({ title: null, description: null, bannerImageFilePath: null }), '/about-us');
    expectWellFormed(head);
    expect(head.title).toBe('about | Acme Deals');
    expect(head.description).toBe('about on Acme Deals: deals and promo codes.');
    expect(head.openGraph.image?.url).toBe(LOGO_URL);
    expect(head.twitterCard).toBe('summary');
  });

  it('cuts a long description to 160 characters', () => {
    const head = cmsPageHead(site(), dynamicPage({ description: 'A long story. '.repeat(50) }), '/about-us');
    expectWellFormed(head);
    expect(head.description.endsWith('…')).toBe(true);
  });
});

describe('blogHead', () => {
  const blog = dynamicPage({ id: 9, name: 'Best Black Friday deals', title: null, url: '/blog/black-friday', isBlog: true, description: 'Our picks for Black Friday.' });

  it('is an article with a BlogPosting and a trail through the blog list', () => {
    const head = blogHead(site(), blog, '/blog/black-friday', blogPost());
    expectWellFormed(head);
    expect(head.title).toBe('Best Black Friday deals | Acme Deals');
    expect(head.canonical).toBe(`${PUBLIC_URL}/blog/black-friday`);
    expect(head.openGraph.type).toBe('article');
    expect(head.openGraph.image?.url).toBe(attachment(BANNER, 1280));
    expect(byType(head, 'BlogPosting')[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Best Black Friday deals',
      description: 'Our picks for Black Friday.',
      image: [attachment(BANNER, 1280)],
      datePublished: '2030-04-02T08:00:00.000Z',
      dateModified: '2030-04-02T08:00:00.000Z',
      author: { '@type': 'Person', name: 'Jane Editor' },
      publisher: expect.objectContaining({ '@type': 'Organization', name: 'Acme Deals', logo: { '@type': 'ImageObject', url: LOGO_URL } }),
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${PUBLIC_URL}/blog/black-friday` },
      url: `${PUBLIC_URL}/blog/black-friday`,
    });
    expect(crumbs(head)).toEqual([
      ['Home', `${PUBLIC_URL}/home`],
      ['Blog Posts', `${PUBLIC_URL}/blogs-and-reviews`],
      ['Best Black Friday deals', `${PUBLIC_URL}/blog/black-friday`],
    ]);
  });

  it('names the company as author when the writer is gone, and the logo as the picture without a banner', () => {
    const head = blogHead(site(), { ...blog, addedBy: null, bannerImageFilePath: null }, '/blog/black-friday');
    expectWellFormed(head);
    const posting = byType(head, 'BlogPosting')[0]!;
    expect(posting.author).toEqual({ '@type': 'Organization', name: 'Acme Deals', url: `${PUBLIC_URL}/home` });
    expect(posting.image).toEqual([LOGO_URL]);
    expect(head.openGraph.image?.url).toBe(LOGO_URL);
  });

  it('keeps the headline within 110 characters', () => {
    const long = `${'Black Friday '.repeat(12)}deals`;
    const head = blogHead(site(), { ...blog, name: long }, '/blog/black-friday');
    expectWellFormed(head);
    const headline = byType(head, 'BlogPosting')[0]!.headline as string;
    expect(headline.length).toBeLessThanOrEqual(110);
    expect(headline.endsWith('…')).toBe(true);
  });

  it('takes what the page lacks from the blog list entry', () => {
    const head = blogHead(site(), { ...blog, description: null, addedBy: null, bannerImageFilePath: null }, '/blog/black-friday', blogPost({ description: 'From the list.', addedBy: 'Sam Writer' }));
    expectWellFormed(head);
    expect(head.description).toBe('From the list.');
    expect(head.openGraph.image?.url).toBe(attachment(BANNER, 1280));
    expect(byType(head, 'BlogPosting')[0]!.author).toEqual({ '@type': 'Person', name: 'Sam Writer' });
  });
});
