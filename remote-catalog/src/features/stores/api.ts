import { api, toFormData } from '@deals/shared-auth/client';
import type { CreatedResponse, EarningsReport, MessageResponse, Store } from '@deals/contract';
import type { ImageEntityCalls } from '../../components/imageEntity';
import { fetchStores } from '../../lib/lookups';

/** The store calls (spec 1 §7 `Category/…`; the API calls a store a category). */
export const storeCalls: ImageEntityCalls = {
  list: () => fetchStores(),
  get: async (categoryId) => (await api.get<Store>('Category/GetCategoryById', { params: { categoryId } })).data,
  create: async (fields, logo) => (await api.post<CreatedResponse>('Category/CreateCategory', toFormData({ ...fields, logo }))).data,
  update: async (id, fields, logo) => (await api.put<MessageResponse>('Category/UpdateCategory', toFormData({ id, ...fields, logo }))).data,
  remove: async (categoryId) => (await api.delete<MessageResponse>('Category/DeleteCategory', { params: { categoryId } })).data,
  sort: async (order) => (await api.put<MessageResponse>('Category/SortCategories', order)).data,
};

/** The last 30 days' earnings per store and currency (the stores table's Commission and EPC columns). */
export async function fetchStoreEarnings(): Promise<EarningsReport> {
  const { data } = await api.get<EarningsReport>('Commissions/GetEarnings', { params: { groupBy: 'store' } });
  return data;
}
