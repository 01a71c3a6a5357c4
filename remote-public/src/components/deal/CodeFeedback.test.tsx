import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { DealCard as DealCardData } from '@deals/contract';
import { serveFakeFetch, type FakeFetchHandler, type FetchCall } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { DealCard } from './DealCard';

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

let calls: FetchCall[];
const serve = (vote: FakeFetchHandler = () => ({ status: 200, data: { message: 'Thanks for letting us know' } })) => {
  calls = serveFakeFetch((call) => (call.path === 'DealFeedback/Vote' ? vote(call) : { status: 404 }));
};
const votes = () => calls.filter((call) => call.path === 'DealFeedback/Vote');
const renderCard = (data: DealCardData = deal()) =>
  render(
    <MemoryRouter>
      <DealCard deal={data} />
    </MemoryRouter>,
  );
const copy = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /PROMO CODE:/ }));
  return screen.findByRole('group', { name: 'Did this code work?' });
};

beforeEach(() => {
  resetSiteInfo();
  window.localStorage.clear();
  serve();
});

describe('Did this code work?', () => {
  it('is asked only once the code was copied', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(screen.queryByText('Did this code work?')).not.toBeInTheDocument();
    const prompt = await copy(user);
    expect(within(prompt).getByText('Did this code work?')).toBeVisible();
    expect(within(prompt).getByRole('button', { name: 'Yes' })).toBeEnabled();
    expect(within(prompt).getByRole('button', { name: 'No' })).toBeEnabled();
    // The copy itself is unchanged.
    expect(screen.getByText('COPIED!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Promo code SAVE40 copied');
  });

  it('sends Yes as worked: true and thanks in a live region', async () => {
    const user = userEvent.setup();
    renderCard();
    const prompt = await copy(user);
    await user.click(within(prompt).getByRole('button', { name: 'Yes' }));
    const thanks = await screen.findByText('Thanks for letting us know');
    expect(thanks).toHaveAttribute('aria-live', 'polite');
    expect(votes()).toEqual([expect.objectContaining({ method: 'POST', body: { productId: 7, worked: true } })]);
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Did this code work?')).not.toBeInTheDocument();
  });

  it('sends No as worked: false', async () => {
    const user = userEvent.setup();
    renderCard(deal({ id: 12 }));
    await user.click(within(await copy(user)).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(votes().map((call) => call.body)).toEqual([{ productId: 12, worked: false }]);
  });

  it('does not ask again the same day once answered, but asks for another deal', async () => {
    const user = userEvent.setup();
    const first = renderCard();
    await user.click(within(await copy(user)).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Thanks for letting us know');
    first.unmount();

    const again = renderCard();
    await user.click(screen.getByRole('button', { name: /PROMO CODE:/ }));
    expect(await screen.findByText('COPIED!')).toBeInTheDocument();
    expect(screen.queryByText('Did this code work?')).not.toBeInTheDocument();
    again.unmount();

    renderCard(deal({ id: 8 }));
    expect(await copy(user)).toBeInTheDocument();
  });

  it('asks again on another day', async () => {
    const yesterday = new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 10);
    window.localStorage.setItem('deal_feedback_voted', JSON.stringify({ day: yesterday, ids: [7] }));
    const user = userEvent.setup();
    renderCard();
    expect(await copy(user)).toBeInTheDocument();
  });

  it('says a refused answer in the API\'s words and lets the visitor try again', async () => {
    let refuse = true;
    serve(() => (refuse ? { status: 429, data: { message: 'Too many requests. Please slow down and try again shortly.' } } : { status: 200, data: {} }));
    const user = userEvent.setup();
    renderCard();
    const prompt = await copy(user);
    await user.click(within(prompt).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please slow down and try again shortly.');
    expect(screen.getByText('COPIED!')).toBeInTheDocument();
    expect(window.localStorage.getItem('deal_feedback_voted')).toBeNull();

    refuse = false;
    await user.click(within(prompt).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(votes()).toHaveLength(2);
  });

  it.each([
    ['the API fails', () => ({ status: 502 })],
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says a short error, not the status, when %s', async (_, vote: FakeFetchHandler) => {
    serve(vote);
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await copy(user)).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your answer could not be sent\. Please try again\.$/);
    expect(screen.getByRole('button', { name: 'No' })).toBeEnabled();
  });

  it('is not offered for a deal without a code', () => {
    renderCard(deal({ promoCode: null }));
    expect(screen.getByText('No Code Needed')).toBeInTheDocument();
    expect(screen.queryByText('Did this code work?')).not.toBeInTheDocument();
  });
});
