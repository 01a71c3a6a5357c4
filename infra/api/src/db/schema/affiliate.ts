/** Affiliate revenue: the click id of every click-out and the commissions the networks report against it. */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog.js';

/**
 * One row per click-out redirect of a visitor's browser (bots are redirected without one): the
 * random id sent to the network in the tracking link and what it was for. No visitor data: the
 * networks report the id back with each commission, which ties the money to the deal and store.
 * The deal or store may be deleted later; the click keeps the commission's attribution to what is left.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    clickId: varchar('click_id', { length: 40 }).primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('affiliate_clicks_clicked_at_idx').on(table.clickedAt)],
);

/**
 * A network's transaction, keyed by the network's own id so that importing a report again (or a
 * later one with new statuses) updates it instead of counting it twice. Amounts in `currency`,
 * never added across currencies. `occurred_at` is the network's transaction date.
 */
export const commissions = pgTable(
  'commissions',
  {
    network: varchar('network', { length: 12 }).notNull(),
    transactionId: varchar('transaction_id', { length: 100 }).notNull(),
    clickId: varchar('click_id', { length: 40 }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    saleAmount: numeric('sale_amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    commission: numeric('commission', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.transactionId] }),
    check('commissions_status_known', sql`${table.status} IN ('PENDING', 'APPROVED', 'DECLINED', 'REVERSED')`),
    index('commissions_product_idx').on(table.productId, table.occurredAt),
    index('commissions_category_idx').on(table.categoryId, table.occurredAt),
    index('commissions_occurred_idx').on(table.occurredAt),
  ],
);
