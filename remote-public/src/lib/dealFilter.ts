import { PRICE_TIERS, SORT_OPTIONS, type PriceTier, type SortOption } from '@deals/contract/enums';
import { PAGE_SIZE as PAGE_SIZES } from '@deals/contract/limits';

// The public deals list's filter (spec 000 §2 "Deals list", §3 "Deal filter", §4): kept in the
// URL so a filtered list can be shared and reloaded, sent to `Home/SearchProduct` 100 at a time.

export const PAGE_SIZE = PAGE_SIZES.publicDeals;

export interface DealListFilter {
  searchTerm: string;
  sortBy: SortOption | '';
  priceRange: PriceTier | '';
  stores: number[];
  productTypes: number[];
  featuredSections: number[];
}

export const EMPTY_FILTER: DealListFilter = { searchTerm: '', sortBy: '', priceRange: '', stores: [], productTypes: [], featuredSections: [] };

/** The sort choices as the list offers them; '' is the API's default order. */
export const SORT_LABELS: Record<SortOption | '', string> = {
  '': 'Relevance / Newest',
  DESC_PRICE: 'Price: High to Low',
  ASC_PRICE: 'Price: Low to High',
  DESC_DISCOUNT: 'Discount: High to Low',
  ASC_DISCOUNT: 'Discount: Low to High',
  DESC_DATE: 'Newest First',
  DESC_POPULARITY: 'Most Popular',
};

/** The price tiers with their ranges (the bounds of `PRICE_TIER_BOUNDS` in the contract's search.ts, which is not a pure module). */
export const PRICE_TIER_LABELS: Record<PriceTier | '', string> = { '': 'Any', $: '$ · Under $25', $$: '$$ · $25–$100', $$$: '$$$ · $100–$500', $$$$: '$$$$ · $500+' };

/** URL parameter names: short, readable in a shared link. */
const PARAM = { searchTerm: 'q', sortBy: 'sort', priceRange: 'price', stores: 'stores', productTypes: 'categories', featuredSections: 'featured' } as const;

const ids = (value: string | null): number[] =>
  [...new Set((value ?? '').split(',').map((part) => Number(part.trim())))].filter((id) => Number.isInteger(id) && id > 0).slice(0, 100);

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | '' => (options.includes(value as T) ? (value as T) : '');

/** Reads a filter from the URL, dropping anything malformed (a hand-edited link never errors). */
export function filterFromParams(params: URLSearchParams): DealListFilter {
  return {
    searchTerm: (params.get(PARAM.searchTerm) ?? '').slice(0, 200),
    sortBy: oneOf(SORT_OPTIONS, params.get(PARAM.sortBy)),
    priceRange: oneOf(PRICE_TIERS, params.get(PARAM.priceRange)),
    stores: ids(params.get(PARAM.stores)),
    productTypes: ids(params.get(PARAM.productTypes)),
    featuredSections: ids(params.get(PARAM.featuredSections)),
  };
}

/** The filter of `/deals?…` or `/deals/:featured/:featuredId?…`: the path's section replaces the `featured` parameter. */
export function filterFromRoute(params: URLSearchParams, featuredId?: string): DealListFilter {
  const filter = filterFromParams(params);
  const section = ids(featuredId ?? null);
  return section.length ? { ...filter, featuredSections: section } : filter;
}

/** The URL form of a filter; empty parts are left out so a plain list has a plain URL. */
export function filterToParams(filter: DealListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.searchTerm.trim()) params.set(PARAM.searchTerm, filter.searchTerm.trim());
  if (filter.sortBy) params.set(PARAM.sortBy, filter.sortBy);
  if (filter.priceRange) params.set(PARAM.priceRange, filter.priceRange);
  if (filter.stores.length) params.set(PARAM.stores, filter.stores.join(','));
  if (filter.productTypes.length) params.set(PARAM.productTypes, filter.productTypes.join(','));
  if (filter.featuredSections.length) params.set(PARAM.featuredSections, filter.featuredSections.join(','));
  return params;
}

export function isEmptyFilter(filter: DealListFilter): boolean {
  return filterToParams(filter).toString() === '';
}

/** The body of `POST Home/SearchProduct` for the page that starts at `skip`. */
export function searchBody(filter: DealListFilter, skip: number) {
  return {
    searchTerm: filter.searchTerm.trim() || null,
    sortBy: filter.sortBy || null,
    priceRange: filter.priceRange || null,
    categories: filter.stores,
    productTypes: filter.productTypes,
    featuredSections: filter.featuredSections,
    skip,
  };
}
