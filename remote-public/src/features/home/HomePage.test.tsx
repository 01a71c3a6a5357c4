import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DealCard, SiteInfo } from '@deals/contract';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetBlogPosts } from '../../lib/blogPosts';
import { storeDealsPath } from '../../lib/links';
import { resetSiteInfo } from '../../lib/siteInfo';
import HomePage from './HomePage';

const deal = (id: number, name: string): DealCard => ({
  id,
  name,
  filePath: `deal-${id}.png`,
  badgeText: null,
  badgeColor: null,
  likes: 0,
  promoCode: null,
  dealExpiresIn: null,
  currentPrice: 10,
  previousPrice: 20,
  link: 'https://shop.example/x',
});

const info = (over: Partial<SiteInfo> = {}): Partial<SiteInfo> => ({
  companyName: 'Bargain Bay',
  stores: [
    { id: 3, name: 'Acme Outlet', imageFilePath: 'acme.png' },
    { id: 4, name: 'Best Gadgets', imageFilePath: null },
  ],
  categories: [],
  featuredSections: [
    { id: 11, name: 'Tech Steals', imageFilePath: 'tech.png', products: [deal(1, 'Noise Cancelling Headphones'), deal(2, 'USB-C Charger')] },
    { id: 12, name: 'Under $25', imageFilePath: null, products: [deal(3, 'Chef Knife')] },
    { id: 13, name: 'Empty Section', imageFilePath: 'empty.png', products: [] },
  ],
  appStoreLink: 'https://apps.apple.com/app/bargain-bay',
  googlePlayStoreLink: null,
  ...over,
});

const serve = (site: Partial<SiteInfo> | null) =>
  serveFakeFetch(({ path }) => {
    if (path === 'Home/GetCMSInfo') return site ? { status: 200, data: site } : { status: 500 };
    if (path === 'Home/GetBlogPosts') return { status: 200, data: [] };
    return { status: 404 };
  });

const renderHome = () =>
  render(
    <MemoryRouter initialEntries={['/home']}>
      <HomePage />
    </MemoryRouter>,
  );

beforeEach(() => {
  resetSiteInfo();
  resetBlogPosts();
});

describe('HomePage', () => {
  it('shows a carousel per featured section with deals, each with View All', async () => {
    serve(info());
    renderHome();
    const tech = await screen.findByRole('region', { name: 'Tech Steals' });
    expect(within(tech).getByRole('heading', { level: 2, name: 'Tech Steals' })).toBeInTheDocument();
    expect(within(tech).getByRole('link', { name: 'View All Tech Steals' })).toHaveAttribute('href', '/deals/tech-steals/11');
    expect(within(tech).getByRole('link', { name: 'Noise Cancelling Headphones' })).toHaveAttribute('href', '/deal/details/1');
    expect(within(tech).getByRole('link', { name: 'USB-C Charger' })).toBeInTheDocument();
    expect(within(tech).getByRole('region', { name: 'Tech Steals deals' })).toHaveAttribute('aria-roledescription', 'carousel');
    const cheap = screen.getByRole('region', { name: 'Under $25' });
    expect(within(cheap).getByRole('link', { name: 'View All Under $25' })).toHaveAttribute('href', '/deals/under-25/12');
    // A section without deals gets no carousel.
    expect(screen.queryByRole('heading', { name: 'Empty Section' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('rotates the featured sections that have an image in the banner, the first loaded eagerly', async () => {
    serve(info());
    renderHome();
    const banner = await screen.findByRole('region', { name: 'Featured deals' });
    const slides = within(banner).getAllByRole('link');
    expect(slides.map((link) => [link.textContent?.replace('›', '').trim(), link.getAttribute('href')])).toEqual([
      ['Tech Steals', '/deals/tech-steals/11'],
      ['Empty Section', '/deals/empty-section/13'],
    ]);
    const images = banner.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(within(banner).getAllByRole('button', { name: /Show slide/ })).toHaveLength(2);
  });

  it('links each store logo to its deals', async () => {
    serve(info());
    renderHome();
    const stores = await screen.findByRole('region', { name: 'Shop by Store' });
    expect(within(stores).getByRole('link', { name: 'Acme Outlet' })).toHaveAttribute('href', storeDealsPath(3));
    expect(within(stores).getByRole('link', { name: 'Best Gadgets' })).toHaveAttribute('href', storeDealsPath(4));
    expect(within(stores).getByRole('img', { name: 'Acme Outlet' })).toHaveAttribute('loading', 'lazy');
  });

  it('calls to action with the app badges that have a link', async () => {
    serve(info());
    renderHome();
    const cta = await screen.findByRole('region', { name: 'Work Hard. Shop Harder.' });
    expect(await within(cta).findByRole('link', { name: /App Store/ })).toHaveAttribute('href', 'https://apps.apple.com/app/bargain-bay');
    expect(within(cta).queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bargain Bay: deals and promo codes'));
  });

  it('shows placeholders while loading and stays up when site info fails', async () => {
    serve(null);
    const { container } = renderHome();
    expect(container.querySelector('.home-hero__skeleton')).not.toBeNull();
    expect(container.querySelectorAll('.home-skel--card').length).toBeGreaterThan(0);
    await waitFor(() => expect(container.querySelector('.home-skel--card')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Work Hard. Shop Harder.' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).not.toBeInTheDocument();
    expect(document.title).toBe('DealDrop: deals and promo codes');
  });
});
