export const FEED_REVIEW_PATH = '/admin/management/feed-review';

/** The queue showing one feed's offers waiting for review (the table reads its filters from the address). */
export const feedReviewPath = (feedId: number) => `${FEED_REVIEW_PATH}?${new URLSearchParams({ status: 'PENDING', feedId: String(feedId) }).toString()}`;

export const dealEditPath = (id: number) => `/admin/management/product-deal/edit/${id}`;
