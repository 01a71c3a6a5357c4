import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { preloadLayout, SiteLayout } from './layout/SiteLayout';
// The home page is the usual landing page: bundled with the app (preloaded with the HTML, see
// infra/api frontends.ts) rather than one more round trip after it.
import { HomePage } from './features/home';
// Only the timer and its rules: the dialog loads when the popup opens. Mounted with the layout,
// so the 5 s count starts with the site, not after one more chunk.
import { EmailPopup, loadEmailSignupPage } from './features/email-signup';
import { loadBlogsPage } from './features/blogs';
import { loadCmsRoute, loadPreviewPage, loadSharedPreviewPage } from './features/cms-pages';
import { loadDealDetailPage } from './features/deal-detail';
import { loadDealsPage } from './features/deals-list';
import { loadEmailAlertConfirmPage, loadEmailAlertManagePage } from './features/email-alerts';
import { loadCategoriesPage, loadStoresPage } from './features/directory';
import { PageLoading } from './components/PageLoading';
import { preloadable } from './lib/preloadable';
import { forgetPreloaded } from './lib/ssr/preloaded';
import './site.css';

/**
 * This build's id (infra/build/ssr.mjs): the shell hydrates server-rendered markup only with the
 * build that rendered it.
 */
export const buildId: string = typeof __DEALS_BUILD_ID__ === 'undefined' ? 'development' : __DEALS_BUILD_ID__;

// One chunk per route (each feature's load function): a visitor downloads only the screen they
// open, which keeps the first page of a visit small.
const DealsPage = preloadable(loadDealsPage);
const DealDetailPage = preloadable(loadDealDetailPage);
const StoresPage = preloadable(loadStoresPage);
const CategoriesPage = preloadable(loadCategoriesPage);
const BlogsPage = preloadable(loadBlogsPage);
const EmailSignupPage = preloadable(loadEmailSignupPage);
const EmailAlertConfirmPage = preloadable(loadEmailAlertConfirmPage);
const EmailAlertManagePage = preloadable(loadEmailAlertManagePage);
const PreviewPage = preloadable(loadPreviewPage);
const SharedPreviewPage = preloadable(loadSharedPreviewPage);
const CmsRoute = preloadable(loadCmsRoute);

const pages = {
  home: { preload: () => Promise.resolve() },
  deals: DealsPage,
  deal: DealDetailPage,
  stores: StoresPage,
  categories: CategoriesPage,
  blogs: BlogsPage,
  signup: EmailSignupPage,
  emailConfirm: EmailAlertConfirmPage,
  emailManage: EmailAlertManagePage,
  preview: PreviewPage,
  sharedPreview: SharedPreviewPage,
  cms: CmsRoute,
};

/** The chunk of the page at this path (the first segment decides, but for shared preview links and the email-alert pages). */
export function pageFor(pathname: string): keyof typeof pages {
  const [, first = '', second] = pathname.split('/');
  if (first === 'preview' && second === 'shared') return 'sharedPreview';
  if (first === 'email-alerts' && second === 'confirm') return 'emailConfirm';
  if (first === 'email-alerts' && second === 'manage') return 'emailManage';
  const known: Record<string, keyof typeof pages> = {
    '': 'home',
    home: 'home',
    deals: 'deals',
    deal: 'deal',
    stores: 'stores',
    categories: 'categories',
    'blogs-and-reviews': 'blogs',
    'email-blast-signup': 'signup',
    preview: 'preview',
  };
  return known[first] ?? 'cms';
}

/**
 * All the code a server-rendered page at `pathname` shows (its page and the footer): the shell
 * awaits it before hydrating, so that hydration never suspends on a chunk.
 */
export function preloadPage(pathname: string): Promise<void> {
  return Promise.all([pages[pageFor(pathname)].preload(), preloadLayout()]).then(() => undefined);
}

// Start the landing page's chunk while the layout renders, not after it.
if (typeof window !== 'undefined') void pages[pageFor(window.location.pathname)].preload().catch(() => undefined);

/** The server's answers belong to the page it rendered: the first navigation reads afresh. */
function useForgetServerDataOnNavigation() {
  const location = useLocation();
  const first = useRef(location.key);
  useEffect(() => {
    if (location.key !== first.current) forgetPreloaded();
  }, [location.key]);
}

/** The visitor site. Rendered by the shell for every path that is not an admin path, and on the server. */
export default function App() {
  useForgetServerDataOnNavigation();
  return (
    <SiteLayout>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/deals" element={<DealsPage />} />
          <Route path="/deals/:featured/:featuredId" element={<DealsPage />} />
          <Route path="/deal/details/:id" element={<DealDetailPage />} />
          <Route path="/stores" element={<StoresPage />} />
          <Route path="/categories" element={<CategoriesPage />} />
          <Route path="/blogs-and-reviews" element={<BlogsPage />} />
          <Route path="/email-blast-signup" element={<EmailSignupPage />} />
          {/* The links in the deal-alert mails: a token in the query, never indexed. */}
          <Route path="/email-alerts/confirm" element={<EmailAlertConfirmPage />} />
          <Route path="/email-alerts/manage" element={<EmailAlertManagePage />} />
          <Route path="/preview" element={<PreviewPage />} />
          {/* A shareable preview link: no sign-in, expires, never indexed. */}
          <Route path="/preview/shared/:token" element={<SharedPreviewPage />} />
          {/* Every CMS page url, or Not Found. */}
          <Route path="*" element={<CmsRoute />} />
        </Routes>
      </Suspense>
      <EmailPopup />
    </SiteLayout>
  );
}
