/**
 * Content sections, banners and banner items as the API answers them. Request schemas (create and
 * update forms with the §5 rules) live here too, next to these shapes.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FileField, Flag, IdSchema, Nullable, OptionalText, RequiredText } from './common.ts';
import { ALIGNMENTS, BUTTON_ACTION_TYPES, COMPONENT_TYPES, CONTENT_SECTION_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { EditorialStateSchema } from './revisions.ts';
import { SECTION_LIMITS, SECTION_MESSAGES } from './section-rules.ts';

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

/**
 * The editable fields of a content section as one value, named as the record stores them
 * (`rawHtml`, not `rawHTML`): what a draft holds, what a revision keeps and what Publish copies into
 * the published section. The layout flags are already those of the type.
 */
export const ContentSectionSnapshotSchema = Type.Object({
  name: Type.String(),
  type: ContentSectionTypeSchema,
  isActive: Type.Boolean(),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  rawHtml: Nullable(Type.String()),
  imagePath: Nullable(Type.String()),
  ...LayoutAndButtons,
});
export type ContentSectionSnapshot = Static<typeof ContentSectionSnapshotSchema>;

/**
 * A row of `ContentSection/GetAllContentSections` (unpaged): the published section plus its
 * "Changes not published" and schedule. Admin-only: the public site's sections
 * (`ContentSectionSchema` in `Home/GetDynamicPage`) never carry these.
 */
export const ContentSectionListItemSchema = Type.Composite([
  ContentSectionSchema,
  Type.Object({
    /** "Changes not published": a draft differs from the published section. */
    hasDraft: Type.Optional(Type.Boolean()),
    /** The scheduled publish and unpublish, if any. */
    publishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    unpublishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  }),
]);
export type ContentSectionListItem = Static<typeof ContentSectionListItemSchema>;

/** `ContentSection/GetContentSectionById`: the published section, its draft (null: none) and its editorial state. */
export const ContentSectionDetailSchema = Type.Composite([
  ContentSectionListItemSchema,
  Type.Object({
    draft: Type.Optional(Nullable(ContentSectionSnapshotSchema)),
    editorial: Type.Optional(EditorialStateSchema),
  }),
]);
export type ContentSectionDetail = Static<typeof ContentSectionDetailSchema>;

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

// The rules shared by the server and the forms (spec §4 and §5: type labels and layouts, button
// rules, texts) live in the pure `section-rules` module (the CMS forms read them too); re-exported
// here for the server code.
export * from './section-rules.ts';

// ---------------------------------------------------------------------------------------------
// Requests and the responses the spec does not show
// ---------------------------------------------------------------------------------------------

/** A required enum field worded with the spec's "… is required". */
const RequiredEnum = <T extends readonly string[]>(values: T, required: string, invalid: string) =>
  Type.Unsafe<T[number]>(Type.String({ enum: [...values], messages: { required, enum: invalid, type: required } }));

/** An optional enum field; absent, null or empty means "not chosen". */
const OptionalEnum = <T extends readonly string[]>(values: T, invalid: string) =>
  Type.Optional(Nullable(Type.Unsafe<T[number]>(Type.String({ enum: [...values], messages: { enum: invalid, type: invalid } }))));

const CS = LIMITS.contentSection;

/** The two buttons of a content section or banner item (rules across fields: `buttonErrors`). */
const ButtonFormFields = {
  primaryButtonText: OptionalText({ label: 'Primary Button Text', max: CS.buttonText }),
  primaryButtonActionType: OptionalEnum(BUTTON_ACTION_TYPES, SECTION_MESSAGES.actionTypeInvalid),
  primaryButtonLink: OptionalText({ label: 'Primary Action Link', max: CS.buttonLink }),
  secondaryButtonText: OptionalText({ label: 'Secondary Button Text', max: CS.buttonText }),
  secondaryButtonActionType: OptionalEnum(BUTTON_ACTION_TYPES, SECTION_MESSAGES.actionTypeInvalid),
  secondaryButtonLink: OptionalText({ label: 'Secondary Action Link', max: CS.buttonLink }),
};

/**
 * Layout fields. `alignment` is required except where the type locks it (checked with the other
 * type-driven rules); `isPadded`, `isTextOnly` and `isFloatingCard` are accepted but always set
 * from the type (§4); `hasRoundedCorners` is the editor's free choice.
 */
const LayoutFormFields = {
  alignment: OptionalEnum(ALIGNMENTS, SECTION_MESSAGES.alignmentInvalid),
  hasRoundedCorners: Type.Optional(Flag('Rounded Corners')),
  isPadded: Type.Optional(Flag('Padded')),
  isTextOnly: Type.Optional(Flag('Text Only')),
  isFloatingCard: Type.Optional(Flag('Floating Card')),
};

