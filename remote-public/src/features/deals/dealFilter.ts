import { PRICE_TIERS, SORT_OPTIONS, type PriceTier, type SortOption } from '@deals/api/contract/enums';

// The public deals list's filter (spec 000 §2 "Deals list", §3 "Deal filter", §4): kept in the
// URL so a filtered list can be shared and reloaded, sent to `Home/SearchProduct` 100 at a time.

export const PAGE_SIZE = 100;

export interface DealListFilter {
  searchTerm: string;
  sortBy: SortOption | '';
  priceRange: PriceTier | '';
  stores: number[];
  productTypes: number[];
  featuredSections: number[];
}

export const EMPTY_FILTER: DealListFilter = { searchTerm: '', sortBy: '', priceRange: '', stores: [], productTypes: [], featuredSections: [] };

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

export interface DealListState<Deal> {
  deals: Deal[];
  /** What the next Load More sends: the number of deals received so far. */
  skip: number;
  /** More are assumed only when the last page came back full (exactly 100). */
  hasMore: boolean;
  loading: boolean;
}

export type DealListAction<Deal> =
  | { type: 'load'; append: boolean }
  | { type: 'loaded'; deals: Deal[]; append: boolean }
  | { type: 'failed' };

export function initialListState<Deal>(): DealListState<Deal> {
  return { deals: [], skip: 0, hasMore: false, loading: true };
}

/** Filter replaces the list, Load More appends; `skip` grows by what each page returned (§4). */
export function dealListReducer<Deal>(state: DealListState<Deal>, action: DealListAction<Deal>): DealListState<Deal> {
  switch (action.type) {
    case 'load':
      return action.append ? { ...state, loading: true } : { deals: [], skip: 0, hasMore: false, loading: true };
    case 'loaded': {
      const deals = action.append ? [...state.deals, ...action.deals] : action.deals;
      return { deals, skip: (action.append ? state.skip : 0) + action.deals.length, hasMore: action.deals.length === PAGE_SIZE, loading: false };
    }
    case 'failed':
      return { ...state, loading: false };
  }
}
