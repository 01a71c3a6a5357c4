/**
 * Content sections, banners and banner items: the limits, texts, labels and type rules (spec §3,
 * §4, §5) as pure values and functions (no schema code), so the CMS forms run the same rules with
 * the same words as the server. `sections.ts` re-exports them for the server code.
 */
import type { Alignment, ButtonActionType, ContentSectionType } from './enums.ts';
import { MESSAGES } from './messages.ts';

/** Limits the spec does not show: rich text and custom HTML are stored as text up to this size. */
export const SECTION_LIMITS = { description: 100_000, rawHTML: 100_000 } as const;

/** Messages the spec does not word, in its style. */
export const SECTION_MESSAGES = {
  contentSectionCreated: 'Content section created successfully',
  contentSectionUpdated: 'Content section updated successfully',
  contentSectionDeleted: 'Content section deleted successfully',
  contentSectionNotFound: 'Content section not found',
  imageUploaded: 'Image uploaded successfully',
  bannerCreated: 'Banner created successfully',
  bannerUpdated: 'Banner updated successfully',
  bannerDeleted: 'Banner deleted successfully',
  bannerNotFound: 'Banner not found',
  bannerItemCreated: 'Banner item created successfully',
  bannerItemUpdated: 'Banner item updated successfully',
  bannerItemDeleted: 'Banner item deleted successfully',
  bannerItemNotFound: 'Banner item not found',
  bannerItemsSorted: 'Banner items sorted successfully',
  sortOneBanner: 'All items must belong to one banner',
  sortDuplicate: 'Each item may appear only once',
  sortEmpty: 'Please send at least one item',
  typeInvalid: 'Please choose a valid type',
  alignmentInvalid: 'Alignment must be LEFT, CENTER or RIGHT',
  actionTypeInvalid: 'Action Type must be PAGE, LINK_NEW_TAB, PHONENUMBER or EMAIL',
  componentTypeInvalid: 'Type must be BANNER or CONTENTSECTION',
  pageNotFound: 'Page not found',
  blogNotFound: 'Blog not found',
} as const;

/** How the pickers show the stored types (§3). */
export const CONTENT_SECTION_TYPE_LABELS: Record<ContentSectionType, string> = {
  CONTENT_SECTION_CUSTOM: 'Custom',
  CONTENT_SECTION_DEFAULT: 'Default',
  CONTENT_SECTION_REVERSED: 'Reversed',
  CONTENT_SECTION_FULLWIDTH: 'Full Width',
  CONTENT_SECTION_FULLWIDTH_PADDED: 'Full Width Padded',
  CONTENT_SECTION_TEXTONLY: 'Text Only',
  CONTENT_SECTION_CARD: 'Card',
  CONTENT_SECTION_BANNER: 'Banner',
  CONTENT_SECTION_DYNAMIC_BANNER: 'Dynamic Banner',
};

/** §4/§9: the content-section picker offers these 8 layout types, in the spec's order. */
export const CONTENT_SECTION_PICKER_TYPES: readonly ContentSectionType[] = [
  'CONTENT_SECTION_CUSTOM',
  'CONTENT_SECTION_DEFAULT',
  'CONTENT_SECTION_REVERSED',
  'CONTENT_SECTION_FULLWIDTH',
  'CONTENT_SECTION_FULLWIDTH_PADDED',
  'CONTENT_SECTION_TEXTONLY',
  'CONTENT_SECTION_CARD',
  'CONTENT_SECTION_BANNER',
];

/** §4/§9: the banner picker offers one type, Dynamic Banner (a banner's items carry it). */
export const BANNER_PICKER_TYPES: readonly ContentSectionType[] = ['CONTENT_SECTION_DYNAMIC_BANNER'];

/** §3: how the button action types are shown. */
export const BUTTON_ACTION_TYPE_LABELS: Record<ButtonActionType, string> = {
  PAGE: 'Page',
  LINK_NEW_TAB: 'Link (opens in a new tab)',
  PHONENUMBER: 'Phone Number',
  EMAIL: 'Email Address',
};

/** §3: the alignments, LEFT the default (§9). */
export const ALIGNMENT_LABELS: Record<Alignment, string> = { LEFT: 'Left', CENTER: 'Center', RIGHT: 'Right' };
export const DEFAULT_ALIGNMENT: Alignment = 'LEFT';

