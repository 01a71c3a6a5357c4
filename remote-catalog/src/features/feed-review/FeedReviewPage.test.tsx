import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { FEED_MESSAGES, type FeedOffer, type FeedOfferOutcome } from '@deals/contract';
import { MESSAGES } from '@deals/contract/messages';
import { DEAL_MESSAGES } from '@deals/contract/deal-rules';
import { clearSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import { formatDateTime } from '../../lib/format';
import { PRODUCT_TYPES, STORES } from '../../testing/deals';
import { FEEDS, OFFERS } from '../../testing/feeds';
import FeedReviewPage from './FeedReviewPage';

type Answer = { status: number; data?: unknown };

const outcome = (overrides: Partial<FeedOfferOutcome>): FeedOfferOutcome => ({ message: '', done: 0, linked: 0, productIds: [], skipped: [], ...overrides });
const idsOf = (config: InternalAxiosRequestConfig) => (JSON.parse(String(config.data ?? '{}')) as { ids: number[] }).ids;

/** The queue's API: GetOffers answers `offers` (the server filters and pages); the decisions answer their outcomes. */
function serveQueue({ offers = OFFERS, extra }: { offers?: FeedOffer[]; extra?: (config: InternalAxiosRequestConfig) => Answer | undefined } = {}) {
  return serveFakeApi((config) => {
    const own = extra?.(config);
    if (own) return own;
    if (config.url === 'Feeds/GetOffers') return { status: 200, data: { items: offers, total: offers.length, page: 1, pageSize: 100 } };
    if (config.url === 'Feeds/GetFeeds') return { status: 200, data: FEEDS };
    if (config.url === 'Category/GetAllCategories') return { status: 200, data: STORES };
    if (config.url === 'ProductType/GetAllProductTypes') return { status: 200, data: PRODUCT_TYPES };
    if (config.url === 'Feeds/AcceptOffers') {
      const ids = idsOf(config);
      return { status: 200, data: outcome({ message: FEED_MESSAGES.accepted(ids.length, 0), done: ids.length, productIds: ids.map((id) => id + 100) }) };
    }
    if (config.url === 'Feeds/RejectOffers') {
      const ids = idsOf(config);
      return { status: 200, data: outcome({ message: FEED_MESSAGES.rejected(ids.length), done: ids.length }) };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const callsTo = (calls: ReturnType<typeof serveQueue>, url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('the review queue', () => {
  it('opens on the pending offers, each with its image, store, code, dates, link, feed and duplicate', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<FeedReviewPage />);
    const headphones = await rowOf('20% off headphones');
    expect(callsTo(calls, 'Feeds/GetOffers')[0]?.params).toEqual({ status: 'PENDING', page: 1, pageSize: 100 });
    expect(within(headphones).getByRole('img', { name: '20% off headphones' })).toHaveAttribute('src', '/api/Attachments/offer-a100.webp');
    expect(headphones).toHaveTextContent('Amazon');
    expect(within(headphones).getByText('SAVE20')).toBeInTheDocument();
    expect(headphones).toHaveTextContent(formatDateTime('2026-07-31T22:00:00.000Z'));
    expect(headphones).toHaveTextContent(formatDateTime('2026-06-30T08:00:00.000Z'));
    const link = within(headphones).getByRole('link', { name: 'www.amazon.com (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://www.amazon.com/dp/B0001');
    expect(link).toHaveAttribute('target', '_blank');
    expect(headphones).toHaveTextContent('Awin vouchers');
    expect(within(headphones).queryByText(/Duplicate of/)).not.toBeInTheDocument();

    const bundle = await rowOf('Paperback bundle');
    expect(within(bundle).getByLabelText('No image')).toBeInTheDocument();
    expect(within(bundle).getByRole('link', { name: 'Duplicate of #55' })).toHaveAttribute('href', '/admin/management/product-deal/edit/55');
    // Admins filter by feed, from the feeds' list.
    await waitFor(() => expect(callsTo(calls, 'Feeds/GetFeeds')).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Feed' })).toBeInTheDocument();
  });

  it("hides the feed filter from staff, never asking for the feeds' settings", async () => {
    signInAs(7, { admin: false });
    const calls = serveQueue();
    renderScreen(<FeedReviewPage />);
    await rowOf('20% off headphones');
    expect(screen.queryByRole('combobox', { name: 'Feed' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'Feeds/GetFeeds')).toHaveLength(0);
  });

  it("takes a feed's link from the feeds screen: its pending offers", async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue();
    renderScreen(<FeedReviewPage />, { path: '/?status=PENDING&feedId=2' });
    await rowOf('20% off headphones');
    expect(callsTo(calls, 'Feeds/GetOffers')[0]?.params).toEqual({ status: 'PENDING', feedId: '2', page: 1, pageSize: 100 });
  });

  it('accepts the chosen offers after a confirmation, posting their ids, and lists the ones skipped', async () => {
    signInAs(1, { admin: true });
    const calls = serveQueue({
      extra: (config) =>
        config.url === 'Feeds/AcceptOffers' ? { status: 200, data: outcome({ message: FEED_MESSAGES.accepted(1, 0), done: 1, productIds: [101], skipped: [{ id: 2, message: FEED_MESSAGES.notPending }] }) } : undefined,
    });
    renderScreen(<FeedReviewPage />);
    await userEvent.click(within(await rowOf('20% off headphones')).getByRole('checkbox', { name: 'Choose 20% off headphones' }));
    await userEvent.click(within(await rowOf('Paperback bundle')).getByRole('checkbox', { name: 'Choose Paperback bundle' }));
    const bar = screen.getByLabelText('Bulk actions');
    expect(bar).toHaveTextContent('2 offers chosen');
    const loads = callsTo(calls, 'Feeds/GetOffers').length;
    await userEvent.click(within(bar).getByRole('button', { name: /Accept selected/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Offers' });
    expect(dialog).toHaveTextContent('Accept 2 offers?');
    expect(callsTo(calls, 'Feeds/AcceptOffers')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    const toast = await screen.findByText(FEED_MESSAGES.accepted(1, 0));
    expect(toast.closest('.ant-alert')).toHaveClass('ant-alert-warning');
    expect(callsTo(calls, 'Feeds/AcceptOffers')[0]).toMatchObject({ method: 'POST', body: { ids: [1, 2] } });
    expect(within(screen.getByRole('list', { name: 'Skipped offers' })).getByRole('listitem')).toHaveTextContent(`Paperback bundle: ${FEED_MESSAGES.notPending}`);
    await waitFor(() => expect(callsTo(calls, 'Feeds/GetOffers').length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByLabelText('Bulk actions')).not.toBeInTheDocument());
  });

  it('rejects one offer at once, and the chosen ones after a confirmation', async () => {
    signInAs(7, { admin: false });
    const calls = serveQueue();
    renderScreen(<FeedReviewPage />);
    await userEvent.click(within(await rowOf('Free shipping at Target')).getByRole('button', { name: 'Reject Free shipping at Target' }));
    const toast = await screen.findByText(FEED_MESSAGES.rejected(1));
    expect(toast.closest('.ant-alert')).toHaveClass('ant-alert-success');
    expect(callsTo(calls, 'Feeds/RejectOffers').map((call) => call.body)).toEqual([{ ids: [3] }]);

    await userEvent.click(within(await rowOf('20% off headphones')).getByRole('checkbox', { name: 'Choose 20% off headphones' }));
    await userEvent.click(within(await rowOf('Free shipping at Target')).getByRole('checkbox', { name: 'Choose Free shipping at Target' }));
    await userEvent.click(within(screen.getByLabelText('Bulk actions')).getByRole('button', { name: /Reject selected/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Offers' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(calls, 'Feeds/RejectOffers').map((call) => call.body)).toEqual([{ ids: [3] }, { ids: [1, 3] }]));
    expect(callsTo(calls, 'Feeds/AcceptOffers')).toHaveLength(0);
  });

  it('offers no decision on offers already decided', async () => {
    signInAs(1, { admin: true });
    serveQueue({ offers: [{ ...(OFFERS[0] as FeedOffer), status: 'LIVE', productId: 101 }] });
    renderScreen(<FeedReviewPage />, { path: '/?status=LIVE' });
    const row = await rowOf('20% off headphones');
    expect(within(row).getByRole('link', { name: '20% off headphones' })).toHaveAttribute('href', '/admin/management/product-deal/edit/101');
    expect(within(row).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('checkbox', { name: 'Choose 20% off headphones' })).toBeDisabled();
  });
});

describe('Edit then accept', () => {
  async function openEditor(name: string, extra?: (config: InternalAxiosRequestConfig) => Answer | undefined) {
    signInAs(7, { admin: false });
    const calls = serveQueue({ extra });
    renderScreen(<FeedReviewPage />);
    await userEvent.click(within(await rowOf(name)).getByRole('button', { name: `Edit then accept ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit then accept' });
    // The store's name shows once the stores arrive.
    await waitFor(() => expect(within(dialog).getByText('Amazon', { selector: '.ant-select-selection-item' })).toBeInTheDocument());
    return { calls, dialog };
  }

  it("sends the deal form's fields as edited, prefilled from the offer", async () => {
    const { calls, dialog } = await openEditor('20% off headphones', (config) =>
      config.url === 'Feeds/AcceptOffer' ? { status: 200, data: outcome({ message: FEED_MESSAGES.accepted(1, 0), done: 1, productIds: [101] }) } : undefined,
    );
    expect(within(dialog).getByLabelText('Product Name')).toHaveValue('20% off headphones');
    expect(within(dialog).getByLabelText('Link')).toHaveValue('https://www.amazon.com/dp/B0001');
    expect(within(dialog).getByLabelText('Promo Code')).toHaveValue('SAVE20');
    await userEvent.clear(within(dialog).getByLabelText('Product Name'));
    await userEvent.type(within(dialog).getByLabelText('Product Name'), 'Headphones: 20% off with SAVE20');
    await userEvent.type(within(dialog).getByLabelText('Badge Text'), 'Hot');
    const loads = callsTo(calls, 'Feeds/GetOffers').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(FEED_MESSAGES.accepted(1, 0))).toBeInTheDocument();
    expect(callsTo(calls, 'Feeds/AcceptOffer')[0]?.body).toEqual({
      id: 1,
      categoryId: 1,
      productTypeIds: [10],
      name: 'Headphones: 20% off with SAVE20',
      additionalInformation: null,
      isFeatured: false,
      currentPrice: 80,
      previousPrice: 100,
      promoCode: 'SAVE20',
      dealStartsIn: null,
      dealExpiresIn: '2026-07-31T22:00:00.000Z',
      link: 'https://www.amazon.com/dp/B0001',
      keywords: null,
      badgeText: 'Hot',
      badgeColor: '#000000',
      isActive: true,
      affiliateMode: 'STORE',
      affiliateLinkTemplate: null,
    });
    expect(callsTo(calls, 'Feeds/AcceptOffers')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit then accept' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(calls, 'Feeds/GetOffers').length).toBeGreaterThan(loads));
  });

  it("shows the server's field messages under the deal's fields and stays open", async () => {
    const { calls, dialog } = await openEditor('20% off headphones', (config) =>
      config.url === 'Feeds/AcceptOffer' ? { status: 400, data: { message: 'Please correct the highlighted fields', errors: { link: DEAL_MESSAGES.linkInvalid, promoCode: 'Promo Code is taken' } } } : undefined,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
    expect(callsTo(calls, 'Feeds/AcceptOffer')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Link').closest('.ant-form-item')).toHaveTextContent(DEAL_MESSAGES.linkInvalid);
    expect(within(dialog).getByLabelText('Promo Code').closest('.ant-form-item')).toHaveTextContent('Promo Code is taken');
    expect(screen.getByRole('dialog', { name: 'Edit then accept' })).toBeInTheDocument();
  });

  it('points out what the feed left out at once, holding the accept back until it is given', async () => {
    signInAs(7, { admin: false });
    const calls = serveQueue();
    renderScreen(<FeedReviewPage />);
    await userEvent.click(within(await rowOf('Free shipping at Target')).getByRole('button', { name: 'Edit then accept Free shipping at Target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit then accept' });
    expect(await within(dialog).findByText(MESSAGES.deal.productTypeRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Product Categories'));
    await userEvent.click((await screen.findAllByTitle('Books')).at(-1) as HTMLElement);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled());
    expect(callsTo(calls, 'Feeds/AcceptOffer')).toHaveLength(0);
  });
});
