/** The website's content: company settings, pages and blogs, content sections, banners, menus and footer. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, editorial, layoutFlags, buttons } from './columns.js';
import { users } from './staff.js';

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
    /** Click-outs: a public deal card shows "Hot" from this many unique clicks in the last 24 hours. */
    hotDealThreshold: integer('hot_deal_threshold').notNull().default(10),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('site_assets_single_row', sql`${table.id} = 1`)],
);

/**
 * Pages and blogs in one table (`is_blog`): both are routes of the public site, so one unique
 * index keeps every url unique across the two.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    isBlog: boolean('is_blog').notNull().default(false),
    name: varchar('name', { length: 250 }).notNull(),
    title: varchar('title', { length: 250 }),
    url: varchar('url', { length: 250 }).notNull(),
    isBannerVisible: boolean('is_banner_visible').notNull().default(true),
    bannerImageFilePath: text('banner_image_file_path'),
    bannerColor: varchar('banner_color', { length: 10 }).notNull().default('#000000'),
    keywords: varchar('keywords', { length: 1500 }),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedOn: timestamp('added_on', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    ...editorial(),
  },
  (table) => [
    uniqueIndex('pages_url_lower_key').on(sql`lower(${table.url})`),
    index('pages_blog_active_idx').on(table.isBlog, table.isActive),
  ],
);

export const contentSections = pgTable(
  'content_sections',
  {
    id: serial('id').primaryKey(),
    /** The page or blog it was created from, if any (the editor returns there after saving). */
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    blogId: integer('blog_id').references(() => pages.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 150 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    title: varchar('title', { length: 1000 }),
    /** Rich text, sanitised on write. */
    description: text('description'),
    /** Custom sections only, admins only. */
    rawHtml: text('raw_html'),
    alignment: varchar('alignment', { length: 10 }).notNull().default('LEFT'),
    imagePath: text('image_path'),
    ...layoutFlags(),
    ...buttons(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...editorial(),
  },
  (table) => [index('content_sections_type_idx').on(table.type)],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
  blogId: integer('blog_id').references(() => pages.id, { onDelete: 'set null' }),
  name: varchar('name', { length: 150 }).notNull(),
  /** The one banner type the editor offers. */
  type: varchar('type', { length: 40 }).notNull().default('CONTENT_SECTION_DYNAMIC_BANNER'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ...editorial(),
});

export const bannerItems = pgTable(
  'banner_items',
  {
    id: serial('id').primaryKey(),
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 1000 }),
    type: varchar('type', { length: 40 }),
    title: varchar('title', { length: 1000 }),
    description: text('description'),
    alignment: varchar('alignment', { length: 10 }).notNull().default('LEFT'),
    imagePath: text('image_path'),
    ...layoutFlags(),
    ...buttons(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('banner_items_banner_idx').on(table.bannerId, table.sortOrder)],
);

/**
 * The ordered components of a page or blog (`contentSectionBannerId` in the API): each row is
 * either a content section or a banner, as its type says.
 */
export const pageComponents = pgTable(
  'page_components',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    contentSectionId: integer('content_section_id').references(() => contentSections.id, { onDelete: 'cascade' }),
    bannerId: integer('banner_id').references(() => banners.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'page_components_target',
      sql`(${table.type} = 'CONTENTSECTION' AND ${table.contentSectionId} IS NOT NULL AND ${table.bannerId} IS NULL) OR (${table.type} = 'BANNER' AND ${table.bannerId} IS NOT NULL AND ${table.contentSectionId} IS NULL)`,
    ),
    index('page_components_page_idx').on(table.pageId, table.sortOrder),
    index('page_components_section_idx').on(table.contentSectionId),
    index('page_components_banner_idx').on(table.bannerId),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    parentMenuItemId: integer('parent_menu_item_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'set null' }),
    customLink: varchar('custom_link', { length: 250 }),
    openInNewTab: boolean('open_in_new_tab').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('menu_items_parent_idx').on(table.parentMenuItemId, table.sortOrder)],
);

export const footerItems = pgTable('footer_items', {
  id: serial('id').primaryKey(),
  label: varchar('label', { length: 250 }).notNull(),
  to: varchar('to', { length: 500 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
