import { memo, startTransition, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { DealCard as Deal } from '@deals/api/contract';
import { PRICE_TIERS, SORT_OPTIONS } from '@deals/api/contract/enums';
import { postJson } from '../../lib/http';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSiteInfo } from '../site/api';
import { DealCard } from '../deals/DealCard';
import { WhenVisible } from '../../components/WhenVisible';
import {
  dealListReducer,
  EMPTY_FILTER,
  filterFromParams,
  filterFromRoute,
  filterToParams,
  initialListState,
  PRICE_TIER_LABELS,
  searchBody,
  SORT_LABELS,
  type DealListFilter,
} from '../deals/dealFilter';
import './DealsPage.css';

/** The public deal search applies typed text after this pause (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Cards loaded at once (above the fold on desktop); the rest are lazy. */
const EAGER_CARDS = 4;
const SKELETONS = 8;

type IdList = 'featuredSections' | 'stores' | 'productTypes';

/** Cards drawn at once; further rows of this many are drawn as they scroll near (WhenVisible). */
const BATCH = 12;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** A card of the grid; memoised so loading and Load More do not re-render the cards already shown. */
const Item = memo(function Item({ deal, eager }: { deal: Deal; eager: boolean }) {
  return (
    <li>
      <DealCard deal={deal} eager={eager} />
    </li>
  );
});

