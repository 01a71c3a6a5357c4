import { applyHead, headTagsHtml, scriptSafeJson, type PageHead } from './head';
import { dealHead, homeHead, notFoundHead } from './pages';
import { deal, site } from '../../testing/seoFixtures';

const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
const metaContent = (doc: Document, selector: string) => doc.head.querySelector(selector)?.getAttribute('content');

describe('headTagsHtml', () => {
  const head = dealHead(site(), deal());
  const doc = parse(headTagsHtml(head));

  it('writes every tag of the head, each marked data-head', () => {
    expect(doc.title).toBe(head.title);
    expect(metaContent(doc, 'meta[name="description"]')).toBe(head.description);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(head.canonical);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
    const og = head.openGraph;
    expect(
      Object.fromEntries([...doc.head.querySelectorAll('meta[property^="og:"]')].map((meta) => [meta.getAttribute('property'), meta.getAttribute('content')])),
    ).toEqual({ 'og:type': 'product', 'og:title': og.title, 'og:description': og.description, 'og:url': og.url, 'og:site_name': 'Acme Deals', 'og:image': og.image?.url, 'og:image:alt': og.image?.alt });
    expect(metaContent(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(metaContent(doc, 'meta[name="twitter:title"]')).toBe(og.title);
    expect(metaContent(doc, 'meta[name="twitter:description"]')).toBe(og.description);
    expect(metaContent(doc, 'meta[name="twitter:image"]')).toBe(og.image?.url);
    const scripts = [...doc.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.type)).toEqual(['application/ld+json', 'application/ld+json']);
    expect(scripts.map((script) => JSON.parse(script.textContent ?? ''))).toEqual(head.jsonLd);
    expect([...doc.head.children].every((element) => element.hasAttribute('data-head'))).toBe(true);
    expect(doc.head.children).toHaveLength(1 + 1 + 1 + 7 + 4 + 2);
  });

  it('states image sizes when known, and robots when set', () => {
    const sized: PageHead = { ...head, robots: 'noindex', openGraph: { ...head.openGraph, image: { url: 'https://cdn.example/a.png', width: 1200, height: 630, alt: 'A' } } };
    const parsed = parse(headTagsHtml(sized));
    expect(metaContent(parsed, 'meta[property="og:image:width"]')).toBe('1200');
    expect(metaContent(parsed, 'meta[property="og:image:height"]')).toBe('630');
    expect(metaContent(parsed, 'meta[name="robots"]')).toBe('noindex');
  });

  it('leaves out the canonical and the images when there are none', () => {
    const parsed = parse(headTagsHtml(notFoundHead(siteWithoutLogo())));
    expect(parsed.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(parsed.head.querySelector('meta[property^="og:image"], meta[name="twitter:image"]')).toBeNull();
    expect(metaContent(parsed, 'meta[name="robots"]')).toBe('noindex');
  });

  it('cannot be broken out of by what a deal is called', () => {
    const evil = `Deal "quoted" & 'single' </script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> \u2028\u2029`;
    const hostile = dealHead(site(), deal({ name: evil, category: `Store"><script>alert(3)</script>`, additionalInformation: '</title><script>alert(4)</script>' }));
    const html = headTagsHtml(hostile);
    expect(html).not.toMatch(/<\/script><script>|<img|<!--/i);
    expect(html).not.toContain('\u2028');
    const parsed = parse(html);
    // Only our own elements, nothing in the body, and every script is data.
    expect([...parsed.head.children].map((element) => element.tagName.toLowerCase()).sort()).toEqual(
      [...parse(headTagsHtml(dealHead(site(), deal()))).head.children].map((element) => element.tagName.toLowerCase()).sort(),
    );
    expect(parsed.body.childNodes).toHaveLength(0);
    expect(parsed.querySelectorAll('img, [onerror]')).toHaveLength(0);
    expect([...parsed.querySelectorAll('script')].every((script) => script.type === 'application/ld+json')).toBe(true);
    // The texts come back exactly as they went in.
    expect(parsed.title).toBe(hostile.title);
    expect(metaContent(parsed, 'meta[property="og:title"]')).toBe(hostile.openGraph.title);
    expect(metaContent(parsed, 'meta[name="description"]')).toBe(hostile.description);
    expect([...parsed.querySelectorAll('script')].map((script) => JSON.parse(script.textContent ?? ''))).toEqual(hostile.jsonLd);
  });
});

describe('headTagsHtml JSON-LD', () => {
  it('escapes line and paragraph separators and markup inside the script', () => {
    const head: PageHead = { ...homeHead(site()), jsonLd: [{ '@context': 'https://schema.org', '@type': 'Thing', name: 'a\u2028b\u2029c</script><script>alert(1)</script>' }] };
    const html = headTagsHtml(head);
    expect(html).not.toMatch(/[\u2028\u2029]/);
    const scripts = parse(html).querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent ?? '')).toEqual(head.jsonLd[0]);
  });
});

describe('scriptSafeJson', () => {
  it('escapes what could end or alter a script element and stays the same JSON', () => {
    const value = { a: '</script><!--&>', b: 'line\u2028para\u2029' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('applyHead', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta charset="utf-8"><title>DealDrop: deals and promo codes</title><meta name="description" content="Default"><link rel="stylesheet" href="/site.css"><meta name="viewport" content="width=device-width">';
  });

  const ours = () => [...document.head.querySelectorAll('[data-head]')].map((element) => element.outerHTML);

  it('replaces the shell defaults and any previous head rather than adding to them', () => {
    applyHead(homeHead(site()));
    applyHead(dealHead(site(), deal()));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Instant Pot Duo 7-in-1 | Acme Deals');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(2);
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toContain('"@type":"Product"');
    // Left alone: what the head does not own.
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
  });

  it('gives the same tags as the server rendering, and is idempotent', () => {
    const head = dealHead(site(), deal());
    applyHead(head);
    const once = ours();
    applyHead(head);
    expect(ours()).toEqual(once);
    expect(once).toEqual([...parse(headTagsHtml(head)).head.children].map((element) => element.outerHTML));
  });

  it('replaces server-rendered tags', () => {
    document.head.insertAdjacentHTML('beforeend', headTagsHtml(homeHead(site())));
    applyHead(notFoundHead(site()));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('puts hostile text in as text', () => {
    applyHead(dealHead(site(), deal({ name: '<img src=x onerror=alert(1)></title><script>alert(2)</script>' })));
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(document.title).toBe('<img src=x onerror=alert(1)></title><script>alert(2)</script> | Acme Deals');
    expect([...document.querySelectorAll('script')].every((script) => script.type === 'application/ld+json')).toBe(true);
  });

  it('works on another document', () => {
    const other = document.implementation.createHTMLDocument('Old');
    applyHead(homeHead(site()), other);
    expect(other.title).toBe('Acme Deals: deals and promo codes');
    expect(other.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('DealDrop: deals and promo codes');
  });
});

function siteWithoutLogo() {
  return site({ companyLogoPath: null });
}
