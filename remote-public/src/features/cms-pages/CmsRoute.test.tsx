import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { DynamicPage } from '@deals/contract';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { aPage, aSection, sectionComponent } from '../../testing/contentFixtures';
import CmsRoute, { findPage, normalizeUrl } from './CmsRoute';

const PAGES = [
  { id: 7, url: '/about-us', title: 'About DealDrop', isBlog: false },
  { id: 9, url: '/blog/how-to-stack-promo-codes', title: 'How to Stack', isBlog: true },
];

function serve(answers: Record<string, { status: number; data?: unknown }>, pages = PAGES) {
  return serveFakeFetch((call) => (call.path === 'Home/GetCMSInfo' ? { status: 200, data: { companyName: 'Bargain Bay', pages } } : (answers[call.path] ?? { status: 404 })));
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<CmsRoute />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => resetSiteInfo());

describe('normalizeUrl / findPage', () => {
  it('compares case-insensitively and ignores a trailing slash', () => {
    expect(normalizeUrl('/About-Us/')).toBe('/about-us');
    expect(normalizeUrl('about-us')).toBe('/about-us');
    expect(normalizeUrl('/')).toBe('/');
    expect(findPage(PAGES, '/ABOUT-us/')?.id).toBe(7);
    expect(findPage(PAGES, '/about')).toBeUndefined();
  });
});

describe('CmsRoute', () => {
  it('finds a page by its url and renders it from Home/GetDynamicPage', async () => {
    const page = aPage({ pageContentSectionBanners: [sectionComponent(1, aSection({ title: 'A small team' }))] });
    const calls = serve({ 'Home/GetDynamicPage': { status: 200, data: page } });
    renderAt('/About-Us/');
    expect(await screen.findByRole('heading', { level: 1, name: 'About DealDrop' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'A small team' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path !== 'Home/GetCMSInfo')).toEqual([{ method: 'GET', path: 'Home/GetDynamicPage', query: { dynamicPageId: '7' }, body: null }]);
    expect(document.querySelector('.cms-page__banner')).toHaveStyle({ background: '#0b5345' });
    expect(screen.queryByText(/By:/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('About DealDrop | Bargain Bay'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Who we are.');
  });

  it('renders a blog from Home/GetDynamicBlog with its date and author', async () => {
    const blog: DynamicPage = aPage({ id: 9, isBlog: true, title: null, name: 'How to Stack Promo Codes', url: '/blog/how-to-stack-promo-codes', addedBy: 'Ann Editor', bannerColor: '' });
    const calls = serve({ 'Home/GetDynamicBlog': { status: 200, data: blog } });
    renderAt('/blog/how-to-stack-promo-codes');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to Stack Promo Codes' })).toBeInTheDocument();
    expect(screen.getByText('By: Ann Editor')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('Home/GetDynamic'))).toMatchObject({ path: 'Home/GetDynamicBlog', query: { dynamicPageId: '9' } });
    expect(document.querySelector('.cms-page__banner')).toHaveStyle({ background: '#ffffff' });
  });

  it('hides the banner when it is not visible', async () => {
    serve({ 'Home/GetDynamicPage': { status: 200, data: aPage({ isBannerVisible: false }) } });
    renderAt('/about-us');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.cms-page__banner')).toBeNull();
  });

  it('shows Not Found for an unknown url without loading a page', async () => {
    const calls = serve({});
    renderAt('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['Home/GetCMSInfo']);
  });

  it('shows Not Found when the page fails to load', async () => {
    serve({ 'Home/GetDynamicPage': { status: 404, data: { message: 'Page not found' } } });
    renderAt('/about-us');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
