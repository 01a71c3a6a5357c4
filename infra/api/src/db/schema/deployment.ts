/** What every instance of one deployment shares: the content version, secrets and rate-limit counters. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
