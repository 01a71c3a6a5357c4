/** SQL pieces every deal read shares: the discount, ISO dates, product types and images as JSON, "live". */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { DEAL_FORM_FIELDS, type DealFields, type ProductImage, type ProductTypeRef } from '@deals/contract';
import { productImages, products } from './schema.js';

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The whole percent saved, rounded up (spec §3); 0 without a previous price. `alias` is the products table's. */
export const ceilDiscount = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.previous_price > 0 THEN ceil((${alias}.previous_price - ${alias}.current_price) * 100 / ${alias}.previous_price) ELSE 0 END`);
export const discountPercent = sql<number>`${ceilDiscount('products')}`.mapWith(Number);

/** A timestamp column as the ISO text `Date#toISOString` writes (UTC, milliseconds), in SQL. */
export const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The deal's product types as `[{ productTypeId, name }]`, in the product types' sort order. */
export const productTypesJson = sql<ProductTypeRef[]>`coalesce((
  SELECT json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id)
  FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id
  WHERE ppt.product_id = ${products.id}), '[]'::json)`;

/** The deal's images as `[{ id, filePath, isPreviewImage }]`: preview first, then oldest first. */
export const imagesJson = sql<ProductImage[]>`coalesce((
  SELECT json_agg(json_build_object('id', i.id, 'filePath', i.file_path, 'isPreviewImage', i.is_preview_image)
    ORDER BY i.is_preview_image DESC, i.created_at, i.id)
  FROM product_images i WHERE i.product_id = ${products.id}), '[]'::json)`;

/** Visible to anonymous callers: active, started, not expired. */
export const isLive = sql`${products.isActive}
  AND (${products.dealStartsIn} IS NULL OR ${products.dealStartsIn} <= now())
  AND (${products.dealExpiresIn} IS NULL OR ${products.dealExpiresIn} > now())`;

export const previewJoin = and(eq(productImages.productId, products.id), eq(productImages.isPreviewImage, true));

export const imageColumns = { id: productImages.id, productId: productImages.productId, filePath: productImages.filePath, isPreviewImage: productImages.isPreviewImage };
export interface DealImageRow {
  id: number;
  productId: number;
  filePath: string;
  isPreviewImage: boolean;
}

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type FormColumn = Exclude<keyof DealFields, 'productTypeIds'>;

/** The products columns of the form's fields (all but the product types, which have their own table). */
const FORM_COLUMN_NAMES = DEAL_FORM_FIELDS.filter((field): field is FormColumn => field !== 'productTypeIds');
export const formColumns = Object.fromEntries(FORM_COLUMN_NAMES.map((field) => [field, getTableColumns(products)[field]])) as {
  [K in FormColumn]: ReturnType<typeof getTableColumns<typeof products>>[K];
};
