/**
 * The admin deals table (`GET Product/GetAllProducts?page=…`, `Product/ExportProductsCsv`): its
 * filters, sorts and row JSON (`ProductListItem`, as the unpaged spec call writes it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import type { ProductListItem } from '@deals/contract';
import type { DealTableQuery, DealTableSortKey } from '@deals/contract/tables';
import { priceText, yesNo } from '../../lib/csv-export.js';
import { containsPattern, isoText, type AdminTable } from './table.js';

/** An amount with its currency code (`12.50 EUR`), empty when the deal earned nothing. */
const moneyText = (amount: number, currency: string | null, decimals = 2) => (currency ? `${amount.toFixed(decimals)} ${currency}` : '');

export type DealTableFilter = DealTableQuery & { isActive?: boolean | undefined };

const discount = sql.raw('CASE WHEN p.previous_price > 0 THEN ceil((p.previous_price - p.current_price) * 100 / p.previous_price) ELSE 0 END');

const ids = (values: readonly number[]) => sql.join(values.map((id) => sql`${id}`), sql`, `);

export function dealsWhere(query: DealTableFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.isActive !== undefined) conditions.push(sql`p.is_active = ${query.isActive}`);
  if (query.name?.trim()) conditions.push(sql`p.name ILIKE ${containsPattern(query.name.trim())}`);
  if (query.promoCode?.trim()) conditions.push(sql`p.promo_code ILIKE ${containsPattern(query.promoCode.trim())}`);
  if (query.addedBy?.trim()) conditions.push(sql`EXISTS (SELECT 1 FROM users a WHERE a.id = p.added_by_id AND a.full_name ILIKE ${containsPattern(query.addedBy.trim())})`);
  if (query.addedById) conditions.push(sql`p.added_by_id = ${query.addedById}`);
  if (query.storeIds?.length) conditions.push(sql`p.category_id IN (${ids(query.storeIds)})`);
  if (query.productTypeIds?.length) {
    conditions.push(sql`EXISTS (SELECT 1 FROM product_product_types f WHERE f.product_id = p.id AND f.product_type_id IN (${ids(query.productTypeIds)}))`);
  }
  if (query.addedFrom) conditions.push(sql`p.date_time_added >= ${query.addedFrom}::timestamptz`);
  if (query.addedTo) conditions.push(sql`p.date_time_added <= ${query.addedTo}::timestamptz`);
  if (query.updatedFrom) conditions.push(sql`p.date_time_modified >= ${query.updatedFrom}::timestamptz`);
  if (query.updatedTo) conditions.push(sql`p.date_time_modified <= ${query.updatedTo}::timestamptz`);
  if (query.expiresFrom) conditions.push(sql`p.deal_expires_in >= ${query.expiresFrom}::timestamptz`);
  if (query.expiresTo) conditions.push(sql`p.deal_expires_in <= ${query.expiresTo}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

/** The row's earnings columns (`EarningsColumns`) from its popularity row `dp`. */
export const earningsJson = sql.raw(
  "'commission30d', coalesce(dp.commission_30d, 0), 'epc30d', coalesce(dp.epc_30d, 0), 'commissionCurrency', dp.commission_currency",
);

export const DEALS_TABLE: AdminTable<DealTableFilter, DealTableSortKey> = {
  id: sql`p.id`,
  from: (query, sortBy) => sql`FROM products p
    ${sortBy === 'category' ? sql`JOIN categories c ON c.id = p.category_id` : sql``}
    ${sortBy === 'addedBy' ? sql`LEFT JOIN users u ON u.id = p.added_by_id` : sql``}
    ${sortBy === 'clicks7d' || sortBy === 'commission30d' || sortBy === 'epc30d' ? sql`JOIN deal_popularity dp ON dp.product_id = p.id` : sql``}
    WHERE ${dealsWhere(query)}`,
  sort: {
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
    // Click-outs: unique clicks of the last 7 days (every deal has its popularity row, see migration 0008).
    clicks7d: sql`dp.clicks_7d`,
    // Affiliate earnings of the last 30 days, kept on the popularity row (refreshed every few minutes and after each import).
    commission30d: sql`dp.commission_30d`,
    epc30d: sql`dp.epc_30d`,
  },
  nullable: ['productTypes', 'promoCode', 'addedBy', 'dealStartsIn', 'dealExpiresIn'],
  defaultSort: 'dateTimeAdded',
  defaultOrder: 'desc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'name', p.name, 'categoryId', p.category_id, 'category', c.name,
      'productTypes', coalesce((
        SELECT json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id)
        FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id WHERE ppt.product_id = p.id), '[]'::json),
      'promoCode', p.promo_code, 'discount', ${discount}, 'currentPrice', p.current_price, 'previousPrice', p.previous_price,
      'addedById', p.added_by_id, 'addedBy', u.full_name,
      'dateTimeAdded', ${isoText('p.date_time_added')}, 'dateTimeModified', ${isoText('p.date_time_modified')},
      'dealStartsIn', ${isoText('p.deal_starts_in')}, 'dealExpiresIn', ${isoText('p.deal_expires_in')},
      'isActive', p.is_active, 'imageUrl', img.file_path, 'clicks7d', coalesce(dp.clicks_7d, 0),
      ${earningsJson}
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN products p ON p.id = page.id
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN users u ON u.id = p.added_by_id
    LEFT JOIN product_images img ON img.product_id = p.id AND img.is_preview_image
    LEFT JOIN deal_popularity dp ON dp.product_id = p.id`,
};

/** Download CSV of the deals table: the columns as shown (no Actions, no image), dates in the viewer's zone. */
export function dealCsvColumns(dateTime: (stamp: string | null) => string): CsvColumn<ProductListItem>[] {
  return [
    { title: 'Id', value: (deal) => deal.id },
    { title: 'Product Name', value: (deal) => deal.name },
    { title: 'Store', value: (deal) => deal.category },
    { title: 'Product Category', value: (deal) => deal.productTypes.map((type) => type.name).join(', ') },
    { title: 'Promo Code', value: (deal) => deal.promoCode },
    { title: 'Discount %', value: (deal) => deal.discount },
    { title: 'Current Price', value: (deal) => priceText(deal.currentPrice) },
    { title: 'Previous Price', value: (deal) => priceText(deal.previousPrice) },
    { title: 'Posted By', value: (deal) => deal.addedBy },
    { title: 'Posted On', value: (deal) => dateTime(deal.dateTimeAdded) },
    { title: 'Last Updated On', value: (deal) => dateTime(deal.dateTimeModified) },
    { title: 'Starts On', value: (deal) => dateTime(deal.dealStartsIn) },
    { title: 'Expires In', value: (deal) => dateTime(deal.dealExpiresIn) },
    { title: 'Is Active?', value: (deal) => yesNo(deal.isActive) },
    { title: 'Clicks (7 days)', value: (deal) => deal.clicks7d },
    { title: 'Commission (30 days)', value: (deal) => moneyText(deal.commission30d, deal.commissionCurrency) },
    { title: 'EPC (30 days)', value: (deal) => moneyText(deal.epc30d, deal.commissionCurrency, 4) },
  ];
}
