import { PAGE_SIZE } from '../../lib/dealFilter';
import { batchCount, dealListReducer, DRAW_BATCH, initialListState } from './listState';

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
});
