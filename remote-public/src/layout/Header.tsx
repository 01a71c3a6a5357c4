import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '@deals/shared-auth';
import { useHydrated } from '../lib/ssr/useHydrated';
import type { SiteInfo } from '@deals/contract';
import { HeaderSearch } from '../features/search';
import { SiteImage } from '../lib/images';
import { Icon, SocialLinks } from '../components/icons';
import { CategoriesPanel, MenuLink, StoresPanel, menuTarget } from './panels';
import { Submenu } from './Submenu';

const FIXED = { home: '/home', deals: '/deals', stores: '/stores', categories: '/categories' };
const FIXED_PATHS: readonly string[] = Object.values(FIXED);

/** Spec 000 §2: "Five placeholder chip filters in the header are static and do nothing". */
export const HEADER_CHIPS = ['Trending', 'Under $25', 'Free Shipping', 'Top Rated', 'New Today'];

/** CMS entries after the fixed ones; a childless entry that only repeats a fixed entry is left out. */
const cmsEntries = (info: SiteInfo | null | undefined) =>
  (info?.menuItems ?? []).filter((item) => item.assignedMenuItems.length > 0 || (menuTarget(item) !== null && !FIXED_PATHS.includes(menuTarget(item) ?? '')));

/**
 * The site header: brand bar (logo, live search, two social links), the menu (a row from 1024 px,
 * the drawer below) and the placeholder chips. Every row has a fixed height, so nothing moves when
 * the site info arrives.
 */
export function Header({ info }: { info: SiteInfo | null | undefined }) {
  // Decided after hydration: the server's (cached, shared) markup shows Login to everyone.
  const hydrated = useHydrated();
  const signedIn = useAtomValue(isSignedInAtom) && hydrated;
  const [drawer, setDrawer] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const company = info?.companyName || 'DealDrop';

  const close = () => {
    setDrawer(false);
    opener.current?.focus();
  };

  useEffect(() => {
    if (!drawer) return;
    closer.current?.focus();
    const root = document.documentElement;
    root.classList.add('hdr-locked');
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawer(false);
      opener.current?.focus();
    };
    document.addEventListener('keydown', escape);
    return () => {
      root.classList.remove('hdr-locked');
      document.removeEventListener('keydown', escape);
    };
  }, [drawer]);

  return (
    <header className={`hdr${drawer ? ' hdr--open' : ''}`}>
      <div className="hdr__bar">
        <div className="hdr__inner hdr__inner--bar">
          <button ref={opener} type="button" className="hdr__burger" aria-label="Menu" aria-expanded={drawer} aria-controls="site-menu" onClick={() => setDrawer(true)}>
            <Icon name="menu" size={24} />
          </button>
          <Link to={FIXED.home} className="hdr__logo">
            {info?.companyLogoPath ? (
              <SiteImage filePath={info.companyLogoPath} alt={company} width={160} height={48} sizes="160px" maxWidth={320} />
            ) : (
              <span className={info === undefined ? 'visually-hidden' : undefined}>{company}</span>
            )}
          </Link>
          <HeaderSearch className="hdr__search" />
          <SocialLinks info={info} limit={2} className="hdr__social" />
        </div>
      </div>

      {drawer && <div className="hdr__scrim" onClick={() => setDrawer(false)} />}
      <nav
        id="site-menu"
        className="hdr__nav"
        aria-label="Main"
        onBlur={(event) => {
          // The drawer closes when the focus leaves it (Tab past its end).
          if (drawer && !event.currentTarget.contains(event.relatedTarget as Node | null)) setDrawer(false);
        }}
      >
        <div className="hdr__inner hdr__inner--nav">
          <div className="hdr__drawer-head">
            <span className="hdr__drawer-title">{company}</span>
            <button ref={closer} type="button" className="hdr__close" aria-label="Close menu" onClick={close}>
              <Icon name="close" size={24} />
            </button>
          </div>
          <ul
            className="hdr__menu"
            onClick={(event) => {
              if ((event.target as Element).closest('a')) setDrawer(false);
            }}
          >
            <li className="hdr__item">
              <NavLink to={FIXED.home} className="hdr__link">
                Home
              </NavLink>
            </li>
            <li className="hdr__item">
              <NavLink to={FIXED.deals} className="hdr__link">
                Deals
              </NavLink>
            </li>
            <Submenu label="Stores" wide link={<NavLink to={FIXED.stores} className="hdr__link">Stores</NavLink>}>
              <StoresPanel stores={info?.stores ?? []} />
            </Submenu>
            <Submenu label="Categories" wide link={<NavLink to={FIXED.categories} className="hdr__link">Categories</NavLink>}>
              <CategoriesPanel info={info} />
            </Submenu>
            {cmsEntries(info).map((item, index) =>
              item.assignedMenuItems.length ? (
                <Submenu key={index} label={item.name} link={menuTarget(item) ? <MenuLink item={item} className="hdr__link" /> : undefined}>
                  <ul className="hdr__list">
                    {item.assignedMenuItems.map((child, childIndex) => (
                      <li key={childIndex}>
                        <MenuLink item={child} />
                      </li>
                    ))}
                  </ul>
                </Submenu>
              ) : (
                <li key={index} className="hdr__item">
                  <MenuLink item={item} className="hdr__link" />
                </li>
              ),
            )}
            <li className="hdr__item hdr__item--account">
              {signedIn ? (
                <NavLink to="/admin/management/dashboard" className="hdr__link hdr__link--account">
                  Dashboard
                </NavLink>
              ) : (
                <NavLink to="/login" className="hdr__link hdr__link--account">
                  Login
                </NavLink>
              )}
            </li>
          </ul>
        </div>
      </nav>

      <div className="hdr__chips">
        <ul className="hdr__inner hdr__inner--chips" aria-label="Popular picks">
          {HEADER_CHIPS.map((chip) => (
            <li key={chip} className="hdr__chip">
              {chip}
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
