import type { SiteInfo } from '@deals/contract';
import type { HeadImage } from './head';
import { collapseWhitespace } from './text';

/** What every page's metadata is built from: the company, its logo and links, absolute URLs. */
export interface SeoSite {
  /** The site's absolute address, no trailing slash (`PUBLIC_URL`). */
  publicUrl: string;
  companyName: string;
  /** The company logo as an absolute URL; sizes null because the stored image's are not known. */
  logo: { url: string; width: number | null; height: number | null } | null;
  /** The company's profiles elsewhere (absolute http(s) URLs only). */
  sameAs: string[];
  /** Absolute base of stored images, ending in `/` (e.g. `${publicUrl}/api/Attachments/`). */
  attachmentBase: string;
}

export const DEFAULT_COMPANY_NAME = 'DealDrop';

/**
 * The `?w=` renditions link previews and structured data ask for. The API only renders its fixed
 * widths (contract `IMAGE_WIDTHS`). 1280 is the largest: big enough for a large preview card
 * (Facebook and X suggest 1200 wide) yet a bounded WebP, where an original may be up to 10 MB
 * (over X's 5 MB limit). 320 for the logo is the header's own 2× rendition, already rendered.
 */
export const CONTENT_IMAGE_WIDTH = 1280;
export const LOGO_IMAGE_WIDTH = 320;

const isWebAddress = (value: string) => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
};

const withoutTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * The site as the metadata needs it, from `Home/GetCMSInfo` (null while unknown: defaults),
 * the public address and the API base (absolute, or a path on the public address).
 */
export function siteFromInfo(info: SiteInfo | null, publicUrl: string, apiBase: string): SeoSite {
  const site = withoutTrailingSlash(publicUrl);
  const api = withoutTrailingSlash(apiBase);
  const base = isWebAddress(api) ? api : `${site}${api && !api.startsWith('/') ? '/' : ''}${api}`;
  const attachmentBase = `${base}/Attachments/`;
  const social = [info?.facebook, info?.instagram, info?.twitter, info?.linkedIn, info?.youtube, info?.tikTok]
    .map((link) => link?.trim() ?? '')
    .filter(isWebAddress);
  return {
    publicUrl: site,
    companyName: info?.companyName?.trim() || DEFAULT_COMPANY_NAME,
    logo: info?.companyLogoPath?.trim()
      ? { url: storedImageUrl(attachmentBase, info.companyLogoPath, LOGO_IMAGE_WIDTH), width: null, height: null }
      : null,
    sameAs: [...new Set(social)],
    attachmentBase,
  };
}

/** Absolute URL of a stored image's WebP rendition at most `width` px wide. */
export function storedImageUrl(attachmentBase: string, filePath: string, width: number): string {
  return `${attachmentBase}${encodeURIComponent(filePath.trim().replace(/^\/+/, ''))}?w=${width}`;
}

/**
 * A stored image for a link preview. Width and height stay null: the contract gives no sizes,
 * the rendition is never enlarged (a 600 px upload stays 600 px at `?w=1280`) and its aspect
 * ratio is the upload's. Stating a guess would make previews draw the wrong shape; without them
 * consumers measure the image.
 */
export function contentImage(site: SeoSite, filePath: string, alt: string, size?: { width?: number; height?: number }): HeadImage {
  // The `?w=` rendition is the stored picture scaled down to that width, never up.
  const width = size?.width && size.height ? Math.min(CONTENT_IMAGE_WIDTH, size.width) : null;
  const height = width && size?.width && size.height ? Math.round((size.height * width) / size.width) : null;
  return { url: storedImageUrl(site.attachmentBase, filePath, CONTENT_IMAGE_WIDTH), width, height, alt: collapseWhitespace(alt) };
}

/** The logo as a preview image, for pages without one of their own. */
export function logoImage(site: SeoSite): HeadImage | null {
  return site.logo ? { url: site.logo.url, width: site.logo.width, height: site.logo.height, alt: site.companyName } : null;
}

/** An absolute URL on the site for a path (`/deals?stores=3`). */
export function absolute(site: SeoSite, path: string): string {
  return `${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
