import { useId } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { SiteInfo } from '@deals/contract';
import { SiteImage } from '../lib/images';
import { categoryDealsPath, featuredDealsPath, storeDealsPath } from '../lib/links';

/** Spec 000 §9: the Stores submenu previews 6 stores, the Categories submenu 4 featured sections. */
export const STORE_PREVIEW = 6;
export const FEATURED_PREVIEW = 4;

export type MenuChild = Omit<SiteInfo['menuItems'][number], 'assignedMenuItems'>;

/** Where a CMS menu item goes: its page's url, else its custom link (null: nowhere). */
export const menuTarget = (item: MenuChild): string | null => item.pageUrl || item.customLink || null;

/** A CMS menu item: a router link for a site path, a plain link for anything else, optionally in a new tab. */
export function MenuLink({ item, className }: { item: MenuChild; className?: string }) {
  const to = menuTarget(item);
  if (!to) return null;
  const tab = item.openInNewTab ? { target: '_blank', rel: 'noopener' } : {};
  return to.startsWith('/') ? (
    <NavLink to={to} className={className} {...tab}>
      {item.name}
    </NavLink>
  ) : (
    <a href={to} className={className} {...tab}>
      {item.name}
    </a>
  );
}

/** A store, product category or featured section of the site info, with where it leads. */
type Tile = Pick<SiteInfo['stores'][number], 'id' | 'name' | 'imageFilePath'> & { to: string };

function Group({ title, tiles, links }: { title: string; tiles?: Tile[]; links?: Tile[] }) {
  const id = useId();
  const list = tiles ?? links ?? [];
  if (!list.length) return null;
  return (
    <div className={tiles ? 'hdr__group hdr__group--tiles' : 'hdr__group'}>
      <p className="hdr__group-title" id={id}>
        {title}
      </p>
      <ul className={tiles ? 'hdr__tiles' : 'hdr__names'} aria-labelledby={id}>
        {list.map((item) => (
          <li key={item.id}>
            <Link to={item.to} className={tiles ? 'hdr__tile' : undefined}>
              {tiles && <SiteImage filePath={item.imageFilePath} alt="" width={160} height={100} sizes="160px" maxWidth={320} />}
              <span>{item.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Stores submenu: the first 6 stores as image tiles, then every store's name; each opens /deals filtered by it. */
export function StoresPanel({ stores }: { stores: SiteInfo['stores'] }) {
  const tiles = stores.map((store) => ({ ...store, to: storeDealsPath(store.id) }));
  if (!tiles.length) return <p className="hdr__group-title">No stores yet</p>;
  return (
    <>
      <Group title="Popular stores" tiles={tiles.slice(0, STORE_PREVIEW)} />
      <Group title="All stores" links={tiles} />
    </>
  );
}

/** Categories submenu: the first 4 featured sections as image tiles, then every product type's name. */
export function CategoriesPanel({ info }: { info: SiteInfo | null | undefined }) {
  const featured = (info?.featuredSections ?? []).slice(0, FEATURED_PREVIEW).map((section) => ({ ...section, to: featuredDealsPath(section) }));
  const types = (info?.categories ?? []).map((type) => ({ ...type, to: categoryDealsPath(type.id) }));
  if (!featured.length && !types.length) return <p className="hdr__group-title">No categories yet</p>;
  return (
    <>
      <Group title="Featured" tiles={featured} />
      <Group title="All categories" links={types} />
    </>
  );
}
