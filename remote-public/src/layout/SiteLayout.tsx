import { Suspense, useRef, type ReactNode } from 'react';
import { useSiteInfo } from '../lib/siteInfo';
import { useAnalytics } from '../lib/analytics';
import { preloadable } from '../lib/preloadable';
import { WhenVisible } from '../components/WhenVisible';
import { Header } from './Header';
import './layout.css';

// Below the fold: its code (and the signup form's) loads only when the visitor scrolls near it.
const Footer = preloadable(() => import('./Footer').then((module) => ({ default: module.Footer })));
/** The layout's own code: what a server-rendered page needs before it is hydrated. */
export const preloadLayout = () => Footer.preload();

const footerPending = <div className="ftr ftr--pending" aria-hidden="true" />;

/** Every visitor page: skip link, header, the page, footer. Pages set their own titles. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const info = useSiteInfo();
  useAnalytics(info?.googleAnalyticsId);
  const main = useRef<HTMLElement>(null);
  return (
    <div className="site">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus the page without a hash in the address (the router owns the URL).
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <Header info={info} />
      <main ref={main} className="site-main" id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Below the fold on every page but the shortest: drawn when scrolled near. */}
      <WhenVisible placeholder={footerPending}>
        <Suspense fallback={footerPending}>
          <Footer info={info} />
        </Suspense>
      </WhenVisible>
    </div>
  );
}
