// What the deals-list feature offers the app: the `/deals` page, loaded on demand as a chunk of
// its own.
export const loadDealsPage = () => import('./DealsPage');
