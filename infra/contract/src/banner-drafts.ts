/**
 * Editorial drafts, publishing, schedules and revisions of banners WITH their items. A banner and
 * its items are one value (`BannerSnapshot`): what a draft holds, what a revision keeps and what
 * Publish copies into the banner and its `banner_items` rows.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, Nullable } from './common.ts';
import { EditorialStateSchema } from './revisions.ts';
import { AlignmentSchema, BannerSchema, BannerSummarySchema, CreateBannerItemSchema, UpdateBannerSchema } from './sections.ts';

/** One item of a banner snapshot: every editable `BannerItem` field; `id` null for an item not yet published. */
export const BannerItemSnapshotSchema = Type.Object({
  id: Nullable(Type.Integer()),
  name: Nullable(Type.String()),
  type: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  alignment: AlignmentSchema,
  imagePath: Nullable(Type.String()),
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
  /** The item's position (0, 1, …): the items are in this order. */
  sortOrder: Type.Integer(),
});
export type BannerItemSnapshot = Static<typeof BannerItemSnapshotSchema>;

/** The banner and its items as one value. */
export const BannerSnapshotSchema = Type.Object({
  name: Type.String(),
  isActive: Type.Boolean(),
  items: Type.Array(BannerItemSnapshotSchema),
});
export type BannerSnapshot = Static<typeof BannerSnapshotSchema>;

/** The most items one banner draft may have. */
export const BANNER_DRAFT_MAX_ITEMS = 100;

// The item form of `BannerItem/CreateBannerItem` (same rules, same messages) without its banner
// and its file: a draft item names an image uploaded before (`ContentSection/UploadImageToContentSection`).
const { bannerId: _bannerId, image: _image, ...BannerItemFormFields } = CreateBannerItemSchema.properties;

/** An item of `PUT Banner/SaveBannerDraft`. */
export const DraftBannerItemSchema = Type.Object({
  /** The published item this is (its id in `GetBannerById`); null or absent: a new item. */
  id: Type.Optional(Nullable(IdSchema('id'))),
  ...BannerItemFormFields,
  /** The stored name of the item's image (required, as the item form requires an image). */
  imagePath: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  /** Accepted and ignored: the items' order is the array's. */
  sortOrder: Type.Optional(Type.Integer()),
});
export type DraftBannerItem = Static<typeof DraftBannerItemSchema>;

/** `PUT Banner/SaveBannerDraft` (JSON): `UpdateBanner`'s body plus the banner's items in order. */
export const SaveBannerDraftSchema = Type.Object({
  ...UpdateBannerSchema.properties,
  items: Type.Array(DraftBannerItemSchema, { maxItems: BANNER_DRAFT_MAX_ITEMS }),
});
export type SaveBannerDraft = Static<typeof SaveBannerDraftSchema>;

/** `GET Banner/GetBannerById`: the published banner plus, for the editor, its draft and editorial state. */
export const AdminBannerSchema = Type.Composite([
  BannerSchema,
  Type.Object({
    /** The unpublished banner and items the editor works on (null: none). */
    draft: Type.Optional(Nullable(BannerSnapshotSchema)),
    editorial: Type.Optional(EditorialStateSchema),
  }),
]);
export type AdminBanner = Static<typeof AdminBannerSchema>;

/** A row of `GET Banner/GetAllBanners`, with "Changes not published" and the schedule. */
export const BannerListItemSchema = Type.Composite([
  BannerSummarySchema,
  Type.Object({
    hasDraft: Type.Optional(Type.Boolean()),
    publishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    unpublishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  }),
]);
export type BannerListItem = Static<typeof BannerListItemSchema>;
