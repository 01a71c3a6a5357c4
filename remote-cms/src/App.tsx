import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { AdminOnly } from '@deals/shared-auth/ui';

// One chunk per screen. Website management is for admins (the API answers 403 to others).
const MenuItemsPage = lazy(() => import('./features/menu-items/MenuItemsPage'));
const MenuItemFormPage = lazy(() => import('./features/menu-items/MenuItemFormPage'));
const FooterItemsPage = lazy(() => import('./features/footer-items/FooterItemsPage'));
const PagesPage = lazy(() => import('./features/pages/PagesPage'));
const PageFormPage = lazy(() => import('./features/pages/PageFormPage'));
const BlogsPage = lazy(() => import('./features/blogs/BlogsPage'));
const BlogFormPage = lazy(() => import('./features/blogs/BlogFormPage'));
const ContentSectionsPage = lazy(() => import('./features/content-sections/ContentSectionsPage'));
const ContentSectionFormPage = lazy(() => import('./features/content-sections/ContentSectionFormPage'));
const BannerFormPage = lazy(() => import('./features/banners/BannerFormPage'));
const SiteSettingsPage = lazy(() => import('./features/site-settings/SiteSettingsPage'));

const M = '/cms/management';

/** Website management: rendered by the shell inside its admin frame for /cms/management/… */
export default function App() {
  return (
    <AdminOnly what="the website">
      <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
        <Routes>
          <Route path={`${M}/menu-items`} element={<MenuItemsPage />} />
          <Route path={`${M}/menu-item`} element={<MenuItemFormPage />} />
          <Route path={`${M}/menu-item/edit/:menuItemId`} element={<MenuItemFormPage />} />
          <Route path={`${M}/footer-items`} element={<FooterItemsPage />} />
          <Route path={`${M}/pages`} element={<PagesPage />} />
          <Route path={`${M}/page`} element={<PageFormPage />} />
          <Route path={`${M}/page/edit/:pageId`} element={<PageFormPage />} />
          <Route path={`${M}/blogs`} element={<BlogsPage />} />
          <Route path={`${M}/blog`} element={<BlogFormPage />} />
          <Route path={`${M}/blog/edit/:blogId`} element={<BlogFormPage />} />
          <Route path={`${M}/content-sections`} element={<ContentSectionsPage />} />
          <Route path={`${M}/content-section`} element={<ContentSectionFormPage />} />
          <Route path={`${M}/content-section/edit/:contentSectionId`} element={<ContentSectionFormPage />} />
          <Route path={`${M}/content-section/pageId/:pageId`} element={<ContentSectionFormPage />} />
          <Route path={`${M}/content-section/blogId/:blogId`} element={<ContentSectionFormPage />} />
          <Route path={`${M}/banner`} element={<BannerFormPage />} />
          <Route path={`${M}/banner/edit/:bannerId`} element={<BannerFormPage />} />
          <Route path={`${M}/banner/pageId/:pageId`} element={<BannerFormPage />} />
          <Route path={`${M}/banner/blogId/:blogId`} element={<BannerFormPage />} />
          <Route path={`${M}/assets-and-resources`} element={<SiteSettingsPage />} />
          <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no website-management screen at this address." />} />
        </Routes>
      </Suspense>
    </AdminOnly>
  );
}
