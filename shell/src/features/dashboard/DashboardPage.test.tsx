import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { DashboardClickDay } from '@deals/contract';
import { clearSession, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { AntdRoot } from '../../lib/AntdRoot';
import DashboardPage from './DashboardPage';
import { dashboardEarnings, dashboardStats, earningsRow, emptyDashboardStats } from '../../testing/dashboardFixtures';

// The chart itself draws with recharts (its own lazily loaded chunk); here it lists what it was given.
jest.mock('./ClicksChart', () => ({
  __esModule: true,
  default: ({ days }: { days: DashboardClickDay[] }) => (
    <p data-testid="clicks-chart">
      {days.length} days from {days[0]?.day} to {days.at(-1)?.day}: {days.map((day) => day.clicks).join(',')}
    </p>
  ),
}));

// Likewise the earnings chart: it lists each currency's series as it was handed over.
jest.mock('./EarningsChart', () => ({
  __esModule: true,
  default: ({ days, perDay, currencies }: { days: string[]; perDay: { day: string; currency: string; commission: number }[]; currencies: string[] }) => (
    <p data-testid="earnings-chart">
      {days.length} days; {currencies.map((currency) => `${currency}: ${perDay.filter((entry) => entry.currency === currency).map((entry) => `${entry.day}=${entry.commission}`).join(',')}`).join('; ')}
    </p>
  ),
}));

const STAFF_ID = 2;
const signInAs = (admin: boolean) =>
  setSession({ id: admin ? 1 : STAFF_ID, username: admin ? 'admin' : 'staff' }, unsignedToken({ sub: String(admin ? 1 : STAFF_ID), IsAdmin: admin ? 'True' : 'False' }), 'r');

const renderPage = () =>
  render(
    <AntdRoot>
      <MemoryRouter initialEntries={['/admin/management/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </AntdRoot>,
  );

const linkParams = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '', 'http://x').searchParams;

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

describe('the dashboard', () => {
  it('keeps the two tiles on top', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats() }));
    renderPage();
    expect(screen.getByRole('link', { name: /Deals and Promo Codes.*Browse/ })).toHaveAttribute('href', '/admin/management/product-deals');
    expect(screen.getByRole('link', { name: /Create New Deal/ })).toHaveAttribute('href', '/admin/management/product-deal/create');
    await screen.findByRole('heading', { name: 'Your deals' });
  });

  it('says it is loading until the figures come', async () => {
    signInAs(false);
    const calls = serveFakeApi(() => ({ status: 200, data: dashboardStats() }));
    renderPage();
    expect(screen.getByText('Loading the figures…')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Your deals' });
    expect(screen.queryByText('Loading the figures…')).not.toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET Dashboard/GetStats']);
  });

  it("shows a staff member's own figures, the expiring link scoped to their deals", async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats() }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    expect(screen.getByText(/Figures of the deals you added/)).toBeInTheDocument();

    const live = screen.getByText('Live deals').closest('.ant-card') as HTMLElement;
    expect(live).toHaveTextContent('1,234');
    const expiring = screen.getByText('Expiring in the next 48 h').closest('.ant-card') as HTMLElement;
    expect(expiring).toHaveTextContent('3');
    const link = within(expiring).getByRole('link', { name: 'Show these deals' });
    expect(link.getAttribute('href')).toMatch(/^\/admin\/management\/product-deals\?/);
    expect(Object.fromEntries(linkParams(link))).toEqual({
      isActive: 'true',
      sort: 'dealExpiresIn.asc',
      expiresFrom: '2026-06-30T12:00:00.000Z',
      expiresTo: '2026-07-02T12:00:00.000Z',
      addedById: String(STAFF_ID),
    });
    expect(screen.getByText('Notifications sent (30 days)').closest('.ant-card')).toHaveTextContent('4');
    expect(screen.getByText('Devices reached (30 days)').closest('.ant-card')).toHaveTextContent(/1,432\s*of 1,500 targeted/);
  });

  it("shows an admin everyone's figures, the expiring link over all deals", async () => {
    signInAs(true);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ scope: 'all' }) }));
    renderPage();
    await screen.findByRole('heading', { name: 'All deals' });
    expect(screen.getByText(/every staff member's deals/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Show these deals' });
    expect(linkParams(link).has('addedById')).toBe(false);
    expect(linkParams(link).get('expiresFrom')).toBe('2026-06-30T12:00:00.000Z');
  });

  it('shows how many deals need attention, linking to the queue', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ needsAttention: 1234 }) }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    const tile = screen.getByText('Needs attention').closest('.ant-card') as HTMLElement;
    expect(tile).toHaveTextContent('1,234');
    expect(within(tile).getByRole('link', { name: 'Review these deals' })).toHaveAttribute('href', '/admin/management/needs-attention');
  });

  it('shows the email alert subscribers, with the pending ones and the instant / daily split', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ emailSubscribers: { confirmed: 1520, pending: 12, instant: 400, daily: 1120 } }) }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    const figure = screen.getByText('Email alert subscribers').closest('.ant-card') as HTMLElement;
    expect(figure).toHaveTextContent('1,520');
    expect(within(figure).getByText('400 instant / 1,120 daily')).toBeInTheDocument();
    expect(within(figure).getByText('12 waiting for confirmation')).toBeInTheDocument();
    // The sends console is for admins.
    expect(within(figure).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links the email figure to the email sends for admins', async () => {
    signInAs(true);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ scope: 'all' }) }));
    renderPage();
    await screen.findByRole('heading', { name: 'All deals' });
    const figure = screen.getByText('Email alert subscribers').closest('.ant-card') as HTMLElement;
    expect(within(figure).getByRole('link', { name: 'Open the email sends' })).toHaveAttribute('href', '/admin/push-notification/email-sends');
  });

  it('links to the queue even when nothing needs attention', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: emptyDashboardStats() }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    const tile = screen.getByText('Needs attention').closest('.ant-card') as HTMLElement;
    expect(within(tile).getByText('0')).toBeInTheDocument();
    expect(within(tile).getByRole('link', { name: 'Open the list' })).toHaveAttribute('href', '/admin/management/needs-attention');
  });

  it('draws the 30 days of clicks, and lists the Top deals (linking to their edit page) and stores', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats() }));
    renderPage();
    const chart = await screen.findByTestId('clicks-chart');
    expect(chart).toHaveTextContent(`30 days from 2026-06-01 to 2026-06-30: ${[...Array<number>(27).fill(0), 3, 0, 5].join(',')}`);
    expect(screen.getByText(/8 unique clicks in all/)).toBeInTheDocument();

    const deals = screen.getByRole('list', { name: 'Top deals by clicks' });
    const dealItems = within(deals).getAllByRole('listitem');
    expect(dealItems.map((item) => item.textContent)).toEqual(['1.Noise-cancelling headphonesSound Shop5 clicks', '2.20% off sneakersShoe Hub3 clicks']);
    expect(within(deals).getByRole('link', { name: 'Noise-cancelling headphones' })).toHaveAttribute('href', '/admin/management/product-deal/edit/41');
    const stores = screen.getByRole('list', { name: 'Top stores by clicks' });
    expect(within(stores).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Sound Shop5 clicks', '2.Shoe Hub3 clicks']);
  });

  it('says "No clicks yet" when there are none, without loading the chart', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: emptyDashboardStats() }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    expect(screen.getAllByText('No clicks yet')).toHaveLength(3);
    expect(screen.queryByTestId('clicks-chart')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the deals table' })).toBeInTheDocument();
  });

  it("shows the server's message when the figures cannot be loaded, and tries again", async () => {
    signInAs(false);
    let fail = true;
    serveFakeApi(() => (fail ? { status: 500, data: { message: 'Database unavailable' } } : { status: 200, data: dashboardStats() }));
    renderPage();
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Your deals' });
  });

  it('reloads the figures on Refresh', async () => {
    signInAs(false);
    let clicks = 5;
    const calls = serveFakeApi(() => ({ status: 200, data: dashboardStats({}, { '2026-06-30': clicks }) }));
    renderPage();
    expect(await screen.findByText(/5 unique clicks in all/)).toBeInTheDocument();
    clicks = 6;
    await userEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(screen.getByText(/6 unique clicks in all/)).toBeInTheDocument());
    expect(calls).toHaveLength(2);
  });

  it('shows the earnings per currency, each figure in its own currency and never summed across currencies', async () => {
    signInAs(true);
    const stats = dashboardStats({
      scope: 'all',
      earnings: dashboardEarnings({
        totals: [
          earningsRow({ key: 'all', currency: 'EUR', clicks: 40, conversions: 3, commission: 30, epc: 0.75, conversionRate: 7.5 }),
          earningsRow({ key: 'all', currency: 'USD', clicks: 40, conversions: 1, commission: 12.5, epc: 0.3125, conversionRate: 2.5 }),
        ],
        perDay: [
          { day: '2026-06-29', currency: 'EUR', commission: 30 },
          { day: '2026-06-29', currency: 'USD', commission: 12.5 },
        ],
        topDeals: [
          earningsRow({ key: '41', name: 'Noise-cancelling headphones', store: 'Sound Shop', currency: 'EUR', commission: 30, epc: 1.5 }),
          earningsRow({ key: '41', name: 'Noise-cancelling headphones', store: 'Sound Shop', currency: 'USD', commission: 12.5, epc: 0.625 }),
        ],
        topStores: [earningsRow({ key: '7', name: 'Sound Shop', currency: 'EUR', commission: 30, epc: 1.5 })],
      }),
    });
    serveFakeApi(() => ({ status: 200, data: stats }));
    renderPage();
    await screen.findByRole('heading', { name: 'All deals' });
    expect(screen.getByText('Earnings (last 30 days)')).toBeInTheDocument();

    const euro = screen.getByRole('region', { name: 'Earnings in EUR' });
    expect(within(euro).getByText('€30.00')).toBeInTheDocument();
    expect(within(euro).getByText('€0.75')).toBeInTheDocument();
    expect(within(euro).getByText('7.5%')).toBeInTheDocument();
    const dollar = screen.getByRole('region', { name: 'Earnings in USD' });
    expect(within(dollar).getByText('$12.50')).toBeInTheDocument();
    expect(within(dollar).getByText('$0.3125')).toBeInTheDocument();
    // 30 + 12.5 would be a meaningless figure: it appears nowhere.
    expect(screen.queryByText(/42\.5/)).not.toBeInTheDocument();

    expect(await screen.findByTestId('earnings-chart')).toHaveTextContent('30 days; EUR: 2026-06-29=30; USD: 2026-06-29=12.5');
    const deals = screen.getByRole('list', { name: 'Top deals by commission' });
    expect(within(deals).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Noise-cancelling headphonesSound Shop€30.00 EPC €1.50',
      '2.Noise-cancelling headphonesSound Shop$12.50 EPC $0.625',
    ]);
    expect(within(deals).getAllByRole('link', { name: 'Noise-cancelling headphones' })[0]).toHaveAttribute('href', '/admin/management/product-deal/edit/41');
    expect(within(screen.getByRole('list', { name: 'Top stores by commission' })).getByRole('listitem')).toHaveTextContent('Sound Shop€30.00 EPC €1.50');
  });

  it('says "No commissions in the last 30 days" when nothing was earned, without the chart', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: emptyDashboardStats() }));
    renderPage();
    await screen.findByRole('heading', { name: 'Your deals' });
    expect(screen.getByText('No commissions in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByTestId('earnings-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top deals by commission' })).not.toBeInTheDocument();
  });
  const FAILING = [
    { id: 4, name: 'CJ coupons', consecutiveFailures: 3, lastError: 'The feed could not be fetched: HTTP 500', lastRunAt: '2026-06-30T08:00:00.000Z' },
    { id: 9, name: 'Impact promos', consecutiveFailures: 2, lastError: null, lastRunAt: '2026-06-30T09:00:00.000Z' },
  ];

  it('lists the feeds failing, each with its failures in a row and last error, linking admins to the feeds', async () => {
    signInAs(true);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ scope: 'all', failingFeeds: FAILING }) }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Feeds failing' });
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'CJ coupons failed 3 times in a row: The feed could not be fetched: HTTP 500',
      'Impact promos failed 2 times in a row',
    ]);
    expect(within(card).getByRole('link', { name: 'CJ coupons' })).toHaveAttribute('href', '/admin/management/feeds');
    // Nothing waits for review: no figure for it.
    expect(screen.queryByRole('region', { name: 'Offers to review' })).not.toBeInTheDocument();
  });

  it('names the failing feeds to staff without linking to the admins-only screen', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ failingFeeds: FAILING }) }));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Feeds failing' });
    expect(card).toHaveTextContent('CJ coupons failed 3 times in a row');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows how many offers wait for review, linking to the queue, and no feed notice when all is well', async () => {
    signInAs(false);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ feedOffersPending: 1234 }) }));
    renderPage();
    const figure = await screen.findByRole('region', { name: 'Offers to review' });
    expect(within(figure).getByRole('link', { name: 'Offers to review: 1,234' })).toHaveAttribute('href', '/admin/management/feed-review');
    expect(screen.queryByRole('region', { name: 'Feeds failing' })).not.toBeInTheDocument();
  });

  it('shows nothing about feeds when none fails and no offer waits', async () => {
    signInAs(true);
    serveFakeApi(() => ({ status: 200, data: dashboardStats({ scope: 'all' }) }));
    renderPage();
    await screen.findByRole('heading', { name: 'All deals' });
    expect(screen.queryByRole('region', { name: 'Feeds failing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers to review' })).not.toBeInTheDocument();
  });
});
