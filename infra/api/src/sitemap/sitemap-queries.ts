/**
 * What the sitemap lists, read from the database: only what a visitor can open (active records;
 * deals by the public list's rules), at the exact URLs the site links to (contract/visitor-urls).
 */
import { sql, type SQL } from 'drizzle-orm';
import { categoryLandingPath, dealPath, featuredDealsPath, STATIC_VISITOR_PATHS, storeLandingPath } from '@deals/contract';
import type { Database } from '../db/client.js';

export const SITEMAP_KINDS = ['deals', 'stores', 'categories', 'featured', 'pages', 'blogs'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** A site path and when its record last changed. */
export interface SitemapRow {
  path: string;
  lastmod: Date | null;
}

/** The public list's rules (plugins/app/deal-search.ts): active, started, not expired, open store. */
const LIVE_DEALS = sql`FROM products p JOIN categories c ON c.id = p.category_id AND c.is_active
  WHERE p.is_active
    AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
    AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())`;

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));
/** A CMS url is stored as the editor typed it; the site serves it from the root. */
const sitePath = (url: string) => (url.startsWith('/') ? url : `/${url}`);

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function createSitemapQueries(db: Database) {
  return {
    async liveDealCount(): Promise<number> {
      const [row] = await rows<{ count: number | string }>(db, sql`SELECT count(*) AS count ${LIVE_DEALS}`);
      return Number(row?.count ?? 0);
    },

    /** Live deals by id, `limit` from `offset`: one sitemap file of them. */
    async liveDeals(offset: number, limit: number): Promise<SitemapRow[]> {
      const found = await rows<{ id: number; modified: unknown }>(
        db,
        sql`SELECT p.id, p.date_time_modified AS modified ${LIVE_DEALS} ORDER BY p.id LIMIT ${limit} OFFSET ${offset}`,
      );
      return found.map((row) => ({ path: dealPath(row.id), lastmod: asDate(row.modified) }));
    },

    async stores(): Promise<SitemapRow[]> {
      const found = await rows<{ id: number; updated: unknown }>(db, sql`SELECT id, updated_at AS updated FROM categories WHERE is_active ORDER BY id`);
      return found.map((row) => ({ path: storeLandingPath(row.id), lastmod: asDate(row.updated) }));
    },

    async categories(): Promise<SitemapRow[]> {
      const found = await rows<{ id: number; updated: unknown }>(db, sql`SELECT id, updated_at AS updated FROM product_types WHERE is_active ORDER BY id`);
      return found.map((row) => ({ path: categoryLandingPath(row.id), lastmod: asDate(row.updated) }));
    },

    async featured(): Promise<SitemapRow[]> {
      const found = await rows<{ id: number; name: string; updated: unknown }>(db, sql`SELECT id, name, date_updated AS updated FROM featured_sections WHERE is_active ORDER BY id`);
      return found.map((row) => ({ path: featuredDealsPath(row), lastmod: asDate(row.updated) }));
    },

    /** The site's own pages, then the active CMS pages (not blogs). */
    async pages(): Promise<SitemapRow[]> {
      const found = await rows<{ url: string; updated: unknown }>(db, sql`SELECT url, updated_at AS updated FROM pages WHERE is_active AND NOT is_blog ORDER BY id`);
      return [...STATIC_VISITOR_PATHS.map((path) => ({ path, lastmod: null })), ...found.map((row) => ({ path: sitePath(row.url), lastmod: asDate(row.updated) }))];
    },

    async blogs(): Promise<SitemapRow[]> {
      const found = await rows<{ url: string; updated: unknown }>(db, sql`SELECT url, updated_at AS updated FROM pages WHERE is_active AND is_blog ORDER BY id`);
      return found.map((row) => ({ path: sitePath(row.url), lastmod: asDate(row.updated) }));
    },
  };
}

export type SitemapQueries = ReturnType<typeof createSitemapQueries>;
