import { PAGE_SIZE } from '../../lib/dealFilter';

// The deals list's state: the deals received so far, what Load More sends next, what failed, and
// how many rows of cards are drawn. The filter it lists is lib/dealFilter.ts.

/** Cards are drawn in rows of this many (one grid each); further rows as they near the viewport or when the browser is idle. */
export const DRAW_BATCH = 12;

/** How many draw batches `count` deals make. */
export const batchCount = (count: number) => Math.ceil(count / DRAW_BATCH);

/** What last failed: the list of a new filter, or the page Load More asked for. */
export type ListFailure = 'list' | 'more' | null;

export interface DealListState<Deal> {
  deals: Deal[];
  /** What the next Load More sends: the number of deals received so far. */
  skip: number;
  /** More are assumed only when the last page came back full (exactly 100). */
  hasMore: boolean;
  loading: boolean;
  failed: ListFailure;
  /**
   * Batches drawn whatever the scroll position: those the server renders, then one more each time
   * the browser is idle, and all of them before Load More appends a page. A visitor who jumps to the
   * end (End key, a fast scroll, Tab to Load More) never leaves batches above that are not drawn.
   */
  drawn: number;
}

export type DealListAction<Deal> =
  | { type: 'load'; append: boolean }
  | { type: 'loaded'; deals: Deal[]; append: boolean }
  | { type: 'failed'; append: boolean }
  | { type: 'drawNext' };

export function initialListState<Deal>(drawn = 1): DealListState<Deal> {
  return { deals: [], skip: 0, hasMore: false, loading: true, failed: null, drawn };
}

/**
 * Filter replaces the list, Load More appends; `skip` grows by what each page returned (§4), and a
 * deal already listed is not listed again (a page can overlap the last when the order moved
 * between the two requests). While a page loads the current deals stay (under the loading
 * overlay). A failed Load More keeps what the list has; a failed new filter empties it; either way
 * the list says it failed (never "No Results Found") and offers to try again.
 */
export function dealListReducer<Deal extends { id: number }>(state: DealListState<Deal>, action: DealListAction<Deal>): DealListState<Deal> {
  switch (action.type) {
    case 'load':
      // Everything above the new page is drawn before it arrives.
      return { ...state, loading: true, failed: null, drawn: action.append ? Math.max(state.drawn, batchCount(state.deals.length)) : state.drawn };
    case 'loaded': {
      const listed = action.append ? new Set(state.deals.map((deal) => deal.id)) : new Set<number>();
      const fresh = action.deals.filter((deal) => !listed.has(deal.id) && listed.add(deal.id));
      const deals = action.append ? [...state.deals, ...fresh] : fresh;
      return {
        deals,
        skip: (action.append ? state.skip : 0) + action.deals.length,
        hasMore: action.deals.length === PAGE_SIZE,
        loading: false,
        failed: null,
        drawn: action.append ? state.drawn : 1,
      };
    }
    case 'failed':
      return action.append ? { ...state, loading: false, failed: 'more' } : { ...initialListState<Deal>(), loading: false, failed: 'list' };
    case 'drawNext':
      return state.drawn < batchCount(state.deals.length) ? { ...state, drawn: state.drawn + 1 } : state;
  }
}
