/**
 * Content sections, banners and banner items as the API answers them. Request schemas (create and
 * update forms with the §5 rules) live here too, next to these shapes.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { ALIGNMENTS, BUTTON_ACTION_TYPES, CONTENT_SECTION_TYPES } from './enums.js';

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.String({ enum: [...values] }));

export const AlignmentSchema = StringEnum(ALIGNMENTS);
export const ContentSectionTypeSchema = StringEnum(CONTENT_SECTION_TYPES);
export const ButtonActionTypeSchema = StringEnum(BUTTON_ACTION_TYPES);

/** Layout flags and the two buttons, shared by content sections and banner items. */
const LayoutAndButtons = {
  alignment: AlignmentSchema,
  isPadded: Type.Boolean(),
  isFloatingCard: Type.Boolean(),
  hasRoundedCorners: Type.Boolean(),
  isTextOnly: Type.Boolean(),
  primaryButtonText: Nullable(Type.String()),
  primaryButtonActionType: Nullable(Type.String()),
  primaryButtonLink: Nullable(Type.String()),
  secondaryButtonText: Nullable(Type.String()),
  secondaryButtonActionType: Nullable(Type.String()),
  secondaryButtonLink: Nullable(Type.String()),
};

export const ContentSectionSchema = Type.Object({
  id: Type.Integer(),
  pageId: Nullable(Type.Integer()),
  blogId: Nullable(Type.Integer()),
  bannerId: Nullable(Type.Integer()),
  name: Type.String(),
  type: ContentSectionTypeSchema,
  isActive: Type.Boolean(),
  title: Nullable(Type.String()),
  /** Sanitised rich text. */
  description: Nullable(Type.String()),
  /** Custom sections: HTML stored only from admins, sanitised again before the public site gets it. */
  rawHTML: Nullable(Type.String()),
  imagePath: Nullable(Type.String()),
  ...LayoutAndButtons,
});
export type ContentSection = Static<typeof ContentSectionSchema>;

export const BannerItemSchema = Type.Object({
  id: Type.Integer(),
  bannerId: Type.Integer(),
  name: Nullable(Type.String()),
  type: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  imagePath: Nullable(Type.String()),
  sortOrder: Type.Integer(),
  ...LayoutAndButtons,
});
export type BannerItem = Static<typeof BannerItemSchema>;

export const BannerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isActive: Type.Boolean(),
  pageId: Nullable(Type.Integer()),
  blogId: Nullable(Type.Integer()),
  bannerItems: Type.Array(BannerItemSchema),
});
export type Banner = Static<typeof BannerSchema>;
