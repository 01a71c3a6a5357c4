/**
 * Pages, blogs, menu items and footer items: the limits, messages, url and link rules this area
 * adds to the shared ones, as pure values and functions (no schema code) so the CMS forms run the
 * same rules with the same words as the server.
 */
import { MESSAGES } from './messages.ts';

/** Not given by the spec: the SEO description is plain text, kept to a size a search result can use. */
export const CMS_LIMITS = { pageDescription: 5000, assignChildren: 1000 } as const;

export const CMS_MESSAGES = {
  urlInvalid: 'Please enter a url such as /about-us: letters, numbers, - _ . ~ between single slashes',
  urlReserved: 'This url belongs to a fixed page of the site. Please choose another',
  linkInvalid: 'Please enter a link that starts with /, http://, https://, mailto: or tel:',
  imageInvalid: 'Please upload an image file',
  pageNotFound: 'Page not found',
  blogNotFound: 'Blog not found',
  contentSectionNotFound: 'Content section not found',
  bannerNotFound: 'Banner not found',
  componentNotFound: 'This content is not assigned any more',
  componentAlreadyAssigned: 'This component is already added',
  menuItemNotFound: 'Menu item not found',
  menuPageNotFound: 'The chosen page does not exist',
  menuParentNotFound: 'The chosen parent menu item does not exist',
  menuOwnParent: 'A menu item cannot be its own parent',
  menuHasChildren: 'A menu item that has assigned menu items cannot have a parent',
  menuParentHasParent: 'A menu item with a parent cannot have assigned menu items',
  menuChildrenRequired: 'Please select at least one menu item',
  footerItemNotFound: 'Footer item not found',
  sortDuplicate: 'Each item may appear only once in the new order',
  sortUnknown: 'Some of these items do not exist any more. Please reload and try again',
  sortMixed: 'The items must all belong to the same page',
} as const;

/**
 * First path segments the public site (or the server) routes itself: a CMS page there would be
 * unreachable or would shadow a fixed screen.
 */
export const RESERVED_PAGE_SEGMENTS = [
  'home',
  'deals',
  'deal',
  'stores',
  'categories',
  'login',
  'admin',
  'cms',
  'preview',
  'blogs-and-reviews',
  'email-blast-signup',
  'email-alerts',
  'reset-password',
  'api',
  'remotes.json',
] as const;

/** One or more `/segment`s of unreserved url characters (RFC 3986), no empty, `.` or `..` segment. */
const PAGE_URL = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * Why a page or blog url cannot be used, or null when it can (uniqueness aside, which only the
 * server knows). Must begin with "/", be a clean path and not be one of the site's own routes.
 */
export function pageUrlProblem(url: string): string | null {
  if (!url.startsWith('/')) return MESSAGES.general.urlMustStartWithSlash;
  if (url === '/') return CMS_MESSAGES.urlReserved;
  if (!PAGE_URL.test(url)) return CMS_MESSAGES.urlInvalid;
  const segments = url.slice(1).split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return CMS_MESSAGES.urlInvalid;
  const first = (segments[0] ?? '').toLowerCase();
  if ((RESERVED_PAGE_SEGMENTS as readonly string[]).includes(first)) return CMS_MESSAGES.urlReserved;
  return null;
}

/**
 * Why a menu item's custom link or a footer item's link cannot be used, or null. Site paths
 * (`/deals`, not `//host`), http(s) addresses, `mailto:` and `tel:`; never `javascript:`, `data:`
 * or other schemes a browser would execute.
 */
export function linkProblem(link: string): string | null {
  // Whitespace, control characters and backslashes have no place in a link and can hide a scheme.
  if (!link || /[\s\\]/.test(link) || [...link].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return CMS_MESSAGES.linkInvalid;
  if (link.startsWith('/')) return link.startsWith('//') ? CMS_MESSAGES.linkInvalid : null;
  if (/^mailto:[^@]+@[^@]+$/i.test(link)) return null;
  if (/^tel:\+?[0-9()\-.]{3,30}$/i.test(link)) return null;
  if (/^https?:\/\//i.test(link)) {
    try {
      const parsed = new URL(link);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname ? null : CMS_MESSAGES.linkInvalid;
    } catch {
      return CMS_MESSAGES.linkInvalid;
    }
  }
  return CMS_MESSAGES.linkInvalid;
}