const ContentSectionFormFields = {
  name: RequiredText({ label: 'Content Section Name', max: CS.name, required: MESSAGES.contentSection.nameRequired }),
  type: RequiredEnum(CONTENT_SECTION_TYPES, MESSAGES.contentSection.typeRequired, SECTION_MESSAGES.typeInvalid),
  isActive: Type.Optional(Flag('Is Active')),
  title: OptionalText({ label: 'Title', max: CS.title }),
  /** Rich text; sanitised with the rich-text allow-list. Required except for Banner, Dynamic Banner and Custom. */
  description: OptionalText({ label: 'Content Details', max: SECTION_LIMITS.description }),
  /** Custom sections only (ignored for other types); sanitised with the wider custom allow-list. */
  rawHTML: OptionalText({ label: 'Custom HTML', max: SECTION_LIMITS.rawHTML }),
  ...LayoutFormFields,
  ...ButtonFormFields,
  /** The page this section was created from (`/content-section/pageId/{pageId}`). */
  pageId: Type.Optional(Nullable(IdSchema('pageId'))),
  /** The blog this section was created from (`/content-section/blogId/{blogId}`). */
  blogId: Type.Optional(Nullable(IdSchema('blogId'))),
  /** Required on create except for Text Only and Custom; on update, replaces the image when sent. */
  image: FileField(),
};

/** `POST ContentSection/CreateContentSection` (multipart with `image`, or JSON without it). */
export const CreateContentSectionSchema = Type.Object(ContentSectionFormFields);
export type CreateContentSection = Static<typeof CreateContentSectionSchema>;

/** `PUT ContentSection/UpdateContentSection`: the same form plus `id`. */
export const UpdateContentSectionSchema = Type.Object({ id: IdSchema('id'), ...ContentSectionFormFields });
export type UpdateContentSection = Static<typeof UpdateContentSectionSchema>;

/** `?type=` of the option lists: BANNER or CONTENTSECTION. */
const ComponentTypeQuery = RequiredEnum(COMPONENT_TYPES, MESSAGES.component.typeRequired, SECTION_MESSAGES.componentTypeInvalid);

export const ContentSectionOptionsQuerySchema = Type.Object({ pageId: IdSchema('pageId'), type: ComponentTypeQuery });
export const ContentSectionOptionsForBlogQuerySchema = Type.Object({ blogId: IdSchema('blogId'), type: ComponentTypeQuery });

/** One choice of the Add Content modal's component select: `value` is the content section or banner id. */
export const ComponentOptionSchema = Type.Object({ value: Type.Integer(), label: Type.String() });
export type ComponentOption = Static<typeof ComponentOptionSchema>;

/** `POST ContentSection/UploadImageToContentSection`: multipart with `file`. */
export const UploadContentImageSchema = Type.Object({ file: FileField() });
/** `filePath` is the stored name; the editor inserts `{apiBase}/Attachments/{filePath}`. */
export const UploadContentImageResponseSchema = Type.Object({ message: Type.String(), filePath: Type.String() });
export type UploadContentImageResponse = Static<typeof UploadContentImageResponseSchema>;

// `GET ContentSection/GetAllContentSections`'s query: section-table.ts.

// --- Banners --------------------------------------------------------------------------------------

const BannerFormFields = {
  name: RequiredText({ label: 'Banner Name', max: LIMITS.banner.name, required: MESSAGES.banner.nameRequired }),
  isActive: Type.Optional(Flag('Is Active')),
  pageId: Type.Optional(Nullable(IdSchema('pageId'))),
  blogId: Type.Optional(Nullable(IdSchema('blogId'))),
};

/** `POST Banner/CreateBanner` (JSON): `{ name, isActive, pageId?, blogId? }`. */
export const CreateBannerSchema = Type.Object(BannerFormFields);
export type CreateBanner = Static<typeof CreateBannerSchema>;
/** `PUT Banner/UpdateBanner`: the same plus `id`. */
export const UpdateBannerSchema = Type.Object({ id: IdSchema('id'), ...BannerFormFields });
export type UpdateBanner = Static<typeof UpdateBannerSchema>;

/** A row of `GET Banner/GetAllBanners` (the content-sections screen lists banners with it). */
export const BannerSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isActive: Type.Boolean(),
  pageId: Nullable(Type.Integer()),
  blogId: Nullable(Type.Integer()),
  bannerItemCount: Type.Integer(),
});
export type BannerSummary = Static<typeof BannerSummarySchema>;

// `GET Banner/GetAllBanners`'s query: banner-table.ts.

// --- Banner items ---------------------------------------------------------------------------------

const BI = LIMITS.bannerItem;

const BannerItemFormFields = {
  bannerId: IdSchema('bannerId'),
  name: OptionalText({ label: 'Name', max: BI.name }),
  /** A content-section type; drives the layout flags as for content sections. */
  type: RequiredEnum(CONTENT_SECTION_TYPES, MESSAGES.contentSection.typeRequired, SECTION_MESSAGES.typeInvalid),
  title: OptionalText({ label: 'Title', max: BI.title }),
  /** Rich text; sanitised with the rich-text allow-list. */
  description: OptionalText({ label: 'Description', max: SECTION_LIMITS.description }),
  ...LayoutFormFields,
  ...ButtonFormFields,
  /** Required on create; on update, replaces the image when sent. */
  image: FileField(),
};

/** `POST BannerItem/CreateBannerItem` (multipart with `image`); added after the banner's last item. */
export const CreateBannerItemSchema = Type.Object(BannerItemFormFields);
export type CreateBannerItem = Static<typeof CreateBannerItemSchema>;
/** `PUT BannerItem/UpdateBannerItem`: the same plus `id`; `bannerId` may be sent but is ignored (an item stays in its banner). */
export const UpdateBannerItemSchema = Type.Object({ id: IdSchema('id'), ...BannerItemFormFields, bannerId: Type.Optional(IdSchema('bannerId')) });
export type UpdateBannerItem = Static<typeof UpdateBannerItemSchema>;
