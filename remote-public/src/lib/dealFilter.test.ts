import { EMPTY_FILTER, filterFromParams, filterFromRoute, filterToParams, isEmptyFilter, PRICE_TIER_LABELS, searchBody, SORT_LABELS, type DealListFilter } from './dealFilter';
// The test may read the contract's TypeBox module; the app must not (it is not a pure module).
import { PRICE_TIER_BOUNDS } from '@deals/contract/search';

const filter: DealListFilter = { searchTerm: ' air fryer ', sortBy: 'ASC_PRICE', priceRange: '$$', stores: [3, 1], productTypes: [7], featuredSections: [2] };

describe('the deal filter in the URL', () => {
  it('round-trips through the URL', () => {
    const params = filterToParams(filter);
    expect(params.toString()).toBe('q=air+fryer&sort=ASC_PRICE&price=%24%24&stores=3%2C1&categories=7&featured=2');
    expect(filterFromParams(params)).toEqual({ ...filter, searchTerm: 'air fryer' });
  });

  it('gives a plain list a plain URL', () => {
    expect(filterToParams(EMPTY_FILTER).toString()).toBe('');
    expect(isEmptyFilter(EMPTY_FILTER)).toBe(true);
    expect(isEmptyFilter({ ...EMPTY_FILTER, stores: [1] })).toBe(false);
  });

  it('drops what a hand-edited link got wrong', () => {
    const read = filterFromParams(new URLSearchParams('sort=CHEAPEST&price=$$$$$&stores=1,x,-2,1,4.5,9&categories=&featured=0'));
    expect(read).toEqual({ ...EMPTY_FILTER, stores: [1, 9] });
  });

  it('takes the featured section of /deals/:featured/:featuredId and keeps the other parameters', () => {
    const params = new URLSearchParams('stores=2&featured=8,9&sort=ASC_PRICE');
    expect(filterFromRoute(params, '3')).toEqual({ ...EMPTY_FILTER, stores: [2], sortBy: 'ASC_PRICE', featuredSections: [3] });
    expect(filterFromRoute(params, 'abc')).toEqual({ ...EMPTY_FILTER, stores: [2], sortBy: 'ASC_PRICE', featuredSections: [8, 9] });
    expect(filterFromRoute(params)).toEqual(filterFromParams(params));
  });
});

describe('searchBody', () => {
  it('sends stores as categories, empty parts as null, and the skip', () => {
    expect(searchBody(filter, 200)).toEqual({ searchTerm: 'air fryer', sortBy: 'ASC_PRICE', priceRange: '$$', categories: [3, 1], productTypes: [7], featuredSections: [2], skip: 200 });
    expect(searchBody(EMPTY_FILTER, 0)).toEqual({ searchTerm: null, sortBy: null, priceRange: null, categories: [], productTypes: [], featuredSections: [], skip: 0 });
  });
});

describe('the filter labels', () => {
  it('labels the five sort options, Most Popular and the price tiers with their ranges', () => {
    expect(Object.keys(SORT_LABELS)).toEqual(['', 'DESC_PRICE', 'ASC_PRICE', 'DESC_DISCOUNT', 'ASC_DISCOUNT', 'DESC_DATE', 'DESC_POPULARITY']);
    expect(SORT_LABELS.DESC_POPULARITY).toBe('Most Popular');
    expect(SORT_LABELS.DESC_PRICE).toBe('Price: High to Low');
    expect(PRICE_TIER_LABELS.$$).toBe('$$ · $25–$100');
  });

  it('words the price tiers with the bounds the API uses', () => {
    for (const [tier, { min, below }] of Object.entries(PRICE_TIER_BOUNDS)) {
      const label = PRICE_TIER_LABELS[tier as keyof typeof PRICE_TIER_BOUNDS];
      expect(label).toBe(min === null ? `${tier} · Under $${below}` : below === null ? `${tier} · $${min}+` : `${tier} · $${min}–$${below}`);
    }
  });
});
