import { api } from '@deals/shared-auth/client';
import type { CreatedResponse, FooterItem, MessageResponse } from '@deals/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';

// The footer item calls of spec 2 §7 (all JSON).

export type { FooterItem };

/** Every footer link in footer order. */
export async function fetchFooterItems(): Promise<FooterItem[]> {
  const { data } = await api.get<FooterItem[]>('FooterItem/GetAllFooterItems');
  return data;
}

export async function fetchFooterItem(footerItemId: number): Promise<FooterItem> {
  const { data } = await api.get<FooterItem>('FooterItem/GetFooterItemById', { params: { footerItemId } });
  return data;
}

export interface FooterItemFields {
  label: string;
  /** A site path (`/deals`), an http(s) address, `mailto:` or `tel:`. */
  to: string;
}

/** Adds the link at the end of the footer. */
export async function createFooterItem(fields: FooterItemFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('FooterItem/CreateFooterItem', fields);
  return data;
}

export async function updateFooterItem(id: number, fields: FooterItemFields): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('FooterItem/UpdateFooterItem', { id, ...fields });
  return data;
}

export async function deleteFooterItem(footerItemId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('FooterItem/DeleteFooterItem', { params: { footerItemId } });
  return data;
}

export async function sortFooterItems(order: SortOrderList): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('FooterItem/SortFooterItems', order);
  return data;
}
