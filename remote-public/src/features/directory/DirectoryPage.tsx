import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SiteInfo } from '@deals/contract';
import { SiteImage } from '../../lib/images';
import { simpleHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useSiteInfo } from '../../lib/siteInfo';
import './DirectoryPage.css';

/** What a tile shows: a store or a product category, as the site info lists them. */
type DirectoryItem = Pick<SiteInfo['stores'][number], 'id' | 'name' | 'imageFilePath'>;

export interface DirectoryPageProps {
  /** The h1 and the start of the document title: `Stores` or `Categories`. */
  title: string;
  /** The page's own path: `/stores`. */
  pagePath: string;
  /** What the search box finds, lower case: `stores`. */
  noun: string;
  /** The description for search engines. */
  description: string;
  items: (info: SiteInfo) => DirectoryItem[];
  /** The deals list prefiltered by the item. */
  path: (id: number) => string;
  /** Logos sit whole on white; pictures fill their tile. */
  fit: 'contain' | 'cover';
}

const EAGER_TILES = 4;
const SKELETONS = 12;

/** `/stores` and `/categories` (spec 000 §2 "Stores and categories"): search by name, each tile opens the filtered deals. */
export function DirectoryPage({ title, pagePath, noun, description, items, path, fit }: DirectoryPageProps) {
  const info = useSiteInfo();
  const [query, setQuery] = useState('');
  useHead(simpleHead(useSeoSite(), { path: pagePath, title, description }));
  const needle = query.trim().toLowerCase();
  const shown = info ? items(info).filter((item) => item.name.toLowerCase().includes(needle)) : [];
  return (
    <div className="directory">
      <h1 className="page-title">{title}</h1>
      <label className="directory__search">
        <span className="visually-hidden">Search {noun}</span>
        <input className="input" type="search" placeholder={`Search ${noun} by name`} value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {info === undefined ? (
        <ul className="directory__grid" aria-hidden="true">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <li key={i} className="directory__tile directory__tile--skeleton" />
          ))}
        </ul>
      ) : shown.length ? (
        <ul className="directory__grid">
          {shown.map((item, i) => (
            <li key={item.id}>
              <Link className={`directory__tile directory__tile--${fit}`} to={path(item.id)}>
                <SiteImage filePath={item.imageFilePath} alt="" width={320} height={240} sizes="(max-width: 599px) 50vw, (max-width: 1023px) 33vw, 200px" maxWidth={480} eager={i < EAGER_TILES} />
                <span className="directory__name">{item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">No {noun} found</p>
      )}
    </div>
  );
}