/** A multi-select as a checkbox list (scrolls when long). */
function CheckList({ legend, options, chosen, onChange }: { legend: string; options: { id: number; name: string }[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  if (!options.length) return null;
  return (
    <fieldset className="deals-filters__group">
      <legend>{legend}</legend>
      <ul className="deals-filters__list">
        {options.map(({ id, name }) => (
          <li key={id}>
            <label className="deals-filters__option">
              <input type="checkbox" checked={chosen.includes(id)} onChange={(e) => onChange(e.target.checked ? [...chosen, id] : chosen.filter((c) => c !== id))} /> {name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** `/deals` and `/deals/:featured/:featuredId`: Latest Deals with its filters (spec 000 §2, §3, §4). */
export default function DealsPage() {
  const info = useSiteInfo();
  const navigate = useNavigate();
  const { featuredId } = useParams();
  const [params] = useSearchParams();
  const applied = filterFromRoute(params, featuredId);
  const urlKey = filterToParams(applied).toString();

  const [draft, setDraft] = useState<DealListFilter>(applied);
  const draftRef = useRef(draft);
  const [shownKey, setShownKey] = useState(urlKey);
  const [open, setOpen] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [list, dispatch] = useReducer(dealListReducer<Deal>, undefined, initialListState<Deal>);
  const request = useRef<AbortController | null>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A new URL (Filter, Clear All, the header's search, Back) becomes the form; the same filter
  // written differently (a trailing space while typing) leaves the form alone.
  if (shownKey !== urlKey) {
    setShownKey(urlKey);
    if (filterToParams(draft).toString() !== urlKey) setDraft(applied);
  }
  // The debounced search applies the form as it is when the timer fires.
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  /** Loads a page of the applied filter; a newer request aborts the older one. */
  const load = (filter: DealListFilter, skip: number) => {
    request.current?.abort();
    const controller = (request.current = new AbortController());
    const append = skip > 0;
    dispatch({ type: 'load' });
    postJson<Deal[]>('Home/SearchProduct', searchBody(filter, skip), controller.signal).then(
      // A transition: up to 100 new cards render in slices instead of one long main-thread task.
      (deals) => !controller.signal.aborted && startTransition(() => dispatch({ type: 'loaded', deals: Array.isArray(deals) ? deals : [], append })),
      () => !controller.signal.aborted && dispatch({ type: 'failed', append }),
    );
  };

  useEffect(() => {
    // The URL (and a Filter or Clear All that keeps it) says when to reload.
    load(filterFromParams(new URLSearchParams(urlKey)), 0);
  }, [urlKey, reloads]);

  useEffect(() => () => {
    clearTimeout(typing.current);
    request.current?.abort();
  }, []);

  /** Puts `filter` in the URL (shareable), which reloads the list; the same filter reloads in place. */
  const apply = (filter: DealListFilter, replace = false) => {
    clearTimeout(typing.current);
    const search = filterToParams(filter).toString();
    if (search === urlKey) setReloads((n) => n + 1);
    else navigate({ pathname: '/deals', search }, { replace });
  };

  const change = (part: Partial<DealListFilter>) => setDraft((current) => ({ ...current, ...part }));
  const typeSearch = (searchTerm: string) => {
    change({ searchTerm });
    clearTimeout(typing.current);
    typing.current = setTimeout(() => apply(draftRef.current, true), SEARCH_DEBOUNCE_MS);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false); // on a phone, show the results
    apply(draft);
  };
  const clearAll = () => {
    setDraft(EMPTY_FILTER);
    setOpen(false);
    apply(EMPTY_FILTER);
  };

  const company = info?.companyName ?? 'DealDrop';
  const section = applied.featuredSections.length === 1 ? info?.featuredSections.find((s) => s.id === applied.featuredSections[0]) : undefined;
  useDocumentTitle(
    `${section ? `${section.name} Deals` : 'Latest Deals'} | ${company}`,
    section ? `${section.name}: the latest deals and promo codes at ${company}.` : `The latest deals and promo codes at ${company}: search, sort and filter by store, category and price.`,
  );

  const pick = (key: IdList) => ({ chosen: draft[key], onChange: (ids: number[]) => change({ [key]: ids }) });
  const firstLoad = list.loading && !list.deals.length;

  return (
    <div className="deals-page">
      <h1 className="page-title">Latest Deals</h1>
      <div className="deals-page__layout">
        <form className={`deals-filters${open ? ' deals-filters--open' : ''}`} onSubmit={submit} role="search" aria-label="Deal filters">
          <label className="deals-filters__search">
            <span className="visually-hidden">Search deals</span>
            <input className="input" type="search" placeholder="Search deals" maxLength={200} value={draft.searchTerm} onChange={(e) => typeSearch(e.target.value)} />
          </label>
          <button type="button" className="btn btn--ghost deals-filters__toggle" aria-expanded={open} aria-controls="deals-filters-body" onClick={() => setOpen(!open)}>
            Filters
          </button>
          <div className="deals-filters__body" id="deals-filters-body">
            <label className="deals-filters__field">
              Sort by
              <select className="input" value={draft.sortBy} onChange={(e) => change({ sortBy: e.target.value as DealListFilter['sortBy'] })}>
                {(['', ...SORT_OPTIONS] as const).map((option) => (
                  <option key={option} value={option}>
                    {SORT_LABELS[option]}
                  </option>
                ))}
              </select>
            </label>
            <CheckList legend="Featured Sections" options={info?.featuredSections ?? []} {...pick('featuredSections')} />
            <CheckList legend="Stores" options={info?.stores ?? []} {...pick('stores')} />
            <CheckList legend="Categories" options={info?.categories ?? []} {...pick('productTypes')} />
            <fieldset className="deals-filters__group">
              <legend>Price</legend>
              {(['', ...PRICE_TIERS] as const).map((tier) => (
                <label key={tier} className="deals-filters__option">
                  <input type="radio" name="deals-price" checked={draft.priceRange === tier} onChange={() => change({ priceRange: tier })} /> {PRICE_TIER_LABELS[tier]}
                </label>
              ))}
            </fieldset>
            <div className="deals-filters__actions">
              <button type="button" className="btn btn--ghost" onClick={clearAll}>
                Clear All
              </button>
              <button type="submit" className="btn btn--primary">
                Filter
              </button>
            </div>
          </div>
        </form>

        <section className="deals-results" aria-label="Deals" aria-busy={list.loading}>
          <p className="visually-hidden" role="status" aria-live="polite">
            {list.loading ? 'Loading…' : ''}
          </p>
          {firstLoad ? (
            <ul className="deals-grid" aria-hidden="true">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <li key={i} className="deals-skeleton deals-skeleton--pulse" />
              ))}
            </ul>
          ) : list.deals.length ? (
            // One grid per batch: a page of 100 costs the first render only what is on screen.
            batches(list.deals).map((batch, b) => {
              const grid = (
                <ul className="deals-grid">
                  {batch.map((deal, i) => (
                    <Item key={deal.id} deal={deal} eager={b === 0 && i < EAGER_CARDS} />
                  ))}
                </ul>
              );
              return b === 0 ? (
                <div key={batch[0]!.id}>{grid}</div>
              ) : (
                <WhenVisible
                  key={batch[0]!.id}
                  placeholder={
                    <ul className="deals-grid" aria-hidden="true">
                      {batch.map((deal) => (
                        <li key={deal.id} className="deals-skeleton" />
                      ))}
                    </ul>
                  }
                >
                  {grid}
                </WhenVisible>
              );
            })
          ) : (
            <p className="empty-state">No Results Found</p>
          )}
          {list.loading && !firstLoad && (
            <div className="deals-overlay" aria-hidden="true">
              <span className="deals-overlay__box">
                <span className="deals-overlay__spinner" />
                Loading…
              </span>
            </div>
          )}
          {list.hasMore && (
            <div className="deals-results__more">
              <button type="button" className="btn btn--primary" disabled={list.loading} onClick={() => load(applied, list.skip)}>
                Load More Items
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
