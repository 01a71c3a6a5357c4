/**
 * The database schema (one for both drivers). Migrations in ../../drizzle are generated from this
 * file with `npm run db:generate`; keep the SQL to what PostgreSQL 15 and PGlite both accept.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Issue 20, drafts and scheduled publishing: the record's own columns are what is published (what
 * the public site and its caches read, unchanged); `draft` holds the unpublished edits as a
 * snapshot of the editable fields (null: nothing unpublished, "Changes not published" otherwise).
 * `publish_at`/`unpublish_at` are the scheduled publish and unpublish, run by the job queue.
 */
const editorial = () => ({
  draft: jsonb('draft'),
  draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
  draftSavedBy: varchar('draft_saved_by', { length: 200 }),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

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
    /** Issue 19: a public deal card shows "Hot" from this many unique clicks in the last 24 hours. */
    hotDealThreshold: integer('hot_deal_threshold').notNull().default(10),
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


/** Prices as exact decimals; node-postgres and PGlite hand them over as strings, mapped to numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const layoutFlags = () => ({
  isPadded: boolean('is_padded').notNull().default(false),
  isFloatingCard: boolean('is_floating_card').notNull().default(false),
  hasRoundedCorners: boolean('has_rounded_corners').notNull().default(false),
  isTextOnly: boolean('is_text_only').notNull().default(false),
});
const buttons = () => ({
  primaryButtonText: varchar('primary_button_text', { length: 50 }),
  primaryButtonActionType: varchar('primary_button_action_type', { length: 500 }),
  primaryButtonLink: varchar('primary_button_link', { length: 500 }),
  secondaryButtonText: varchar('secondary_button_text', { length: 50 }),
  secondaryButtonActionType: varchar('secondary_button_action_type', { length: 500 }),
  secondaryButtonLink: varchar('secondary_button_link', { length: 500 }),
});

// ---------------------------------------------------------------------------------------------
// Staff and their sessions
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 100 }).notNull(),
    fullName: varchar('full_name', { length: 250 }).notNull(),
    email: varchar('email', { length: 250 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Sign-in matches usernames case-insensitively, so uniqueness must too.
  (table) => [uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Every refresh rotates the token inside its family;
 * presenting a rotated token again revokes the whole family (stolen-token detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: varchar('family_id', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

/**
 * A staff member's own settings of the back office (which columns a table shows, in what order),
 * one JSON value per key, so they follow the person from browser to browser.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/** Product types, called "Product Category" by the interface. */
export const productTypes = pgTable(
  'product_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 250 }).notNull(),
    imageFilePath: text('image_file_path'),
    notifyImmediately: boolean('notify_immediately').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('product_types_active_sort_idx').on(table.isActive, table.sortOrder)],
);

/** Deals ("Product" in the API). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 500 }).notNull(),
    additionalInformation: varchar('additional_information', { length: 2000 }),
    isFeatured: boolean('is_featured').notNull().default(false),
    currentPrice: money('current_price').notNull(),
    previousPrice: money('previous_price').notNull(),
    /** Percent saved, kept by the database so sorting by discount can use an index. */
    discount: numeric('discount', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN previous_price > 0 THEN round((previous_price - current_price) * 100 / previous_price, 2) ELSE 0 END`,
      ),
    promoCode: varchar('promo_code', { length: 50 }),
    dealStartsIn: timestamp('deal_starts_in', { withTimezone: true }),
    dealExpiresIn: timestamp('deal_expires_in', { withTimezone: true }),
    link: varchar('link', { length: 3000 }).notNull(),
    keywords: varchar('keywords', { length: 2500 }),
    badgeText: varchar('badge_text', { length: 30 }),
    badgeColor: varchar('badge_color', { length: 50 }).notNull().default('#000000'),
    isActive: boolean('is_active').notNull().default(true),
    likes: integer('likes').notNull().default(0),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Name, keywords, store name and product-type names in one text, rewritten by the deals
     * repository on every change (and by store/product-type renames); the keyword search indexes it.
     */
    searchText: text('search_text').notNull().default(''),
    dateTimeAdded: timestamp('date_time_added', { withTimezone: true }).notNull().defaultNow(),
    dateTimeModified: timestamp('date_time_modified', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check('products_prices_non_negative', sql`${table.currentPrice} >= 0 AND ${table.previousPrice} >= 0`),
    index('products_category_idx').on(table.categoryId),
    index('products_added_by_idx').on(table.addedById),
    index('products_added_idx').on(table.dateTimeAdded),
  ],
);

export const productProductTypes = pgTable(
  'product_product_types',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.productTypeId] }),
    index('product_product_types_type_idx').on(table.productTypeId, table.productId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    isPreviewImage: boolean('is_preview_image').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId),
    // At most one preview per deal.
    uniqueIndex('product_images_one_preview_key').on(table.productId).where(sql`${table.isPreviewImage}`),
  ],
);

export const featuredSections = pgTable(
  'featured_sections',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 250 }).notNull(),
    imageFilePath: text('image_file_path'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index('featured_sections_active_sort_idx').on(table.isActive, table.sortOrder)],
);

export const featuredSectionProducts = pgTable(
  'featured_section_products',
  {
    featuredSectionId: integer('featured_section_id')
      .notNull()
      .references(() => featuredSections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.featuredSectionId, table.productId] }),
    index('featured_section_products_product_idx').on(table.productId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Website content
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Push notifications and subscribers
// ---------------------------------------------------------------------------------------------

export const pushNotificationHistory = pgTable(
  'push_notification_history',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 250 }).notNull(),
    message: varchar('message', { length: 1000 }).notNull(),
    /** Targets delivered to: kept equal to the count of `delivered` rows in push_deliveries. */
    numberOfDevicesNotificationSentTo: integer('number_of_devices_sent_to').notNull().default(0),
    /** Targets chosen when sending started (one push_deliveries row each); 0 while queued. */
    numberOfTargets: integer('number_of_targets').notNull().default(0),
    /** queued → sending → done; the console shows progress until done. */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The deal a new-deal or follow alert announces; unique per kind, so a deal is announced at
     * most once to everyone and at most once to its followers.
     */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** staff | new-deal | follow-alert (PUSH_NOTIFICATION_KINDS); a follow alert goes only to its audience rows. */
    kind: varchar('kind', { length: 20 }).notNull().default('staff'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('push_history_date_idx').on(table.dateCreated),
    uniqueIndex('push_history_product_key').on(table.kind, table.productId),
    check('push_history_kind_check', sql`${table.kind} in ('staff', 'new-deal', 'follow-alert')`),
    // The delivery worker polls for rows still to send; done rows are the bulk and stay out.
    index('push_history_pending_idx').on(table.id).where(sql`${table.status} in ('queued', 'sending')`),
  ],
);

/** Push targets: mobile FCM tokens and browser Web Push subscriptions. */
export const pushDevices = pgTable('push_devices', {
  id: serial('id').primaryKey(),
  token: varchar('token', { length: 2048 }).notNull().unique(),
  platform: varchar('platform', { length: 10 }).notNull(),
  subscription: jsonb('subscription'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The devices a targeted notification (a follow alert) goes to, chosen in the transaction that
 * queues it; the worker fans it out to these rows only. `title` is this device's own title, saying
 * which of its follows matched ("lego: New deal: …").
 */
export const pushNotificationAudience = pgTable(
  'push_notification_audience',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => pushNotificationHistory.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => pushDevices.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 250 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.deviceId] }), index('push_audience_device_idx').on(table.deviceId)],
);

/**
 * Keyword deal alerts (issue 19 point 4): what a browser follows, a normalised word
 * (contract/deal-follow-words.ts) or a store, never both. Removed with the device or the store.
 */
export const dealFollows = pgTable(
  'deal_follows',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => pushDevices.id, { onDelete: 'cascade' }),
    word: varchar('word', { length: 40 }),
    storeId: integer('store_id').references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    // NULLs are distinct: a device's store rows do not collide on the null word, nor word rows on the null store.
    uniqueIndex('deal_follows_device_word_key').on(table.deviceId, table.word),
    uniqueIndex('deal_follows_device_store_key').on(table.deviceId, table.storeId),
    // A new deal looks its store's followers up by store.
    index('deal_follows_store_idx').on(table.storeId),
    check('deal_follows_word_or_store', sql`(${table.word} IS NULL) <> (${table.storeId} IS NULL)`),
  ],
);

/**
 * One row per (notification, target) chosen when sending starts: the worker's durable state, so a
 * restart resumes exactly the targets still `pending` and the delivered count is a count of rows,
 * never an increment that a retry could repeat. The device reference turns null when the target
 * is removed (unregistered, or reported gone); the row keeps its outcome.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => pushNotificationHistory.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => pushDevices.id, { onDelete: 'set null' }),
    /** pending → delivered | failed | gone. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** Sends started so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due; while a worker holds it, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: varchar('last_error', { length: 500 }),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_deliveries_target_key').on(table.notificationId, table.deviceId),
    index('push_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('push_deliveries_status_check', sql`${table.status} in ('pending', 'delivered', 'failed', 'gone')`),
  ],
);

export const emailSubscribers = pgTable(
  'email_subscribers',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_subscribers_email_lower_key').on(sql`lower(${table.email})`)],
);

/**
 * The deployment-wide version of what visitors see: one row, id 1, bumped by every successful staff
 * write (plugins/app/content-version.ts). Every instance keys its caches of public content on it, so
 * an edit on one instance retires the rendered pages and site info cached by all of them.
 */
export const contentVersion = pgTable(
  'content_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('content_version_single_row', sql`${table.id} = 1`)],
);

/**
 * Secrets generated once for the whole deployment (the JWT signing key, the VAPID key pair) when
 * the environment does not set them: the first instance to start inserts, every other reads it.
 */
export const deploymentSecrets = pgTable('deployment_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters shared by every instance: the per-IP rate limits and the per-username
 * sign-in throttle. One row per key; a window that has ended is restarted by the next hit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

/**
 * Issue 19, click-outs: the salt of each UTC day's visitor keys, shared by every instance (the first
 * to need a day's salt inserts its candidate, ON CONFLICT DO NOTHING, and all read the winner).
 * Salts older than yesterday are deleted, so older keys can no longer be linked to anybody.
 */
export const clickSalts = pgTable('click_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per deal, UTC day and visitor (`visitor` = hash of the day's salt, IP and user agent, no
 * personal data): a visitor counts once per deal per day. Kept a few days (for the day's
 * de-duplication); the counts live on in `deal_click_hours`.
 */
export const dealClicks = pgTable(
  'deal_clicks',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: varchar('visitor', { length: 64 }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day, table.visitor] }), index('deal_clicks_day_idx').on(table.day)],
);

/** Unique clicks per deal and hour (of each visitor's first click that day): the popularity's input. */
export const dealClickHours = pgTable(
  'deal_click_hours',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: integer('clicks').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.hour] }), index('deal_click_hours_hour_idx').on(table.hour)],
);

/**
 * The precomputed popularity of every deal (a row per deal, added by a trigger on insert),
 * refreshed every minute from `deal_click_hours`: `score` (clicks of the last 7 days, exponentially
 * decayed) orders "Most Popular" through its index; `clicks_24h` ≥ the site's threshold makes the
 * card "Hot" (`is_hot`); `clicks_7d` is the admin table's column. A table of its own rather than
 * columns of `products`: the refresh then rewrites narrow rows, not the deals with their generated
 * card JSON, search vector and statement triggers.
 */
export const dealPopularity = pgTable(
  'deal_popularity',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull().default(0),
    clicks24h: integer('clicks_24h').notNull().default(0),
    clicks7d: integer('clicks_7d').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
  },
  (table) => [
    index('deal_popularity_score_idx').on(table.score.desc(), table.productId.desc()),
    index('deal_popularity_clicks_7d_idx').on(table.clicks7d, table.productId),
  ],
);

/**
 * The one row of the popularity refresh's state (plugins/app/deal-popularity.ts): the scores are
 * relative to `epoch` (the start of a UTC month, so every stored score stays valid as time passes),
 * `refreshed_at` is the moment of the last round (the next one recomputes only the deals with clicks
 * or window exits since), `hot_threshold` the site's threshold the Hot flags were set with.
 */
export const popularityRefreshState = pgTable(
  'popularity_refresh_state',
  {
    id: integer('id').primaryKey().default(1),
    epoch: timestamp('epoch', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    hotThreshold: integer('hot_threshold').notNull(),
  },
  (table) => [check('popularity_refresh_state_single_row', sql`${table.id} = 1`)],
);

export type SiteAssetRow = typeof siteAssets.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type ContentSectionRow = typeof contentSections.$inferSelect;
export type BannerItemRow = typeof bannerItems.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Issue 20: the audit log of staff writes
// ---------------------------------------------------------------------------------------------

/**
 * One row per staff write (and sign-in, password change, push sent): who (kept by name too, so a
 * deleted user's entries still say who), when, what record, which fields changed from what to
 * what (secrets never), from which address. Append-only: a trigger (migration 0011) refuses
 * UPDATE and DELETE unless the retention purge sets `deals.audit_purge` for its transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: a row is never changed, not even when its user is deleted (the name stays). */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    /** create, update, delete, sort, assign, sign-in, password-change, push-sent, write (a route without its own entry). */
    action: varchar('action', { length: 30 }).notNull(),
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: varchar('record_id', { length: 40 }),
    /** `{ field: { from, to } }`; null when the write has no field-level detail. */
    changes: jsonb('changes'),
    ip: varchar('ip', { length: 64 }),
    /** The API call, e.g. `PUT /api/Page/UpdatePage`. */
    route: varchar('route', { length: 200 }).notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_record_idx').on(table.recordType, table.at),
  ],
);

/**
 * Issue 20, revision history: a snapshot of a record's editable fields each time a page, blog,
 * content section or banner is published (or unpublished, or a revision restored) and each time a
 * deal is saved. The list diffs each snapshot against the one before it. No foreign key: the
 * history of a deleted record stays readable, like the audit log.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** page, blog, contentSection, banner, deal */
    recordType: varchar('record_type', { length: 20 }).notNull(),
    recordId: integer('record_id').notNull(),
    /** create, save, publish, unpublish, restore */
    action: varchar('action', { length: 20 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('revisions_record_idx').on(table.recordType, table.recordId, table.id)],
);
