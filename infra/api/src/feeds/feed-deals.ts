/**
 * The deal writes a feed makes, in the caller's transaction: deals created in batches, a changed
 * offer's fields written over its deal, ended offers' deals switched off. Every write records its
 * audit entry and (for creates and updates) a revision, as the deal form's writes do, in the name
 * of whoever acted: "feed {name}" for a run, the staff member for an accepted offer.
 *
 * Nothing here announces a deal: the caller decides (only offers staff accept are announced).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { DEAL_FORM_FIELDS, type DealFields } from '@deals/contract';
import type { Database } from '../db/client.js';
import { auditLog, productImages, productProductTypes, products } from '../db/schema.js';
import { refreshSearchText } from '../db/search-text.js';
import { fieldChanges } from '../plugins/app/audit.js';
import { snapshotOf, type DealSnapshot, type DealValues } from '../plugins/app/deals.js';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who a write is recorded for. */
export interface FeedActor {
  id: number | null;
  name: string;
  route: string;
  ip: string | null;
}

/** The fields as every snapshot keeps them: the form's order, product types ascending and distinct. */
export function snapshotOfFields(fields: DealFields): DealSnapshot {
  const tidy: DealFields = { ...fields, productTypeIds: [...new Set(fields.productTypeIds)].sort((a, b) => a - b) };
  return Object.fromEntries(DEAL_FORM_FIELDS.map((field) => [field, tidy[field] ?? null])) as DealSnapshot;
}

/** Form fields (ISO dates) from the row values a check answers. */
export function fieldsOf(values: DealValues, productTypeIds: readonly number[]): DealFields {
  return snapshotOfFields({
    ...values,
    productTypeIds: [...productTypeIds],
    dealStartsIn: values.dealStartsIn ? values.dealStartsIn.toISOString() : null,
    dealExpiresIn: values.dealExpiresIn ? values.dealExpiresIn.toISOString() : null,
  } as DealFields);
}

/** The columns of some fields (dates as dates; product types are not a column). */
function columnsOf(fields: Partial<DealFields>): Partial<DealValues> {
  const columns: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'productTypeIds') continue;
    columns[field] = (field === 'dealStartsIn' || field === 'dealExpiresIn') && value ? new Date(value as string) : value;
  }
  return columns as Partial<DealValues>;
}

/**
 * Rows written through one JSON parameter (`jsonb_populate_recordset` over the table's own row
 * type): a batch of hundreds of deals costs one small statement instead of thousands of bound
 * parameters, which keeps a large run's memory churn down.
 */
async function insertJson(tx: Tx, table: string, columns: readonly string[], rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const list = sql.raw(columns.join(', '));
  await tx.execute(sql`INSERT INTO ${sql.raw(table)} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.raw(table)}, ${JSON.stringify(rows)}::jsonb)`);
}

const PRODUCT_COLUMNS = Object.entries(getTableColumns(products)).filter(([field]) => (DEAL_FORM_FIELDS as readonly string[]).includes(field) && field !== 'productTypeIds');

async function journal(tx: Tx, actor: FeedActor, entries: { productId: number; action: 'create' | 'update'; before: DealSnapshot | null; after: DealSnapshot }[]) {
  if (entries.length === 0) return;
  await insertJson(
    tx,
    'audit_log',
    ['actor_id', 'actor_name', 'action', 'record_type', 'record_id', 'changes', 'ip', 'route'],
    entries.map(({ productId, action, before, after }) => {
      const changes = fieldChanges(before, after);
      return { actor_id: actor.id, actor_name: actor.name, action, record_type: 'deal', record_id: String(productId), changes: Object.keys(changes).length ? changes : null, ip: actor.ip, route: actor.route };
    }),
  );
  await insertJson(
    tx,
    'revisions',
    ['record_type', 'record_id', 'action', 'snapshot', 'actor_id', 'actor_name'],
    entries.map(({ productId, action, after }) => ({ record_type: 'deal', record_id: productId, action: action === 'create' ? 'create' : 'save', snapshot: after, actor_id: actor.id, actor_name: actor.name })),
  );
}

