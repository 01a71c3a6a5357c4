/**
 * One page of the admin deals table (`GET Product/GetAllProducts?page=…`), filtered and sorted in
 * PostgreSQL: the page's ids first (joining only what the filters and the sort read, so an index
 * can serve the default order), then the rows' JSON for those ids alone, written by the database
 * as the unpaged call's is. The answer is `TablePage<ProductListItem>` as JSON text.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TABLE_DEFAULT_PAGE_SIZE, type DealTableQuery, type DealTableSortKey } from '../../contract/tables.js';
import type { Database } from '../client.js';

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const discount = sql.raw('CASE WHEN p.previous_price > 0 THEN ceil((p.previous_price - p.current_price) * 100 / p.previous_price) ELSE 0 END');
const SORT: Record<DealTableSortKey, SQL> = {
  name: sql`lower(p.name)`,
  category: sql`lower(c.name)`,
  productTypes: sql`(SELECT string_agg(lower(pt.name), ', ' ORDER BY pt.sort_order, pt.name, pt.id)
    FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id WHERE ppt.product_id = p.id)`,
  promoCode: sql`lower(p.promo_code)`,
  discount,
  currentPrice: sql`p.current_price`,
  previousPrice: sql`p.previous_price`,
  addedBy: sql`lower(u.full_name)`,
  dateTimeAdded: sql`p.date_time_added`,
  dateTimeModified: sql`p.date_time_modified`,
  dealStartsIn: sql`p.deal_starts_in`,
  dealExpiresIn: sql`p.deal_expires_in`,
  isActive: sql`p.is_active`,
};

const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export function dealsWhere(query: DealTableQuery & { isActive?: boolean | undefined }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.isActive !== undefined) conditions.push(sql`p.is_active = ${query.isActive}`);
  if (query.name?.trim()) conditions.push(sql`p.name ILIKE ${contains(query.name.trim())}`);
  if (query.promoCode?.trim()) conditions.push(sql`p.promo_code ILIKE ${contains(query.promoCode.trim())}`);
  if (query.addedBy?.trim()) conditions.push(sql`EXISTS (SELECT 1 FROM users a WHERE a.id = p.added_by_id AND a.full_name ILIKE ${contains(query.addedBy.trim())})`);
  if (query.addedById) conditions.push(sql`p.added_by_id = ${query.addedById}`);
  if (query.storeIds?.length) conditions.push(sql`p.category_id IN (${sql.join(query.storeIds.map((id) => sql`${id}`), sql`, `)})`);
  if (query.productTypeIds?.length) {
    const ids = sql.join(query.productTypeIds.map((id) => sql`${id}`), sql`, `);
    conditions.push(sql`EXISTS (SELECT 1 FROM product_product_types f WHERE f.product_id = p.id AND f.product_type_id IN (${ids}))`);
  }
  if (query.addedFrom) conditions.push(sql`p.date_time_added >= ${query.addedFrom}::timestamptz`);
  if (query.addedTo) conditions.push(sql`p.date_time_added <= ${query.addedTo}::timestamptz`);
  if (query.updatedFrom) conditions.push(sql`p.date_time_modified >= ${query.updatedFrom}::timestamptz`);
  if (query.updatedTo) conditions.push(sql`p.date_time_modified <= ${query.updatedTo}::timestamptz`);
  if (query.expiresFrom) conditions.push(sql`p.deal_expires_in >= ${query.expiresFrom}::timestamptz`);
  if (query.expiresTo) conditions.push(sql`p.deal_expires_in <= ${query.expiresTo}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

export async function dealsPageJson(db: Database, query: DealTableQuery & { isActive?: boolean | undefined }): Promise<string> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TABLE_DEFAULT_PAGE_SIZE;
  const direction = sql.raw(query.order === 'asc' ? 'ASC' : 'DESC');
  const sortBy = query.sortBy ?? 'dateTimeAdded';
  // Empty values last either way; the deal id breaks ties, so pages never overlap or skip a row.
  const orderBy = sql`${SORT[sortBy]} ${direction} NULLS LAST, p.id ${direction}`;
  const where = dealsWhere(query);
  const from = sql`FROM products p
    ${sortBy === 'category' ? sql`JOIN categories c ON c.id = p.category_id` : sql``}
    ${sortBy === 'addedBy' ? sql`LEFT JOIN users u ON u.id = p.added_by_id` : sql``}`;
  const result = await db.execute(sql`
    WITH page AS (SELECT p.id ${from} WHERE ${where} ORDER BY ${orderBy} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})
    SELECT json_build_object(
      'items', coalesce((
        SELECT json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'categoryId', p.category_id, 'category', c.name,
          'productTypes', coalesce((
            SELECT json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id)
            FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id WHERE ppt.product_id = p.id), '[]'::json),
          'promoCode', p.promo_code, 'discount', ${discount}, 'currentPrice', p.current_price, 'previousPrice', p.previous_price,
          'addedById', p.added_by_id, 'addedBy', u.full_name,
          'dateTimeAdded', ${isoText('p.date_time_added')}, 'dateTimeModified', ${isoText('p.date_time_modified')},
          'dealStartsIn', ${isoText('p.deal_starts_in')}, 'dealExpiresIn', ${isoText('p.deal_expires_in')},
          'isActive', p.is_active, 'imageUrl', img.file_path
        ) ORDER BY ${orderBy})
        FROM page
        JOIN products p ON p.id = page.id
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN users u ON u.id = p.added_by_id
        LEFT JOIN product_images img ON img.product_id = p.id AND img.is_preview_image
      ), '[]'::json),
      'total', (SELECT count(*) FROM products p WHERE ${where})::int,
      'page', ${page}::int,
      'pageSize', ${pageSize}::int
    )::text AS body`);
  // Both drivers answer `{ rows }`.
  return (result as unknown as { rows: Array<{ body: string }> }).rows[0]!.body;
}
