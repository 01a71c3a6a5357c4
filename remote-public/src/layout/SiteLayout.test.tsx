import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearSession, setSession } from '@deals/shared-auth';
import { unsignedToken } from '@deals/shared-auth/testing';
import type { SiteInfo } from '@deals/contract';
import { resetSiteInfo } from '../lib/siteInfo';
import { serveFakeFetch } from '../testing/fakeFetch';
import { EMPTY_SITE_INFO } from '../testing/siteInfoFixtures';
import { SiteLayout } from './SiteLayout';

const empty = EMPTY_SITE_INFO;

const child = (name: string, link: Partial<SiteInfo['menuItems'][number]>) => ({ name, pageUrl: null, customLink: null, openInNewTab: false, ...link });
const STORES = ['Amazon', 'Walmart', 'Target', 'Best Buy', 'eBay', 'Costco', 'Nike', 'Adidas'].map((name, i) => ({ id: i + 1, name, imageFilePath: `store-${i + 1}.png` }));
const SECTIONS = ['Summer Sale', 'Tech Picks', 'Home Finds', 'Top Toys', 'Last Chance'].map((name, i) => ({ id: 10 + i, name, imageFilePath: null, products: [] }));

const full: SiteInfo = {
  ...empty,
  companyName: 'Bargain Bay',
  emailAddress: 'hi@bargain.example',
  phoneNumber: '(415) 555-0134',
  city: 'Springfield',
  state: 'CA',
  primaryWeekDayHours: 'Mon–Fri 9–5',
  menuItems: [
    { ...child('Guides', {}), assignedMenuItems: [child('How It Works', { pageUrl: '/how-it-works' }), child('Partner', { customLink: 'https://partner.example', openInNewTab: true })] },
    { ...child('About', { pageUrl: '/about-us' }), assignedMenuItems: [] },
    { ...child('Blog', { customLink: '/blogs-and-reviews', openInNewTab: true }), assignedMenuItems: [] },
    { ...child('Help', { customLink: 'https://help.example' }), assignedMenuItems: [] },
    { ...child('Deals', { customLink: '/deals' }), assignedMenuItems: [] },
  ],
  stores: STORES,
  categories: [
    { id: 7, name: 'Electronics', imageFilePath: null },
    { id: 8, name: 'Kitchen', imageFilePath: null },
  ],
  featuredSections: SECTIONS,
  footerItems: [
    { label: 'About Us', to: '/about-us' },
    { label: 'Contact Us', to: 'mailto:hello@bargain.example' },
  ],
  appStoreLink: 'https://apps.example/bargain',
  googlePlayStoreLink: null,
  instagram: 'https://instagram.example/bargain',
  twitter: 'https://x.example/bargain',
  youtube: 'https://youtube.example/bargain',
};

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

const renderLayout = (info: SiteInfo | null) => {
  serveFakeFetch(({ path }) => (path === 'Home/GetCMSInfo' && info ? { status: 200, data: info } : { status: 500 }));
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <SiteLayout>
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </SiteLayout>
    </MemoryRouter>,
  );
};

const menu = () => screen.getByRole('navigation', { name: 'Main' });
const location = () => screen.getByTestId('location');

