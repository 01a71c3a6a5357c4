/** Enumerations both specifications name, stored as written. */

/** The spec's five sorts, and "Most Popular" (clicks of the last 7 days, decayed). */
export const SORT_OPTIONS = ['DESC_PRICE', 'ASC_PRICE', 'DESC_DISCOUNT', 'ASC_DISCOUNT', 'DESC_DATE', 'DESC_POPULARITY'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PRICE_TIERS = ['$', '$$', '$$$', '$$$$'] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];

export const CONTENT_SECTION_TYPES = [
  'CONTENT_SECTION_DEFAULT',
  'CONTENT_SECTION_REVERSED',
  'CONTENT_SECTION_FULLWIDTH',
  'CONTENT_SECTION_FULLWIDTH_PADDED',
  'CONTENT_SECTION_TEXTONLY',
  'CONTENT_SECTION_CARD',
  'CONTENT_SECTION_BANNER',
  'CONTENT_SECTION_DYNAMIC_BANNER',
  'CONTENT_SECTION_CUSTOM',
] as const;
export type ContentSectionType = (typeof CONTENT_SECTION_TYPES)[number];

export const BUTTON_ACTION_TYPES = ['PAGE', 'LINK_NEW_TAB', 'PHONENUMBER', 'EMAIL'] as const;
export type ButtonActionType = (typeof BUTTON_ACTION_TYPES)[number];

export const ALIGNMENTS = ['LEFT', 'CENTER', 'RIGHT'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export const COMPONENT_TYPES = ['BANNER', 'CONTENTSECTION'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** Micro-frontend remotes the shell loads through `/remotes.json`. */
export const REMOTE_NAMES = ['public', 'catalog', 'cms', 'notifications'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
