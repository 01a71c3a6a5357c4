// What the deal-detail feature offers the app: the `/deal/details/:id` page (or the expired
// deal's page), loaded on demand as a chunk of its own.
export const loadDealDetailPage = () => import('./DealDetailPage');
