import { isAxiosError } from 'axios';
import { BUTTON_ACTION_TYPES, CONTENT_SECTION_TYPES, type ButtonActionType, type ContentSectionType } from '@deals/contract/enums';
import { BANNER_PICKER_TYPES } from '@deals/contract/section-rules';
import type { AdminBanner, BannerItemSnapshot, BannerSnapshot, DraftBannerItem, EditorialState } from './api';

// Drafts: the banner editor works on the banner's draft (its fields and items as one value) and
// keeps the items in local state until Save Draft or Publish sends them all at once.

/** The one type the banner picker offers (§4): Dynamic Banner. */
export const BANNER_ITEM_TYPE: ContentSectionType = BANNER_PICKER_TYPES[0] ?? 'CONTENT_SECTION_DYNAMIC_BANNER';

/**
 * An item of the editor: a snapshot item (its position is its place in the list) with a key for
 * the table, the modal and the sort list: the item's id when published, a negative number for one
 * not yet published (id null).
 */
export type EditorItem = Omit<BannerItemSnapshot, 'sortOrder'> & { key: number };

let lastNewKey = 0;
/** A key for an item not yet published (negative: never a published item's id). */
export const newItemKey = () => --lastNewKey;

/** What the editor edits: the draft when there is one, else the published banner and its items. */
export function editableSnapshot(banner: AdminBanner): BannerSnapshot {
  if (banner.draft) return banner.draft;
  return {
    name: banner.name,
    isActive: banner.isActive,
    items: banner.bannerItems.map(({ bannerId: _bannerId, ...item }) => item),
  };
}

/** The banner's editorial state (derived when the API left it out). */
export function editorialOf(banner: AdminBanner): EditorialState {
  return banner.editorial ?? { hasDraft: Boolean(banner.draft), draftSavedAt: null, draftSavedBy: null, publishAt: null, unpublishAt: null, publishedAt: null };
}

/** The snapshot's items as the editor's, in their order. */
export function editorItems(items: readonly BannerItemSnapshot[]): EditorItem[] {
  return items.map(({ sortOrder: _sortOrder, ...item }) => ({ ...item, key: item.id ?? newItemKey() }));
}

/** The item without the editor's key (what is compared and sent). */
function itemValue({ key: _key, ...item }: EditorItem) {
  return item;
}

/** Whether the two lists hold the same items, in the same order, with the same values. */
export function sameItems(a: readonly EditorItem[], b: readonly EditorItem[]): boolean {
  return JSON.stringify(a.map(itemValue)) === JSON.stringify(b.map(itemValue));
}

const isContentSectionType = (value: string | null): value is ContentSectionType => (CONTENT_SECTION_TYPES as readonly (string | null)[]).includes(value);

const isButtonActionType = (value: string | null): value is ButtonActionType => (BUTTON_ACTION_TYPES as readonly (string | null)[]).includes(value);
/** A stored action type (an unknown one reads as none). */
const actionType = (value: string | null) => (isButtonActionType(value) ? value : null);

/** The items of `SaveBannerDraft`, in display order: each with its id (null: new) and its image's stored name. */
export function draftItemsBody(items: readonly EditorItem[]): DraftBannerItem[] {
  return items.map((item) => {
    const { type, primaryButtonActionType, secondaryButtonActionType, ...rest } = itemValue(item);
    return {
      ...rest,
      type: isContentSectionType(type) ? type : BANNER_ITEM_TYPE,
      primaryButtonActionType: actionType(primaryButtonActionType),
      secondaryButtonActionType: actionType(secondaryButtonActionType),
    };
  });
}

/** How an item reads in buttons, lists and dialogs: its name, else its title. */
export function itemLabel(item: Pick<EditorItem, 'name' | 'title' | 'id'>): string {
  return item.name || item.title || (item.id !== null ? `Banner item ${item.id}` : 'New banner item');
}

/** Per item key, the server's messages for its fields (`items.<n>.<field>` of a 400), by field. */
export type ItemErrors = Record<number, Record<string, string>>;

const ITEM_ERROR = /^items\.(\d+)\.(.+)$/;

/** The item errors of a failed Save Draft, keyed by the item (by its place in `sent`). */
export function itemErrorsOf(error: unknown, sent: readonly EditorItem[]): ItemErrors {
  if (!isAxiosError(error)) return {};
  const errors = (error.response?.data as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: ItemErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = ITEM_ERROR.exec(path);
    const item = match ? sent[Number(match[1])] : undefined;
    if (!match || !item || typeof message !== 'string') continue;
    (out[item.key] ??= {})[match[2] as string] = message;
  }
  return out;
}

/** The form's labels, which the revision history uses too. */
export const BANNER_LABELS = { name: 'Banner Name', isActive: 'Is Active?', items: 'Slides' } as const;

/** The revision history's labels: the form's own. */
export const BANNER_HISTORY_LABELS: Record<string, string> = { ...BANNER_LABELS };

/** The history's reading of a value: the items as "2 slides: Title A, Title B"; other fields as the bar shows them. */
export function formatBannerValue(field: string, value: unknown): string | undefined {
  if (field !== 'items' || !Array.isArray(value)) return undefined;
  if (value.length === 0) return 'No slides';
  const labels = value.map((item: unknown) => {
    const { name, title } = (item ?? {}) as { name?: unknown; title?: unknown };
    if (typeof title === 'string' && title.trim()) return title.trim();
    if (typeof name === 'string' && name.trim()) return name.trim();
    return 'Untitled';
  });
  return `${value.length} ${value.length === 1 ? 'slide' : 'slides'}: ${labels.join(', ')}`;
}
