import dayjs from 'dayjs';
import { FEED_OFFER_STATUSES, type FeedOffer, type FeedOfferStatus } from '@deals/contract';
import type { CsvColumn } from '@deals/shared-auth';
import type { ServerTableSpec } from '@deals/shared-auth/ui';
import type { DealFormValues } from '../deals';
import { formatDateTime } from '../../lib/format';

/** The queue's filters as GetOffers takes them; the sortable columns' keys are the API's own. */
export const OFFER_TABLE_SPEC: ServerTableSpec = { fields: { status: {}, feedId: {}, search: {} } };

/** The queue opens on what waits for a decision. */
export const DEFAULT_STATUS: FeedOfferStatus = 'PENDING';

export const OFFER_STATUS_LABELS: Record<FeedOfferStatus, string> = { PENDING: 'Pending', LIVE: 'Live', REJECTED: 'Rejected', EXPIRED: 'Expired' };
export const OFFER_STATUS_COLORS: Record<FeedOfferStatus, string> = { PENDING: 'gold', LIVE: 'green', REJECTED: 'default', EXPIRED: 'default' };
export const STATUS_FILTER = Object.fromEntries(FEED_OFFER_STATUSES.map((status) => [status, { text: OFFER_STATUS_LABELS[status] }]));

export const offerCount = (count: number) => (count === 1 ? '1 offer' : `${count.toLocaleString('en-US')} offers`);

/** The host a link goes to: what tells a store's page from a network's redirect at a glance. */
export function linkHost(link: string): string {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
}

/** The offer's deal as the deal form edits it: what the feed gave, switched on. */
export function fromOffer(offer: FeedOffer, blank: DealFormValues): DealFormValues {
  return {
    ...blank,
    categoryId: offer.storeId,
    productTypeIds: offer.productTypeIds,
    name: offer.name,
    additionalInformation: offer.additionalInformation ?? '',
    link: offer.link,
    keywords: offer.keywords ?? '',
    currentPrice: offer.currentPrice,
    previousPrice: offer.previousPrice,
    promoCode: offer.promoCode ?? '',
    dealStartsIn: offer.dealStartsIn ? dayjs(offer.dealStartsIn) : null,
    dealExpiresIn: offer.dealExpiresIn ? dayjs(offer.dealExpiresIn) : null,
    badgeText: offer.badgeText ?? '',
    badgeColor: offer.badgeColor,
    isActive: true,
    isFeatured: offer.isFeatured,
  };
}

export const OFFER_CSV: readonly CsvColumn<FeedOffer>[] = [
  { title: 'Offer ID', value: (offer) => offer.offerId },
  { title: 'Status', value: (offer) => OFFER_STATUS_LABELS[offer.status] },
  { title: 'Product Name', value: (offer) => offer.name },
  { title: 'Store', value: (offer) => offer.store },
  { title: 'Promo Code', value: (offer) => offer.promoCode },
  { title: 'Starts On', value: (offer) => formatDateTime(offer.dealStartsIn) },
  { title: 'Expires In', value: (offer) => formatDateTime(offer.dealExpiresIn) },
  { title: 'Link', value: (offer) => offer.link },
  { title: 'Feed', value: (offer) => offer.feedName },
  { title: 'Duplicate Of', value: (offer) => offer.duplicateOfId },
  { title: 'First Seen', value: (offer) => formatDateTime(offer.firstSeenAt) },
];
