/** Deals ("Product"), their images and the public deal search. */
import { Type, type Static } from '@sinclair/typebox';
import { FileField, Flag, HexColor, IdQuery, IdSchema, IsActiveQuerySchema, Nullable, OptionalText, RequiredText } from './common.ts';
import { DEFAULT_BADGE_COLOR, LIMITS } from './limits.ts';
import { DEAL_LINK_PATTERN, DEAL_MESSAGES, MAX_DEAL_PRICE, MAX_PRODUCT_TYPES_PER_DEAL } from './deal-rules.ts';
import { MESSAGES } from './messages.ts';
import { DealTrustFields } from './trust.ts';
import { AFFILIATE_MESSAGES, AFFILIATE_TEMPLATE_MAX, DEAL_AFFILIATE_MODES, type DealAffiliateMode } from './affiliate-links.ts';
import { EarningsColumns } from './commissions.ts';
import { DEAL_TABLE_FILTERS, DEAL_TABLE_SORT_KEYS, tableExportQuerySchema, tableQuerySchema } from './tables.ts';

/** Deal card as listed publicly (spec §3 "Deal list card"). */
export const DealCardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  filePath: Nullable(Type.String()),
  badgeText: Nullable(Type.String()),
  badgeColor: Nullable(Type.String()),
  likes: Type.Integer(),
  promoCode: Nullable(Type.String()),
  dealExpiresIn: Nullable(Type.String({ format: 'date-time' })),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  link: Type.String(),
  /** Click-outs: at least the site's "Hot" threshold of unique clicks in the last 24 hours. */
  hot: Type.Optional(Type.Boolean()),
  /** What visitors' answers and staff checks say of the deal (trust.ts). */
  ...DealTrustFields,
});
export type DealCard = Static<typeof DealCardSchema>;

// The deal rules' constants and texts live in the pure `deal-rules` module (the deal form reads
// them too); re-exported here for the server code.
export * from './deal-rules.ts';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const Price = (required: string, invalid: string) =>
  Type.Number({ minimum: 0, maximum: MAX_DEAL_PRICE, messages: { required, type: invalid, minimum: invalid, maximum: invalid } });

/** An ISO 8601 date-time with its offset (`2025-06-01T09:30:00.000Z`), or null / absent for none. */
const DealDate = () =>
  Type.Optional(
    Nullable(
      Type.String({ format: 'date-time', maxLength: 40, messages: { format: DEAL_MESSAGES.dateInvalid, type: DEAL_MESSAGES.dateInvalid, maxLength: DEAL_MESSAGES.dateInvalid } }),
    ),
  );

/**
 * The deal form's fields (spec §5 "Deal"), shared by create and update, multipart or JSON.
 * Optional texts may be absent or null; `badgeColor`, `isActive` and `isFeatured` default.
 */
const dealFields = {
  categoryId: Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    messages: { required: MESSAGES.deal.storeRequired, type: DEAL_MESSAGES.storeInvalid, minimum: DEAL_MESSAGES.storeInvalid, maximum: DEAL_MESSAGES.storeInvalid },
  }),
  /** Repeated multipart field; a single value arrives as a one-item list. */
  productTypeIds: Type.Array(IdSchema('productTypeIds'), {
    minItems: 1,
    maxItems: MAX_PRODUCT_TYPES_PER_DEAL,
    messages: {
      required: MESSAGES.deal.productTypeRequired,
      minItems: MESSAGES.deal.productTypeRequired,
      type: MESSAGES.deal.productTypeRequired,
      maxItems: `At most ${MAX_PRODUCT_TYPES_PER_DEAL} categories can be selected`,
    },
  }),
  name: RequiredText({ label: 'Product Name', max: LIMITS.deal.name, required: MESSAGES.deal.nameRequired }),
  additionalInformation: OptionalText({ label: 'Additional Information', max: LIMITS.deal.additionalInformation }),
  isFeatured: Type.Optional(Object.assign(Flag('Is Featured'), { default: false })),
  /** Dollars, at most 2 decimals (more is refused rather than silently rounded). */
  currentPrice: Price(MESSAGES.deal.currentPriceRequired, MESSAGES.deal.currentPriceInvalid),
  previousPrice: Price(MESSAGES.deal.previousPriceRequired, MESSAGES.deal.previousPriceInvalid),
  promoCode: OptionalText({ label: 'Promo Code', max: LIMITS.deal.promoCode }),
  dealStartsIn: DealDate(),
  /** Must not be before `dealStartsIn` when both are given. */
  dealExpiresIn: DealDate(),
  link: Type.String({
    minLength: 1,
    maxLength: LIMITS.deal.link,
    pattern: DEAL_LINK_PATTERN,
    messages: {
      required: MESSAGES.deal.linkRequired,
      minLength: MESSAGES.deal.linkRequired,
      type: MESSAGES.deal.linkRequired,
      maxLength: `Link must be at most ${LIMITS.deal.link} characters`,
      pattern: DEAL_MESSAGES.linkInvalid,
    },
  }),
  keywords: OptionalText({ label: 'Keywords', max: LIMITS.deal.keywords }),
  badgeText: OptionalText({ label: 'Badge Text', max: LIMITS.deal.badgeText, maxMessage: MESSAGES.deal.badgeTextMax }),
  badgeColor: Type.Optional(Object.assign(HexColor('Badge Color', LIMITS.deal.badgeColor), { default: DEFAULT_BADGE_COLOR })),
  isActive: Type.Optional(Object.assign(Flag('Is Active'), { default: true })),
  /** How click-outs are tagged: the store's link template (default), the deal's own, or none because `link` already tracks. */
  affiliateMode: Type.Optional(
    Type.Unsafe<DealAffiliateMode>(
      Type.String({ enum: [...DEAL_AFFILIATE_MODES], default: 'STORE', messages: { enum: AFFILIATE_MESSAGES.modeInvalid, type: AFFILIATE_MESSAGES.modeInvalid } }),
    ),
  ),
  /** The deal's own link template (`affiliateMode` OWN), with the store template's placeholders. */
  affiliateLinkTemplate: OptionalText({ label: 'Link template', max: AFFILIATE_TEMPLATE_MAX }),
};

