import { dealListReducer, EMPTY_FILTER, filterFromParams, filterToParams, initialListState, isEmptyFilter, PAGE_SIZE, searchBody, type DealListFilter } from './dealFilter';

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
});

describe('searchBody', () => {
  it('sends stores as categories, empty parts as null, and the skip', () => {
    expect(searchBody(filter, 200)).toEqual({ searchTerm: 'air fryer', sortBy: 'ASC_PRICE', priceRange: '$$', categories: [3, 1], productTypes: [7], featuredSections: [2], skip: 200 });
    expect(searchBody(EMPTY_FILTER, 0)).toEqual({ searchTerm: null, sortBy: null, priceRange: null, categories: [], productTypes: [], featuredSections: [], skip: 0 });
  });
});

describe('the deals list', () => {
  const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('appends on Load More, grows skip by what came back, and assumes more only after a full page', () => {
    let state = dealListReducer(initialListState<number>(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    expect(state).toMatchObject({ skip: 100, hasMore: true, loading: false });
    state = dealListReducer(state, { type: 'load', append: true });
    expect(state.deals).toHaveLength(100);
    state = dealListReducer(state, { type: 'loaded', deals: page(100, 37), append: true });
    expect(state).toMatchObject({ skip: 137, hasMore: false });
    expect(state.deals.slice(98, 102)).toEqual([98, 99, 100, 101]);
  });

  it('replaces the list when a filter is applied', () => {
    let state = dealListReducer(initialListState<number>(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    state = dealListReducer(state, { type: 'load', append: false });
    expect(state).toEqual({ deals: [], skip: 0, hasMore: false, loading: true });
    state = dealListReducer(state, { type: 'loaded', deals: page(500, 3), append: false });
    expect(state).toEqual({ deals: [500, 501, 502], skip: 3, hasMore: false, loading: false });
  });

  it('keeps what it has when a page fails', () => {
    let state = dealListReducer(initialListState<number>(), { type: 'loaded', deals: page(0, PAGE_SIZE), append: false });
    state = dealListReducer(dealListReducer(state, { type: 'load', append: true }), { type: 'failed' });
    expect(state).toMatchObject({ skip: 100, hasMore: true, loading: false });
    expect(state.deals).toHaveLength(100);
  });
});
