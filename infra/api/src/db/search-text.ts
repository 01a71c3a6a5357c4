/**
 * `products.search_text`: the deal's name, keywords, store name and product-type names in one
 * text, which the public keyword search indexes. Rewritten in the same transaction as any change
 * to those: a deal's create or update, and a store or product-type rename.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/** A transaction or the database itself. */
export type Executor = Pick<Database, 'execute'>;

export type SearchTextScope = { productIds: number[] } | { categoryId: number } | { productTypeId: number };

function scopeCondition(scope: SearchTextScope): SQL {
  if ('productIds' in scope) {
    return sql`p.id IN (${sql.join(
      scope.productIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  if ('categoryId' in scope) return sql`p.category_id = ${scope.categoryId}`;
  return sql`p.id IN (SELECT product_id FROM product_product_types WHERE product_type_id = ${scope.productTypeId})`;
}

export async function refreshSearchText(db: Executor, scope: SearchTextScope): Promise<void> {
  if ('productIds' in scope && scope.productIds.length === 0) return;
  await db.execute(sql`
    UPDATE products AS p
    SET search_text = concat_ws(' ', p.name, p.keywords, c.name, (
      SELECT string_agg(pt.name, ' ' ORDER BY pt.id)
      FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id
      WHERE ppt.product_id = p.id
    ))
    FROM categories AS c
    WHERE c.id = p.category_id AND ${scopeCondition(scope)}`);
}
