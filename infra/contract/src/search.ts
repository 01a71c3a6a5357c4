/**
 * The public deal search: the deal filter of `Home/SearchProduct` (spec 000 §3 "Deal filter") and
 * the header's keyword suggestions (`Home/SearchProductByKeyword`, §3 "Search suggestion").
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { PRICE_TIERS, SORT_OPTIONS, type PriceTier, type SortOption } from './enums.ts';

export const SEARCH_LIMITS = {
  /** Longest search text or keyword accepted (characters). */
  searchTerm: 200,
  /** Most stores, product types or featured sections in one filter. */
  listItems: 100,
  /** Deepest page: `skip` beyond this answers 400 (the list is read 100 at a time with Load More). */
  maxSkip: 100_000,
  /** Keywords shorter than this (after trimming) get no suggestions. */
  minKeywordLength: 2,
  /** Deals listed per featured section in `Home/GetCMSInfo` (the home carousels and their previews). */
  featuredSectionDeals: 20,
} as const;

/**
 * Price tiers on the current price, as the spec's issue proposes: `$` under $25, `$$` $25 up to
 * $100, `$$$` $100 up to $500, `$$$$` $500 and more. `min` is inclusive and `below` exclusive, so
 * every price falls in exactly one tier.
 */
export const PRICE_TIER_BOUNDS: Readonly<Record<PriceTier, { min: number | null; below: number | null }>> = {
  $: { min: null, below: 25 },
  $$: { min: 25, below: 100 },
  $$$: { min: 100, below: 500 },
  $$$$: { min: 500, below: null },
};

/**
 * `T | null` as `nullable: true` (OpenAPI 3.0's keyword, which Ajv understands) rather than an
 * `anyOf` with a null branch: with the server's type coercion an `anyOf` turns `[0]` into `null`
 * and words failures as "must be null".
 */
const OrNull = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One chosen store, product type or featured section: `{ id, name }` as the client keeps it, or the bare id. */
const FilterItem = (label: string) => {
  const id = Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    messages: { type: `${label} must be an id`, minimum: `${label} is invalid`, maximum: `${label} is invalid` },
  });
  return Type.Union([id, Type.Object({ id, name: Type.Optional(OrNull(Type.String({ maxLength: 250 }))) })], {
    messages: { anyOf: `${label} must be an id or { id, name }` },
  });
};

const FilterList = (label: string, plural: string) =>
  Type.Optional(
    OrNull(
      Type.Array(FilterItem(label), {
        maxItems: SEARCH_LIMITS.listItems,
        messages: { maxItems: `Choose at most ${SEARCH_LIMITS.listItems} ${plural}`, type: `${plural} must be a list` },
      }),
    ),
  );

const sortMessage = `Sort must be one of ${SORT_OPTIONS.join(', ')}`;
const priceRangeMessage = `Price range must be one of ${PRICE_TIERS.join(', ')}`;
const searchTermMessages = {
  maxLength: `Search text must be at most ${SEARCH_LIMITS.searchTerm} characters`,
  type: 'Search text must be text',
};

/**
 * The body of `POST Home/SearchProduct`. Every part is optional; an empty value (`''`, `null`, `[]`)
 * means "no filter". Lists match any of their items; the parts combine with AND.
 */
export const DealFilterSchema = Type.Object(
  {
    /** Default: newest first, or by relevance when a search text is given. */
    sortBy: Type.Optional(
      OrNull(
        Type.Unsafe<SortOption | ''>({
          type: 'string',
          enum: ['', null, ...SORT_OPTIONS],
          messages: { enum: sortMessage, type: sortMessage },
        }),
      ),
    ),
    priceRange: Type.Optional(
      OrNull(
        Type.Unsafe<PriceTier | ''>({
          type: 'string',
          enum: ['', null, ...PRICE_TIERS],
          messages: { enum: priceRangeMessage, type: priceRangeMessage },
        }),
      ),
    ),
    /** Stores ("categories" in the API). */
    categories: FilterList('Store', 'stores'),
    productTypes: FilterList('Product category', 'product categories'),
    featuredSections: FilterList('Featured section', 'featured sections'),
    searchTerm: Type.Optional(OrNull(Type.String({ maxLength: SEARCH_LIMITS.searchTerm, messages: searchTermMessages }))),
    /** How many deals the client already has (the page size is 100). */
    skip: Type.Optional(
      OrNull(
        Type.Integer({
          minimum: 0,
          maximum: SEARCH_LIMITS.maxSkip,
          messages: {
            type: 'Skip must be a whole number',
            minimum: 'Skip must be 0 or more',
            maximum: `Skip must be at most ${SEARCH_LIMITS.maxSkip}`,
          },
        }),
      ),
    ),
  },
  { messages: { type: 'The deal filter must be a JSON object' } },
);
export type DealFilter = Static<typeof DealFilterSchema>;

export const KeywordQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: SEARCH_LIMITS.searchTerm, messages: searchTermMessages })),
});
export type KeywordQuery = Static<typeof KeywordQuerySchema>;

/**
 * A header search suggestion: the deal's id, its name and its preview image (spec 000 §3), with its
 * store's name and its current price, which tell apart deals of the same name.
 */
export const SearchSuggestionSchema = Type.Object({
  value: Type.Integer(),
  label: Type.String(),
  filePath: Nullable(Type.String()),
  store: Type.String(),
  currentPrice: Type.Number(),
});
export type SearchSuggestion = Static<typeof SearchSuggestionSchema>;
