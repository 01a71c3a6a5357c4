import { EMPTY_FILTER, filterToParams, type DealListFilter } from './dealFilter';

// Every link into the deals list and the deal pages, built in one place so the header, footer,
// home, stores and categories all agree with the list's URL form (./dealFilter.ts).

const listPath = (filter: Partial<DealListFilter>) => {
  const query = filterToParams({ ...EMPTY_FILTER, ...filter }).toString();
  return query ? `/deals?${query}` : '/deals';
};

export { dealPath, featuredDealsPath, slug } from '@deals/contract/visitor-urls';

export const storeDealsPath = (storeId: number) => listPath({ stores: [storeId] });
export const categoryDealsPath = (productTypeId: number) => listPath({ productTypes: [productTypeId] });
export const searchDealsPath = (term: string) => listPath({ searchTerm: term });

/**
 * Every outbound deal link goes through the API server's `/out/{dealId}`, which answers 302 to
 * the store and counts the click, so clicks feed the popularity sort and the dashboard (served on
 * the site's own origin, like `/api/`).
 */
export const clickOutPath = (dealId: number) => `/out/${dealId}`;
