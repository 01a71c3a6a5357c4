import type { ProductListItem } from '@deals/api/contract';
import type { CsvColumn } from '@deals/shared-auth';
import { containsText, flagIs, idIn, withinDays, type TableQuery } from '@deals/shared-auth/ui';
import { formatDateTime, formatPrice, yesNo } from '../../lib/format';

export const productTypeNames = (deal: ProductListItem) => deal.productTypes.map((type) => type.name).join(', ');

/**
 * The deals table's search fields and sortable columns. `postedOn` and `updatedOn` are the two
 * date-range filters (spec §2); the other fields match the column of the same name.
 */
export const DEAL_TABLE_QUERY: TableQuery<ProductListItem> = {
  filters: {
    name: containsText((deal) => deal.name),
    categoryId: idIn((deal) => deal.categoryId),
    productTypeIds: idIn((deal) => deal.productTypes.map((type) => type.productTypeId)),
    promoCode: containsText((deal) => deal.promoCode),
    addedBy: containsText((deal) => deal.addedBy),
    postedOn: withinDays((deal) => deal.dateTimeAdded),
    updatedOn: withinDays((deal) => deal.dateTimeModified),
    isActive: flagIs((deal) => deal.isActive),
  },
  sorters: {
    name: (deal) => deal.name,
    category: (deal) => deal.category,
    productTypes: productTypeNames,
    promoCode: (deal) => deal.promoCode,
    discount: (deal) => deal.discount,
    currentPrice: (deal) => deal.currentPrice,
    previousPrice: (deal) => deal.previousPrice,
    addedBy: (deal) => deal.addedBy,
    dateTimeAdded: (deal) => deal.dateTimeAdded,
    dateTimeModified: (deal) => deal.dateTimeModified,
    dealStartsIn: (deal) => deal.dealStartsIn,
    dealExpiresIn: (deal) => deal.dealExpiresIn,
    isActive: (deal) => deal.isActive,
  },
};

/** What Download writes: the columns as shown (no Actions, no image). */
export const DEAL_CSV_COLUMNS: CsvColumn<ProductListItem>[] = [
  { title: 'Id', value: (deal) => deal.id },
  { title: 'Product Name', value: (deal) => deal.name },
  { title: 'Store', value: (deal) => deal.category },
  { title: 'Product Category', value: productTypeNames },
  { title: 'Promo Code', value: (deal) => deal.promoCode },
  { title: 'Discount %', value: (deal) => deal.discount },
  { title: 'Current Price', value: (deal) => formatPrice(deal.currentPrice) },
  { title: 'Previous Price', value: (deal) => formatPrice(deal.previousPrice) },
  { title: 'Posted By', value: (deal) => deal.addedBy },
  { title: 'Posted On', value: (deal) => formatDateTime(deal.dateTimeAdded) },
  { title: 'Last Updated On', value: (deal) => formatDateTime(deal.dateTimeModified) },
  { title: 'Starts On', value: (deal) => formatDateTime(deal.dealStartsIn) },
  { title: 'Expires In', value: (deal) => formatDateTime(deal.dealExpiresIn) },
  { title: 'Is Active?', value: (deal) => yesNo(deal.isActive) },
];