/** Types whose image is optional (§4); every other type needs one. */
export const IMAGE_OPTIONAL_TYPES: readonly ContentSectionType[] = ['CONTENT_SECTION_TEXTONLY', 'CONTENT_SECTION_CUSTOM'];
/** Types without a required title (§5). */
export const TITLE_OPTIONAL_TYPES: readonly ContentSectionType[] = ['CONTENT_SECTION_CUSTOM'];
/** Types without a required description (§5). */
export const DESCRIPTION_OPTIONAL_TYPES: readonly ContentSectionType[] = [
  'CONTENT_SECTION_BANNER',
  'CONTENT_SECTION_DYNAMIC_BANNER',
  'CONTENT_SECTION_CUSTOM',
];

export interface TypeLayout {
  /** Set for Default (LEFT) and Reversed (RIGHT): the form locks the alignment. */
  lockedAlignment: Alignment | null;
  isPadded: boolean;
  isTextOnly: boolean;
  isFloatingCard: boolean;
}

/**
 * §4: choosing a type sets the layout flags and alignment. Default → left (locked), Reversed →
 * right (locked), Full Width Padded → padded, Text Only → text-only, Card → floating card; the
 * others set none. The server applies this on every write, whatever flags the client sent.
 */
export function layoutForType(type: ContentSectionType): TypeLayout {
  return {
    lockedAlignment: type === 'CONTENT_SECTION_DEFAULT' ? 'LEFT' : type === 'CONTENT_SECTION_REVERSED' ? 'RIGHT' : null,
    isPadded: type === 'CONTENT_SECTION_FULLWIDTH_PADDED',
    isTextOnly: type === 'CONTENT_SECTION_TEXTONLY',
    isFloatingCard: type === 'CONTENT_SECTION_CARD',
  };
}

/**
 * What a button link must look like for its action type; never a `javascript:` or other script
 * URL. PAGE: a site path (`/deals`); LINK_NEW_TAB: an http(s) address; PHONENUMBER: digits with
 * phone punctuation; EMAIL: an address.
 */
export const BUTTON_LINK_RULES: Record<ButtonActionType, { pattern: RegExp; message: string }> = {
  PAGE: { pattern: /^\/(?![/\\])[^\s\\<>"]*$/, message: 'must be a page path starting with /' },
  LINK_NEW_TAB: { pattern: /^https?:\/\/[^\s/?#\\<>"]+[^\s\\<>"]*$/i, message: 'must be a web address starting with http:// or https://' },
  PHONENUMBER: { pattern: /^\+?(?=(?:[^0-9]*[0-9]){3})[0-9 ().-]{3,30}$/, message: 'must be a phone number' },
  EMAIL: { pattern: /^[^\s@<>"()\\,;:]+@[^\s@<>"()\\,;:]+\.[^\s@<>"()\\,;:]+$/, message: 'must be an email address' },
};

export interface ButtonFields {
  primaryButtonText?: string | null | undefined;
  primaryButtonActionType?: string | null | undefined;
  primaryButtonLink?: string | null | undefined;
  secondaryButtonText?: string | null | undefined;
  secondaryButtonActionType?: string | null | undefined;
  secondaryButtonLink?: string | null | undefined;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * §5 button rules: a button with text needs an action type and a link; a link needs its type
 * (to be checked) and must fit that type. Answers `{ field: message }`, empty when all is well.
 */
export function buttonErrors(fields: ButtonFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const m = MESSAGES.contentSection;
  for (const [prefix, typeRequired, linkRequired, label] of [
    ['primary', m.primaryActionTypeRequired, m.primaryActionLinkRequired, 'Primary'],
    ['secondary', m.secondaryActionTypeRequired, m.secondaryActionLinkRequired, 'Secondary'],
  ] as const) {
    const text = fields[`${prefix}ButtonText`];
    const type = fields[`${prefix}ButtonActionType`];
    const link = fields[`${prefix}ButtonLink`]?.trim();
    const typeField = `${prefix}ButtonActionType`;
    const linkField = `${prefix}ButtonLink`;
    if ((!blank(text) || !blank(link)) && blank(type)) errors[typeField] = typeRequired;
    if (!blank(text) && blank(link)) errors[linkField] = linkRequired;
    if (link && type && !blank(type)) {
      const rule = BUTTON_LINK_RULES[type as ButtonActionType] as (typeof BUTTON_LINK_RULES)[ButtonActionType] | undefined;
      if (!rule) errors[typeField] = SECTION_MESSAGES.actionTypeInvalid;
      else if (!rule.pattern.test(link)) errors[linkField] = `${label} Action Link ${rule.message}`;
    }
  }
  return errors;
}
