import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { cardsPageQuery, facetQuery, normalizeFilter, suggestionsQuery, tsQueryText, searchWords } from '/work/main/infra/api/src/plugins/app/deal-search.ts';
const dialect = new PgDialect();
const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:55432/deals_bench_dev' });
await client.connect();
const mode = process.argv[2];
const arg = JSON.parse(process.argv[3] ?? '{}');
let q;
if (mode === 'cards') {
  const r = normalizeFilter(arg);
  q = cardsPageQuery(r, r.words ? { kind: 'words', query: tsQueryText(r.words), nameQuery: tsQueryText(r.words, 'A'), facets: facetQuery(r) } : { kind: 'none' });
} else {
  const w = searchWords(arg.keyword);
  q = suggestionsQuery({ kind: 'words', query: tsQueryText(w), nameQuery: tsQueryText(w, 'A') });
}
const { sql, params } = dialect.sqlToQuery(q);
if (process.env.SHOW) console.log(sql, params);
if (process.env.DUMP) {
  const { writeFileSync } = await import('node:fs');
  const inlined = sql.replace(/\$(\d+)/g, (_m, n) => { const v = params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; }).replace(/:MI:SS/g, ':"MI":"SS"');
  writeFileSync(process.env.DUMP, inlined + ';\n');
  process.exit(0);
}
for (let i = 0; i < 3; i++) await client.query(sql, params);
if (process.env.TIME) {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) { const t = performance.now(); await client.query(sql, params); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  const named: number[] = [];
  for (let i = 0; i < 300; i++) { const t = performance.now(); await client.query({ name: 'x', text: sql, values: params }); named.push(performance.now() - t); }
  named.sort((a, b) => a - b);
  console.log(`unnamed min ${times[0].toFixed(3)} p50 ${times[150].toFixed(3)} | named min ${named[0].toFixed(3)} p50 ${named[150].toFixed(3)}`);
  await client.end(); process.exit(0);
}
const res = await client.query('EXPLAIN (ANALYZE, BUFFERS) ' + sql, params);
console.log(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
await client.end();
