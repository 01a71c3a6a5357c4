/**
 * The SQL of the public deal search: words and typo matching, the live-deal conditions, the
 * filters, the five sorts and the card JSON. Pure builders; `fastify.dealSearch` runs them.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  PAGE_SIZE,
  PRICE_TIER_BOUNDS,
  PRICE_TIERS,
  SEARCH_LIMITS,
  type DealFilter,
  type PriceTier,
  type SortOption,
} from '@deals/contract';
import { isoText } from './deal-columns.js';


/** Words beyond this many are ignored (a query of 8 words is already very specific). */
const MAX_WORDS = 8;
/** Longer words are cut: still a prefix of the same words, and cheap for the index. */
const MAX_WORD_LENGTH = 50;
/** Suggestions are ranked among this many newest matches (bounded work for common words). */
const SUGGESTION_CANDIDATES = 50;
/**
 * Trigram similarity (0–1) a known word needs to replace a misspelt one. 0.25 lets a swapped pair
 * of letters through ("iphnoe" scores 0.27 against "iphone", "samsnug" 0.33 against "samsung")
 * while unrelated words stay out.
 */
export const TYPO_SIMILARITY = 0.25;

/** A search text as words: letters and digits, lower case, NFC (as PostgreSQL's parser splits them). */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFC').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * The `to_tsquery` text for the words: all must match (`&`); words of two or more characters match
 * as prefixes (`:*`); `weight` 'A' restricts the match to the deal's name. The words hold only
 * letters and digits, so nothing in them can be tsquery syntax.
 */
export function tsQueryText(words: readonly string[], weight: '' | 'A' = ''): string {
  return words
    .map((word) => {
      const label = (word.length >= 2 ? '*' : '') + weight;
      return label ? `'${word}':${label}` : `'${word}'`;
    })
    .join(' & ');
}

// ---------------------------------------------------------------------------------------------
// SQL building blocks. The alias `p` is a deal everywhere, so fragments compose.
// ---------------------------------------------------------------------------------------------

/**
 * Live deals of open stores. Start and expiry depend on now(), so no index predicate holds them.
 * The open stores are one array computed once per statement (an InitPlan) rather than a join:
 * a tenth less database time, most of it planning. Exported for the dashboard's live-deal count.
 */
export const LIVE_CONDITIONS = sql`p.is_active
    AND p.category_id = ANY (ARRAY(SELECT c.id FROM categories c WHERE c.is_active))
    AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
    AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())`;
const LIVE_DEALS = sql`products p
  WHERE ${LIVE_CONDITIONS}`;

/**
 * "Most Popular": the deals in the order of their precomputed score (deal_popularity,
 * refreshed every minute by plugins/app/deal-popularity.ts). Every deal has its row (a trigger adds
 * it), so the score index is read in order and joined to the deals by primary key: like the other
 * sorts, `LIMIT 100` stops after about 100 rows.
 */
const LIVE_DEALS_BY_POPULARITY = sql`deal_popularity dp JOIN products p ON p.id = dp.product_id
  WHERE ${LIVE_CONDITIONS}`;

/**
 * The preview image of each deal `p` (the deals service keeps exactly one per deal with images).
 * A join, not a correlated subquery: for a page of 100 it costs a fifth as much.
 */
export const PREVIEW_IMAGE_JOIN = sql`LEFT JOIN product_images i ON i.product_id = p.id AND i.is_preview_image`;

/**
 * What a deal card `p` joins: its preview image and its popularity row (click-outs: the "Hot" flag,
 * set by the popularity refresh from the site's threshold).
 */
export const CARD_JOINS = sql`${PREVIEW_IMAGE_JOIN} LEFT JOIN deal_popularity h ON h.product_id = p.id`;

/** The same for rows found through their popularity row, which already carry its Hot flag (no second lookup). */
const POPULAR_CARD_JOINS = sql`${PREVIEW_IMAGE_JOIN} CROSS JOIN LATERAL (SELECT p.popularity_hot AS is_hot, p.popularity_success_rate AS success_rate,
  p.popularity_last_worked_at AS last_worked_at, p.popularity_votes_30d AS votes_30d) h`;

/** A JSON object member: a number (never NULL) or a nullable string (escaped by to_json). */
type JsonMember = { number: SQL } | { string: SQL };

function memberValue(member: JsonMember): SQL {
  return 'number' in member ? member.number : sql`coalesce(to_json(${member.string})::text, 'null')`;
}

