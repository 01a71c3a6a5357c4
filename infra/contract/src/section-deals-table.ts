/**
 * The featured section's deals as server-side tables: the section's own deals
 * (`FeaturedSection/GetFeaturedSectionProducts`) and the Add Deals picker
 * (`Product/GetAllProductsBySearchTerm` with `page`), so a section of thousands of deals and a
 * catalogue of hundreds of thousands stay light.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.ts';
import { DEAL_PICKER_LIMIT } from './deal-rules.ts';
import { IdFilter, tableQuerySchema, TextFilter } from './tables.ts';

/** `position` is the section's own order (Sort Items), the others the columns'. */
export const SECTION_DEAL_SORT_KEYS = ['position', 'name', 'category', 'promoCode'] as const;
export type SectionDealSortKey = (typeof SECTION_DEAL_SORT_KEYS)[number];

export const GetFeaturedSectionProductsQuerySchema = tableQuerySchema(SECTION_DEAL_SORT_KEYS, {
  featuredSectionId: IdSchema('featuredSectionId'),
  /** The deal's name contains it (any case). */
  name: TextFilter(),
});
export type GetFeaturedSectionProductsQuery = Static<typeof GetFeaturedSectionProductsQuerySchema>;

/** The picker's search: without `page` the spec's call (at most 50, newest first); with it, a page and the total. */
export const ProductSearchTermQuerySchema = Type.Object({
  searchTerm: Type.Optional(Type.String({ maxLength: 200, messages: { maxLength: 'Search term must be at most 200 characters' } })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, messages: { type: 'page must be a whole number from 1', minimum: 'page must be a whole number from 1', maximum: 'page must be a whole number from 1' } })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: DEAL_PICKER_LIMIT,
      messages: { type: `pageSize must be a whole number from 1 to ${DEAL_PICKER_LIMIT}`, minimum: `pageSize must be a whole number from 1 to ${DEAL_PICKER_LIMIT}`, maximum: `pageSize must be a whole number from 1 to ${DEAL_PICKER_LIMIT}` },
    }),
  ),
  /** Leaves out the deals already in this section (the picker's own section). */
  excludeFeaturedSectionId: IdFilter('excludeFeaturedSectionId'),
});
export type ProductSearchTermQuery = Static<typeof ProductSearchTermQuerySchema>;

/** `GET FeaturedSection/GetFeaturedSection`: `withProducts=false` leaves the deals out (the back office pages them instead). */
export const GetFeaturedSectionQuerySchema = Type.Object({
  id: IdSchema('id'),
  withProducts: Type.Optional(Type.Boolean({ default: true, messages: { type: 'withProducts must be true or false' } })),
});
export type GetFeaturedSectionQuery = Static<typeof GetFeaturedSectionQuerySchema>;
