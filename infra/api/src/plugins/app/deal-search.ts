/**
 * The public deal search, exposed as `fastify.dealSearch`: the deals list (`Home/SearchProduct`)
 * and the header's keyword suggestions (`Home/SearchProductByKeyword`).
 *
 * Speed is the design constraint (issue 3 point 11: 100,000 deals, thousands of requests a second
 * on two cores), so:
 * - Each answer is ONE statement that returns the finished JSON text, which the route sends as it
 *   is. Measured per page of 100 cards (CPU time of server + database): rows serialized by the
 *   response schema 1.8 ms, rows through JSON.stringify 1.4 ms, PostgreSQL's json_build_object
 *   1.8 ms, json_agg of records 1.3 ms, the concat-built text below 1.1 ms (Node's share 0.26 ms).
 * - Every sort reads a partial index of active deals in order (migration 0002), so `LIMIT 100`
 *   stops after about 100 rows; the hidden deals (not started, expired, closed store) are filtered
 *   on the rows read.
 * - On PostgreSQL the statements without search text are named (prepared once per connection, then
 *   only bound and executed): planning was a third of their cost. Statements with search text stay
 *   unnamed so each is planned for its own words (a common word and a rare one need other plans).
 * - Text matching is PostgreSQL full-text search on `products.search_vector` (name, keywords,
 *   store and product-type names; GIN index): every word must match, words of two or more
 *   characters as prefixes (`samsung gal` finds "Samsung Galaxy"). Only when that finds nothing does
 *   the typo fallback run: pg_trgm word similarity over `search_text` (GIN trigram index), so
 *   "iphnoe" still finds the iPhone deals while common words never pay for trigram scans.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import {
  PAGE_SIZE,
  PRICE_TIER_BOUNDS,
  PRICE_TIERS,
  SEARCH_LIMITS,
  type DealFilter,
  type PriceTier,
  type SortOption,
} from '../../contract/index.js';
import type { Database } from '../../db/client.js';

/** Words beyond this many are ignored (a query of 8 words is already very specific). */
const MAX_WORDS = 8;
/** Longer words are cut: still a prefix of the same words, and cheap for the index. */
const MAX_WORD_LENGTH = 50;
/** Suggestions are ranked among this many newest matches (bounded work for common words). */
const SUGGESTION_CANDIDATES = 50;
/**
 * Word similarity (0–1) a deal's text needs in the typo fallback. 0.4 lets a swapped pair of
 * letters through ("iphnoe" scores 0.43 against "iPhone") while unrelated words stay out.
 */
export const TYPO_SIMILARITY = 0.4;

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

/** Live deals of open stores. Start and expiry depend on now(), so no index predicate holds them. */
const LIVE_DEALS = sql`products p JOIN categories c ON c.id = p.category_id AND c.is_active
  WHERE p.is_active
    AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now())
    AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now())`;

/** UTC with milliseconds and Z, exactly as `Date.prototype.toISOString` writes it (the rest of the API). */
export const isoTimestamp = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The preview image of each deal `p` (the deals service keeps exactly one per deal with images).
 * A join, not a correlated subquery: for a page of 100 it costs a fifth as much.
 */
export const PREVIEW_IMAGE_JOIN = sql`LEFT JOIN product_images i ON i.product_id = p.id AND i.is_preview_image`;

/** A JSON object member: a number (never NULL) or a nullable string, escaped by to_json. */
type JsonMember = { number: SQL } | { string: SQL };

/**
 * A JSON object as text, built with `concat`: about a third of the database time of
 * json_build_object for the same object. The keys are constants of this file; every string value
 * goes through to_json (JSON escaping) and numbers print as JSON numbers (integer, numeric).
 */
