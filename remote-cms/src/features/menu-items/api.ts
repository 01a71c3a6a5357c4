import { api } from '@deals/shared-auth/client';
import type { AssignedMenuItem, CreatedResponse, MenuItem, MessageResponse, PageListItem } from '@deals/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';

// The menu item calls of spec 2 §7 (all JSON), plus the page list the Assigned Page select offers.

export type { AssignedMenuItem, MenuItem, PageListItem };

/** Every menu item, parents and children, in menu order (an empty flag lists active and inactive). */
export async function fetchMenuItems(): Promise<MenuItem[]> {
  const { data } = await api.get<MenuItem[]>('MenuItem/GetAllMenuItems', { params: { isActive: '' } });
  return data;
}

/** One item with its parent's name and its assigned children. */
export async function fetchMenuItem(menuItemId: number): Promise<MenuItem> {
  const { data } = await api.get<MenuItem>('MenuItem/GetMenuItemById', { params: { menuItemId } });
  return data;
}

/** The items Assign New may offer: neither a parent nor children of their own. */
export async function fetchAssignableMenuItems(): Promise<MenuItem[]> {
  const { data } = await api.get<MenuItem[]>('MenuItem/GetMenuItemsWithNoParentOrChild');
  return data;
}

/** Every page (not blogs), active or not, for the Assigned Page select. */
export async function fetchPages(): Promise<PageListItem[]> {
  const { data } = await api.get<PageListItem[]>('Page/GetAllPages', { params: { isActive: '' } });
  return data;
}

/** What the form saves: a page or a custom link (never both), the flags and the parent. */
export interface MenuItemFields {
  name: string;
  pageId: number | null;
  customLink: string | null;
  openInNewTab: boolean;
  isActive: boolean;
  /** Null makes the item top-level. */
  parentMenuItemId: number | null;
}

export async function createMenuItem(fields: MenuItemFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('MenuItem/CreateMenuItem', fields);
  return data;
}

export async function updateMenuItem(id: number, fields: MenuItemFields): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('MenuItem/UpdateMenuItems', { id, ...fields });
  return data;
}

/** Deletes the item; its children become top-level items. */
export async function deleteMenuItem(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('MenuItem/DeleteMenuItem', { params: { id } });
  return data;
}

/** Takes an assigned item out from under its parent (it becomes top-level again). */
export async function removeParentMenuItem(menuItemId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('MenuItem/RemoveParentMenuItem', { params: { menuItemId } });
  return data;
}

/** Makes these items children of `parentId`, appended in this order. */
export async function assignParentMenuItem(parentId: number, childMenuItemIds: number[]): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('MenuItem/AssignParentMenuItem', { parentId, childMenuItemIds });
  return data;
}

/**
 * The whole menu renumbered 1..n in the order shown. Parents and children number their levels
 * separately on the server, so one list keeps both levels' relative order.
 */
export async function sortMenuItems(order: SortOrderList): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('MenuItem/SortMenuItems', order);
  return data;
}
