import { memo, startTransition, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { DealCard as Deal, SiteInfo } from '@deals/contract';
import { followWordProblem, normaliseFollowWord } from '@deals/contract/deal-follow-words';
import { PRICE_TIERS, SORT_OPTIONS } from '@deals/contract/enums';
import { DealCard } from '../../components/deal/DealCard';
import { WhenVisible } from '../../components/WhenVisible';
import { EMPTY_FILTER, filterFromParams, filterFromRoute, filterToParams, PRICE_TIER_LABELS, searchBody, SORT_LABELS, type DealListFilter } from '../../lib/dealFilter';
import { postJson } from '../../lib/http';
import { dealsListHead, landingHeading, type DealsLanding } from '../../lib/seo';
import { useSiteInfo } from '../../lib/siteInfo';
import { settle, type ApiCall } from '../../lib/ssr/apiCall';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { preloadedAnswer } from '../../lib/ssr/preloaded';
import { useServerAnswer } from '../../lib/ssr/renderContext';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { FollowBar } from '../deal-follows';
import { EmailAlertsButton } from '../email-alerts';
import { batchCount, dealListReducer, DRAW_BATCH, initialListState } from './listState';
import './DealsPage.css';

/** The public deal search applies typed text after this pause (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Cards loaded at once (above the fold on desktop); the rest are lazy. */
const EAGER_CARDS = 4;
const SKELETONS = 8;

type IdList = 'featuredSections' | 'stores' | 'productTypes';

/**
 * Batches the server renders: more than any first screen holds. The rest of the 100 would double
 * the HTML and the hydration work for cards far below; crawlers reach every deal through the sitemap.
 */
const PRERENDERED_BATCHES = 3;

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += DRAW_BATCH) out.push(items.slice(i, i + DRAW_BATCH));
  return out;
}

/** Runs `task` when the browser is idle (soon, at the latest); answers the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 50);
  return () => clearTimeout(timer);
}

/** What the list says when its last request failed (spec 000 §8 wants no toast; it must not claim "No Results Found"). */
export const LIST_FAILURE_TEXTS = {
  list: 'The deals could not be loaded. Check your connection and try again.',
  more: 'More deals could not be loaded. Check your connection and try again.',
  retry: 'Try Again',
};

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

/** The first page of a filter: the server renders it and the browser starts from its answer. */
const firstPageCall = (filter: DealListFilter): ApiCall => ({ method: 'POST', path: 'Home/SearchProduct', body: searchBody(filter, 0) });

/**
 * A list filtered by exactly one store, one product category or one featured section and nothing
 * else is that record's landing page (its own title, h1 and canonical URL); any other filter is a
 * view of /deals that search engines should not index.
 */
