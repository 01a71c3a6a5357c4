import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CMS_MESSAGES, type SortItems } from '@deals/contract';
import { HttpError } from '../errors.js';
import type { Executor } from './search-text.js';

/** Refuses a sort that names an id twice. */
export function assertDistinctIds(items: SortItems): void {
  if (new Set(items.map((item) => item.id)).size !== items.length) throw new HttpError(400, CMS_MESSAGES.sortDuplicate);
}

/**
 * Writes new sort orders in one statement and fails (inside the caller's transaction, so nothing
 * is kept) unless every id exists. Shared by the page components, menu items and footer items.
 */
export async function writeSortOrders(tx: Executor, table: PgTable, items: SortItems): Promise<void> {
  if (items.length === 0) return;
  assertDistinctIds(items);
  const values = sql.join(
    items.map((item) => sql`(${item.id}::integer, ${item.sortOrder}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(
    sql`UPDATE ${table} AS t SET sort_order = v.sort_order FROM (VALUES ${values}) AS v(id, sort_order) WHERE t.id = v.id RETURNING t.id`,
  );
  // Both drivers answer `{ rows }`.
  if ((result as unknown as { rows: unknown[] }).rows.length !== items.length) throw new HttpError(400, CMS_MESSAGES.sortUnknown);
}
