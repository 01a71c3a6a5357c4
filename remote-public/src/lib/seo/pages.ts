/** Each visitor page's metadata (README "Server rendering of the visitor site": what is canonical and indexed). */
import type { BlogPost, DealAvailability, DealDetail, DynamicPage } from '@deals/contract';
import { categoryDealsPath, dealPath, featuredDealsPath, storeDealsPath } from '../links';
import type { HeadImage, PageHead } from './head';
import { blogPosting, breadcrumbList, HOME_PATH, isoDateTime, organization, product, SCHEMA_CONTEXT, webSite } from './jsonLd';
import { absolute, contentImage, logoImage, type SeoSite } from './site';
import { clip, collapseWhitespace, describeDeal, HEADLINE_MAX } from './text';

export const BLOGS_PATH = '/blogs-and-reviews';
export const DEALS_PATH = '/deals';

interface HeadParts {
  /** The document title, usually ending in `| company`. */
  title: string;
  /** Link previews already show the site name (og:site_name): the title without the suffix. */
  shareTitle?: string;
  description: string;
  /** The canonical path; null for pages not to be indexed as themselves. */
  path: string | null;
  /** og:url when there is no canonical: the page's own address. */
  sharePath?: string;
  type?: PageHead['openGraph']['type'];
  /** The page's own picture; without one the logo stands in, on a small card. */
  image?: HeadImage | null;
  robots?: string | null;
  jsonLd?: Record<string, unknown>[];
}

function head(site: SeoSite, parts: HeadParts): PageHead {
  const canonical = parts.path === null ? null : absolute(site, parts.path);
  const description = clip(parts.description);
  return {
    title: collapseWhitespace(parts.title),
    description,
    canonical,
    robots: parts.robots ?? null,
    openGraph: {
      type: parts.type ?? 'website',
      title: collapseWhitespace(parts.shareTitle ?? parts.title),
      description,
      url: canonical ?? absolute(site, parts.sharePath ?? '/'),
      siteName: site.companyName,
      image: parts.image ?? logoImage(site),
    },
    twitterCard: parts.image ? 'summary_large_image' : 'summary',
    jsonLd: parts.jsonLd ?? [],
  };
}

const titled = (site: SeoSite, title: string) => `${collapseWhitespace(title)} | ${site.companyName}`;
const HOME_STEP = { name: 'Home', path: HOME_PATH };

export function homeHead(site: SeoSite): PageHead {
  const company = site.companyName;
  return head(site, {
    title: `${company}: deals and promo codes`,
    description: `Today's best deals and promo codes from the online stores you love, hand-picked by ${company} and updated every day.`,
    path: HOME_PATH,
    jsonLd: [webSite(site), { '@context': SCHEMA_CONTEXT, ...organization(site) }],
  });
}

/** The deal's pictures, preview first, with their sizes; a deal saved without its gallery still has the card's. */
function dealImageFiles(deal: DealDetail): { filePath: string; width?: number; height?: number }[] {
  const files = deal.images.length ? deal.images : deal.filePath ? [{ filePath: deal.filePath }] : [];
  return files.filter((file) => file.filePath.trim());
}

/** A live deal: a Product with its store's Offer, and the trail through the store's deals. */
export function dealHead(site: SeoSite, deal: DealDetail): PageHead {
  const path = dealPath(deal.id);
  const url = absolute(site, path);
  const description = describeDeal(deal);
  const images = dealImageFiles(deal).map((file) => contentImage(site, file.filePath, deal.name, file));
  return head(site, {
    title: titled(site, deal.name),
    shareTitle: deal.name,
    description,
    path,
    type: 'product',
    image: images[0] ?? null,
    jsonLd: [
      product(deal, { url, description, images: images.map((image) => image.url) }),
      breadcrumbList(site, [HOME_STEP, { name: `${collapseWhitespace(deal.category)} deals`, path: storeDealsPath(deal.categoryId) }, { name: collapseWhitespace(deal.name), path }]),
    ],
  });
}

/** What the 410 page knows of a deal that exists but is not live. */
export type ExpiredDealSummary = Pick<DealAvailability, 'id' | 'name' | 'category' | 'categoryId'>;

/** A deal that is not live (410): not indexed, and no Product (there is no offer to describe). */
export function expiredDealHead(site: SeoSite, deal: ExpiredDealSummary): PageHead {
  const name = collapseWhitespace(deal.name);
  const store = collapseWhitespace(deal.category);
  return head(site, {
    title: `This deal has expired: ${name} | ${site.companyName}`,
    shareTitle: `This deal has expired: ${name}`,
    description: `${name} at ${store} is no longer available. See today's live ${store} deals and promo codes on ${site.companyName}.`,
    path: null,
    sharePath: dealPath(deal.id),
    robots: 'noindex',
  });
}

/** An unknown address (404). `path`, when given, is the address asked for (og:url). */
export function notFoundHead(site: SeoSite, path?: string): PageHead {
  return head(site, {
    title: `Page not found | ${site.companyName}`,
    description: `This page does not exist on ${site.companyName}. Browse today's deals and promo codes instead.`,
    path: null,
    ...(path ? { sharePath: path } : {}),
    robots: 'noindex',
  });
}

/**
 * What a deals list is: all deals; one store's, product category's or featured section's landing
 * page (a filter of exactly that one record and nothing else); or any other filter.
 */
export type DealsLanding = { kind: 'all' } | { kind: 'filtered' } | { kind: 'store' | 'category' | 'featured'; id: number; name: string };

/** A name that already says what the list holds ("Today's Top Deals", "Coupon Corner"): nothing to add. */
const SAYS_DEALS = /\b(deals?|offers?|coupons?|vouchers?|promo ?codes?|discount codes?)\b/i;

