// `npm run bench:api -- --explain`: the query plans of the benchmark's requests on the seeded
// PostgreSQL database (EXPLAIN ANALYZE of the exact statements the API runs, built by the compiled
// dist/plugins/app/deal-search.js), to check that every mix reads the index it was designed for.
import { join } from 'node:path';
import pg from 'pg';

const dist = join(import.meta.dirname, '..', 'dist');

/** The statement a mix sends, or null for mixes that are not searches. */
export async function statementFor(mix) {
  const search = await import(join(dist, 'plugins', 'app', 'deal-search.js'));
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const dialect = new PgDialect();
  let query = null;
  if (mix.path === '/api/Home/SearchProduct') {
    const request = search.normalizeFilter(mix.body);
    const match = request.words
      ? { kind: 'words', query: search.tsQueryText(request.words), nameQuery: search.tsQueryText(request.words, 'A'), facets: search.facetQuery(request) }
      : { kind: 'none' };
    query = search.cardsPageQuery(request, match);
  } else if (mix.path.startsWith('/api/Home/SearchProductByKeyword')) {
    const words = search.searchWords(new URL(mix.path, 'http://x').searchParams.get('keyword') ?? '');
    query = search.suggestionsQuery({ kind: 'words', query: search.tsQueryText(words), nameQuery: search.tsQueryText(words, 'A') });
  }
  return query && dialect.sqlToQuery(query);
}

/**
 * The plans of the mixes through `query(text, params)` → rows (node-postgres or PGlite): each
 * statement run 3 times first (caches), then EXPLAIN (ANALYZE, BUFFERS). Answers the plans' text.
 */
export async function explainWith(query, mixes, { print = true } = {}) {
  const plans = [];
  for (const mix of mixes) {
    const statement = await statementFor(mix);
    if (!statement) continue;
    for (let i = 0; i < 3; i++) await query(statement.sql, statement.params); // warm caches
    const rows = await query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    if (print) console.log(`\n-- ${mix.label}\n${plan}`);
    plans.push({ mix: mix.key, plan });
  }
  return plans;
}

export async function explainMixes(connectionString, mixes) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await explainWith(async (text, params) => (await client.query(text, params)).rows, mixes);
  } finally {
    await client.end();
  }
}
