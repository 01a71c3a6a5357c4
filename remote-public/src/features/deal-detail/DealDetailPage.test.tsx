import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { DealDetail } from '@deals/contract';
import { serveFakeFetch, type FakeFetchHandler, type FetchCall } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import DealDetailPage from './DealDetailPage';

const DEAL: DealDetail = {
  id: 7,
  name: 'Noise Cancelling Headphones',
  filePath: 'front.jpg',
  badgeText: 'Hot',
  badgeColor: '#c62828',
  likes: 0,
  promoCode: 'SAVE40',
  dealExpiresIn: null,
  currentPrice: 59.99,
  previousPrice: 99.99,
  link: 'https://shop.example/headphones',
  discount: 40,
  categoryId: 3,
  category: 'Best Buy',
  productType: 'Audio, Electronics',
  productTypes: [
    { productTypeId: 1, name: 'Audio' },
    { productTypeId: 2, name: 'Electronics' },
  ],
  additionalInformation: 'Up to 30 hours of battery.\nFolds flat.',
  dealStartsIn: null,
  dateTimeAdded: '2026-11-22T12:00:00.000Z',
  images: [
    { id: 1, filePath: 'front.jpg', isPreviewImage: true },
    { id: 2, filePath: 'side.jpg', isPreviewImage: false },
  ],
  // The detail answers null for what the deal does not have yet.
  successRate: null,
  feedbackCount: 0,
  lastWorkedAt: null,
  verifiedAt: null,
};

let calls: FetchCall[];
const thanked: FakeFetchHandler = () => ({ status: 200, data: { message: 'Thanks' } });
const serve = (emailAddress: string | null = 'help@bargain.test', { deal = DEAL, feedback = thanked }: { deal?: DealDetail; feedback?: FakeFetchHandler } = {}) => {
  calls = serveFakeFetch((call) => {
    if (call.path === 'Home/GetCMSInfo') return { status: 200, data: { companyName: 'Bargain Bay', emailAddress } };
    if (call.path === 'Product/GetProductDetailById' && call.query.productId === '7') return { status: 200, data: deal };
    if (call.path.startsWith('DealFeedback/')) return feedback(call);
    if (call.path === 'Home/GetDealAvailability' && call.query.productId === '8')
      return { status: 200, data: { id: 8, name: 'Old Kettle', categoryId: 3, category: 'Walmart', filePath: null, live: false } };
    if (call.path === 'Home/SearchProduct') return { status: 200, data: [{ ...DEAL, id: 9, name: 'Live Toaster' }, { ...DEAL, id: 8, name: 'Old Kettle' }] };
    if (call.path === 'EmailAlerts/Subscribe') return { status: 200, data: { message: 'Almost done: we sent you an email.' } };
    return { status: 404, data: { message: 'Deal not found' } };
  });
};
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/deal/details/:id" element={<DealDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  resetSiteInfo();
  window.localStorage.clear();
  serve();
});

