/**
 * Deal feeds: a network's offer feed read on a schedule, each run's history, and every offer the
 * feed ever listed, keyed by the feed's own id for it (what makes a changed offer an update and a
 * missing one an end).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DealFields, FeedFormat, FeedMode, FeedOfferStatus, FeedRunProblem, FeedRunStatus, FeedRunTrigger } from '@deals/contract';
import { products } from './catalog.js';
import { createdAt, updatedAt } from './columns.js';
import { users } from './staff.js';

export const dealFeeds = pgTable('deal_feeds', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  url: varchar('url', { length: 2000 }).notNull(),
  format: varchar('format', { length: 4 }).$type<FeedFormat>().notNull(),
  mode: varchar('mode', { length: 6 }).$type<FeedMode>().notNull(),
  everyHours: integer('every_hours').notNull(),
  listsAllOffers: boolean('lists_all_offers').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  secretHeaderName: varchar('secret_header_name', { length: 100 }),
  /** AES-256-GCM under the deployment's feed key (lib/secret-box.ts); never answered. */
  secretHeaderValue: text('secret_header_value'),
  columns: jsonb('columns').$type<Record<string, string>>().notNull().default({}),
  defaults: jsonb('defaults').$type<Record<string, string>>().notNull().default({}),
  advertisers: jsonb('advertisers').$type<Record<string, number>>().notNull().default({}),
  /** Who added the feed: the deals it creates are theirs, as an import's are the importer's. */
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const dealFeedRuns = pgTable(
  'deal_feed_runs',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => dealFeeds.id, { onDelete: 'cascade' }),
    trigger: varchar('trigger', { length: 8 }).$type<FeedRunTrigger>().notNull(),
    status: varchar('status', { length: 9 }).$type<FeedRunStatus>().notNull().default('RUNNING'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written as a running run makes progress: a run whose instance died stops beating and is closed by the next. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    offers: integer('offers').notNull().default(0),
    created: integer('created').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    linked: integer('linked').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    problems: jsonb('problems').$type<FeedRunProblem[]>().notNull().default([]),
    unknownStores: jsonb('unknown_stores').$type<string[]>().notNull().default([]),
    error: text('error'),
  },
  (table) => [
    index('deal_feed_runs_feed_idx').on(table.feedId, table.id),
    // One run of a feed at a time, whichever instance or trigger starts it.
    uniqueIndex('deal_feed_runs_one_running_key').on(table.feedId).where(sql`${table.status} = 'RUNNING'`),
  ],
);

/** What an offer holds: the deal form's fields as checked, and the image URL the feed gave. */
export interface FeedOfferValues {
  fields: DealFields;
  imageUrl: string | null;
}

export const dealFeedOffers = pgTable(
  'deal_feed_offers',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => dealFeeds.id, { onDelete: 'cascade' }),
    offerId: varchar('offer_id', { length: 200 }).notNull(),
    status: varchar('status', { length: 8 }).$type<FeedOfferStatus>().notNull(),
    values: jsonb('values').$type<FeedOfferValues>().notNull(),
    /** SHA-256 of `values`: an offer whose hash is unchanged is left alone. */
    valuesHash: varchar('values_hash', { length: 64 }).notNull(),
    imageFilePath: text('image_file_path'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Who accepted it from the review queue: null for offers a LIVE feed put on the site (never announced). */
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The last run that listed it: what a complete run did not list has ended. */
    lastRunId: integer('last_run_id'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deal_feed_offers_offer_key').on(table.feedId, table.offerId),
    index('deal_feed_offers_status_idx').on(table.status, table.firstSeenAt),
    index('deal_feed_offers_product_idx').on(table.productId),
    // The image store asks whether anything still refers to a file before deleting it.
    index('deal_feed_offers_image_idx').on(table.imageFilePath),
  ],
);
