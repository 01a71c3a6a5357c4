/**
 * schema.org objects for JSON-LD, shaped for Google's rich results: Product with Offer, BlogPosting,
 * WebSite with SearchAction, Organization and BreadcrumbList.
 */
import type { DealDetail } from '@deals/contract';
import { searchDealsPath } from '../links';
import { absolute, type SeoSite } from './site';
import { collapseWhitespace } from './text';

export const SCHEMA_CONTEXT = 'https://schema.org';
export const HOME_PATH = '/home';

type JsonLd = Record<string, unknown>;

/** A date-time as ISO 8601 in UTC, or undefined when it does not parse (the property is left out). */
export function isoDateTime(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** `YYYY-MM-DD` of an instant in UTC: the day on which it falls, so the offer is valid through that day. */
export function isoDate(value: string | null | undefined): string | undefined {
  return isoDateTime(value)?.slice(0, 10);
}

/** The company, without `@context` so it can also sit inside another object (publisher, author). */
export function organization(site: SeoSite): JsonLd {
  return {
    '@type': 'Organization',
    name: site.companyName,
    url: absolute(site, HOME_PATH),
    ...(site.logo ? { logo: imageObject(site.logo) } : {}),
    ...(site.sameAs.length ? { sameAs: site.sameAs } : {}),
  };
}

function imageObject(image: { url: string; width: number | null; height: number | null }): JsonLd {
  return {
    '@type': 'ImageObject',
    url: image.url,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
  };
}

/** The site with its search box (Google's sitelinks search box reads `potentialAction`). */
export function webSite(site: SeoSite): JsonLd {
  // The placeholder must survive literally: URLSearchParams would escape its braces.
  const searchTemplate = absolute(site, searchDealsPath('SEARCH_TERM')).replace('SEARCH_TERM', '{search_term_string}');
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'WebSite',
    name: site.companyName,
    url: absolute(site, HOME_PATH),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: searchTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A trail from the home page; every step, the current page included, links to its absolute URL. */
export function breadcrumbList(site: SeoSite, trail: { name: string; path: string }[]): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: absolute(site, step.path) })),
  };
}

/**
 * A deal as a Product offered by its store. The site is not the seller (the store is, through the
 * deal's link), hence `seller` and no brand; the offer is the deal's price while the deal is live.
 */
export function product(deal: DealDetail, page: { url: string; description: string; images: string[] }): JsonLd {
  const validUntil = isoDate(deal.dealExpiresIn);
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'Product',
    name: collapseWhitespace(deal.name),
    description: page.description,
    ...(page.images.length ? { image: page.images } : {}),
    sku: String(deal.id),
    productID: String(deal.id),
    ...(deal.productTypes.length ? { category: deal.productTypes.map((type) => type.name).join(', ') } : {}),
    url: page.url,
    offers: {
      '@type': 'Offer',
      price: deal.currentPrice.toFixed(2),
      priceCurrency: 'USD',
      ...(validUntil ? { priceValidUntil: validUntil } : {}),
      url: page.url,
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: collapseWhitespace(deal.category) },
    },
  };
}

export interface BlogPostingFacts {
  url: string;
  headline: string;
  description: string;
  published: string | undefined;
  modified: string | undefined;
  /** The author's full name; null when unknown (the company is named instead). */
  author: string | null;
  images: string[];
}

export function blogPosting(site: SeoSite, facts: BlogPostingFacts): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BlogPosting',
    headline: facts.headline,
    ...(facts.description ? { description: facts.description } : {}),
    ...(facts.images.length ? { image: facts.images } : {}),
    ...(facts.published ? { datePublished: facts.published } : {}),
    ...(facts.modified ? { dateModified: facts.modified } : {}),
    author: facts.author ? { '@type': 'Person', name: facts.author } : { '@type': 'Organization', name: site.companyName, url: absolute(site, HOME_PATH) },
    publisher: organization(site),
    mainEntityOfPage: { '@type': 'WebPage', '@id': facts.url },
    url: facts.url,
  };
}
