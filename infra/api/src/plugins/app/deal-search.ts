/**
 * The public deal search, exposed as `fastify.dealSearch`: the deals list (`Home/SearchProduct`)
 * and the header's keyword suggestions (`Home/SearchProductByKeyword`).
 *
 * Speed is the design constraint (catalogue scale: 100,000 deals, thousands of requests a second
 * on two cores), so:
 * - Each answer is ONE statement that returns the finished JSON text, which the route sends as it
 *   is. Measured CPU time per page of 100 cards (Node + PostgreSQL, a bare server at 100k deals):
 *   rows serialized by a response schema with nullable unions 1.8 ms, rows through JSON.stringify
 *   1.4 ms, json_build_object in SQL 1.8 ms, json_agg of records 1.3 ms, concat-built text 1.1 ms
 *   (Node 0.26 ms: it is single-threaded, PostgreSQL uses both cores). And the card's JSON is kept
 *   with each deal row by the database (products.card_json_tail, migration 0003): a page then
 *   joins 100 stored texts, which took the database's share per page from 0.75 to 0.47 ms.
 * - Every sort reads a partial index of active deals in order (migration 0002), so `LIMIT 100`
 *   stops after about 100 rows; the hidden deals (not started, expired, closed store) are filtered
 *   on the rows read. Search text with a store or price tier intersects inside the GIN index
 *   (facet lexemes, see facetQuery).
 * - On PostgreSQL the statements without search text are named (prepared once per connection, then
 *   only bound and executed): planning was a third of their cost. Statements with search text stay
 *   unnamed so each is planned for its own words (a common word and a rare one need other plans).
 * - Text matching is PostgreSQL full-text search on `products.search_vector` (name, keywords,
 *   store and product-type names; GIN index): every word must match, words of two or more
 *   characters as prefixes (`samsung gal` finds "Samsung Galaxy"). Only when that finds nothing does
 *   the typo fallback run: each word that starts no known word is replaced by its nearest known
 *   word (pg_trgm similarity over the `search_words` list of migration 0003, trigram GiST index)
 *   and the search runs again, so "iphnoe" still finds the iPhone deals while common words never
 *   pay for trigrams.
 */
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { SEARCH_LIMITS, type DealFilter } from '@deals/contract';
import type { Database, DatabaseOptions } from '../../db/client.js';
import {
  anyMatchQuery,
  cardsPageQuery,
  dialect,
  facetQuery,
  normalizeFilter,
  preparable,
  searchWords,
  statementName,
  suggestionsQuery,
  tsQueryText,
  TYPO_SIMILARITY,
  type SearchRequest,
  type TextMatch,
} from '../../db/deal-search-sql.js';

export { facetQuery, normalizeFilter, searchWords, tsQueryText } from '../../db/deal-search-sql.js';

type Executor = Pick<Database, 'execute'>;

/** The JSON text of the answer; '[]' is "nothing found". */
type Json = string;
const EMPTY: Json = '[]';

async function bodyOf(db: Executor, query: SQL): Promise<Json> {
  const result = (await db.execute(query)) as unknown as { rows: { body: Json }[] };
  return result.rows[0]?.body ?? EMPTY;
}

/**
 * For each search word, in order: whether it starts a known word (then it stays), else its nearest
 * known word by trigram distance (GiST KNN; the five nearest re-ranked so ties break the same way
 * every time) and their similarity.
 */
function nearestWordsQuery(words: readonly string[]): SQL {
  return sql`SELECT q.word AS typed,
      EXISTS (SELECT 1 FROM (SELECT w.word FROM search_words w WHERE w.word >= q.word COLLATE "C" ORDER BY w.word LIMIT 1) f
              WHERE starts_with(f.word, q.word)) AS known,
      best.word AS nearest, best.score
    FROM unnest(ARRAY[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) WITH ORDINALITY AS q(word, n)
    LEFT JOIN LATERAL (
      SELECT c.word, similarity(c.word, q.word) AS score
      FROM (SELECT w.word FROM search_words w ORDER BY w.word <-> q.word LIMIT 5) c
      ORDER BY score DESC, length(c.word), c.word LIMIT 1) best ON true
    ORDER BY q.n`;
}

/** Statements kept for the preparable shapes (least recently used dropped beyond this). */
const STATEMENT_CACHE_SIZE = 500;

type PreparedShape =
  | { kind: 'postgres'; query: { execute(): Promise<unknown> } }
  | { kind: 'pglite'; name: string; compiled: { sql: string; params: unknown[] } };

