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
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { explainMixes } from './explain.mjs';
import { writeReport, markdownTable } from './report.mjs';

const here = import.meta.dirname;
const apiRoot = join(here, '..');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

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

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

function build() {
  console.log('Building the API (dist/) ...');
  run('npm', ['run', 'build'], { cwd: apiRoot });
}

async function startServer(serverEnv, port, script = join(apiRoot, 'dist', 'server.js')) {
  const child = spawn(process.execPath, [script], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Per-request access logs would cost more than some queries: production sets its level too.
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...serverEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One autocannon run in its own process (so its CPU is not the server's); its JSON result. */
function autocannon(mix, port, connections, seconds) {
  const cliArgs = ['-j', '-c', String(connections), '-d', String(seconds), '-m', mix.method];
  if (mix.body) cliArgs.push('-H', 'content-type=application/json', '-b', JSON.stringify(mix.body));
  cliArgs.push(`http://127.0.0.1:${port}${mix.path}`);
  const result = spawnSync(process.execPath, [autocannonCli, ...cliArgs], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  if (report.non2xx > 0 || report.errors > 0) {
    throw new Error(`${mix.key}: ${report.non2xx} non-2xx answers and ${report.errors} errors`);
  }
  return report;
}

async function checkAnswer(mix, port) {
  const response = await fetch(`http://127.0.0.1:${port}${mix.path}`, {
    method: mix.method,
    headers: mix.body ? { 'content-type': 'application/json' } : {},
    body: mix.body ? JSON.stringify(mix.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${mix.key}: HTTP ${response.status} ${text}`);
  const json = JSON.parse(text);
  return { items: Array.isArray(json) ? json.length : null, bytes: Buffer.byteLength(text) };
}

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

/** The reference of issue 3 point 11, same database and moment (PostgreSQL only). */
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