/** The deal form's fields as one schema: what create and update share, and what a revision keeps. */
export const DealFormFieldsSchema = Type.Object(dealFields);

/**
 * The deal form's values with every field present (texts null when blank, dates ISO text or
 * null): what the back office sends and what a deal's revision keeps. Derived from the schema,
 * so a field added to `dealFields` reaches the API and the form's types by itself.
 */
export type DealFields = { [K in keyof Static<typeof DealFormFieldsSchema>]-?: Exclude<Static<typeof DealFormFieldsSchema>[K], undefined> };

/** The form's field names, in the form's order. */
export const DEAL_FORM_FIELDS = Object.keys(dealFields) as Array<keyof DealFields>;

/** `POST Product/CreateProduct`: the deal fields and its first image (`image`, required: it becomes the preview). */
export const CreateProductBodySchema = Type.Object({ ...dealFields, image: FileField('The deal image (required): JPEG, PNG, WebP or GIF, at most 10 MB') });
export type CreateProductBody = Static<typeof CreateProductBodySchema>;

/**
 * `PUT Product/UpdateProduct`: the whole deal form again (`id` plus every field, as create; an
 * absent optional field becomes empty or its default). `productTypeIds` replaces the deal's set.
 * An `image`, if sent, is ADDED to the deal's images (the preview when it has none).
 */
export const UpdateProductBodySchema = Type.Object({
  id: IdSchema('id'),
  ...dealFields,
  image: FileField('Optional: an image to add to the deal'),
});
export type UpdateProductBody = Static<typeof UpdateProductBodySchema>;

/** The spec's `isActive`, plus the server-side table's paging, sorting and filters (contract/tables.ts). */
export const GetAllProductsQuerySchema = tableQuerySchema(DEAL_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...DEAL_TABLE_FILTERS });
export type GetAllProductsQuery = Static<typeof GetAllProductsQuerySchema>;

export const ProductIdQuerySchema = IdQuery('productId');
export type ProductIdQuery = Static<typeof ProductIdQuerySchema>;

export const ImageIdQuerySchema = IdQuery('imageId');
export type ImageIdQuery = Static<typeof ImageIdQuerySchema>;

export const DashboardQuerySchema = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000, default: 0, messages: { type: 'skip must be a number', minimum: 'skip is invalid', maximum: 'skip is invalid' } })),
});
export type DashboardQuery = Static<typeof DashboardQuerySchema>;

/** `POST ProductImage/UploadImages`: multipart `productId` and one or more `files` (repeated field). */
export const UploadImagesBodySchema = Type.Object({
  productId: IdSchema('productId'),
  files: Type.Unknown({
    description: 'One or more image files (repeat the field): JPEG, PNG, WebP or GIF, at most 10 MB each',
    messages: { required: MESSAGES.deal.imageRequired },
  }),
});
export type UploadImagesBody = Static<typeof UploadImagesBodySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const ProductTypeRefSchema = Type.Object({ productTypeId: Type.Integer(), name: Type.String() });
export type ProductTypeRef = Static<typeof ProductTypeRefSchema>;

