import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { DealCard as DealCardData } from '@deals/contract';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { badgeColors } from './DealBadge';
import { DealCard } from './DealCard';

const HOUR = 3_600_000;
const deal = (over: Partial<DealCardData> = {}): DealCardData => ({
  id: 7,
  name: 'Noise Cancelling Headphones',
  filePath: 'abc.jpg',
  badgeText: 'Hot Deal',
  badgeColor: '#ffeb3b',
  likes: 3,
  promoCode: 'SAVE40',
  dealExpiresIn: new Date(Date.now() + 50 * HOUR + 30 * 60_000).toISOString(),
  currentPrice: 59.99,
  previousPrice: 99.99,
  link: 'https://shop.example/headphones',
  ...over,
});
const renderCard = (data: DealCardData) =>
  render(
    <MemoryRouter>
      <DealCard deal={data} />
    </MemoryRouter>,
  );

beforeEach(() => {
  resetSiteInfo();
  serveFakeFetch((call) =>
    call.path === 'Home/GetCMSInfo'
      ? { status: 200, data: { companyName: 'Bargain Bay', appStoreLink: 'https://apps.example/ios', googlePlayStoreLink: null } }
      : { status: 404 },
  );
});

describe('DealCard', () => {
  it('shows the name linking to the detail, prices, rounded discount, badge and countdown', () => {
    renderCard(deal());
    expect(screen.getByRole('link', { name: 'Noise Cancelling Headphones' })).toHaveAttribute('href', '/deal/details/7');
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.getByText('$99.99').tagName).toBe('S');
    expect(screen.getByText('40% off')).toBeInTheDocument();
    expect(screen.getByText('3 Days Left')).toBeInTheDocument();
    expect(screen.getByText('Hot Deal')).toHaveStyle({ background: '#ffeb3b', color: '#000000' });
    expect(screen.getByRole('img', { name: 'Noise Cancelling Headphones' })).toHaveAttribute('src', '/api/Attachments/abc.jpg?w=640');
  });

  it('shows Limited-Time Only without an expiry, nothing once expired, and no discount without a saving', () => {
    const { unmount } = renderCard(deal({ dealExpiresIn: null, badgeText: null }));
    expect(screen.getByText('Limited-Time Only')).toBeInTheDocument();
    expect(screen.queryByText('Hot Deal')).not.toBeInTheDocument();
    unmount();
    renderCard(deal({ dealExpiresIn: new Date(Date.now() - HOUR).toISOString(), currentPrice: 20, previousPrice: 20 }));
    expect(screen.queryByText(/Left|Expires|Limited-Time/)).not.toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(screen.getAllByText('$20.00')).toHaveLength(1);
  });

  it('copies the promo code and shows COPIED! for two seconds', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const write = jest.spyOn(navigator.clipboard, 'writeText');
      renderCard(deal());
      const button = screen.getByRole('button', { name: /PROMO CODE:\s*SAVE40/ });
      await user.click(button);
      expect(write).toHaveBeenCalledWith('SAVE40');
      expect(await within(button).findByText('COPIED!')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Promo code SAVE40 copied');
      act(() => jest.advanceTimersByTime(2100));
      expect(button).toHaveTextContent('PROMO CODE:SAVE40');
    } finally {
      jest.useRealTimers();
    }
  });

  it('falls back to execCommand where the Clipboard API is missing', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const exec = jest.fn(() => true);
    document.execCommand = exec;
    renderCard(deal());
    fireEvent.click(screen.getByRole('button', { name: /PROMO CODE:/ }));
    expect(await screen.findByText('COPIED!')).toBeInTheDocument();
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it('offers Get Deal Now! in a new tab when there is no code', () => {
    renderCard(deal({ promoCode: null }));
    expect(screen.getByText('No Code Needed')).toBeInTheDocument();
    const go = screen.getByRole('link', { name: 'Get Deal Now!' });
    // The click-out (302 to the deal's link), never the store link itself.
    expect(go).toHaveAttribute('href', '/out/7');
    expect(go).toHaveAttribute('target', '_blank');
    expect(go).toHaveAttribute('rel', 'noopener noreferrer nofollow sponsored');
    expect(screen.queryByRole('button', { name: /PROMO CODE/ })).not.toBeInTheDocument();
  });

  it('colours the like counter by its count', () => {
    const { unmount } = renderCard(deal({ likes: 3 }));
    expect(screen.getByRole('button', { name: /3 likes/ })).toHaveAttribute('data-state', 'liked');
    expect(screen.getByRole('button', { name: /3 likes/ })).toHaveClass('like--liked');
    unmount();
    renderCard(deal({ likes: 0 }));
    expect(screen.getByRole('button', { name: /0 likes/ })).toHaveAttribute('data-state', 'none');
  });

  it('opens the app prompt on like, with only the configured store badges, and Maybe Later closes it', async () => {
    const user = userEvent.setup();
    renderCard(deal());
    await user.click(screen.getByRole('button', { name: /like this deal/ }));
    const dialog = screen.getByRole('dialog', { name: /Like this Deal\?/i });
    expect(await within(dialog).findByRole('link', { name: /App Store/ })).toHaveAttribute('href', 'https://apps.example/ios');
    expect(within(dialog).queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Download the Bargain Bay app to like deals');
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/Like this Deal\?/i)).not.toBeInTheDocument();
  });
});

describe('badgeColors', () => {
  it('keeps the text readable on any badge colour', () => {
    expect(badgeColors(null)).toEqual({ background: '#000000', color: '#ffffff' });
    expect(badgeColors('#fff')).toEqual({ background: '#ffffff', color: '#000000' });
    // A mid-tone teal: only black text reaches 4.5:1 (white gives 4.34:1).
    expect(badgeColors('#0c8599')).toEqual({ background: '#0c8599', color: '#000000' });
    expect(badgeColors('#c62828cc')).toEqual({ background: '#c62828', color: '#ffffff' });
    expect(badgeColors('red')).toEqual({ background: '#000000', color: '#ffffff' });
  });

  it('sends every outbound link through /out/{id} with rel="nofollow sponsored" in a new tab', () => {
    const { container } = renderCard(deal({ promoCode: null }));
    const outbound = [...container.querySelectorAll('a')].filter((a) => !a.getAttribute('href')?.startsWith('/deal/details/'));
    expect(outbound.length).toBeGreaterThan(0);
    for (const link of outbound) {
      expect(link).toHaveAttribute('href', '/out/7');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'sponsored']));
    }
    expect(container.innerHTML).not.toContain('shop.example');
  });

  it('shows the Hot badge only for a deal the API marks hot', () => {
    const { unmount } = renderCard(deal({ hot: true }));
    expect(screen.getByText('Hot', { exact: true })).toHaveClass('deal-card__hot');
    unmount();
    renderCard(deal({ hot: false }));
    expect(screen.queryByText('Hot', { exact: true })).not.toBeInTheDocument();
  });
});