/**
 * A JSON object as text, built with `concat` (two thirds of the database time of
 * json_build_object). The keys are constants of this file; every string value goes through
 * to_json (JSON escaping) and numbers print as JSON numbers (integer, numeric).
 */
function jsonObjectText(members: Record<string, JsonMember>): SQL {
  const parts = Object.entries(members).map(([key, member], index) => {
    const prefix = sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`);
    return sql`${prefix}, ${memberValue(member)}`;
  });
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

/** A JSON array as text from the rows' objects, in the given order (`[]` when there are none). */
export const jsonArrayText = (object: SQL, order: SQL) => sql`'[' || coalesce(string_agg(${object}, ',' ORDER BY ${order}), '') || ']'`;

/**
 * The one builder of a `DealCard` (contract/deals.ts) as JSON text, from a row `p` carrying `id`
 * and `card_json_tail`, and its preview image `i` (PREVIEW_IMAGE_JOIN): the database keeps every
 * field but the preview image and the Hot flag as JSON text with the row (migration 0003,
 * products.card_json_tail), so a page only joins 100 texts. `hot` adds the flag from the row's
 * popularity `h` (CARD_JOINS): the public lists carry it, the back office's dashboard does not.
 */
export const dealCardText = ({ hot }: { hot: boolean }) =>
  sql`concat('{"id":', p.id, ',"filePath":', ${memberValue({ string: sql`i.file_path` })},
  ${hot ? sql`CASE WHEN h.is_hot THEN ',"hot":true' ELSE ',"hot":false' END, ${TRUST_MEMBERS}` : sql`''`}, ${VERIFIED_MEMBER}, p.card_json_tail)`;

/**
 * What visitors' answers say of the deal (DealTrustFields), from its popularity row `h`: only the
 * members it has, so a card without answers is no longer than before.
 */
const TRUST_MEMBERS = sql`CASE WHEN h.success_rate IS NOT NULL
    THEN concat(',"successRate":', h.success_rate, ',"lastWorkedAt":', coalesce(to_json(${isoText('h.last_worked_at')})::text, 'null')) ELSE '' END,
  CASE WHEN h.votes_30d > 0 THEN concat(',"feedbackCount":', h.votes_30d) ELSE '' END`;

/** The staff's "Verified" date, when the deal has one. */
const VERIFIED_MEMBER = sql`CASE WHEN p.verified_at IS NOT NULL THEN concat(',"verifiedAt":"', ${isoText('p.verified_at')}, '"') ELSE '' END`;

const DEAL_CARD_TEXT = dealCardText({ hot: true });

/** The same card as a json value, to nest in other JSON (site info's featured sections). */
export const DEAL_CARD_JSON = sql`(${DEAL_CARD_TEXT})::json`;

/** A suggestion: the deal, and what tells deals of one name apart (their store and price). */
const SUGGESTION_TEXT = jsonObjectText({
  value: { number: sql`p.id` },
  label: { string: sql`p.name` },
  filePath: { string: sql`i.file_path` },
  store: { string: sql`s.name` },
  currentPrice: { number: sql`p.current_price` },
});

/** The columns the inner (finding) query hands to the outer (card-building) one: the card and the sort keys. */
const INNER_COLUMNS = sql`p.id, p.card_json_tail, p.verified_at, p.date_time_added, p.current_price, p.discount`;

/**
 * Each sort with the id as the last key, so the order is total and pages never overlap. The
 * indexes of migration 0002 hold exactly these keys. `rank` (a search without a chosen sort)
 * lists the deals whose name holds every word first, then the others, newest first in each.
 */
const ORDER_BY: Record<SortOption | 'RANK', SQL> = {
  DESC_DATE: sql`p.date_time_added DESC, p.id DESC`,
  ASC_PRICE: sql`p.current_price ASC, p.id ASC`,
  DESC_PRICE: sql`p.current_price DESC, p.id DESC`,
  ASC_DISCOUNT: sql`p.discount ASC, p.id ASC`,
  DESC_DISCOUNT: sql`p.discount DESC, p.id DESC`,
  // `popularity_score`: the column the inner query adds (see cardsPageQuery), readable from both
  // levels; NULLS LAST as the index deal_popularity_score_idx is (the column is never null).
  DESC_POPULARITY: sql`popularity_score DESC NULLS LAST, p.id DESC NULLS LAST`,
  // A bare name: the computed column of the inner query (see textRanking), readable from both levels.
  RANK: sql`name_hit DESC, p.date_time_added DESC, p.id DESC`,
};

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The filter with its defaults applied and its lists reduced to sorted, distinct ids. */
export interface SearchRequest {
  sortBy: SortOption | null;
  priceRange: PriceTier | null;
  storeIds: number[];
  productTypeIds: number[];
  featuredSectionIds: number[];
  /** null: no search text (or a blank one). [] : a search text with no letters or digits. */
  words: string[] | null;
  skip: number;
}

type FilterItem = number | { id: number; name?: string | null | undefined };

function distinctIds(items: readonly FilterItem[] | null | undefined): number[] {
  const ids = new Set<number>();
  for (const item of items ?? []) ids.add(typeof item === 'number' ? item : item.id);
  return [...ids].sort((a, b) => a - b);
}

export function normalizeFilter(filter: DealFilter): SearchRequest {
  const term = filter.searchTerm?.trim() ?? '';
  return {
    sortBy: filter.sortBy || null,
    priceRange: filter.priceRange || null,
    storeIds: distinctIds(filter.categories),
    productTypeIds: distinctIds(filter.productTypes),
    featuredSectionIds: distinctIds(filter.featuredSections),
    words: term === '' ? null : searchWords(term),
    skip: Math.min(filter.skip ?? 0, SEARCH_LIMITS.maxSkip),
  };
}

/**
 * `column` is one of the ids. One id is compared through an uncorrelated subselect: PostgreSQL
 * then estimates it like an unknown value in every plan, so a prepared statement's generic plan
 * costs what its custom plans cost and is kept (a literal-like estimate made it re-plan the
 * statement on every call, a third of its time). It still drives index scans (store sorts).
 */
function oneOf(column: SQL, ids: readonly number[]): SQL {
  return ids.length === 1 ? sql`${column} = (SELECT ${ids[0]}::int)` : sql`${column} IN (${idList(ids)})`;
}

/** The filter's conditions on `p` except the text match (AND; a list matches any of its ids). */
function filterConditions(request: SearchRequest): SQL[] {
  const conditions: SQL[] = [];
  if (request.storeIds.length > 0) conditions.push(oneOf(sql`p.category_id`, request.storeIds));
  if (request.productTypeIds.length > 0) {
    conditions.push(sql`EXISTS (SELECT 1 FROM product_product_types t
      WHERE t.product_id = p.id AND ${oneOf(sql`t.product_type_id`, request.productTypeIds)})`);
  }
  if (request.featuredSectionIds.length > 0) {
    // Only active sections: a hidden section lists nothing publicly.
    conditions.push(sql`EXISTS (SELECT 1 FROM featured_section_products f
      JOIN featured_sections s ON s.id = f.featured_section_id AND s.is_active
      WHERE f.product_id = p.id AND ${oneOf(sql`f.featured_section_id`, request.featuredSectionIds)})`);
  }
  if (request.priceRange) {
    // The tier bounds are constants of the contract: literals, so every plan sees the real range.
    const { min, below } = PRICE_TIER_BOUNDS[request.priceRange];
    if (min !== null) conditions.push(sql`p.current_price >= ${sql.raw(String(min))}`);
    if (below !== null) conditions.push(sql`p.current_price < ${sql.raw(String(below))}`);
  }
  return conditions;
}

const and = (conditions: readonly SQL[]) => sql.join(conditions.map((condition) => sql` AND ${condition}`));

export type TextMatch =
  | { kind: 'none' }
  /** `facets`: a tsquery of facet lexemes the deal must also carry (see facetQuery), or null. */
  | { kind: 'words'; query: string; nameQuery: string; facets?: string | null };

/**
 * The store and price-tier lexemes that search_vector carries besides the words (migration 0002:
 * '~store<id>', '~price1'…'~price4' in PRICE_TIERS order), as tsquery text: with the words they
 * intersect inside the GIN index, so "headphones" + `$$` reads only the matching deals' rows.
 * The SQL conditions on category_id and current_price still apply: the lexemes only narrow.
 */
export function facetQuery(request: Pick<SearchRequest, 'storeIds' | 'priceRange'>): string | null {
  const parts: string[] = [];
  if (request.storeIds.length > 0) parts.push(`(${request.storeIds.map((id) => `'~store${id}'`).join(' | ')})`);
  if (request.priceRange) parts.push(`'~price${PRICE_TIERS.indexOf(request.priceRange) + 1}'`);
  return parts.length > 0 ? parts.join(' & ') : null;
}

function textCondition(match: TextMatch): SQL[] {
  if (match.kind === 'words') {
    return match.facets
      ? [sql`p.search_vector @@ (to_tsquery('simple', ${match.query}) && ${match.facets}::tsquery)`]
      : [sql`p.search_vector @@ to_tsquery('simple', ${match.query})`];
  }
  return [];
}

/** The extra sort column a text match adds, and the sort to use when none was chosen. */
function textRanking(match: TextMatch): { column: SQL; order: SQL } | null {
  if (match.kind === 'words') {
    return { column: sql`, (p.search_vector @@ to_tsquery('simple', ${match.nameQuery})) AS name_hit`, order: ORDER_BY.RANK };
  }
  return null;
}

/** One page of deal cards as the JSON text of `DealCard[]` (column `body`). */
export function cardsPageQuery(request: SearchRequest, match: TextMatch): SQL {
  const conditions = [...filterConditions(request), ...textCondition(match)];
  const ranking = textRanking(match);
  const order = request.sortBy ? ORDER_BY[request.sortBy] : (ranking?.order ?? ORDER_BY.DESC_DATE);
  // The inner query finds the page's rows through the indexes; the outer one looks up the preview
  // images of those rows only and writes the JSON.
  const page = request.skip === 0 ? sql`` : sql` OFFSET ${request.skip}`;
  const byPopularity = request.sortBy === 'DESC_POPULARITY';
  return sql`SELECT ${jsonArrayText(DEAL_CARD_TEXT, order)} AS body
    FROM (SELECT ${INNER_COLUMNS}${byPopularity ? sql`, dp.score AS popularity_score, dp.is_hot AS popularity_hot, dp.success_rate AS popularity_success_rate,
            dp.last_worked_at AS popularity_last_worked_at, dp.votes_30d AS popularity_votes_30d` : sql``}${ranking?.column ?? sql``}
          FROM ${byPopularity ? LIVE_DEALS_BY_POPULARITY : LIVE_DEALS}${and(conditions)}
          ORDER BY ${order}
          LIMIT ${sql.raw(String(PAGE_SIZE.publicDeals))}${page}) p
    ${byPopularity ? POPULAR_CARD_JOINS : CARD_JOINS}`;
}

export function anyMatchQuery(request: SearchRequest, match: TextMatch): SQL {
  return sql`SELECT EXISTS (SELECT 1 FROM ${LIVE_DEALS}${and([...filterConditions(request), ...textCondition(match)])}) AS found`;
}

/**
 * Suggestions: the newest `SUGGESTION_CANDIDATES` matches (an index-ordered scan that stops early
 * even for the commonest word), of which the 10 best: name matches first, then newest.
 */
export function suggestionsQuery(match: TextMatch): SQL {
  const ranking = textRanking(match);
  const candidates = sql`SELECT p.id, p.name, p.category_id, p.current_price, p.date_time_added${ranking?.column ?? sql``} FROM ${LIVE_DEALS}${and(textCondition(match))}
    ORDER BY ${ORDER_BY.DESC_DATE} LIMIT ${sql.raw(String(SUGGESTION_CANDIDATES))}`;
  const order = ranking?.order ?? ORDER_BY.DESC_DATE;
  return sql`SELECT ${jsonArrayText(SUGGESTION_TEXT, order)} AS body
    FROM (SELECT * FROM (${candidates}) p ORDER BY ${order} LIMIT ${sql.raw(String(PAGE_SIZE.keywordSuggestions))}) p
    ${PREVIEW_IMAGE_JOIN} JOIN categories s ON s.id = p.category_id`;
}

/**
 * Only these statements are named (prepared per connection): no search text, the first page, at
 * most one id per list. That bounds the prepared statements a connection can accumulate to a few
 * hundred shapes whatever callers send, and covers what the site asks most (the list as it opens,
 * a store, a category or a featured section, any sort and price tier).
 */
export function preparable(request: SearchRequest): boolean {
  return (
    request.words === null &&
    request.skip === 0 &&
    request.storeIds.length <= 1 &&
    request.productTypeIds.length <= 1 &&
    request.featuredSectionIds.length <= 1
  );
}

export const dialect = new PgDialect();

/** A statement name derived from its text: the same text always prepares under the same name. */
export const statementName = (text: string) => `deal_search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
