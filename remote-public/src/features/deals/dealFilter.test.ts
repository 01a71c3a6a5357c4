import { batchCount, dealListReducer, DRAW_BATCH, EMPTY_FILTER, filterFromParams, filterFromRoute, filterToParams, initialListState, isEmptyFilter, PAGE_SIZE, PRICE_TIER_LABELS, searchBody, SORT_LABELS, type DealListFilter } from './dealFilter';
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

describe('the deals list', () => {
  type Row = { id: number };
  const page = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));
  const ids = (rows: Row[]) => rows.map((row) => row.id);
  const start = () => initialListState<Row>();

  it('appends on Load More, grows skip by what came back, and assumes more only after a full page', () => {
    let state = dealListReducer(start(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    expect(state).toMatchObject({ skip: 100, hasMore: true, loading: false, failed: null });
    state = dealListReducer(state, { type: 'load', append: true });
    expect(state).toMatchObject({ loading: true, skip: 100 });
    expect(state.deals).toHaveLength(100);
    state = dealListReducer(state, { type: 'loaded', deals: page(100, 37), append: true });
    expect(state).toMatchObject({ skip: 137, hasMore: false });
    expect(ids(state.deals.slice(98, 102))).toEqual([98, 99, 100, 101]);
  });

  it('lists every deal once when a page overlaps the last, and still skips by what came back', () => {
    let state = dealListReducer(start(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    state = dealListReducer(dealListReducer(state, { type: 'load', append: true }), { type: 'loaded', deals: page(98, PAGE_SIZE), append: true });
    expect(ids(state.deals)).toEqual(ids(page(0, 198)));
    expect(state).toMatchObject({ skip: 200, hasMore: true });
  });

  it('replaces the list when a filter is applied, keeping the old one visible while it loads', () => {
    let state = dealListReducer(start(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    state = dealListReducer(state, { type: 'load', append: false });
    expect(state).toMatchObject({ loading: true, hasMore: true });
    expect(state.deals).toHaveLength(100);
    state = dealListReducer(state, { type: 'loaded', deals: page(500, 3), append: false });
    expect(state).toEqual({ deals: page(500, 3), skip: 3, hasMore: false, loading: false, failed: null, drawn: 1 });
  });

  it('keeps what it has when Load More fails, empties the list when a new filter fails, and says which failed', () => {
    const full = dealListReducer(start(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    let state = dealListReducer(dealListReducer(full, { type: 'load', append: true }), { type: 'failed', append: true });
    expect(state).toMatchObject({ skip: 100, hasMore: true, loading: false, failed: 'more' });
    expect(state.deals).toHaveLength(100);
    // Trying again clears the failure while it loads.
    expect(dealListReducer(state, { type: 'load', append: true })).toMatchObject({ loading: true, failed: null });
    state = dealListReducer(dealListReducer(full, { type: 'load', append: false }), { type: 'failed', append: false });
    expect(state).toMatchObject({ deals: [], skip: 0, hasMore: false, loading: false, failed: 'list' });
  });

  it('draws one more batch at a time, and every batch above before Load More appends', () => {
    let state = dealListReducer(start(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    expect(batchCount(100)).toBe(Math.ceil(100 / DRAW_BATCH));
    expect(state.drawn).toBe(1);
    state = dealListReducer(state, { type: 'drawNext' });
    expect(state.drawn).toBe(2);
    state = dealListReducer(state, { type: 'load', append: true });
    expect(state.drawn).toBe(batchCount(100));
    state = dealListReducer(state, { type: 'loaded', deals: page(100, PAGE_SIZE), append: true });
    expect(state.drawn).toBe(batchCount(100));
    for (let i = 0; i < 50; i++) state = dealListReducer(state, { type: 'drawNext' });
    expect(state.drawn).toBe(batchCount(200));
  });

  it('labels the five sort options, Most Popular (issue 19) and the price tiers with their ranges', () => {
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
