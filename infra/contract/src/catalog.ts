/**
 * Stores ("Category"), product types ("Product Category") and featured sections: what the API
 * answers, the create/update forms with the §5 rules, and the success texts of their mutations.
 *
 * The create and update forms are multipart (files) but the same schemas validate JSON bodies;
 * the image field is `logo` for stores and product types (`image` accepted as an alias) and
 * `image` for featured sections.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FileField, IdSchema, IsActiveQuerySchema, Nullable } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { StoreAffiliateFields, StoreAffiliateSchema } from './affiliate-links.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** An opening markup tag or comment (`<b`, `</`, `<!--`, `<?`): names are plain text. */
export const MARKUP_PATTERN = '<[A-Za-z/!?]';

/** True when a text carries markup, which no catalogue name may (the forms can check it too). */
export function containsMarkup(text: string): boolean {
  return new RegExp(MARKUP_PATTERN).test(text);
}

/** "1 deal uses it" / "3 deals use it": how many deals keep a store or product category from being deleted. */
const dealsUseIt = (count: number) => (count === 1 ? '1 deal uses it' : `${count} deals use it`);

/** Texts of this area that `messages.ts` does not word (success toasts, not-found and in-use answers). */
export const CATALOG_MESSAGES = {
  noMarkup: (label: string) => `${label} must not contain HTML tags`,
  sortDuplicate: 'Each item may appear only once in the sort list',
  sortUnknown: (label: string, ids: readonly number[]) => `Some ${label} in the list no longer exist (id ${ids.join(', ')}). Please reload and try again.`,
  store: {
    created: 'Store created successfully',
    updated: 'Store updated successfully',
    sorted: 'Stores sorted successfully',
    deleted: 'Store deleted successfully',
    notFound: 'Store not found',
    /** The 409 of DeleteCategory while deals (of any state) still belong to the store. */
    inUse: (count: number) =>
      `This store cannot be deleted because ${dealsUseIt(count)}. Move those deals to another store or make the store inactive instead.`,
  },
  productType: {
    created: 'Product Category created successfully',
    updated: 'Product Category updated successfully',
    sorted: 'Product Categories sorted successfully',
    deleted: 'Product Category deleted successfully',
    notFound: 'Product Category not found',
    /** The 409 of DeleteProductType while deals (of any state) still carry the product category. */
    inUse: (count: number) =>
      `This product category cannot be deleted because ${dealsUseIt(count)}. Remove it from those deals or make it inactive instead.`,
  },
  featuredSection: {
    created: 'Featured Section created successfully',
    updated: 'Featured Section updated successfully',
    sorted: 'Featured Sections sorted successfully',
    deleted: 'Featured Section deleted successfully',
    notFound: 'Featured Section not found',
    productsAdded: (count: number) => (count === 1 ? '1 deal added to the featured section' : `${count} deals added to the featured section`),
    productsAlreadyAdded: 'The selected deals are already in this featured section',
    unknownProducts: (ids: readonly number[]) => `Some selected deals no longer exist (id ${ids.join(', ')})`,
    productRemoved: 'Deal removed from the featured section',
    productNotInSection: 'This deal is not in this featured section',
  },
} as const;

/** The most deals one `associateProductsToFeaturedSection` call may add. */
export const MAX_PRODUCTS_PER_ASSOCIATE = 1000;

/**
 * A required plain-text name: missing or blank answers `required`, markup answers
 * "<label> must not contain HTML tags", too long "<label> must be at most N characters".
 */
const NameField = (label: string, max: number, required: string) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    pattern: '\\S',
    not: { pattern: MARKUP_PATTERN },
    messages: {
      required,
      type: required,
      minLength: required,
      pattern: required,
      maxLength: `${label} must be at most ${max} characters`,
      not: CATALOG_MESSAGES.noMarkup(label),
    },
  });

const SortOrderField = Type.Optional(
  Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    description: 'Position in the sorted lists; defaults to after the last one on create, unchanged on update.',
    messages: { type: 'Sort Order must be a whole number', minimum: 'Sort Order must be 0 or more', maximum: 'Sort Order is too large' },
  }),
);

/** `Flag` with a description for the documentation (multipart sends "true"/"false"). */
const flag = (label: string, description: string) =>
  Type.Optional(Type.Boolean({ description, messages: { type: `${label} must be true or false` } }));

// ---------------------------------------------------------------------------------------------
// Stores ("Category")
// ---------------------------------------------------------------------------------------------

