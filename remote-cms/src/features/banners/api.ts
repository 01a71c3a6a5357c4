import { api, toFormData, type FormFieldValue } from '@deals/shared-auth/client';
import type { Banner, BannerItem, CreatedResponse, MessageResponse } from '@deals/api/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';

// The banner and banner-item calls of spec 2 §7.

export type { Banner, BannerItem };

/** The banner with its items in their sort order. */
export async function fetchBanner(bannerId: number): Promise<Banner> {
  const { data } = await api.get<Banner>('Banner/GetBannerById', { params: { bannerId } });
  return data;
}

export interface BannerFields {
  name: string;
  isActive: boolean;
  /** The page or blog it is created from. */
  pageId?: number | undefined;
  blogId?: number | undefined;
}

/** JSON `{ name, isActive, pageId?, blogId? }`. */
export async function createBanner(fields: BannerFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Banner/CreateBanner', fields);
  return data;
}

/** JSON with the id; the page or blog it came from stays. */
export async function updateBanner(id: number, { name, isActive }: BannerFields): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Banner/UpdateBanner', { id, name, isActive });
  return data;
}

/** Multipart with `bannerId` and the image; the item goes after the banner's last one. */
export async function createBannerItem(bannerId: number, fields: Record<string, FormFieldValue>): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('BannerItem/CreateBannerItem', toFormData({ bannerId, ...fields }));
  return data;
}

/** Multipart with the id; the image only when a new one was picked. */
export async function updateBannerItem(id: number, fields: Record<string, FormFieldValue>): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('BannerItem/UpdateBannerItem', toFormData({ id, ...fields }));
  return data;
}

export async function deleteBannerItem(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('BannerItem/DeleteBannerItem', { params: { id } });
  return data;
}

/** The banner's items with their new sortOrder, in one call. */
export async function sortBannerItems(order: SortOrderList): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('BannerItem/SortBannerItems', order);
  return data;
}