/**
 * The list's h1 (and the heart of its title): "Walmart deals and promo codes", but a name that
 * already speaks of deals or codes stands alone ("Today's Top Deals", never "… Deals deals").
 */
export function landingHeading(landing: DealsLanding): string {
  if (landing.kind === 'all' || landing.kind === 'filtered') return 'Latest Deals';
  const name = collapseWhitespace(landing.name);
  return SAYS_DEALS.test(name) ? name : `${name} deals and promo codes`;
}

/** A landing's canonical path, the same form the site's own links use. */
export function landingPath(landing: DealsLanding): string {
  switch (landing.kind) {
    case 'store':
      return storeDealsPath(landing.id);
    case 'category':
      return categoryDealsPath(landing.id);
    case 'featured':
      return featuredDealsPath(landing);
    default:
      return DEALS_PATH;
  }
}

export function dealsListHead(site: SeoSite, landing: DealsLanding): PageHead {
  const company = site.companyName;
  const heading = landingHeading(landing);
  if (landing.kind === 'all' || landing.kind === 'filtered')
    return head(site, {
      title: titled(site, heading),
      shareTitle: heading,
      description: `The latest deals and promo codes on ${company}: search, sort and filter by store, category and price.`,
      path: DEALS_PATH,
      // A search, sort or mix is a view of /deals, not a page of its own; its deals stay reachable.
      robots: landing.kind === 'filtered' ? 'noindex, follow' : null,
    });
  const name = collapseWhitespace(landing.name);
  const path = landingPath(landing);
  const what = landing.kind === 'store' ? `at ${name}` : landing.kind === 'category' ? `on ${name}` : `in ${name}`;
  return head(site, {
    title: titled(site, heading),
    shareTitle: heading,
    description: `Today's best deals and promo codes ${what}, hand-picked by ${company}: current prices, savings and coupon codes.`,
    path,
    jsonLd: [breadcrumbList(site, [HOME_STEP, { name: 'Deals', path: DEALS_PATH }, { name, path }])],
  });
}

/** A fixed page of the site (/stores, /categories, /blogs-and-reviews, /email-blast-signup). */
export function simpleHead(site: SeoSite, page: { path: string; title: string; description: string }): PageHead {
  return head(site, { title: titled(site, page.title), shareTitle: page.title, description: page.description, path: page.path });
}

/**
 * A draft preview (`/preview`, `/preview/shared/{token}`): never indexed, no canonical (the draft
 * is not the page), titled `Preview: <title>` like the editors' tab.
 */
export function previewHead(site: SeoSite, preview: { title: string; path: string }): PageHead {
  const title = collapseWhitespace(preview.title);
  return head(site, {
    title: title ? `Preview: ${title}` : 'Preview',
    description: 'Draft preview of a page or blog.',
    path: null,
    sharePath: preview.path,
    robots: 'noindex',
  });
}

/**
 * A page behind a personal link from an email (`/email-alerts/confirm?token=…`): never indexed,
 * no canonical, and its share URL is the bare path so the token never ends up in og:url.
 */
export function privateLinkHead(site: SeoSite, page: { path: string; title: string; description: string }): PageHead {
  return head(site, { title: titled(site, page.title), shareTitle: page.title, description: page.description, path: null, sharePath: page.path, robots: 'noindex' });
}

/** A CMS page's or blog's display title: its Title field, else its name. */
const pageTitle = (page: DynamicPage) => collapseWhitespace(page.title) || collapseWhitespace(page.name);
const pagePath = (url: string) => (url.startsWith('/') ? url : `/${url}`);
const bannerOf = (site: SeoSite, page: DynamicPage, alt: string) => (page.bannerImageFilePath?.trim() ? contentImage(site, page.bannerImageFilePath, alt) : null);

/** A CMS page at its own `url`: its SEO description, its banner as the preview picture. */
export function cmsPageHead(site: SeoSite, page: DynamicPage, url: string): PageHead {
  const title = pageTitle(page);
  const path = pagePath(url);
  return head(site, {
    title: titled(site, title),
    shareTitle: title,
    description: collapseWhitespace(page.description) || `${title} on ${site.companyName}: deals and promo codes.`,
    path,
    image: bannerOf(site, page, title),
    jsonLd: [breadcrumbList(site, [HOME_STEP, { name: title, path }])],
  });
}

/**
 * A blog at its own `url`, as an article. `post` (its entry of `Home/GetBlogPosts`, when loaded)
 * fills what the page record lacks. The record has one date (`addedOn`), so it is both the
 * published and the modified date.
 */
export function blogHead(site: SeoSite, blog: DynamicPage, url: string, post?: BlogPost): PageHead {
  const title = pageTitle(blog);
  const path = pagePath(url);
  const banner = bannerOf(site, blog, title) ?? (post?.bannerImageFilePath?.trim() ? contentImage(site, post.bannerImageFilePath, title) : null);
  const description = collapseWhitespace(blog.description) || collapseWhitespace(post?.description) || `${title}: from the ${site.companyName} blog.`;
  const date = isoDateTime(blog.addedOn) ?? isoDateTime(post?.addedOn);
  const pictures = [banner?.url ?? site.logo?.url].filter((picture): picture is string => Boolean(picture));
  return head(site, {
    title: titled(site, title),
    shareTitle: title,
    description,
    path,
    type: 'article',
    image: banner,
    jsonLd: [
      blogPosting(site, {
        url: absolute(site, path),
        headline: clip(title, HEADLINE_MAX),
        description: clip(description),
        published: date,
        modified: date,
        author: collapseWhitespace(blog.addedBy ?? post?.addedBy) || null,
        images: pictures,
      }),
      breadcrumbList(site, [HOME_STEP, { name: 'Blog Posts', path: BLOGS_PATH }, { name: title, path }]),
    ],
  });
}