describe('DealDetailPage', () => {
  it('loads the deal by id and shows its details', async () => {
    renderAt('/deal/details/7');
    expect(screen.getByRole('status')).toHaveTextContent('Loading deal');
    expect(await screen.findByRole('heading', { level: 1, name: DEAL.name })).toBeInTheDocument();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: 'Product/GetProductDetailById', query: { productId: '7' } }));
    expect(screen.getByRole('link', { name: 'Best Buy' })).toHaveAttribute('href', '/deals?stores=3');
    expect(screen.getByRole('list', { name: 'Product type' })).toHaveTextContent('AudioElectronics');
    expect(screen.getByText('Hot')).toBeInTheDocument();
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.getByText('$99.99')).toBeInTheDocument();
    expect(screen.getByText('Save 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /PROMO CODE:\s*SAVE40/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /0 likes/ })).toHaveAttribute('data-state', 'none');
    expect(screen.getByText('Deal Posted On')).toHaveTextContent('Deal Posted On Nov 22, 2026');
    // No answers, no verification yet: no trust line at all.
    expect(document.querySelector('.trust')).toBeNull();
    expect(screen.queryByText(/% success|Verified/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About this item' })).toBeInTheDocument();
    expect(screen.getByText(/Up to 30 hours/).textContent).toBe('Up to 30 hours of battery.\nFolds flat.');
    const go = screen.getByRole('link', { name: 'Go to Product Deal' });
    // Through the click-out, which redirects to DEAL.link and counts the click.
    expect(go).toHaveAttribute('href', `/out/${DEAL.id}`);
    expect(go).toHaveAttribute('target', '_blank');
    expect(go).toHaveAttribute('rel', 'noopener noreferrer nofollow sponsored');
    await waitFor(() => expect(document.title).toBe('Noise Cancelling Headphones | Bargain Bay'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('$59.99 at Best Buy (40% off)'));
  });

  it('switches the main image when a thumbnail is hovered, focused or clicked', async () => {
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    const main = await screen.findByRole('img', { name: DEAL.name });
    expect(main).toHaveAttribute('src', '/api/Attachments/front.jpg?w=640');
    expect(main).toHaveAttribute('loading', 'eager');
    await user.hover(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: DEAL.name })).toHaveAttribute('src', '/api/Attachments/side.jpg?w=640');
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 1 of 2' }));
    expect(screen.getByRole('img', { name: DEAL.name })).toHaveAttribute('src', '/api/Attachments/front.jpg?w=640');
  });

  it('opens Having Trouble? with a mail to the company naming the deal', async () => {
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: 'Report Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Having Trouble?' });
    const mail = await within(dialog).findByRole('link', { name: 'Send Email' });
    const href = mail.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:help@bargain.test?subject=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('subject=Issue with deal #7: Noise Cancelling Headphones');
    // The footer's Close (the header's × is named Close too).
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closes[closes.length - 1] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the success rate, the last "Yes" and Verified under the code', async () => {
    const now = Date.now();
    serve(undefined, { deal: { ...DEAL, successRate: 82, feedbackCount: 17, lastWorkedAt: new Date(now - 3 * 3_600_000 - 60_000).toISOString(), verifiedAt: new Date(now - 60_000).toISOString() } });
    renderAt('/deal/details/7');
    const rate = await screen.findByText('82% success', { exact: false });
    expect(rate.closest('.trust__rate')).toHaveTextContent(/^82% success · last worked 3 h ago$/);
    expect(rate.closest('.trust__rate')).toHaveAttribute('title', 'From 17 visitor answers in the last 30 days');
    // Verified a minute ago: today, unless the test runs in the first minute of a day.
    const verified = screen.getByRole('link', { name: /^Verified (today|yesterday)$/ });
    expect(verified).toHaveAttribute('href', '/how-we-verify-codes');
    expect(verified.getAttribute('title')).toMatch(/^Our team confirmed this code worked on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Read how we verify codes\.$/);
    expect(rate.closest('.trust')?.previousElementSibling).toHaveClass('deal-detail__promo');
  });

  it('asks "Did this code work?" once the code is copied and sends the answer for this deal', async () => {
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: /PROMO CODE:\s*SAVE40/ }));
    const prompt = await screen.findByRole('group', { name: 'Did this code work?' });
    await user.click(within(prompt).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'DealFeedback/Vote')).toEqual([expect.objectContaining({ method: 'POST', body: { productId: 7, worked: false } })]);
  });

  it('reports a deal in one click from Having Trouble?, keeping Send Email', async () => {
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: 'Report Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Having Trouble?' });
    const reasons = within(dialog).getByRole('group', { name: /What went wrong\?/ });
    expect(within(reasons).getAllByRole('button').map((button) => button.textContent)).toEqual(['Code did not work', 'Deal has expired', 'Wrong price', 'Link is broken']);
    await user.click(within(reasons).getByRole('button', { name: 'Wrong price' }));
    const thanks = await within(dialog).findByText('Thanks, our team will look at this deal');
    expect(thanks).toHaveAttribute('aria-live', 'polite');
    expect(calls.filter((call) => call.path === 'DealFeedback/Report')).toEqual([expect.objectContaining({ method: 'POST', body: { productId: 7, reason: 'WRONG_PRICE' } })]);
    // Reported once: the reasons give way to the thanks; the email stays for anything more to say.
    expect(within(dialog).queryByRole('button', { name: 'Link is broken' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', expect.stringMatching(/^mailto:help@bargain\.test\?subject=/));
  });

  it('says inline why a report was refused and lets the visitor pick again', async () => {
    let answer: { status: number; data?: unknown } = { status: 429, data: { message: 'Too many requests. Please slow down and try again shortly.' } };
    serve(undefined, { feedback: () => answer });
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: 'Report Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Having Trouble?' });
    await user.click(within(dialog).getByRole('button', { name: 'Code did not work' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Please slow down and try again shortly.');
    expect(within(dialog).queryByText('Thanks, our team will look at this deal')).not.toBeInTheDocument();

    answer = { status: 200, data: {} };
    await user.click(within(dialog).getByRole('button', { name: 'Link is broken' }));
    expect(await within(dialog).findByText('Thanks, our team will look at this deal')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'DealFeedback/Report').map((call) => call.body)).toEqual([
      { productId: 7, reason: 'CODE_FAILED' },
      { productId: 7, reason: 'LINK_BROKEN' },
    ]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers no Send Email when no company address is configured', async () => {
    serve(null);
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: 'Report Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Having Trouble?' });
    expect(await within(dialog).findByText(/contact email is not available/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Send Email' })).not.toBeInTheDocument();
  });

  it('is Not Found when no deal has the id', async () => {
    renderAt('/deal/details/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | Bargain Bay'));
  });

  it('says an expired deal has expired and offers the store\'s live deals instead', async () => {
    renderAt('/deal/details/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'This deal has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all Walmart deals' })).toHaveAttribute('href', '/deals?stores=3');
    expect(await screen.findByText('Live Toaster')).toBeInTheDocument();
    // The expired deal itself is not among the alternatives.
    expect(screen.queryAllByText('Old Kettle')).toHaveLength(1);
    expect(calls.find((call) => call.path === 'Home/SearchProduct')?.body).toMatchObject({ categories: [3], skip: 0 });
    await waitFor(() => expect(document.title).toBe('This deal has expired: Old Kettle | Bargain Bay'));
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('does not call the API for an id that is not a number', async () => {
    renderAt('/deal/details/abc');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === 'Product/GetProductDetailById')).toBe(false));
  });

  it("offers email alerts for the deal's store", async () => {
    const user = userEvent.setup();
    renderAt('/deal/details/7');
    await user.click(await screen.findByRole('button', { name: 'Email me new Best Buy deals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal alerts by email' });
    expect(within(dialog).getByRole('list', { name: 'Followed words and stores' })).toHaveTextContent('Best Buy store×');
    await user.type(within(dialog).getByLabelText('Email'), 'jane@example.com{Enter}');
    await within(dialog).findByRole('heading', { name: 'Check your inbox' });
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: 'EmailAlerts/Subscribe', body: { email: 'jane@example.com', words: [], storeIds: [3], frequency: 'INSTANT' } }),
    );
  });
});
