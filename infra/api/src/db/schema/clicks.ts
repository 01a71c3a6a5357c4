/** Click-outs and the popularity computed from them. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';

/**
 * Click-outs: the salt of each UTC day's visitor keys, shared by every instance (the first
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
    /**
     * "Did this code work?" over the last 30 days (schema/trust.ts), refreshed with the clicks:
     * answers, Yes answers, the latest Yes, and the rate in whole percent once the deal has the
     * settings' minimum of answers (null below it: not shown). `success_factor` scales the click
     * score (`score` = clicks' score × factor, 1 without enough answers), so "Most Popular" ranks a
     * deal whose code fails below one that works.
     */
    votes30d: integer('votes_30d').notNull().default(0),
    worked30d: integer('worked_30d').notNull().default(0),
    lastWorkedAt: timestamp('last_worked_at', { withTimezone: true }),
    successRate: integer('success_rate'),
    successFactor: doublePrecision('success_factor').notNull().default(1),
    /**
     * Affiliate earnings of the last 30 days (schema/affiliate.ts), refreshed every few minutes and
     * after each commission import: the counted commission in the deal's main currency (the one it
     * earned most commissions in), and that commission per unique click of the same days. The
     * admin deals table sorts by them through their indexes.
     */
    commission30d: numeric('commission_30d', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    commissionCurrency: varchar('commission_currency', { length: 3 }),
    epc30d: numeric('epc_30d', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('deal_popularity_score_idx').on(table.score.desc(), table.productId.desc()),
    index('deal_popularity_clicks_7d_idx').on(table.clicks7d, table.productId),
    index('deal_popularity_commission_30d_idx').on(table.commission30d, table.productId),
    index('deal_popularity_epc_30d_idx').on(table.epc30d, table.productId),
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
