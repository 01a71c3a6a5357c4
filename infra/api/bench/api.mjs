// `npm run bench:api`: the public search at 100,000 deals, on PostgreSQL and on PGlite.
//
// For each engine: a throwaway database seeded with bench/seed.sql, the real server (compiled
// dist/server.js, as `npm start` runs it) on loopback, and autocannon in a separate process for
// each request mix: `-c 50` for throughput, then `-c 1` for latency. Prints a markdown table and,
// with --write, puts it into docs/BENCHMARKS.md.
//
// Options: --engines=postgres,pglite  --deals=100000  --duration=10  --only=none,kw-rare,…
//          --no-build  --explain (print the PostgreSQL plans)  --write (docs/BENCHMARKS.md)
// PostgreSQL: DATABASE_URL (an admin connection; a bench database is created and dropped there),
// default postgres://postgres@127.0.0.1:55432/postgres.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { explainMixes } from './explain.mjs';
import { autocannon, build, checkAnswer, startServer } from './harness.mjs';
import { writeReport, markdownTable } from './report.mjs';

const here = import.meta.dirname;

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    deals: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const duration = Number(args.duration);
const deals = Number(args.deals);

/**
 * The request mixes. Store 3 is one of twelve open stores (about 8% of the deals); "headphones"
 * names one catalogue item in sixty (about 1,600 deals, a few hundred live in the $$ tier);
 * "samsung" is a brand and a store name (about 14% of the deals); "hasselblad" a keyword of one
 * deal in a thousand.
 */
export const MIXES = [
  { key: 'health', label: '`GET /api/health` (ceiling: no query but `select 1`)', method: 'GET', path: '/api/health' },
  { key: 'none', label: 'SearchProduct, no filter (newest first)', method: 'POST', path: '/api/Home/SearchProduct', body: {} },
  {
    key: 'store-price',
    label: 'SearchProduct, one store + ASC_PRICE',
    method: 'POST',
    path: '/api/Home/SearchProduct',
    body: { categories: [{ id: 3, name: 'Walmart' }], sortBy: 'ASC_PRICE' },
  },
  {
    key: 'term-tier',
    label: 'SearchProduct, "headphones" + `$$` (ranked)',
    method: 'POST',
    path: '/api/Home/SearchProduct',
    body: { searchTerm: 'headphones', priceRange: '$$' },
  },
  {
    key: 'common-term-tier',
    label: 'SearchProduct, "samsung" + `$$` (ranked, common word)',
    method: 'POST',
    path: '/api/Home/SearchProduct',
    body: { searchTerm: 'samsung', priceRange: '$$' },
  },
  { key: 'kw-common', label: 'SearchProductByKeyword "samsung" (common)', method: 'GET', path: '/api/Home/SearchProductByKeyword?keyword=samsung' },
  { key: 'kw-rare', label: 'SearchProductByKeyword "hasselblad" (rare)', method: 'GET', path: '/api/Home/SearchProductByKeyword?keyword=hasselblad' },
];

/** Warm-up, then `-c 50` for throughput and `-c 1` for latency. */
async function measure(engine, mix, port) {
  const answer = await checkAnswer(mix, port);
  autocannon(mix, port, 10, 2); // warm-up: plans, caches, JIT
  const load = loadavg()[0];
  const throughput = autocannon(mix, port, 50, duration);
  const latency = autocannon(mix, port, 1, duration);
  const row = {
    engine,
    mix: mix.key,
    label: mix.label,
    items: answer.items,
    bytes: answer.bytes,
    rps: throughput.requests.average,
    c50p99: throughput.latency.p99,
    p50: latency.latency.p50,
    p99: latency.latency.p99,
    load,
  };
  console.log(JSON.stringify(row));
  return row;
}

/** The reference the API is measured against: bare Fastify and pg on the same database, at the same moment (PostgreSQL only). */
export const RAW_BASELINE = {
  key: 'raw',
  label: 'reference, not our API: bare Fastify + pg, one store `ORDER BY price LIMIT 100`, JSON.stringify',
  method: 'POST',
  path: '/raw',
};

async function benchEngine(engine, port) {
  const database = await createBenchDatabase(engine, adminUrl);
  try {
    const started = Date.now();
    const counts = await seedBenchDatabase(database.options, deals);
    console.log(`${engine}: seeded ${counts.deals} deals (${counts.live} live) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (args.explain && engine === 'postgres') await explainMixes(database.options.connectionString, MIXES);
    const server = await startServer(database.serverEnv, port);
    // The reference server idles beside it and is measured right after the store + price mix it
    // mirrors, so both see the same machine load (PostgreSQL only).
    const withRaw = engine === 'postgres' && (!args.only || args.only.split(',').includes('raw'));
    const raw = withRaw ? await startServer(database.serverEnv, port + 1, join(here, 'raw-baseline.mjs')) : null;
    const rows = [];
    try {
      for (const mix of MIXES) {
        if (args.only && !args.only.split(',').includes(mix.key)) continue;
        rows.push(await measure(engine, mix, port));
        if (raw && mix.key === 'store-price') rows.push(await measure(engine, RAW_BASELINE, port + 1));
      }
    } finally {
      await server.stop();
      await raw?.stop();
    }
    return { engine, counts, rows };
  } finally {
    await database.drop();
  }
}

if (!args['no-build']) build();
const results = [];
let port = 18080 + Math.floor(Math.random() * 1000);
for (const engine of args.engines.split(',')) {
  results.push(await benchEngine(engine, port));
  port += 2;
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
const table = markdownTable(results);
console.log(`\n${machine}\n\n${table}`);
if (args.write) await writeReport({ results, machine, deals, duration, table });
