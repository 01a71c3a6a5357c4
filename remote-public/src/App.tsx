import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { SiteLayout } from './components/SiteLayout';
// The home page is the usual landing page: bundled with the app (preloaded with the HTML, see
// infra/api frontends.ts) rather than one more round trip after it.
import HomePage from './features/home/HomePage';
// Only the timer and its rules: the dialog loads when the popup opens. Mounted with the layout,
// so the 5 s count starts with the site, not after one more chunk.
import EmailPopup from './features/email-signup/EmailPopup';
import { PageLoading } from './components/PageLoading';
import './site.css';

// One chunk per route: a visitor downloads only the screen they open (issue 5 budget).
const pages = {
  home: () => Promise.resolve({ default: HomePage }),
  deals: () => import('./features/deals-list/DealsPage'),
  deal: () => import('./features/deal-detail/DealDetailPage'),
  stores: () => import('./features/directory/StoresPage'),
  categories: () => import('./features/directory/CategoriesPage'),
  blogs: () => import('./features/blogs/BlogsPage'),
  signup: () => import('./features/email-signup/EmailSignupPage'),
  preview: () => import('./features/cms-pages/PreviewPage'),
  cms: () => import('./features/cms-pages/CmsRoute'),
};

/** The chunk of the page at this path (the first segment decides). */
export function pageFor(pathname: string): keyof typeof pages {
  const first = pathname.split('/')[1] ?? '';
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

// Start the landing page's chunk while the layout renders, not after it.
if (typeof window !== 'undefined') void pages[pageFor(window.location.pathname)]().catch(() => undefined);

const DealsPage = lazy(pages.deals);
const DealDetailPage = lazy(pages.deal);
const StoresPage = lazy(pages.stores);
const CategoriesPage = lazy(pages.categories);
const BlogsPage = lazy(pages.blogs);
const EmailSignupPage = lazy(pages.signup);
const PreviewPage = lazy(pages.preview);
const CmsRoute = lazy(pages.cms);

/** The visitor site. Rendered by the shell for every path that is not an admin path. */
export default function App() {
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
          <Route path="/preview" element={<PreviewPage />} />
          {/* Every CMS page url, or Not Found. */}
          <Route path="*" element={<CmsRoute />} />
        </Routes>
      </Suspense>
      <EmailPopup />
    </SiteLayout>
  );
}