/** A store ("Category" in the API). */
export const StoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ maxLength: LIMITS.store.name }),
  imageFilePath: Nullable(Type.String()),
  isActive: Type.Boolean(),
  notifyImmediately: Type.Boolean(),
  sortOrder: Type.Integer(),
  /** Signed-in staff only: the store's affiliate network and link template (affiliate-links.ts). */
  ...Type.Partial(StoreAffiliateSchema).properties,
});
export type Store = Static<typeof StoreSchema>;

export const GetAllCategoriesQuerySchema = IsActiveQuerySchema;
export type GetAllCategoriesQuery = Static<typeof GetAllCategoriesQuerySchema>;

export const GetCategoryByIdQuerySchema = Type.Object({ categoryId: IdSchema('categoryId') });
export type GetCategoryByIdQuery = Static<typeof GetCategoryByIdQuerySchema>;

/** `DELETE Category/DeleteCategory?categoryId=`: the same parameter as GetCategoryById. */
export const DeleteCategoryQuerySchema = GetCategoryByIdQuerySchema;
export type DeleteCategoryQuery = GetCategoryByIdQuery;

const storeFields = {
  name: NameField('Store Name', LIMITS.store.name, MESSAGES.store.nameRequired),
  isActive: flag('Is Active', 'Defaults to true on create; unchanged on update when absent.'),
  notifyImmediately: flag('Send Notification Immediately', 'Defaults to false on create; unchanged on update when absent.'),
  sortOrder: SortOrderField,
  ...StoreAffiliateFields,
  logo: FileField('The store logo: JPEG, PNG, WebP or GIF, at most 10 MB. Required on create; on update it replaces the old one.'),
  image: FileField('Alias of `logo`.'),
};

/** `POST Category/CreateCategory` (multipart). */
export const CreateStoreBodySchema = Type.Object(storeFields);
export type CreateStoreBody = Static<typeof CreateStoreBodySchema>;

/** `PUT Category/UpdateCategory` (multipart): absent fields keep their value. */
export const UpdateStoreBodySchema = Type.Object({ id: IdSchema('id'), ...storeFields });
export type UpdateStoreBody = Static<typeof UpdateStoreBodySchema>;

// ---------------------------------------------------------------------------------------------
// Product types ("Product Category" in the interface)
// ---------------------------------------------------------------------------------------------

export const ProductTypeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ maxLength: LIMITS.productCategory.name }),
  imageFilePath: Nullable(Type.String()),
  notifyImmediately: Type.Boolean(),
  isActive: Type.Boolean(),
  sortOrder: Type.Integer(),
});
export type ProductType = Static<typeof ProductTypeSchema>;

export const GetAllProductTypesQuerySchema = IsActiveQuerySchema;
export type GetAllProductTypesQuery = Static<typeof GetAllProductTypesQuerySchema>;

export const GetProductTypeByIdQuerySchema = Type.Object({ productTypeId: IdSchema('productTypeId') });
export type GetProductTypeByIdQuery = Static<typeof GetProductTypeByIdQuerySchema>;

/** `DELETE ProductType/DeleteProductType?productTypeId=`: the same parameter as GetProductTypeById. */
export const DeleteProductTypeQuerySchema = GetProductTypeByIdQuerySchema;
export type DeleteProductTypeQuery = GetProductTypeByIdQuery;

const productTypeFields = {
  name: NameField('Product Category', LIMITS.productCategory.name, MESSAGES.productCategory.nameRequired),
  isActive: flag('Is Active', 'Defaults to true on create; unchanged on update when absent.'),
  notifyImmediately: flag('Send Notification Immediately', 'Defaults to false on create; unchanged on update when absent.'),
  sortOrder: SortOrderField,
  logo: FileField('The category image: JPEG, PNG, WebP or GIF, at most 10 MB. Required on create; on update it replaces the old one.'),
  image: FileField('Alias of `logo`.'),
};

/** `POST ProductType/CreateProductType` (multipart). */
export const CreateProductTypeBodySchema = Type.Object(productTypeFields);
export type CreateProductTypeBody = Static<typeof CreateProductTypeBodySchema>;

/** `PUT ProductType/UpdateProductTypes` (multipart): absent fields keep their value. */
export const UpdateProductTypeBodySchema = Type.Object({ id: IdSchema('id'), ...productTypeFields });
export type UpdateProductTypeBody = Static<typeof UpdateProductTypeBodySchema>;