describe('SiteLayout', () => {
  beforeEach(() => {
    resetSiteInfo();
    clearSession();
  });

  it('starts with a skip link and holds the page in the main landmark', async () => {
    renderLayout(full);
    const [skip] = screen.getAllByRole('link');
    if (!skip) throw new Error('no link');
    expect(skip).toHaveTextContent('Skip to content');
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(within(screen.getByRole('main')).getByTestId('location')).toHaveTextContent('/home');
  });

  it('names the company from the CMS (text, or its logo), falling back to DealDrop', async () => {
    const { unmount } = renderLayout(full);
    expect(await screen.findByRole('link', { name: 'Bargain Bay' })).toHaveAttribute('href', '/home');
    unmount();

    resetSiteInfo();
    const second = renderLayout({ ...full, companyLogoPath: 'logo.png' });
    const logo = await screen.findByRole('img', { name: 'Bargain Bay' });
    expect(logo.closest('a')).toHaveAttribute('href', '/home');
    expect(logo.getAttribute('src')).toContain('/api/Attachments/logo.png?w=');
    second.unmount();

    resetSiteInfo();
    renderLayout(null);
    expect(await screen.findByText(/© \d{4} DealDrop\. All rights reserved\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DealDrop' })).toHaveAttribute('href', '/home');
  });

  it('lists the fixed entries, then the CMS items (page url, custom link, new tab), without repeating a fixed entry', async () => {
    renderLayout(full);
    await screen.findByRole('link', { name: 'About' });
    const links = within(menu()).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/home'],
      ['Deals', '/deals'],
      ['Stores', '/stores'],
      ['Categories', '/categories'],
      ['About', '/about-us'],
      ['Blog', '/blogs-and-reviews'],
      ['Help', 'https://help.example'],
      ['Login', '/login'],
    ]);
    expect(within(menu()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Blog' })).toHaveAttribute('target', '_blank');
    expect(within(menu()).getByRole('link', { name: 'Blog' })).toHaveAttribute('rel', 'noopener');
    expect(within(menu()).getByRole('link', { name: 'Help' })).not.toHaveAttribute('target');
  });

  it('opens a CMS item with sub-items as a dropdown: click, Escape, outside click', async () => {
    const user = userEvent.setup();
    renderLayout(full);
    const toggle = await screen.findByRole('button', { name: 'Guides' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works');
    const partner = screen.getByRole('link', { name: 'Partner' });
    expect(partner).toHaveAttribute('href', 'https://partner.example');
    expect(partner).toHaveAttribute('target', '_blank');
    expect(partner).toHaveAttribute('rel', 'noopener');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'How It Works' })).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(screen.getByRole('main'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'How It Works' }));
    expect(location()).toHaveTextContent('/how-it-works');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers Login to visitors and the Dashboard to a signed-in user, following the session live', async () => {
    renderLayout(full);
    expect(await within(menu()).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    act(() => setSession({ id: 1, username: 'ann' }, unsignedToken({ IsAdmin: 'False' }), 'r'));
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/management/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    act(() => clearSession());
    expect(within(menu()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('Stores submenu: 6 store tiles and every store name, each opening the deals of that store', async () => {
    const user = userEvent.setup();
    renderLayout(full);
    await screen.findByRole('link', { name: 'About' });
    await user.click(screen.getByRole('button', { name: 'Stores menu' }));
    const tiles = within(screen.getByRole('list', { name: 'Popular stores' })).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual(STORES.slice(0, 6).map((s) => [s.name, `/deals?stores=${s.id}`]));
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toContain('store-1.png');
    const names = within(screen.getByRole('list', { name: 'All stores' })).getAllByRole('link');
    expect(names.map((link) => link.getAttribute('href'))).toEqual(STORES.map((s) => `/deals?stores=${s.id}`));
    expect(names.at(-1)).toHaveTextContent('Adidas');

    await user.click(names.at(-1)!);
    expect(location()).toHaveTextContent('/deals?stores=8');
    expect(screen.queryByRole('list', { name: 'All stores' })).not.toBeInTheDocument();
    // The entry itself still opens the stores page.
    await user.click(within(menu()).getByRole('link', { name: 'Stores' }));
    expect(location()).toHaveTextContent('/stores');
  });

  it('Categories submenu: 4 featured section tiles and every product type', async () => {
    const user = userEvent.setup();
    renderLayout(full);
    await screen.findByRole('link', { name: 'About' });
    await user.click(screen.getByRole('button', { name: 'Categories menu' }));
    const tiles = within(screen.getByRole('list', { name: 'Featured' })).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['Summer Sale', '/deals/summer-sale/10'],
      ['Tech Picks', '/deals/tech-picks/11'],
      ['Home Finds', '/deals/home-finds/12'],
      ['Top Toys', '/deals/top-toys/13'],
    ]);
    const types = within(screen.getByRole('list', { name: 'All categories' })).getAllByRole('link');
    expect(types.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Electronics', '/deals?categories=7'],
      ['Kitchen', '/deals?categories=8'],
    ]);
  });

  it('shows two social links and the five static chips in the header', async () => {
    const { container } = renderLayout(full);
    const header = container.querySelector('header')!;
    const social = await within(header).findByRole('list', { name: 'Follow us' });
    expect(within(social).getAllByRole('link').map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Instagram', 'https://instagram.example/bargain'],
      ['Twitter', 'https://x.example/bargain'],
    ]);
    const chips = within(screen.getByRole('list', { name: 'Popular picks' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Trending', 'Under $25', 'Free Shipping', 'Top Rated', 'New Today']);
    for (const chip of chips) expect(chip.querySelector('a, button')).toBeNull();
  });

  it('opens and closes the phone drawer', async () => {
    const user = userEvent.setup();
    const { container } = renderLayout(full);
    const burger = screen.getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('header')).toHaveClass('hdr--open');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();

    await user.click(burger);
    await user.click(within(menu()).getByRole('link', { name: 'Deals' }));
    expect(location()).toHaveTextContent('/deals');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('footer: featured sections, footer items, email box, app badge, social icons, mailto, contact, copyright and credit', async () => {
    const { container } = renderLayout(full);
    const footer = container.querySelector('footer')!;
    const featured = await within(footer).findByRole('navigation', { name: 'Featured Deals' });
    expect(within(featured).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(SECTIONS.map((s, i) => `/deals/${s.name.toLowerCase().replace(' ', '-')}/${10 + i}`));
    const company = within(footer).getByRole('navigation', { name: 'Company' });
    expect(within(company).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(within(company).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', 'mailto:hello@bargain.example');

    const signup = within(footer).getByRole('region', { name: 'Get the best deals in your inbox' });
    expect(within(signup).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(signup).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', 'https://apps.example/bargain');
    expect(within(footer).queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();

    expect(within(within(footer).getByRole('list', { name: 'Follow us' })).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Instagram', 'Twitter', 'YouTube']);
    expect(within(footer).getByRole('link', { name: 'hi@bargain.example' })).toHaveAttribute('href', 'mailto:hi@bargain.example');
    expect(within(footer).getByRole('link', { name: '(415) 555-0134' })).toHaveAttribute('href', 'tel:4155550134');
    expect(within(footer).getByText('Mon–Fri 9–5')).toBeInTheDocument();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Bargain Bay. All rights reserved.`)).toBeInTheDocument();
    expect(within(footer).getByText('Developed by the DealDrop team')).toBeInTheDocument();
  });

  it('footer: Deal alerts by email opens the form in a dialog outside the footer', async () => {
    const { container } = renderLayout(full);
    const footer = container.querySelector('footer')!;
    const user = userEvent.setup();
    await user.click(await within(footer).findByRole('button', { name: 'Deal alerts by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal alerts by email' });
    // Outside the footer, whose light-on-dark rules would otherwise reach the dialog.
    expect(footer).not.toContainElement(dialog);
    expect(within(dialog).getByText('Nothing yet: add a word, a store or both.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('keeps the frame when the site info fails: fixed entries, chips, copyright', async () => {
    renderLayout(null);
    expect(await screen.findByText(/DealDrop\. All rights reserved\./)).toBeInTheDocument();
    expect(within(menu()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Deals', 'Stores', 'Categories', 'Login']);
    expect(screen.queryByRole('navigation', { name: 'Featured Deals' })).not.toBeInTheDocument();
  });
});
