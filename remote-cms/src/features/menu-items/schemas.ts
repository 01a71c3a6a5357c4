import { boolean, number, object, string, type InferType } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { CMS_MESSAGES, linkProblem } from '@deals/contract/page-rules';
import type { MenuItem, MenuItemFields } from './api';

// Spec 2 §4 and §5 "Menu item": the limits, messages and link rule of the API contract, so the
// form and the server say the same thing; and the parent/child rules as plain functions.
const { menuItem: limits } = LIMITS;

export const menuItemSchema = object({
  name: string()
    .trim()
    .required(MESSAGES.menuItem.nameRequired)
    .max(limits.name, tooLongMessage('Menu Item Name', limits.name)),
  pageId: number().nullable().default(null),
  /** Only read when no page is chosen (the field is hidden then). */
  customLink: string()
    .trim()
    .default('')
    .max(limits.customLink, tooLongMessage('Custom Link', limits.customLink))
    .test('link', CMS_MESSAGES.linkInvalid, function check(link) {
      if (this.parent.pageId != null || !link) return true;
      const problem = linkProblem(link);
      return problem ? this.createError({ message: problem }) : true;
    }),
  parentMenuItemId: number().nullable().default(null),
  openInNewTab: boolean().default(false),
  isActive: boolean().default(true),
});

export type MenuItemForm = InferType<typeof menuItemSchema>;

/** The form's starting values: a new item is active, top-level, with neither page nor link. */
export function formValues(item?: MenuItem): MenuItemForm {
  return {
    name: item?.name ?? '',
    pageId: item?.pageId ?? null,
    customLink: item?.customLink ?? '',
    parentMenuItemId: item?.parentMenuItemId ?? null,
    openInNewTab: item?.openInNewTab ?? false,
    isActive: item?.isActive ?? true,
  };
}

/** A custom link is set: the Assigned Page select is disabled (spec 2 §4). */
export const hasCustomLink = (customLink: string | null | undefined) => (customLink ?? '').trim() !== '';

/** No page is chosen: only then does the Custom Link field show (spec 2 §4). */
export const showsCustomLink = (pageId: number | null | undefined) => pageId === null || pageId === undefined;

/** An item that has assigned menu items cannot choose a parent (spec 2 §4). */
export const canChooseParent = (item: MenuItem | undefined) => !item || item.assignedMenuItems.length === 0;

/** An item with a parent cannot have assigned menu items (spec 2 §4). */
export const canHaveChildren = (item: MenuItem) => item.parentMenuItemId === null;

/** The items the Parent Menu Item select offers: top-level ones, never the item itself. */
export const parentChoices = (items: readonly MenuItem[], selfId: number | undefined) => items.filter((candidate) => candidate.parentMenuItemId === null && candidate.id !== selfId);

/**
 * What the save sends: the page wins over the link (the link is dropped when a page is chosen,
 * an empty link is none), and an item with children stays top-level.
 */
export function toFields(values: MenuItemForm, item?: MenuItem): MenuItemFields {
  const pageId = values.pageId ?? null;
  const link = (values.customLink ?? '').trim();
  return {
    name: values.name.trim(),
    pageId,
    customLink: pageId === null && link ? link : null,
    openInNewTab: values.openInNewTab,
    isActive: values.isActive,
    parentMenuItemId: canChooseParent(item) ? (values.parentMenuItemId ?? null) : null,
  };
}
