/** Push notifications, deal follows and e-mail subscribers. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { categories, products } from './catalog.js';
import { users } from './staff.js';

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
 * Keyword deal alerts: what a browser follows, a normalised word
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