/** Inserts the deals (with their product types and preview image); answers their ids in order. */
export async function createDeals(tx: Tx, rows: readonly { fields: DealFields; image: string | null }[], addedById: number | null, actor: FeedActor): Promise<number[]> {
  if (rows.length === 0) return [];
  // Ids first, so each row's product types and image are tied to it without relying on RETURNING's order.
  const idRows = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, ${rows.length}::int)`)) as unknown as { rows: { id: number }[] };
  const ids = idRows.rows.map((row) => Number(row.id));
  await insertJson(
    tx,
    'products',
    ['id', 'added_by_id', ...PRODUCT_COLUMNS.map(([, column]) => column.name)],
    rows.map((row, index) => {
      const values: Record<string, unknown> = { id: ids[index]!, added_by_id: addedById };
      // Dates stay ISO text, which the row type reads as timestamptz.
      for (const [field, column] of PRODUCT_COLUMNS) values[column.name] = row.fields[field as keyof DealFields] ?? null;
      return values;
    }),
  );
  await insertJson(
    tx,
    'product_product_types',
    ['product_id', 'product_type_id'],
    rows.flatMap((row, index) => [...new Set(row.fields.productTypeIds)].map((productTypeId) => ({ product_id: ids[index]!, product_type_id: productTypeId }))),
  );
  const images = rows.flatMap((row, index) => (row.image ? [{ productId: ids[index]!, filePath: row.image, isPreviewImage: true }] : []));
  if (images.length) await tx.insert(productImages).values(images);
  await refreshSearchText(tx, { productIds: ids });
  await journal(tx, actor, rows.map((row, index) => ({ productId: ids[index]!, action: 'create' as const, before: null, after: snapshotOfFields(row.fields) })));
  return ids;
}

/**
 * Writes `patch` over the deal (the fields the feed changed; the rest, staff's edits included,
 * stay); `reactivate` switches it back on. Answers false when the deal is gone or nothing changed.
 */
export async function updateDeal(tx: Tx, productId: number, patch: Partial<DealFields>, actor: FeedActor, reactivate = false): Promise<boolean> {
  const before = await snapshotOf(tx, productId);
  if (!before) return false;
  const set: Partial<DealFields> = { ...patch, ...(reactivate ? { isActive: true } : {}) };
  const after = snapshotOfFields({ ...before, ...set } as DealFields);
  if (JSON.stringify(after) === JSON.stringify(before)) return false;
  await tx
    .update(products)
    .set({ ...columnsOf(set), dateTimeModified: sql`now()` })
    .where(sql`${products.id} = ${productId}`);
  if (set.productTypeIds && JSON.stringify(after.productTypeIds) !== JSON.stringify(before.productTypeIds)) {
    await tx.delete(productProductTypes).where(sql`${productProductTypes.productId} = ${productId}`);
    await tx.insert(productProductTypes).values(after.productTypeIds.map((productTypeId) => ({ productId, productTypeId })));
  }
  await refreshSearchText(tx, { productIds: [productId] });
  await journal(tx, actor, [{ productId, action: 'update', before, after }]);
  return true;
}

/** Switches the active deals among `ids` off, each audited with the reason; answers those switched off. */
export async function deactivateDeals(tx: Tx, ids: readonly number[], actor: FeedActor, reason: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const off = (await tx.execute(sql`UPDATE products SET is_active = false, date_time_modified = now() WHERE id = ANY(${sql.param([...ids])}::int[]) AND is_active RETURNING id`)) as unknown as { rows: { id: number }[] };
  const switched = off.rows.map((row) => Number(row.id));
  if (switched.length) {
    await tx.insert(auditLog).values(
      switched.map((id) => ({
        actorId: actor.id,
        actorName: actor.name,
        action: 'deactivate',
        recordType: 'deal',
        recordId: String(id),
        changes: { isActive: { from: true, to: false }, reason: { from: null, to: reason } },
        ip: actor.ip,
        route: actor.route,
      })),
    );
  }
  return switched;
}