export function createDealSearch(db: Database, driver: DatabaseOptions['driver']) {
  /** The preparable shapes' statements, built once (least recently used dropped beyond the size). */
  const statements = new Map<string, PreparedShape>();

  function statementFor(request: SearchRequest): PreparedShape {
    const key = `${request.sortBy}|${request.priceRange}|${request.storeIds}|${request.productTypeIds}|${request.featuredSectionIds}`;
    let statement = statements.get(key);
    if (statement) {
      statements.delete(key); // most recently used last
    } else {
      const compiled = dialect.sqlToQuery(cardsPageQuery(request, { kind: 'none' }));
      const name = statementName(compiled.sql);
      statement =
        driver === 'pglite'
          ? { kind: 'pglite', name, compiled }
          : { kind: 'postgres', query: db._.session.prepareQuery(compiled, undefined, name, false) };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(key, statement);
    return statement;
  }

  /** PGlite: the statements PREPAREd in its one session, by name. */
  const pglitePrepared = new Map<string, Promise<void>>();

  /**
   * Runs a preparable request's statement, prepared once. PostgreSQL: node-postgres names it and
   * prepares it once per connection. PGlite's protocol has no named statements, so the same is done
   * in SQL: PREPARE once in its single session, then EXECUTE with the ids (the only parameters of
   * these statements, integers checked by the schema, written as literals).
   */
  async function preparedBody(request: SearchRequest): Promise<Json> {
    const statement = statementFor(request);
    if (statement.kind === 'postgres') {
      const result = (await statement.query.execute()) as { rows: { body: Json }[] };
      return result.rows[0]?.body ?? EMPTY;
    }
    const { name, compiled } = statement;
    // Only integer parameters can be written as literals; anything else runs unprepared.
    if (!compiled.params.every((value) => Number.isInteger(value))) return bodyOf(db, cardsPageQuery(request, { kind: 'none' }));
    let prepared = pglitePrepared.get(name);
    if (!prepared) {
      const types = compiled.params.map(() => 'int').join(', ');
      // A real promise (drizzle's query runs again on every await); forgotten if it fails.
      prepared = (async () => {
        await db.execute(sql.raw(`PREPARE ${name}${types ? `(${types})` : ''} AS ${compiled.sql}`));
      })();
      prepared.catch(() => pglitePrepared.delete(name));
      pglitePrepared.set(name, prepared);
    }
    await prepared;
    const args = compiled.params.map(String);
    return bodyOf(db, sql.raw(`EXECUTE ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}`));
  }

  /**
   * The typo fallback's words: each unknown word replaced by its nearest known word. null when a
   * word has no near enough neighbour, or when every word is already known (the words are right,
   * they just never occur together): then nothing matches.
   */
  async function correctedWords(words: readonly string[]): Promise<string[] | null> {
    const result = (await db.execute(nearestWordsQuery(words))) as unknown as {
      rows: { typed: string; known: boolean; nearest: string | null; score: number | null }[];
    };
    let changed = false;
    const corrected: string[] = [];
    for (const row of result.rows) {
      if (row.known) {
        corrected.push(row.typed);
      } else if (row.nearest !== null && (row.score ?? 0) >= TYPO_SIMILARITY) {
        corrected.push(row.nearest);
        changed = true;
      } else {
        return null;
      }
    }
    return changed ? corrected : null;
  }

  const wordsMatch = (words: readonly string[], request?: SearchRequest): TextMatch => ({
    kind: 'words',
    query: tsQueryText(words),
    nameQuery: tsQueryText(words, 'A'),
    facets: request ? facetQuery(request) : null,
  });

  return {
    /** One page (100) of live deal cards for the filter, as the JSON text of `DealCard[]`. */
    async searchJson(filter: DealFilter): Promise<Json> {
      const request = normalizeFilter(filter);
      if (request.words === null) {
        return preparable(request) ? preparedBody(request) : bodyOf(db, cardsPageQuery(request, { kind: 'none' }));
      }
      // A search text of punctuation only matches nothing (it is not a blank search).
      if (request.words.length === 0) return EMPTY;

      const page = await bodyOf(db, cardsPageQuery(request, wordsMatch(request.words, request)));
      if (page !== EMPTY) return page;
      // An empty later page may just be the end of the matches: the fallback runs only when the
      // words match nothing at all.
      if (request.skip > 0) {
        const result = (await db.execute(anyMatchQuery(request, wordsMatch(request.words, request)))) as unknown as {
          rows: { found: boolean }[];
        };
        if (result.rows[0]?.found) return page;
      }
      const corrected = await correctedWords(request.words);
      return corrected ? bodyOf(db, cardsPageQuery(request, wordsMatch(corrected, request))) : EMPTY;
    },

    /** At most 10 `{ value, label, filePath }` of live deals for the typed text, as JSON text. */
    async suggestJson(keyword: string): Promise<Json> {
      const trimmed = keyword.trim();
      if (trimmed.length < SEARCH_LIMITS.minKeywordLength) return EMPTY;
      const words = searchWords(trimmed);
      if (words.length === 0) return EMPTY;
      const found = await bodyOf(db, suggestionsQuery(wordsMatch(words)));
      if (found !== EMPTY) return found;
      const corrected = await correctedWords(words);
      return corrected ? bodyOf(db, suggestionsQuery(wordsMatch(corrected))) : EMPTY;
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
    fastify.decorate('dealSearch', createDealSearch(fastify.db, fastify.dbDriver));
  },
  { name: 'deal-search', dependencies: ['database'] },
);
