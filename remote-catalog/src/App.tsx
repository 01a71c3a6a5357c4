import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Result, Spin } from 'antd';

// One chunk per screen: staff opening the deals list do not download the deal form's pickers.
const DealsPage = lazy(() => import('./features/deals/DealsPage'));
const DealFormPage = lazy(() => import('./features/deals/DealFormPage'));
const DealImportPage = lazy(() => import('./features/deals/import/DealImportPage'));
const StoresPage = lazy(() => import('./features/stores/StoresPage'));
const ProductCategoriesPage = lazy(() => import('./features/product-categories/ProductCategoriesPage'));
const FeaturedSectionsPage = lazy(() => import('./features/featured-sections/FeaturedSectionsPage'));
const FeaturedSectionFormPage = lazy(() => import('./features/featured-sections/FeaturedSectionFormPage'));
const NeedsAttentionPage = lazy(() => import('./features/needs-attention/NeedsAttentionPage'));
const CommissionsPage = lazy(() => import('./features/commissions/CommissionsPage'));
const FeedsPage = lazy(() => import('./features/feeds/FeedsPage'));
const FeedReviewPage = lazy(() => import('./features/feed-review/FeedReviewPage'));

const M = '/admin/management';

/** Catalog admin: rendered by the shell inside its admin frame for the catalog's paths. */
export default function App() {
  return (
    <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
      <Routes>
        <Route path={`${M}/product-deals`} element={<DealsPage />} />
        <Route path={`${M}/product-deal/create`} element={<DealFormPage />} />
        <Route path={`${M}/product-deal/import`} element={<DealImportPage />} />
        <Route path={`${M}/product-deal/edit/:productId`} element={<DealFormPage />} />
        <Route path={`${M}/needs-attention`} element={<NeedsAttentionPage />} />
        <Route path={`${M}/stores`} element={<StoresPage />} />
        <Route path={`${M}/product-categories`} element={<ProductCategoriesPage />} />
        <Route path={`${M}/featured-sections`} element={<FeaturedSectionsPage />} />
        <Route path={`${M}/featured-section`} element={<FeaturedSectionFormPage />} />
        <Route path={`${M}/featured-section/edit/:featuredSectionId`} element={<FeaturedSectionFormPage />} />
        <Route path={`${M}/commissions`} element={<CommissionsPage />} />
        <Route path={`${M}/feeds`} element={<FeedsPage />} />
        <Route path={`${M}/feed-review`} element={<FeedReviewPage />} />
        <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no catalog screen at this address." />} />
      </Routes>
    </Suspense>
  );
}
