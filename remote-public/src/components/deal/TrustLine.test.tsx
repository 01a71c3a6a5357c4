import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { DealCard as DealCardData } from '@deals/contract';
import type { SsrRenderInput } from '@deals/contract/ssr';
import { DATA_ELEMENT_ID, resetPreloaded } from '../../lib/ssr/preloaded';
import { RenderContext, RenderRecorder } from '../../lib/ssr/renderContext';
import { DealCard } from './DealCard';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Mid-afternoon in the zone the tests run in, so "today" and "yesterday" are not a minute from midnight.
const NOW = new Date(2026, 10, 5, 15, 30).getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const deal = (over: Partial<DealCardData> = {}): DealCardData => ({
  id: 7,
  name: 'Noise Cancelling Headphones',
  filePath: null,
  badgeText: null,
  badgeColor: null,
  likes: 0,
  promoCode: 'SAVE40',
  dealExpiresIn: null,
  currentPrice: 59.99,
  previousPrice: 99.99,
  link: 'https://shop.example/headphones',
  ...over,
});
const trusted = (over: Partial<DealCardData> = {}) => deal({ successRate: 82, feedbackCount: 11, lastWorkedAt: ago(3 * HOUR + 20 * MINUTE), verifiedAt: ago(2 * HOUR), ...over });
const renderCard = (data: DealCardData) =>
  render(
    <MemoryRouter>
      <DealCard deal={data} />
    </MemoryRouter>,
  );

let now = NOW;
beforeEach(() => {
  now = NOW;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('the trust line of a deal card', () => {
  it('shows the success rate with the last "Yes", and Verified today linking to how codes are verified', () => {
    const { container } = renderCard(trusted());
    const line = container.querySelector('.trust');
    expect(line).toHaveTextContent('Verified today');
    expect(screen.getByText('82% success', { exact: false }).closest('.trust__rate')).toHaveTextContent(/^82% success · last worked 3 h ago$/);
    const verified = screen.getByRole('link', { name: 'Verified today' });
    expect(verified).toHaveAttribute('href', '/how-we-verify-codes');
    expect(verified).toHaveAttribute('title', expect.stringMatching(/^Our team confirmed this code worked on Nov 5, 2026\. Read how we verify codes\.$/));
    expect(within(verified).getByText('today').tagName).toBe('TIME');
    // The trust line sits right above the code it speaks of.
    expect(line?.nextElementSibling).toHaveClass('deal-card__promo');
  });

  it.each([
    [30_000, 'just now'],
    [12 * MINUTE, '12 min ago'],
    [23 * HOUR, '23 h ago'],
    [4 * 24 * HOUR + HOUR, '4 days ago'],
  ])('reads a last "Yes" %i ms ago as "%s"', (elapsed, text) => {
    const { container } = renderCard(trusted({ lastWorkedAt: ago(elapsed), verifiedAt: undefined }));
    expect(container.querySelector('.trust')).toHaveTextContent(new RegExp(`^82% success · last worked ${text}$`));
  });

  it('shows the rate alone without a last "Yes"', () => {
    const { container } = renderCard(trusted({ successRate: 40, lastWorkedAt: null, verifiedAt: null }));
    expect(container.querySelector('.trust')).toHaveTextContent(/^40% success$/);
    expect(screen.queryByText(/last worked/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Verified/ })).not.toBeInTheDocument();
  });

  it('names the verified day yesterday, then by its date', () => {
    const yesterday = new Date(2026, 10, 4, 9, 0).toISOString();
    const { unmount } = renderCard(deal({ verifiedAt: yesterday }));
    expect(screen.getByRole('link', { name: 'Verified yesterday' })).toHaveAttribute('href', '/how-we-verify-codes');
    expect(screen.queryByText(/success/)).not.toBeInTheDocument();
    unmount();
    renderCard(deal({ verifiedAt: new Date(2026, 10, 3, 18, 0).toISOString(), promoCode: null }));
    const verified = screen.getByRole('link', { name: 'Verified Nov 3, 2026' });
    expect(verified).toHaveAttribute('title', 'Our team confirmed this deal worked on Nov 3, 2026. Read how we verify codes.');
  });

  it('is absent for a deal without trust fields', () => {
    const { container } = renderCard(deal());
    expect(container.querySelector('.trust')).toBeNull();
    expect(screen.queryByText(/success|Verified/)).not.toBeInTheDocument();
    const { container: nulls } = renderCard(deal({ successRate: null, lastWorkedAt: null, verifiedAt: null, feedbackCount: 3 }));
    expect(nulls.querySelector('.trust')).toBeNull();
  });
});

describe('the trust line rendered on the server', () => {
  // A deal whose texts all change within the two hours between the server's render and the visit.
  const card = trusted({ verifiedAt: new Date(2026, 10, 4, 23, 0).toISOString(), dealExpiresIn: new Date(NOW + 24 * HOUR + 30 * MINUTE).toISOString() });
  const tree = () => (
    <MemoryRouter>
      <DealCard deal={card} />
    </MemoryRouter>
  );
  let container: HTMLElement;
  let root: Root | undefined;

  /** The server bundle's render: the render's own clock, in UTC. */
  function serverRender(): { html: string; renderedAt: number } {
    const input = { url: '/deals', config: { apiBase: '/api', publicUrl: 'https://deals.test' }, api: async () => ({ status: 404, body: null }) } as unknown as SsrRenderInput;
    const recorder = new RenderRecorder(input);
    return { html: renderToString(<RenderContext value={recorder}>{tree()}</RenderContext>), renderedAt: recorder.renderedAt };
  }

  /** Hydrates the markup as the browser does; answers the recoverable errors (hydration mismatches). */
  async function hydrate(html: string, renderedAt: number | undefined) {
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    if (renderedAt !== undefined) {
      const data = document.createElement('script');
      data.type = 'application/json';
      data.id = DATA_ELEMENT_ID;
      data.textContent = JSON.stringify({ url: '/deals', answers: {}, renderedAt });
      document.body.append(data);
    }
    resetPreloaded();
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, tree(), { onRecoverableError: (error) => errors.push(error) });
    });
    return errors;
  }

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    resetPreloaded();
  });

  it('is in the server markup', () => {
    const { html } = serverRender();
    const markup = document.createElement('div');
    markup.innerHTML = html;
    expect(markup.querySelector('.trust__rate')?.textContent).toBe('82% success · last worked 3 h ago');
    const verified = markup.querySelector('a.trust__verified');
    expect(verified).toHaveAttribute('href', '/how-we-verify-codes');
    expect(verified).toHaveAttribute('title', expect.stringMatching(/^Our team confirmed this code worked on Nov [45], 2026\./));
    // UTC on the server: 23:00 here on the 4th is the 4th or the 5th there, whatever the zone here.
    expect(verified).toHaveTextContent(/^Verified (today|yesterday)$/);
  });

  it('hydrates as the server rendered it, then shows the visit\'s time', async () => {
    const { html, renderedAt } = serverRender();
    now = NOW + 2 * HOUR;
    expect(await hydrate(html, renderedAt)).toEqual([]);
    expect(container.querySelector('.trust__rate')).toHaveTextContent('82% success · last worked 5 h ago');
    expect(container.querySelector('.deal-card__time')).toHaveTextContent('Expires Soon');
    expect(within(container).getByRole('link', { name: 'Verified yesterday' })).toBeInTheDocument();
  });

  it('would not match without the render time sent with the page', async () => {
    const { html } = serverRender();
    now = NOW + 2 * HOUR;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await hydrate(html, undefined)).length).toBeGreaterThan(0);
  });
});
