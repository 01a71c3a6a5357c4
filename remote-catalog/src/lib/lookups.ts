import { api } from '@deals/shared-auth/client';
import type { ProductType, Store } from '@deals/contract';

// Lists more than one screen reads: the deal form's selects and the deals table's filters.
// `isActive` empty lists every row (spec §7: the admin lists pass an empty flag).

export async function fetchStores(filter: { activeOnly?: boolean } = {}): Promise<Store[]> {
  const { data } = await api.get<Store[]>('Category/GetAllCategories', { params: { isActive: filter.activeOnly ? 'true' : '' } });
  return data;
}

export async function fetchProductTypes(filter: { activeOnly?: boolean } = {}): Promise<ProductType[]> {
  const { data } = await api.get<ProductType[]>('ProductType/GetAllProductTypes', { params: { isActive: filter.activeOnly ? 'true' : '' } });
  return data;
}

/** Options of a select: active rows, plus the chosen inactive ones (marked) so they still read. */
export function lookupOptions(rows: readonly (Store | ProductType)[], chosen: readonly number[]) {
  return rows
    .filter((row) => row.isActive || chosen.includes(row.id))
    .map((row) => ({ value: row.id, label: row.isActive ? row.name : `${row.name} (inactive)` }));
}
