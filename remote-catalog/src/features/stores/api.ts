import { api } from '@deals/shared-auth/client';

export interface Store {
  id: number;
  name: string;
  imageFilePath: string | null;
  isActive: boolean;
  sortOrder: number | null;
}

/** Every store, active or not: the admin list passes an empty flag (spec 000 §7). */
export async function fetchStores(): Promise<Store[]> {
  const { data } = await api.get<Store[]>('Category/GetAllCategories', { params: { isActive: '' } });
  return data;
}
