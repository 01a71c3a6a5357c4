import { api } from '@deals/shared-auth/client';
import { TABLE_MAX_PAGE_SIZE, type AcceptFeedOfferBody, type Feed, type FeedOffer, type FeedOfferOutcome, type TablePage } from '@deals/contract';

/** One page of the review queue: the table's status, feed and search filters, sort and page. */
export async function fetchOffersPage(query: Record<string, unknown>): Promise<TablePage<FeedOffer>> {
  const { data } = await api.get<TablePage<FeedOffer>>('Feeds/GetOffers', { params: query });
  return data;
}

/** The feed filter's choices (admins only: the API refuses staff the feeds' settings). */
export async function fetchFeedOptions(): Promise<{ label: string; value: string }[]> {
  const { data } = await api.get<Feed[]>('Feeds/GetFeeds');
  // Text values: the filter read back from the address is text too.
  return data.map((feed) => ({ label: feed.name, value: String(feed.id) }));
}

export async function acceptOffers(ids: readonly number[]): Promise<FeedOfferOutcome> {
  const { data } = await api.post<FeedOfferOutcome>('Feeds/AcceptOffers', { ids });
  return data;
}

export async function rejectOffers(ids: readonly number[]): Promise<FeedOfferOutcome> {
  const { data } = await api.post<FeedOfferOutcome>('Feeds/RejectOffers', { ids });
  return data;
}

/** Edit then accept: the offer's deal as the person changed it. */
export async function acceptOffer(body: AcceptFeedOfferBody): Promise<FeedOfferOutcome> {
  const { data } = await api.post<FeedOfferOutcome>('Feeds/AcceptOffer', body);
  return data;
}

/** Every offer matching the filters, for Download CSV: the API has no export of the queue, so its largest pages are read in turn. */
export async function fetchAllOffers(query: Record<string, unknown>): Promise<FeedOffer[]> {
  const offers: FeedOffer[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchOffersPage({ ...query, page, pageSize: TABLE_MAX_PAGE_SIZE });
    offers.push(...answer.items);
    // An empty page ends it too: offers leaving the queue while it is read must not loop forever.
    if (offers.length >= answer.total || answer.items.length === 0) return offers;
  }
}
