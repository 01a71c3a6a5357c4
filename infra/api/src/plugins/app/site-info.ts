/**
 * The public site's settings and navigation (`Home/GetCMSInfo`), exposed as `fastify.siteInfo`.
 *
 * Every visitor's first call, so the whole `SiteInfo` (contract/site.ts) is ONE SQL statement: one
 * round trip, the lists nested with json_agg in the database. Only what the public may see:
 * - menuItems: active top-level items by sort order, each with its active children
 *   (`assignedMenuItems`); `pageUrl` is the linked page's url while that page is active.
 * - pages: active pages and blogs (`title` falls back to the name: blogs have no title field).
 * - stores, categories (product types), featuredSections: active ones by sort order, then name.
 * - featuredSections[].products: the section's live deals (the public list's rules: active,
 *   started, not expired, open store) in the section's order, at most
 *   `SEARCH_LIMITS.featuredSectionDeals` (the home carousel; "View All" opens the full list).
 * - footerItems by sort order.
 */
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { SEARCH_LIMITS, type SiteInfo } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { etagOf, publicCacheTtlMs, VersionedCache, type CompressedBodies } from '../../lib/http-cache.js';
import type { AppOptions } from '../../options.js';
import { CARD_JOINS, DEAL_CARD_JSON } from '../../db/deal-search-sql.js';

/** `[]` instead of NULL for an empty aggregate. */
const list = (aggregate: SQL) => sql`coalesce((${aggregate}), '[]'::json)`;

const menuEntry = (item: string, page: string) => sql`'name', ${sql.raw(item)}.name, 'pageUrl', ${sql.raw(page)}.url,
  'customLink', ${sql.raw(item)}.custom_link, 'openInNewTab', ${sql.raw(item)}.open_in_new_tab`;

const MENU_ITEMS = list(sql`
  SELECT json_agg(json_build_object(${menuEntry('m', 'mp')}, 'assignedMenuItems', ${list(sql`
      SELECT json_agg(json_build_object(${menuEntry('ch', 'cp')}) ORDER BY ch.sort_order, ch.id)
      FROM menu_items ch LEFT JOIN pages cp ON cp.id = ch.page_id AND cp.is_active
      WHERE ch.parent_menu_item_id = m.id AND ch.is_active`)})
    ORDER BY m.sort_order, m.id)
  FROM menu_items m LEFT JOIN pages mp ON mp.id = m.page_id AND mp.is_active
  WHERE m.parent_menu_item_id IS NULL AND m.is_active`);

const PAGES = list(sql`
  SELECT json_agg(json_build_object('id', pg.id, 'url', pg.url, 'title', coalesce(pg.title, pg.name), 'isBlog', pg.is_blog) ORDER BY pg.is_blog, pg.id)
  FROM pages pg WHERE pg.is_active`);

const STORES = list(sql`
  SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'imageFilePath', c.image_file_path) ORDER BY c.sort_order, c.name, c.id)
  FROM categories c WHERE c.is_active`);

const CATEGORIES = list(sql`
  SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'imageFilePath', t.image_file_path) ORDER BY t.sort_order, t.name, t.id)
  FROM product_types t WHERE t.is_active`);

/** A section's live deals as deal cards (the same JSON and rules as Home/SearchProduct). */
const SECTION_DEALS = list(sql`
  SELECT json_agg(${DEAL_CARD_JSON} ORDER BY p.section_order, p.added_to_section, p.id)
  FROM (SELECT p.*, f.sort_order AS section_order, f.created_at AS added_to_section
        FROM featured_section_products f
        JOIN products p ON p.id = f.product_id
        JOIN categories c ON c.id = p.category_id AND c.is_active
        WHERE f.featured_section_id = s.id AND p.is_active
          AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
          AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())
        ORDER BY f.sort_order, f.created_at, p.id
        LIMIT ${sql.raw(String(SEARCH_LIMITS.featuredSectionDeals))}) p
  ${CARD_JOINS}`);

const FEATURED_SECTIONS = list(sql`
  SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'imageFilePath', s.image_file_path, 'products', ${SECTION_DEALS})
    ORDER BY s.sort_order, s.name, s.id)
  FROM featured_sections s WHERE s.is_active`);

const FOOTER_ITEMS = list(sql`
  SELECT json_agg(json_build_object('label', fi.label, 'to', fi.to) ORDER BY fi.sort_order, fi.id) FROM footer_items fi`);

/** The settings row maps form names (facebookLink, …) to the site-info names (facebook, …). */
const SITE_INFO = sql`SELECT json_build_object(
    'companyLogoPath', a.company_logo_path, 'companyIconPath', a.company_icon_path, 'companyName', a.company_name,
    'emailAddress', a.email_address, 'phoneNumber', a.phone_number,
    'streetAddress1', a.street_address1, 'streetAddress2', a.street_address2, 'city', a.city, 'state', a.state, 'zipCode', a.zip_code,
    'primaryWeekDayHours', a.primary_week_day_hours, 'primaryWeekEndHours', a.primary_week_end_hours,
    'secondaryWeekDayHours', a.secondary_week_day_hours, 'secondaryWeekEndHours', a.secondary_week_end_hours,
    'menuItems', ${MENU_ITEMS}, 'pages', ${PAGES}, 'stores', ${STORES}, 'categories', ${CATEGORIES},
    'featuredSections', ${FEATURED_SECTIONS}, 'footerItems', ${FOOTER_ITEMS},
    'appStoreLink', a.app_store_link, 'googlePlayStoreLink', a.google_play_store_link,
    'facebook', a.facebook_link, 'instagram', a.instagram_link, 'twitter', a.twitter_link, 'linkedIn', a.linked_in_link,
    'youtube', a.youtube_link, 'tikTok', a.tiktok_link, 'googleMap', a.google_map_link, 'googleAnalyticsId', a.google_analytics_id
  ) AS info
  FROM (SELECT 1) AS one LEFT JOIN site_assets a ON a.id = 1`;

export function createSiteInfoRepository(db: Database) {
  return {
    async get(): Promise<SiteInfo> {
      const result = (await db.execute(SITE_INFO)) as unknown as { rows: { info: SiteInfo | string }[] };
      const info = result.rows[0]?.info;
      if (info === undefined) throw new Error('site info query returned no row');
      // Both drivers parse json columns; a string would mean a driver configured otherwise.
      return typeof info === 'string' ? (JSON.parse(info) as SiteInfo) : info;
    },
  };
}

export type SiteInfoRepository = ReturnType<typeof createSiteInfoRepository>;

/** The site info as sent: its JSON text, that text's ETag, and its compressed forms. */
export interface SiteInfoAnswer extends CompressedBodies {
  text: string;
  etag: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteInfo: SiteInfoRepository & { answer(): Promise<SiteInfoAnswer> };
  }
}

/**
 * Every visitor page asks for the site info, so its JSON is computed once per content version and
 * lifetime (a featured section's deals start and expire with time alone).
 */
export default fp<AppOptions>(
  async (fastify, opts) => {
    const repository = createSiteInfoRepository(fastify.db);
    const cache = new VersionedCache<SiteInfoAnswer>(
      async () => {
        const text = JSON.stringify(await repository.get());
        return { text, etag: etagOf(text), encoded: new Map() };
      },
      () => fastify.contentVersion.current(),
      publicCacheTtlMs(opts.env ?? process.env),
    );
    fastify.decorate('siteInfo', { ...repository, answer: () => cache.get() });
  },
  { name: 'site-info', dependencies: ['database', 'content-version'] },
);
