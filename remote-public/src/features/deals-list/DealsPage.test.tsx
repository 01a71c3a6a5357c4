import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { DealCard } from '@deals/contract';
import { serveFakeFetch, type FetchCall } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import DealsPage, { LIST_FAILURE_TEXTS } from './DealsPage';

const info = {
  companyName: 'Bargain Bay',
  stores: [
    { id: 2, name: 'Amazon', imageFilePath: null },
    { id: 5, name: 'Best Buy', imageFilePath: null },
  ],
  categories: [{ id: 7, name: 'Kitchen', imageFilePath: null }],
  featuredSections: [{ id: 3, name: 'Summer Sale', imageFilePath: null, products: [] }],
  pages: [],
  menuItems: [],
  footerItems: [],
};

const deal = (id: number): DealCard => ({
  id,
  name: `Deal ${id}`,
  filePath: null,
  badgeText: null,
  badgeColor: null,
  likes: 0,
  promoCode: null,
  dealExpiresIn: null,
  currentPrice: 10,
  previousPrice: 20,
  link: 'https://example.com',
});
const deals = (from: number, count: number) => Array.from({ length: count }, (_, i) => deal(from + i));

type Body = { searchTerm: string | null; sortBy: string | null; priceRange: string | null; categories: number[]; productTypes: number[]; featuredSections: number[]; skip: number };

/** Fakes the API: site info, and `answer` for each search (by default one deal). */
function serve(answer: (body: Body) => DealCard[] | Promise<DealCard[]> = () => [deal(1)]) {
  const calls = serveFakeFetch(async (call) => {
    if (call.path === 'Home/GetCMSInfo') return { status: 200, data: info };
    if (call.path === 'Home/SearchProduct') return { status: 200, data: await answer(call.body as Body) };
    return { status: 404 };
  });
  return { calls, searches: () => calls.filter((c: FetchCall) => c.path === 'Home/SearchProduct').map((c) => c.body as Body) };
}

/** Where the app is, and the header's Enter (it navigates to `/deals?q=…`). */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate('/deals?q=headphones')}>
        Header search
      </button>
    </>
  );
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/deals" element={<DealsPage />} />
        <Route path="/deals/:featured/:featuredId" element={<DealsPage />} />
      </Routes>
      <Probe />
    </MemoryRouter>,
  );

const location = () => screen.getByTestId('location').textContent;
// Plain DOM queries: role queries over 137 cards are slow in jsdom.
const cards = () => document.querySelectorAll('article');
const empty = { searchTerm: null, sortBy: null, priceRange: null, categories: [], productTypes: [], featuredSections: [], skip: 0 };

beforeEach(() => {
  resetSiteInfo();
  document.title = '';
});