function jsonObjectText(members: Record<string, JsonMember>): SQL {
  const parts = Object.entries(members).map(([key, member], index) => {
    const prefix = sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`);
    const value = 'number' in member ? member.number : sql`coalesce(to_json(${member.string})::text, 'null')`;
    return sql`${prefix}, ${value}`;
  });
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

/** A JSON array as text from the rows' objects, in the given order (`[]` when there are none). */
const jsonArrayText = (object: SQL, order: SQL) => sql`'[' || coalesce(string_agg(${object}, ',' ORDER BY ${order}), '') || ']'`;

/** One `DealCard` (contract/deals.ts) as JSON text, from a row `p` with the products columns and PREVIEW_IMAGE_JOIN. */
const DEAL_CARD_TEXT = jsonObjectText({
  id: { number: sql`p.id` },
  name: { string: sql`p.name` },
  filePath: { string: sql`i.file_path` },
  badgeText: { string: sql`p.badge_text` },
  badgeColor: { string: sql`p.badge_color` },
  likes: { number: sql`p.likes` },
  promoCode: { string: sql`p.promo_code` },
  dealExpiresIn: { string: isoTimestamp(sql`p.deal_expires_in`) },
  currentPrice: { number: sql`p.current_price` },
  previousPrice: { number: sql`p.previous_price` },
  link: { string: sql`p.link` },
});

/** The same card as a json value, to nest in other JSON (site info's featured sections). */
export const DEAL_CARD_JSON = sql`(${DEAL_CARD_TEXT})::json`;

const SUGGESTION_TEXT = jsonObjectText({
  value: { number: sql`p.id` },
  label: { string: sql`p.name` },
  filePath: { string: sql`i.file_path` },
});

/** The columns the inner (finding) query hands to the outer (card-building) one. */
const INNER_COLUMNS = sql`p.id, p.name, p.badge_text, p.badge_color, p.likes, p.promo_code, p.deal_expires_in,
  p.current_price, p.previous_price, p.link, p.date_time_added, p.discount`;

/**
 * Each sort with the id as the last key, so the order is total and pages never overlap. The
 * indexes of migration 0002 hold exactly these keys. `rank` (a search without a chosen sort)
 * lists the deals whose name holds every word first, then the others, newest first in each.
 */
const ORDER_BY: Record<SortOption | 'RANK' | 'TYPO', SQL> = {
  DESC_DATE: sql`p.date_time_added DESC, p.id DESC`,
  ASC_PRICE: sql`p.current_price ASC, p.id ASC`,
  DESC_PRICE: sql`p.current_price DESC, p.id DESC`,
  ASC_DISCOUNT: sql`p.discount ASC, p.id ASC`,
  DESC_DISCOUNT: sql`p.discount DESC, p.id DESC`,
  // Bare names: the computed columns of the inner query (see textRanking), readable from both levels.
  RANK: sql`name_hit DESC, p.date_time_added DESC, p.id DESC`,
  TYPO: sql`similarity DESC, p.date_time_added DESC, p.id DESC`,
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

/** The filter's conditions on `p` except the text match (AND; a list matches any of its ids). */
function filterConditions(request: SearchRequest): SQL[] {
  const conditions: SQL[] = [];
  // `IN (…)` rather than `= ANY($array)`: one store becomes `category_id = $1`, which reads the
  // per-store sort indexes in order.
  if (request.storeIds.length > 0) conditions.push(sql`p.category_id IN (${idList(request.storeIds)})`);
  if (request.productTypeIds.length > 0) {
    conditions.push(sql`EXISTS (SELECT 1 FROM product_product_types t
      WHERE t.product_id = p.id AND t.product_type_id IN (${idList(request.productTypeIds)}))`);
  }
  if (request.featuredSectionIds.length > 0) {
    // Only active sections: a hidden section lists nothing publicly.
    conditions.push(sql`EXISTS (SELECT 1 FROM featured_section_products f
      JOIN featured_sections s ON s.id = f.featured_section_id AND s.is_active
      WHERE f.product_id = p.id AND f.featured_section_id IN (${idList(request.featuredSectionIds)}))`);
  }
  if (request.priceRange) {
    const { min, below } = PRICE_TIER_BOUNDS[request.priceRange];
    if (min !== null) conditions.push(sql`p.current_price >= ${min}`);
    if (below !== null) conditions.push(sql`p.current_price < ${below}`);
  }
  return conditions;
}

const and = (conditions: readonly SQL[]) => sql.join(conditions.map((condition) => sql` AND ${condition}`));

export type TextMatch =
  | { kind: 'none' }
  /** `facets`: a tsquery of facet lexemes the deal must also carry (see facetQuery), or null. */
  | { kind: 'words'; query: string; nameQuery: string; facets?: string | null }
  | { kind: 'typo'; text: string };

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
  // `<%`: the text's word similarity to some part of search_text reaches the threshold set by
  // withTypoThreshold (indexable by the trigram GIN index).
  if (match.kind === 'typo') return [sql`${match.text} <% p.search_text`];
  return [];
}

/** The extra sort column a text match adds, and the sort to use when none was chosen. */
function textRanking(match: TextMatch): { column: SQL; order: SQL } | null {
  if (match.kind === 'words') {
    return { column: sql`, (p.search_vector @@ to_tsquery('simple', ${match.nameQuery})) AS name_hit`, order: ORDER_BY.RANK };
  }
  if (match.kind === 'typo') return { column: sql`, word_similarity(${match.text}, p.search_text) AS similarity`, order: ORDER_BY.TYPO };
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
  return sql`SELECT ${jsonArrayText(DEAL_CARD_TEXT, order)} AS body
    FROM (SELECT ${INNER_COLUMNS}${ranking?.column ?? sql``}
          FROM ${LIVE_DEALS}${and(conditions)}
          ORDER BY ${order}
          LIMIT ${sql.raw(String(PAGE_SIZE.publicDeals))}${page}) p
    ${PREVIEW_IMAGE_JOIN}`;
}

function anyMatchQuery(request: SearchRequest, match: TextMatch): SQL {
  return sql`SELECT EXISTS (SELECT 1 FROM ${LIVE_DEALS}${and([...filterConditions(request), ...textCondition(match)])}) AS found`;
}

/**
 * Suggestions: the newest `SUGGESTION_CANDIDATES` matches (an index-ordered scan that stops early
 * even for the commonest word), of which the 10 best: name matches first, then newest.
 */
export function suggestionsQuery(match: TextMatch): SQL {
  const ranking = textRanking(match);
  const candidates =
    match.kind === 'typo'
      ? sql`SELECT p.id, p.name, p.date_time_added${ranking?.column ?? sql``} FROM ${LIVE_DEALS}${and(textCondition(match))}
            ORDER BY ${ORDER_BY.TYPO} LIMIT ${sql.raw(String(PAGE_SIZE.keywordSuggestions))}`
      : sql`SELECT p.id, p.name, p.date_time_added${ranking?.column ?? sql``} FROM ${LIVE_DEALS}${and(textCondition(match))}
            ORDER BY ${ORDER_BY.DESC_DATE} LIMIT ${sql.raw(String(SUGGESTION_CANDIDATES))}`;
  const order = ranking?.order ?? ORDER_BY.DESC_DATE;
  return sql`SELECT ${jsonArrayText(SUGGESTION_TEXT, order)} AS body
    FROM (SELECT * FROM (${candidates}) p ORDER BY ${order} LIMIT ${sql.raw(String(PAGE_SIZE.keywordSuggestions))}) p
    ${PREVIEW_IMAGE_JOIN}`;
}

/**
 * Only these statements are named (prepared per connection): no search text, the first page, at
 * most one id per list. That bounds the prepared statements a connection can accumulate to a few
 * hundred shapes whatever callers send, and covers what the site asks most (the list as it opens,
 * a store, a category or a featured section, any sort and price tier).
 */
function preparable(request: SearchRequest): boolean {
  return (
    request.words === null &&
    request.skip === 0 &&
    request.storeIds.length <= 1 &&
    request.productTypeIds.length <= 1 &&
    request.featuredSectionIds.length <= 1
  );
}

const dialect = new PgDialect();

/** A statement name derived from its text: the same text always prepares under the same name. */
const statementName = (text: string) => `deal_search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

type Executor = Pick<Database, 'execute'>;

/** The JSON text of the answer; '[]' is "nothing found". */
type Json = string;
const EMPTY: Json = '[]';

async function bodyOf(db: Executor, query: SQL): Promise<Json> {
  const result = (await db.execute(query)) as unknown as { rows: { body: Json }[] };
  return result.rows[0]?.body ?? EMPTY;
}

export function createDealSearch(db: Database) {
  /** Runs a statement under its name (node-postgres prepares it once per connection; PGlite ignores names). */
  async function preparedBody(query: SQL): Promise<Json> {
    const compiled = dialect.sqlToQuery(query);
    const statement = db._.session.prepareQuery(compiled, undefined, statementName(compiled.sql), false);
    const result = (await statement.execute()) as { rows: { body: Json }[] };
    return result.rows[0]?.body ?? EMPTY;
  }

  /**
   * Runs a typo-fallback query with the similarity threshold set for its transaction only (the
   * `<%` operator reads it; a pooled connection must not keep it).
   */
  async function withTypoThreshold(query: SQL): Promise<Json> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      return bodyOf(tx, query);
    });
  }

  return {
    /** One page (100) of live deal cards for the filter, as the JSON text of `DealCard[]`. */
    async searchJson(filter: DealFilter): Promise<Json> {
      const request = normalizeFilter(filter);
      if (request.words === null) {
        const query = cardsPageQuery(request, { kind: 'none' });
        return preparable(request) ? preparedBody(query) : bodyOf(db, query);
      }
      // A search text of punctuation only matches nothing (it is not a blank search).
      if (request.words.length === 0) return EMPTY;

      const words: TextMatch = {
        kind: 'words',
        query: tsQueryText(request.words),
        nameQuery: tsQueryText(request.words, 'A'),
        facets: facetQuery(request),
      };
      const page = await bodyOf(db, cardsPageQuery(request, words));
      if (page !== EMPTY) return page;
      // An empty later page may just be the end of the matches: the fallback runs only when the
      // words match nothing at all.
      if (request.skip > 0) {
        const result = (await db.execute(anyMatchQuery(request, words))) as unknown as { rows: { found: boolean }[] };
        if (result.rows[0]?.found) return page;
      }
      return withTypoThreshold(cardsPageQuery(request, { kind: 'typo', text: request.words.join(' ') }));
    },

    /** At most 10 `{ value, label, filePath }` of live deals for the typed text, as JSON text. */
    async suggestJson(keyword: string): Promise<Json> {
      const trimmed = keyword.trim();
      if (trimmed.length < SEARCH_LIMITS.minKeywordLength) return EMPTY;
      const words = searchWords(trimmed);
      if (words.length === 0) return EMPTY;
      const found = await bodyOf(db, suggestionsQuery({ kind: 'words', query: tsQueryText(words), nameQuery: tsQueryText(words, 'A') }));
      if (found !== EMPTY) return found;
      return withTypoThreshold(suggestionsQuery({ kind: 'typo', text: words.join(' ') }));
    },
  };
}

export type DealSearch = ReturnType<typeof createDealSearch>;

declare module 'fastify' {
  interface FastifyInstance {
    dealSearch: DealSearch;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('dealSearch', createDealSearch(fastify.db));
  },
  { name: 'deal-search', dependencies: ['database'] },
);
