import type { DealBulkFilter, ProductListItem } from '@deals/contract';
import type { ServerTableSpec, TableParams } from '@deals/shared-auth/ui';

export const productTypeNames = (deal: ProductListItem) => deal.productTypes.map((type) => type.name).join(', ');

/**
 * The deals table's search fields as the API takes them (`GET Product/GetAllProducts?page=…`):
 * Store and Product Category are multi-selects, `postedOn`, `updatedOn` and `expiresOn` date
 * ranges (spec §2 names the first two); the sortable columns' keys are the API's.
 */
export const DEAL_TABLE_SPEC: ServerTableSpec = {
  fields: {
    name: {},
    categoryId: { kind: 'ids', param: 'storeIds' },
    productTypeIds: { kind: 'ids' },
    promoCode: {},
    addedBy: {},
    postedOn: { kind: 'days', prefix: 'added' },
    updatedOn: { kind: 'days', prefix: 'updated' },
    expiresOn: { kind: 'days', prefix: 'expires' },
    isActive: {},
  },
  // Set by the dashboard's "expiring in 48 h" link: its exact window and, for staff, their own deals.
  linked: ['expiresFrom', 'expiresTo', 'addedById'],
};

/** "All N matching": the table's last query as a bulk action's filter (no sort, the flag as a boolean). */
export function bulkFilterOf(query: TableParams): DealBulkFilter {
  const { sortBy: _sortBy, order: _order, isActive, ...filters } = query;
  return { ...(filters as DealBulkFilter), ...(isActive === 'true' || isActive === 'false' ? { isActive: isActive === 'true' } : {}) };
}

/** The linked filters in force (see DEAL_TABLE_SPEC.linked) in words, for the notice above the table. */
export function linkedFilterText(linked: Readonly<Record<string, string>>, viewerId: number | undefined, formatDateTime: (stamp: string) => string): string | null {
  const parts: string[] = [];
  const { expiresFrom, expiresTo, addedById } = linked;
  if (expiresFrom && expiresTo) parts.push(`expiring between ${formatDateTime(expiresFrom)} and ${formatDateTime(expiresTo)}`);
  else if (expiresFrom) parts.push(`expiring from ${formatDateTime(expiresFrom)}`);
  else if (expiresTo) parts.push(`expiring by ${formatDateTime(expiresTo)}`);
  if (addedById) parts.push(Number(addedById) === viewerId ? 'posted by you' : `posted by user #${addedById}`);
  return parts.length ? `Only deals ${parts.join(', ')}.` : null;
}