describe('DealsPage', () => {
  it('shows Latest Deals with the first page and the filter choices from the site info', async () => {
    const { searches } = serve();
    renderAt('/deals');
    expect(screen.getByRole('heading', { level: 1, name: 'Latest Deals' })).toBeInTheDocument();
    // The first load shows card placeholders, never the empty state.
    expect(screen.queryByText('No Results Found')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.deals-skeleton')).toHaveLength(8);
    expect(await screen.findByRole('link', { name: 'Deal 1' })).toHaveAttribute('href', '/deal/details/1');
    expect(searches()).toEqual([empty]);
    expect(await screen.findByRole('checkbox', { name: 'Amazon' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Stores' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Summer Sale' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Any' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '$$$$ · $500+' })).toBeInTheDocument();
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sort).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Relevance / Newest',
      'Price: High to Low',
      'Price: Low to High',
      'Discount: High to Low',
      'Discount: Low to High',
      'Newest First',
      'Most Popular',
    ]);
    expect(screen.queryByRole('button', { name: 'Load More Items' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Latest Deals | Bargain Bay'));
  });

  it('sends the filter of a shared URL and shows it in the form', async () => {
    const { searches } = serve();
    renderAt('/deals?stores=2&sort=ASC_PRICE&price=%24%24');
    await screen.findByRole('link', { name: 'Deal 1' });
    expect(searches()).toEqual([{ ...empty, categories: [2], sortBy: 'ASC_PRICE', priceRange: '$$' }]);
    expect(await screen.findByRole('checkbox', { name: 'Amazon' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('ASC_PRICE');
    expect(screen.getByRole('radio', { name: '$$ · $25–$100' })).toBeChecked();
  });

  it('preselects the featured section of /deals/:featured/:featuredId and names the page after it', async () => {
    const { searches } = serve();
    renderAt('/deals/summer-sale/3?stores=5');
    await screen.findByRole('link', { name: 'Deal 1' });
    expect(searches()).toEqual([{ ...empty, featuredSections: [3], categories: [5] }]);
    expect(await screen.findByRole('checkbox', { name: 'Summer Sale' })).toBeChecked();
    // A section and a store together are a filtered view of /deals, not the section's landing page.
    await waitFor(() => expect(document.title).toBe('Latest Deals | Bargain Bay'));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  it('names a one-section list after the section: its landing page', async () => {
    serve();
    renderAt('/deals/summer-sale/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Sale deals and promo codes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Summer Sale deals and promo codes | Bargain Bay'));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/deals\/summer-sale\/3$/);
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('appends on Load More with skip = deals so far, offers more only after exactly 100, and replaces on Filter', async () => {
    const user = userEvent.setup();
    const { searches } = serve((body) => (body.categories.length ? [] : body.skip === 0 ? deals(1, 100) : deals(101, 37)));
    renderAt('/deals');
    const form = within(screen.getByRole('search', { name: 'Deal filters' }));
    await form.findByRole('checkbox', { name: 'Best Buy' });
    await user.click(await screen.findByText('Load More Items'));
    await waitFor(() => expect(cards()).toHaveLength(137));
    expect(searches()[1]).toEqual({ ...empty, skip: 100 });
    expect(cards()[136]).toHaveTextContent('Deal 137');
    expect(screen.queryByText('Load More Items')).not.toBeInTheDocument();

    await user.click(form.getByRole('checkbox', { name: 'Best Buy' }));
    expect(searches()).toHaveLength(2); // ticking alone does not search
    await user.click(form.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    expect(searches()[2]).toEqual({ ...empty, categories: [5], skip: 0 });
    expect(location()).toBe('/deals?stores=5');
  });

  it('keeps the results under a loading overlay while a new filter loads', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    serve((body) => (body.sortBy ? new Promise<DealCard[]>((resolve) => (release = () => resolve([deal(9)]))) : [deal(1)]));
    renderAt('/deals');
    await screen.findByRole('link', { name: 'Deal 1' });
    const results = screen.getByRole('region', { name: 'Deals' });
    expect(results).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'DESC_DISCOUNT');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(results).toHaveAttribute('aria-busy', 'true'));
    // The spoken status and the overlay's visible text.
    expect(screen.getAllByText('Loading…')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Deal 1' })).toBeInTheDocument();
    act(() => release());
    expect(await screen.findByRole('link', { name: 'Deal 9' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Deal 1' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('Clear All empties the form, the URL and the search', async () => {
    const user = userEvent.setup();
    const { searches } = serve();
    renderAt('/deals/summer-sale/3?q=tv&stores=2&sort=DESC_PRICE');
    await screen.findByRole('link', { name: 'Deal 1' });
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toEqual(empty);
    expect(location()).toBe('/deals');
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('');

    // On a plain list Clear All still reloads.
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(searches()).toHaveLength(3));
    expect(searches()[2]).toEqual(empty);
  });

  it('applies the typed search text after 1000 ms without typing', async () => {
    const user = userEvent.setup();
    const { searches } = serve();
    renderAt('/deals');
    await screen.findByRole('link', { name: 'Deal 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search deals' }), 'air fryer');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searches()).toHaveLength(1);
    await waitFor(() => expect(searches()).toHaveLength(2), { timeout: 1500 });
    expect(searches()[1]).toEqual({ ...empty, searchTerm: 'air fryer' });
    expect(location()).toBe('/deals?q=air+fryer');
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('air fryer');
  });

  it("follows the header's search while on the page", async () => {
    const user = userEvent.setup();
    const { searches } = serve();
    renderAt('/deals?stores=2');
    await screen.findByRole('link', { name: 'Deal 1' });
    await user.click(screen.getByRole('button', { name: 'Header search' }));
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1]).toEqual({ ...empty, searchTerm: 'headphones' });
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('headphones');
    expect(screen.getByRole('checkbox', { name: 'Amazon' })).not.toBeChecked();
  });

  it('lets a newer filter win over a slower older answer', async () => {
    const user = userEvent.setup();
    let releaseSlow: () => void = () => undefined;
    serve((body) => (body.skip === 0 && !body.sortBy ? new Promise<DealCard[]>((resolve) => (releaseSlow = () => resolve([deal(1)]))) : [deal(2)]));
    renderAt('/deals');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'ASC_PRICE');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('link', { name: 'Deal 2' })).toBeInTheDocument();
    act(() => releaseSlow());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Deal 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deal 2' })).toBeInTheDocument();
  });

  it('says the list could not load when the search fails (no toast, never No Results Found) and tries again', async () => {
    let failing = true;
    serveFakeFetch((call) => {
      if (call.path === 'Home/GetCMSInfo') return { status: 200, data: info };
      return failing ? { status: 500, data: { message: 'boom' } } : { status: 200, data: [deal(7)] };
    });
    const user = userEvent.setup();
    renderAt('/deals');
    expect(await screen.findByRole('alert')).toHaveTextContent(LIST_FAILURE_TEXTS.list);
    expect(screen.queryByText('No Results Found')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: LIST_FAILURE_TEXTS.retry }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the deals shown when Load More fails, and Try Again asks for the same page', async () => {
    let failing = false;
    const { searches } = serve((body) => {
      if (body.skip > 0 && failing) throw new Error('offline');
      return deals(body.skip + 1, body.skip ? 5 : 100);
    });
    const user = userEvent.setup();
    renderAt('/deals');
    await user.click(await screen.findByText('Load More Items'));
    await waitFor(() => expect(cards().length).toBe(105));
    // A fresh list whose next page fails.
    failing = true;
    await user.click(screen.getByRole('button', { name: 'Header search' }));
    await user.click(await screen.findByText('Load More Items'));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIST_FAILURE_TEXTS.more);
    expect(document.querySelectorAll('.deals-results ul.deals-grid > li')).toHaveLength(100);
    expect(screen.queryByText('Load More Items')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: LIST_FAILURE_TEXTS.retry }));
    await waitFor(() => expect(document.querySelectorAll('.deals-results ul.deals-grid > li')).toHaveLength(105));
    expect(searches().map((body) => body.skip)).toEqual([0, 100, 0, 100, 100]);
  });

  it('offers email alerts for what the list shows: its search and its stores', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/deals?q=Noise-Cancelling&stores=5');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Email me deals like these' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal alerts by email' });
    expect(within(dialog).getByRole('list', { name: 'Followed words and stores' })).toHaveTextContent('noise cancelling×Best Buy store×');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('words the email button plainly when the list is not filtered', async () => {
    serve();
    renderAt('/deals');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Get deals by email' })).toBeEnabled();
  });
});