export function landingOf(filter: DealListFilter, info: SiteInfo | null | undefined): DealsLanding {
  const { searchTerm, sortBy, priceRange, stores, productTypes, featuredSections } = filter;
  const lists = [stores, productTypes, featuredSections].filter((ids) => ids.length > 0);
  if (!lists.length && !searchTerm.trim() && !sortBy && !priceRange) return { kind: 'all' };
  if (lists.length !== 1 || lists[0]!.length !== 1 || searchTerm.trim() || sortBy || priceRange) return { kind: 'filtered' };
  const id = lists[0]![0]!;
  const [kind, records] = stores.length
    ? (['store', info?.stores] as const)
    : productTypes.length
      ? (['category', info?.categories] as const)
      : (['featured', info?.featuredSections] as const);
  const record = records?.find((item) => item.id === id);
  return record ? { kind, id, name: record.name } : { kind: 'filtered' };
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
  // A server-rendered page starts with the server's first page; the browser does not ask again.
  const firstCall = firstPageCall(applied);
  const served = useServerAnswer(firstCall) ?? preloadedAnswer(firstCall);
  const [list, dispatch] = useReducer(dealListReducer<Deal>, served, (answer) => {
    if (!answer) return initialListState<Deal>();
    const deals = settle<Deal[]>(answer).data;
    // The server's answer, or its failure: the browser starts from what the server drew.
    const action = Array.isArray(deals) ? ({ type: 'loaded', deals, append: false } as const) : ({ type: 'failed', append: false } as const);
    return { ...dealListReducer(initialListState<Deal>(), action), drawn: PRERENDERED_BATCHES };
  });
  const skipFirstLoad = useRef(served !== undefined);
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
    dispatch({ type: 'load', append });
    postJson<Deal[]>('Home/SearchProduct', searchBody(filter, skip), controller.signal).then(
      // A transition: up to 100 new cards render in slices instead of one long main-thread task.
      (deals) => !controller.signal.aborted && startTransition(() => dispatch({ type: 'loaded', deals: Array.isArray(deals) ? deals : [], append })),
      () => !controller.signal.aborted && dispatch({ type: 'failed', append }),
    );
  };

  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    // The URL (and a Filter or Clear All that keeps it) says when to reload.
    load(filterFromParams(new URLSearchParams(urlKey)), 0);
  }, [urlKey, reloads]);

  useEffect(() => () => {
    clearTimeout(typing.current);
    request.current?.abort();
  }, []);

  // The batches not drawn yet are drawn one at a time while the browser is idle, so every deal of
  // the list is on the page soon after it arrives, wherever the visitor scrolled or jumped.
  const batchTotal = batchCount(list.deals.length);
  useEffect(() => {
    if (list.drawn >= batchTotal) return;
    return whenIdle(() => startTransition(() => dispatch({ type: 'drawNext' })));
  }, [list.drawn, batchTotal]);

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

  const landing = landingOf(applied, info);
  useHead(dealsListHead(useSeoSite(), landing));

  const pick = (key: IdList) => ({ chosen: draft[key], onChange: (ids: number[]) => change({ [key]: ids }) });
  const firstLoad = list.loading && !list.deals.length;
  const hydrated = useHydrated();
  const retry = () => (list.failed === 'more' ? load(applied, list.skip) : load(applied, 0));
  // The shown search and stores can be followed: their new deals then arrive as deal alerts.
  const chosenStores = (info?.stores ?? []).filter((store) => applied.stores.includes(store.id));
  const searchWord = normaliseFollowWord(applied.searchTerm);
  const searchWords = searchWord && !followWordProblem(searchWord) ? [searchWord] : [];

  return (
    <div className="deals-page">
      <h1 className="page-title">{landingHeading(landing)}</h1>
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
          <div className="deals-results__alerts">
            {/* First: the server renders it, so the Follow buttons that arrive after hydration do not move it. */}
            <EmailAlertsButton
              label={searchWords.length || chosenStores.length ? 'Email me deals like these' : 'Get deals by email'}
              title="Deal alerts by email"
              words={searchWords}
              stores={chosenStores.map(({ id, name }) => ({ id, name }))}
            />
            <FollowBar searchTerm={applied.searchTerm} stores={chosenStores} />
          </div>
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
                  prerender={false}
                  forced={b < list.drawn}
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
          ) : list.failed ? null : (
            <p className="empty-state">No Results Found</p>
          )}
          {list.failed && !list.loading && (
            <div className="deals-failed" role="alert">
              <p>{LIST_FAILURE_TEXTS[list.failed]}</p>
              <button type="button" className="btn btn--primary" disabled={!hydrated} onClick={retry}>
                {LIST_FAILURE_TEXTS.retry}
              </button>
            </div>
          )}
          {list.loading && !firstLoad && (
            <div className="deals-overlay" aria-hidden="true">
              <span className="deals-overlay__box">
                <span className="deals-overlay__spinner" />
                Loading…
              </span>
            </div>
          )}
          {list.hasMore && !list.failed && (
            <div className="deals-results__more">
              {/* Disabled until hydrated: a click on the server's markup would do nothing. */}
              <button type="button" className="btn btn--primary" disabled={list.loading || !hydrated} onClick={() => load(applied, list.skip)}>
                Load More Items
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
