import { boolean, mixed, object, string, type AnyObject } from 'yup';
import type { Resolver } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import type { BannerItem, ContentSection } from '@deals/contract';
import { ALIGNMENTS, CONTENT_SECTION_TYPES, type Alignment, type ContentSectionType } from '@deals/contract/enums';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import {
  buttonErrors,
  DEFAULT_ALIGNMENT,
  DESCRIPTION_OPTIONAL_TYPES,
  IMAGE_OPTIONAL_TYPES,
  layoutForType,
  SECTION_LIMITS,
  SECTION_MESSAGES,
  TITLE_OPTIONAL_TYPES,
  type ButtonFields,
} from '@deals/contract/section-rules';
import type { FormFieldValue } from '@deals/shared-auth/client';
import { isBlankHtml } from '../rich-text/html';

// One form shape for content sections and banner items (spec §3: a banner item has "the same
// layout flags as a content section" and the same buttons), with a schema for each (§5).

export interface SectionFormValues {
  name: string;
  /** Empty until chosen. */
  type: ContentSectionType | '';
  isActive: boolean;
  title: string;
  /** Rich text (HTML). */
  description: string;
  /** Custom content sections only. */
  rawHTML: string;
  alignment: Alignment;
  isPadded: boolean;
  isFloatingCard: boolean;
  hasRoundedCorners: boolean;
  isTextOnly: boolean;
  primaryButtonText: string;
  primaryButtonActionType: string;
  primaryButtonLink: string;
  secondaryButtonText: string;
  secondaryButtonActionType: string;
  secondaryButtonLink: string;
  /** A picked picture, not yet sent. */
  image: File | null;
}

export type ButtonGroup = 'primary' | 'secondary';
export const BUTTON_GROUPS: readonly ButtonGroup[] = ['primary', 'secondary'];

/** Fields whose server messages (400 `errors`) go under the field. */
export const SECTION_FIELDS = [
  'name',
  'type',
  'isActive',
  'title',
  'description',
  'rawHTML',
  'alignment',
  'hasRoundedCorners',
  'primaryButtonText',
  'primaryButtonActionType',
  'primaryButtonLink',
  'secondaryButtonText',
  'secondaryButtonActionType',
  'secondaryButtonLink',
  'image',
] as const satisfies readonly (keyof SectionFormValues)[];

const CS = LIMITS.contentSection;
const text = (label: string, max: number) => string().default('').max(max, tooLongMessage(label, max));
const typeOf = (context: { parent: unknown }) => (context.parent as SectionFormValues).type;

/** §5 button rules (text needs type and link; the link fits the type), worded by `buttonErrors`. */
const buttonRule = (label: string, max: number, field: keyof ButtonFields) =>
  text(label, max).test({
    name: 'button',
    test(_value, context) {
      const message = buttonErrors(context.parent as ButtonFields)[field];
      return message ? context.createError({ message }) : true;
    },
  });

const buttonFields = {
  primaryButtonText: text('Primary Button Text', CS.buttonText),
  primaryButtonActionType: buttonRule('Primary Action Type', CS.buttonActionType, 'primaryButtonActionType'),
  primaryButtonLink: buttonRule('Primary Action Link', CS.buttonLink, 'primaryButtonLink'),
  secondaryButtonText: text('Secondary Button Text', CS.buttonText),
  secondaryButtonActionType: buttonRule('Secondary Action Type', CS.buttonActionType, 'secondaryButtonActionType'),
  secondaryButtonLink: buttonRule('Secondary Action Link', CS.buttonLink, 'secondaryButtonLink'),
};

/** One of the values; empty is left to `required`, so a missing value has one message. */
const oneOfOrEmpty = (values: readonly string[]) => (value: string | undefined) => !value || values.includes(value);

const layoutFields = {
  type: string().default('').required(MESSAGES.contentSection.typeRequired).test('valid', SECTION_MESSAGES.typeInvalid, oneOfOrEmpty(CONTENT_SECTION_TYPES)),
  alignment: string().default(DEFAULT_ALIGNMENT).required(MESSAGES.contentSection.alignmentRequired).test('valid', SECTION_MESSAGES.alignmentInvalid, oneOfOrEmpty(ALIGNMENTS)),
  isPadded: boolean().default(false),
  isFloatingCard: boolean().default(false),
  hasRoundedCorners: boolean().default(false),
  isTextOnly: boolean().default(false),
  image: mixed<File>().nullable().default(null),
};

/** §5 Content section. The image is checked on submit (`imageMissing`), so Create stays clickable to say so. */
export const contentSectionSchema = object({
  name: string()
    .default('')
    .trim()
    .required(MESSAGES.contentSection.nameRequired)
    .max(CS.name, tooLongMessage('Content Section Name', CS.name)),
  isActive: boolean().default(true),
  title: text('Title', CS.title).test('required', MESSAGES.contentSection.titleRequired, (value, context) => {
    const type = typeOf(context);
    return (type !== '' && TITLE_OPTIONAL_TYPES.includes(type)) || Boolean(value?.trim());
  }),
  description: text('Content Details', SECTION_LIMITS.description).test('required', MESSAGES.contentSection.descriptionRequired, (value, context) => {
    const type = typeOf(context);
    return (type !== '' && DESCRIPTION_OPTIONAL_TYPES.includes(type)) || !isBlankHtml(value);
  }),
  rawHTML: text('Custom HTML', SECTION_LIMITS.rawHTML),
  ...layoutFields,
  ...buttonFields,
});