/** One image of a deal; `filePath` is read at `Attachments/{filePath}`. */
export const ProductImageSchema = Type.Object({
  id: Type.Integer(),
  filePath: Type.String(),
  isPreviewImage: Type.Boolean(),
  /** Its pixel size, in the public deal detail only (link previews announce it); absent when unknown. */
  width: Type.Optional(Type.Integer({ minimum: 1 })),
  height: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type ProductImage = Static<typeof ProductImageSchema>;

const dateTime = () => Type.String({ format: 'date-time' });
const optionalDateTime = () => Nullable(dateTime());

/**
 * A row of the admin deals table (`GetAllProducts`). The table pages, sorts and filters on the
 * client, so the call returns every matching deal (newest first) and keeps each row to the columns
 * the table shows. `discount` is the whole percent saved, rounded up; `imageUrl` the preview image.
 */
export const ProductListItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categoryId: Type.Integer(),
  category: Type.String(),
  productTypes: Type.Array(ProductTypeRefSchema),
  promoCode: Nullable(Type.String()),
  discount: Type.Number(),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  addedById: Nullable(Type.Integer()),
  addedBy: Nullable(Type.String()),
  dateTimeAdded: dateTime(),
  dateTimeModified: dateTime(),
  dealStartsIn: optionalDateTime(),
  dealExpiresIn: optionalDateTime(),
  isActive: Type.Boolean(),
  imageUrl: Nullable(Type.String()),
  /** Click-outs: unique clicks of the last 7 days (refreshed every minute). */
  clicks7d: Type.Integer(),
  ...EarningsColumns,
});
export type ProductListItem = Static<typeof ProductListItemSchema>;

/** The whole deal, as the edit form loads it (`GetProductById`, spec §3 "Product"). */
export const ProductSchema = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  productTypeIds: Type.Array(Type.Integer()),
  name: Type.String(),
  additionalInformation: Nullable(Type.String()),
  isFeatured: Type.Boolean(),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  discount: Type.Number(),
  promoCode: Nullable(Type.String()),
  dealStartsIn: optionalDateTime(),
  dealExpiresIn: optionalDateTime(),
  link: Type.String(),
  keywords: Nullable(Type.String()),
  badgeText: Nullable(Type.String()),
  badgeColor: Type.String(),
  isActive: Type.Boolean(),
  affiliateMode: Type.Unsafe<DealAffiliateMode>(Type.String({ enum: [...DEAL_AFFILIATE_MODES] })),
  affiliateLinkTemplate: Nullable(Type.String()),
  likes: Type.Integer(),
  addedById: Nullable(Type.Integer()),
  addedBy: Nullable(Type.String()),
  category: Type.String(),
  productTypes: Type.Array(ProductTypeRefSchema),
  /** Preview first, then oldest first. */
  productImages: Type.Array(ProductImageSchema),
  /** The preview image's file path. */
  imageUrl: Nullable(Type.String()),
  dateTimeAdded: dateTime(),
  dateTimeModified: dateTime(),
});
export type Product = Static<typeof ProductSchema>;

/** An item of the featured-section deal picker (`GetAllProductsBySearchTerm`). */
export const ProductSearchItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  imageUrl: Nullable(Type.String()),
  /** The store's name and the promo code, so deals of the same name from different stores tell apart. */
  category: Type.String(),
  promoCode: Nullable(Type.String()),
});
export type ProductSearchItem = Static<typeof ProductSearchItemSchema>;

/**
 * The public deal detail (`GetProductDetailById`): the card plus the gallery and the store and
 * product-type names. `productType` is every product-type name joined with ", " (the detail shows
 * one line); `productTypes` has them one by one.
 */
export const DealDetailSchema = Type.Object({
  ...DealCardSchema.properties,
  discount: Type.Number(),
  categoryId: Type.Integer(),
  category: Type.String(),
  productType: Type.String(),
  productTypes: Type.Array(ProductTypeRefSchema),
  additionalInformation: Nullable(Type.String()),
  dealStartsIn: optionalDateTime(),
  dateTimeAdded: dateTime(),
  /** Preview first, then oldest first. */
  images: Type.Array(ProductImageSchema),
});
export type DealDetail = Static<typeof DealDetailSchema>;

/**
 * `Home/GetDealAvailability` (beyond the spec): whether a deal exists and is live, so the
 * visitor site can answer an expired or switched-off deal with 410 Gone and its store's live deals.
 */
export const DealAvailabilitySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The store. */
  categoryId: Type.Integer(),
  category: Type.String(),
  filePath: Nullable(Type.String()),
  /** Active, started and not expired: what anonymous visitors may see. */
  live: Type.Boolean(),
});
export type DealAvailability = Static<typeof DealAvailabilitySchema>;

/** Download CSV of the admin deals table (`GET Product/ExportProductsCsv`): every matching deal. */
export const ExportProductsQuerySchema = tableExportQuerySchema(DEAL_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...DEAL_TABLE_FILTERS });
export type ExportProductsQuery = Static<typeof ExportProductsQuerySchema>;