// ---------------------------------------------------------------------------------------------
// Featured sections
// ---------------------------------------------------------------------------------------------

export const FeaturedSectionSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ maxLength: LIMITS.featuredSection.name }),
  imageFilePath: Nullable(Type.String()),
  isActive: Type.Boolean(),
  sortOrder: Type.Integer(),
  dateCreated: Type.String({ format: 'date-time' }),
  dateUpdated: Type.String({ format: 'date-time' }),
});
export type FeaturedSection = Static<typeof FeaturedSectionSchema>;

/** A deal in a featured section (the section screen's Deals and Promo Codes table). */
export const FeaturedSectionProductSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The store's name. */
  category: Type.String(),
  productTypes: Type.Array(Type.Object({ productTypeId: Type.Integer(), name: Type.String() })),
  promoCode: Nullable(Type.String()),
  /** The preview image, else the deal's first image. */
  filePath: Nullable(Type.String()),
  isActive: Type.Boolean(),
});
export type FeaturedSectionProduct = Static<typeof FeaturedSectionProductSchema>;

/** `GET FeaturedSection/GetFeaturedSection`: the section and its deals in their order. */
export const FeaturedSectionDetailSchema = Type.Composite([FeaturedSectionSchema, Type.Object({ products: Type.Array(FeaturedSectionProductSchema) })]);
export type FeaturedSectionDetail = Static<typeof FeaturedSectionDetailSchema>;

export const GetAllFeaturedSectionsQuerySchema = IsActiveQuerySchema;
export type GetAllFeaturedSectionsQuery = Static<typeof GetAllFeaturedSectionsQuerySchema>;

/** `?id=` of GetFeaturedSection and DeleteFeaturedSection. */
export const FeaturedSectionIdQuerySchema = Type.Object({ id: IdSchema('id') });
export type FeaturedSectionIdQuery = Static<typeof FeaturedSectionIdQuerySchema>;

const featuredSectionFields = {
  name: NameField('Feature Section Name', LIMITS.featuredSection.name, MESSAGES.featuredSection.nameRequired),
  isActive: flag('Is Active', 'Defaults to true on create; unchanged on update when absent.'),
  sortOrder: SortOrderField,
  image: FileField('The section image: JPEG, PNG, WebP or GIF, at most 10 MB. Required on create; on update it replaces the old one.'),
};

/** `POST FeaturedSection/CreateFeaturedSection` (multipart: name, isActive, sortOrder, image). */
export const CreateFeaturedSectionBodySchema = Type.Object(featuredSectionFields);
export type CreateFeaturedSectionBody = Static<typeof CreateFeaturedSectionBodySchema>;

/** `PUT FeaturedSection/UpdateFeaturedSection` (multipart): absent fields keep their value. */
export const UpdateFeaturedSectionBodySchema = Type.Object({ id: IdSchema('id'), ...featuredSectionFields });
export type UpdateFeaturedSectionBody = Static<typeof UpdateFeaturedSectionBodySchema>;

/** `POST FeaturedSection/associateProductsToFeaturedSection`. */
export const AssociateProductsBodySchema = Type.Object({
  featuredSectionId: IdSchema('featuredSectionId'),
  productIds: Type.Array(IdSchema('productId'), {
    minItems: 1,
    maxItems: MAX_PRODUCTS_PER_ASSOCIATE,
    messages: {
      required: MESSAGES.featuredSection.productsRequired,
      type: MESSAGES.featuredSection.productsRequired,
      minItems: MESSAGES.featuredSection.productsRequired,
      maxItems: `At most ${MAX_PRODUCTS_PER_ASSOCIATE} deals can be added at once`,
    },
  }),
});
export type AssociateProductsBody = Static<typeof AssociateProductsBodySchema>;

/** Answer of associateProductsToFeaturedSection: which deals were newly linked (already linked ones are skipped). */
export const AssociateProductsResponseSchema = Type.Object({ message: Type.String(), addedProductIds: Type.Array(Type.Integer()) });
export type AssociateProductsResponse = Static<typeof AssociateProductsResponseSchema>;

/** `DELETE FeaturedSection/RemoveProductsFromFeaturedSection?featuredSectionId=&productId=`. */
export const RemoveProductFromFeaturedSectionQuerySchema = Type.Object({
  featuredSectionId: IdSchema('featuredSectionId'),
  productId: IdSchema('productId'),
});
export type RemoveProductFromFeaturedSectionQuery = Static<typeof RemoveProductFromFeaturedSectionQuerySchema>;