const BI = LIMITS.bannerItem;

/** §5 Banner item: type and alignment required, name and title up to 1000, the button rules; the image on submit. */
export const bannerItemSchema = object({
  name: text('Name', BI.name),
  isActive: boolean().default(true),
  title: text('Title', BI.title),
  description: text('Description', SECTION_LIMITS.description),
  rawHTML: string().default(''),
  ...layoutFields,
  ...buttonFields,
});

/** The form's resolver for one of the two schemas (both produce `SectionFormValues`). */
export const sectionResolver = (schema: typeof contentSectionSchema | typeof bannerItemSchema) =>
  yupResolver(schema as never) as unknown as Resolver<SectionFormValues, AnyObject>;

/** Whether a picture must be picked before saving: §4 image optional for Text Only and Custom, and a stored one counts. */
export function imageMissing(values: Pick<SectionFormValues, 'type' | 'image'>, currentPath: string | null | undefined, { optionalForTypes }: { optionalForTypes: boolean }): boolean {
  if (values.image || currentPath) return false;
  if (!optionalForTypes) return true;
  return !(values.type !== '' && IMAGE_OPTIONAL_TYPES.includes(values.type));
}

/** Layout flags and alignment for a type (§4); locked alignments replace the chosen one. */
export function layoutValues(type: ContentSectionType, alignment: Alignment) {
  const layout = layoutForType(type);
  return {
    alignment: layout.lockedAlignment ?? alignment,
    isPadded: layout.isPadded,
    isFloatingCard: layout.isFloatingCard,
    isTextOnly: layout.isTextOnly,
  };
}

const blankButtons = {
  primaryButtonText: '',
  primaryButtonActionType: '',
  primaryButtonLink: '',
  secondaryButtonText: '',
  secondaryButtonActionType: '',
  secondaryButtonLink: '',
};

/** A new record's form: active, LEFT (§9), no type yet unless given. */
export function blankSection(type: ContentSectionType | '' = ''): SectionFormValues {
  return {
    name: '',
    type,
    isActive: true,
    title: '',
    description: '',
    rawHTML: '',
    ...(type ? layoutValues(type, DEFAULT_ALIGNMENT) : { alignment: DEFAULT_ALIGNMENT, isPadded: false, isFloatingCard: false, isTextOnly: false }),
    hasRoundedCorners: false,
    ...blankButtons,
    image: null,
  };
}

type StoredLayout = Pick<
  ContentSection,
  | 'alignment'
  | 'isPadded'
  | 'isFloatingCard'
  | 'hasRoundedCorners'
  | 'isTextOnly'
  | 'primaryButtonText'
  | 'primaryButtonActionType'
  | 'primaryButtonLink'
  | 'secondaryButtonText'
  | 'secondaryButtonActionType'
  | 'secondaryButtonLink'
>;

function fromStoredLayout(record: StoredLayout) {
  return {
    alignment: record.alignment,
    isPadded: record.isPadded,
    isFloatingCard: record.isFloatingCard,
    hasRoundedCorners: record.hasRoundedCorners,
    isTextOnly: record.isTextOnly,
    primaryButtonText: record.primaryButtonText ?? '',
    primaryButtonActionType: record.primaryButtonActionType ?? '',
    primaryButtonLink: record.primaryButtonLink ?? '',
    secondaryButtonText: record.secondaryButtonText ?? '',
    secondaryButtonActionType: record.secondaryButtonActionType ?? '',
    secondaryButtonLink: record.secondaryButtonLink ?? '',
  };
}

export function fromContentSection(section: ContentSection): SectionFormValues {
  return {
    name: section.name,
    type: section.type,
    isActive: section.isActive,
    title: section.title ?? '',
    description: section.description ?? '',
    rawHTML: section.rawHTML ?? '',
    ...fromStoredLayout(section),
    image: null,
  };
}

const isContentSectionType = (value: string | null): value is ContentSectionType => (CONTENT_SECTION_TYPES as readonly (string | null)[]).includes(value);

export function fromBannerItem(item: BannerItem, fallbackType: ContentSectionType): SectionFormValues {
  return {
    name: item.name ?? '',
    type: isContentSectionType(item.type) ? item.type : fallbackType,
    isActive: true,
    title: item.title ?? '',
    description: item.description ?? '',
    rawHTML: '',
    ...fromStoredLayout(item),
    image: null,
  };
}

/**
 * The layout, buttons and image of a multipart form (content section or banner item). Flags follow
 * the type as the server applies them; empty texts clear the stored ones; the image goes only
 * when one was picked.
 */
export function layoutAndButtonFields(values: SectionFormValues): Record<string, FormFieldValue> {
  const layout = values.type ? layoutValues(values.type, values.alignment) : { alignment: values.alignment, isPadded: values.isPadded, isFloatingCard: values.isFloatingCard, isTextOnly: values.isTextOnly };
  return {
    type: values.type,
    ...layout,
    hasRoundedCorners: values.hasRoundedCorners,
    primaryButtonText: values.primaryButtonText.trim(),
    primaryButtonActionType: values.primaryButtonActionType,
    primaryButtonLink: values.primaryButtonLink.trim(),
    secondaryButtonText: values.secondaryButtonText.trim(),
    secondaryButtonActionType: values.secondaryButtonActionType,
    secondaryButtonLink: values.secondaryButtonLink.trim(),
    image: values.image,
  };
}
