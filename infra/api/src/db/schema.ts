/**
 * The database schema (one for both drivers). Migrations in ../../drizzle are generated from this
 * file with `npm run db:generate`; keep the SQL to what PostgreSQL 15 and PGlite both accept.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Company settings (spec 2 "SiteAsset"): exactly one row, id 1, enforced by a CHECK so that
 * reads never have to choose a row and writes are plain upserts.
 */
export const siteAssets = pgTable(
  'site_assets',
  {
    id: integer('id').primaryKey().default(1),
    companyName: varchar('company_name', { length: 250 }),
    companyLogoPath: text('company_logo_path'),
    companyIconPath: text('company_icon_path'),
    emailAddress: varchar('email_address', { length: 250 }),
    phoneNumber: varchar('phone_number', { length: 50 }),
    streetAddress1: varchar('street_address1', { length: 250 }),
    streetAddress2: varchar('street_address2', { length: 250 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 100 }),
    zipCode: varchar('zip_code', { length: 20 }),
    primaryWeekDayHours: varchar('primary_week_day_hours', { length: 250 }),
    primaryWeekEndHours: varchar('primary_week_end_hours', { length: 250 }),
    secondaryWeekDayHours: varchar('secondary_week_day_hours', { length: 250 }),
    secondaryWeekEndHours: varchar('secondary_week_end_hours', { length: 250 }),
    appStoreLink: text('app_store_link'),
    googlePlayStoreLink: text('google_play_store_link'),
    // Named as the settings form names them (facebookLink, …); Home/GetCMSInfo maps them to the
    // site-info names (facebook, …).
    facebookLink: text('facebook_link'),
    instagramLink: text('instagram_link'),
    twitterLink: text('twitter_link'),
    linkedInLink: text('linked_in_link'),
    youtubeLink: text('youtube_link'),
    tiktokLink: text('tiktok_link'),
    googleMapLink: text('google_map_link'),
    googleAnalyticsId: varchar('google_analytics_id', { length: 50 }),
    seo: text('seo'),
    facebookPixelCode: text('facebook_pixel_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('site_assets_single_row', sql`${table.id} = 1`)],
);

/** Stores, called "Category" by the API and the spec's call table. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 250 }).notNull(),
    imageFilePath: text('image_file_path'),
    isActive: boolean('is_active').notNull().default(true),
    notifyImmediately: boolean('notify_immediately').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The public lists filter on is_active and order by sort_order.
  (table) => [index('categories_active_sort_idx').on(table.isActive, table.sortOrder)],
);

export type SiteAssetRow = typeof siteAssets.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;
