import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// Web analytics (spec 000 §7): Google's gtag.js, injected only when the site settings carry a
// googleAnalyticsId. Nothing is loaded or sent otherwise.

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Measurement ids look like `G-XXXXXXX` (or the older `UA-…`/`GT-…`); anything else is not injected. */
const ANALYTICS_ID = /^[A-Z]{1,3}-[A-Z0-9-]{4,30}$/i;

let injectedFor: string | null = null;

/** Adds gtag.js once per page load for a valid id; answers whether analytics is on. */
export function injectAnalytics(id: string | null | undefined): boolean {
  if (!id || !ANALYTICS_ID.test(id.trim())) return false;
  const clean = id.trim();
  if (injectedFor === clean) return true;
  if (injectedFor) return false; // one property per page load
  injectedFor = clean;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, as its snippet does.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by the router (usePageViews), not on load, so client navigations count.
  window.gtag('config', clean, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(clean)}`;
  document.head.append(script);
  return true;
}

/**
 * A query without its `token`: the links in our emails carry one that confirms, edits or ends a
 * subscription, and it must not reach the analytics service with the page view.
 */
export function withoutToken(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has('token')) return search;
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Reports a page view on every client-side navigation once analytics is on. */
export function useAnalytics(id: string | null | undefined): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!injectAnalytics(id)) return;
    const query = withoutToken(search);
    const location = `${window.location.origin}${window.location.pathname}${withoutToken(window.location.search)}`;
    // Set, not only sent with the view: gtag.js reads the address again for the events it measures itself.
    window.gtag?.('set', { page_location: location });
    window.gtag?.('event', 'page_view', { page_path: pathname + query, page_location: location, page_title: document.title });
  }, [id, pathname, search]);
}

/** Forget the injected id (tests). */
export function resetAnalytics(): void {
  injectedFor = null;
}
