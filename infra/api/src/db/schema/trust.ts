/**
 * Codes visitors can trust: visitors' answers and reports, the link checks, the "Needs attention"
 * dismissals and the settings of it all. The per-deal figures the public cards show live in
 * `deal_popularity` (clicks.ts) with the Hot flag, so a card still joins one narrow row.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { users } from './staff.js';

/**
 * "Did this code work?": one answer per deal, UTC day and visitor key (the click-outs' key: a hash
 * of the day's salt, IP and user agent, unlinkable once the salt is deleted). Kept 31 days: the
 * success rate counts the last 30.
 */
export const dealVotes = pgTable(
  'deal_votes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: varchar('visitor', { length: 64 }).notNull(),
    worked: boolean('worked').notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day, table.visitor] }), index('deal_votes_voted_at_idx').on(table.votedAt)],
);

/** Visitors' one-click reports, one per deal, day, visitor and reason. Kept 30 days. */
export const dealReports = pgTable(
  'deal_reports',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: varchar('visitor', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.day, table.visitor, table.reason] }),
    index('deal_reports_product_reported_idx').on(table.productId, table.reportedAt),
    index('deal_reports_reported_at_idx').on(table.reportedAt),
  ],
);

/** The latest check of each deal's link, with its evidence (contract: LinkCheck). */
export const dealLinkChecks = pgTable(
  'deal_link_checks',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    httpStatus: integer('http_status'),
    finalUrl: text('final_url'),
    reason: text('reason').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    consecutiveDead: integer('consecutive_dead').notNull().default(0),
  },
  (table) => [index('deal_link_checks_failing_idx').on(table.productId).where(sql`${table.status} <> 'OK'`), index('deal_link_checks_checked_at_idx').on(table.checkedAt)],
);

/**
 * "Dismiss (until something new happens)": what the deal's reasons were when staff dismissed it.
 * The deal comes back when something differs: a new report, another link status, a low success
 * rate or an expiry that was not there then.
 */
export const dealAttentionDismissals = pgTable('deal_attention_dismissals', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull(),
  dismissedById: integer('dismissed_by_id').references(() => users.id, { onDelete: 'set null' }),
  linkStatus: varchar('link_status', { length: 20 }),
  lowSuccess: boolean('low_success').notNull().default(false),
  expiring: boolean('expiring').notNull().default(false),
});

/** The one row of the trust settings (contract: TrustSettings); phrases null means the defaults. */
export const trustSettings = pgTable(
  'trust_settings',
  {
    id: integer('id').primaryKey().default(1),
    minAnswers: integer('min_answers').notNull().default(5),
    lowSuccessPercent: integer('low_success_percent').notNull().default(50),
    checkPeriodHours: integer('check_period_hours').notNull().default(24),
    autoDeactivateAfterDeadChecks: integer('auto_deactivate_after_dead_checks'),
    softDeadPhrases: jsonb('soft_dead_phrases').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('trust_settings_single_row', sql`${table.id} = 1`)],
);
