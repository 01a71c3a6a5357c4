import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SearchSuggestion } from '@deals/contract';
import { PAGE_SIZE } from '@deals/contract/limits';
import { Icon } from '../../components/icons';
import { getJson } from '../../lib/http';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { SiteImage } from '../../lib/images';
import { dealPath, searchDealsPath } from '../../lib/links';
import { formatPrice } from '../../lib/dealText';
import './HeaderSearch.css';

/** Spec 000 §9: "Header search debounce 500 ms". */
export const SEARCH_DEBOUNCE_MS = 500;
/** The API answers [] below this many characters (SEARCH_LIMITS.minKeywordLength): not worth a call. */
const MIN_KEYWORD = 2;
/** SEARCH_LIMITS.searchTerm: the API refuses longer keywords. */
const MAX_KEYWORD = 200;

export const SEARCH_TEXTS = {
  startDesktop: 'Start Typing or Press enter to search deals',
  startPhone: 'Start Typing to search deals',
  none: 'No Deals Available',
  searching: 'Searching…',
};

const onDesktop = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

/**
 * The header's live deal search (spec 000 §2): an ARIA combobox. Suggestions come 500 ms after
 * the last keystroke (a newer keystroke cancels the pending call); choosing one opens the deal,
 * Enter without a chosen suggestion opens /deals with the text. Errors are silently ignored.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ keyword: string; items: SearchSuggestion[] } | null>(null);
  const keyword = term.trim();
  const typed = keyword.length >= MIN_KEYWORD;
  // The server cannot know the screen: its markup (and so hydration) says the phone's text.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!typed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const settle = (items: SearchSuggestion[]) => {
        if (controller.signal.aborted) return;
        setFound({ keyword, items: items.slice(0, PAGE_SIZE.keywordSuggestions) });
        setActive(-1);
      };
      // Spec 000 §8: search suggestion errors are silently ignored (nothing found).
      getJson<SearchSuggestion[]>('Home/SearchProductByKeyword', { keyword }, controller.signal).then(settle, () => settle([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, typed]);

  // While the next answer is on its way the previous suggestions stay (no flicker).
  const items = typed ? (found?.items ?? []) : [];
  const pending = typed && found?.keyword !== keyword;
  const listed = open && items.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const leave = (path: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    navigate(path);
  };
  const choose = (item: SearchSuggestion) => {
    setTerm('');
    leave(dealPath(item.value));
  };

  const hint = !typed ? (hydrated && onDesktop() ? SEARCH_TEXTS.startDesktop : SEARCH_TEXTS.startPhone) : pending ? SEARCH_TEXTS.searching : SEARCH_TEXTS.none;

  return (
    <form
      role="search"
      className={['search', className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = listed ? items[active] : undefined;
        if (chosen) choose(chosen);
        else leave(searchDealsPath(keyword));
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search deals
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="search__input"
        type="search"
        role="combobox"
        placeholder="Search deals and stores"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_KEYWORD}
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? `${id}-list` : undefined}
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            if (open) {
              event.preventDefault();
              setOpen(false);
              setActive(-1);
            }
          } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const count = items.length;
            if (!count) return;
            const down = event.key === 'ArrowDown';
            setActive((index) => (down ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
          }
        }}
      />
      <button type="submit" className="search__go" aria-label="Search">
        <Icon name="search" />
      </button>
      {open && (
        <div className="search__popup">
          {listed ? (
            <ul role="listbox" id={`${id}-list`} aria-label="Deal suggestions" className="search__list">
              {items.map((item, index) => (
                <li
                  key={item.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className="search__option"
                  // Keep the focus in the box so the click lands before the popup closes.
                  onMouseDown={(event) => event.preventDefault()}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(item)}
                >
                  <SiteImage filePath={item.filePath} alt="" width={40} height={40} sizes="40px" maxWidth={160} className="search__thumb" />
                  <span className="search__text">
                    <span className="search__label">{item.label}</span>
                    {/* Deals of one name (the same product at two stores) differ here. */}
                    <span className="search__detail">
                      {item.store} · {formatPrice(item.currentPrice)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="search__hint" role="status">
              {hint}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
