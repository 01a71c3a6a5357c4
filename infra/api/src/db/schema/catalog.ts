/** The catalogue: stores ("Category" in the API), product types, deals and featured sections. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AffiliateNetwork, DealAffiliateMode } from '@deals/contract';
import { createdAt, updatedAt, money } from './columns.js';
import { users } from './staff.js';

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
    /** The affiliate network (contract AFFILIATE_NETWORKS) and the tracking-link template of the store's click-outs. */
    affiliateNetwork: varchar('affiliate_network', { length: 12 }).$type<AffiliateNetwork>().notNull().default('NONE'),
    affiliateLinkTemplate: varchar('affiliate_link_template', { length: 2000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The public lists filter on is_active and order by sort_order.
  (table) => [index('categories_active_sort_idx').on(table.isActive, table.sortOrder)],
);

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
    /** STORE: the store's link template tags click-outs; OWN: `affiliate_link_template`; TRACKING: the link as it is. */
    affiliateMode: varchar('affiliate_mode', { length: 10 }).$type<DealAffiliateMode>().notNull().default('STORE'),
    affiliateLinkTemplate: varchar('affiliate_link_template', { length: 2000 }),
    likes: integer('likes').notNull().default(0),
    /** When staff last confirmed the deal works (the public "Verified" date). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
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
    // "Needs attention" and the dashboard find the deals expiring soon through it.
    index('products_expires_idx').on(table.dealExpiresIn),
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
