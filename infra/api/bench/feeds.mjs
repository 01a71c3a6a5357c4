// `npm run bench:feeds`: what a network's offer feed costs, on the real server (dist/server.js).
//
// For each engine (PGlite; PostgreSQL too when DATABASE_URL is set, or with --engines): a throwaway
// database seeded with bench/seed.sql (--deals, 100,000), and a feed server in this process that
// streams a CSV of --offers offers (50,000) naming the database's stores and product categories,
// every offer with its own id, code and link, expiring in 30 days. Then, on one server:
//   1. Feed A (LIVE: every offer becomes a deal) run alone: wall time from the run's history and
//      the server's resident memory sampled every 50 ms (growth = peak − the resting size before).
//   2. Feed A again: every offer unchanged.
//   3. Visitor throughput: `POST /api/Home/SearchProduct` (the deals list, newest first), -c 10, for
//      as long as run 1 took; before, during a run of feed B (another --offers new offers), and
//      after. The ratio: during / the mean of before and after.
// Prints markdown; --write puts it into docs/BENCHMARKS.md (between the bench:feeds markers).
//
// Options: --engines=pglite,postgres  --deals=100000  --offers=50000  --no-build  --write
// PostgreSQL: DATABASE_URL (an admin connection; a bench database is created and dropped there).
import { once } from 'node:events';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { apiRoot, autocannon, build, startServer } from './harness.mjs';
import { replaceBlock } from './report.mjs';

const dist = join(apiRoot, 'dist');
const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite' },
    deals: { type: 'string', default: '100000' },
    offers: { type: 'string', default: '50000' },
    'no-build': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const deals = Number(args.deals);
const offerCount = Number(args.offers);
const ADMIN = { username: 'bench', password: randomBytes(12).toString('hex') };
const VISITORS = { key: 'deals-list', method: 'POST', path: '/api/Home/SearchProduct', body: {} };
const HEADER = 'Offer ID,Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Expires In\n';

const int = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function names(options) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const database = await openDatabase(options);
  try {
    const rows = async (text) => (await database.db.$client.query(text)).rows;
    return {
      stores: (await rows('SELECT name FROM categories ORDER BY id')).map((row) => row.name),
      types: (await rows('SELECT name FROM product_types ORDER BY id')).map((row) => row.name),
    };
  } finally {
    await database.close();
  }
}

/** Serves `/a.csv` and `/b.csv`: `offerCount` offers each, generated as they are sent. */
async function feedServer({ stores, types }) {
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const cell = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const server = createServer(async (request, response) => {
    const feed = request.url === '/b.csv' ? 'B' : 'A';
    response.writeHead(200, { 'content-type': 'text/csv' });
    response.write(HEADER);
    let lines = '';
    for (let n = 1; n <= offerCount; n++) {
      const price = 5 + (n % 400);
      lines += `${feed}${n},${cell(`Feed ${feed} offer ${n}: ${types[n % types.length]}`)},${cell(stores[n % stores.length])},${cell(types[n % types.length])},${price},${price + 10},${feed}CODE${n},https://shop${n % 50}.example/${feed.toLowerCase()}/${n},${expires}\n`;
      if (n % 500 === 0) {
        if (!response.write(lines)) await once(response, 'drain');
        lines = '';
      }
    }
    response.end(lines);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Runs a feed and waits for it, sampling the server's memory; the run as its history records it. */
async function runFeed(base, token, pid, feedId) {
  const before = await rssMb(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const { id } = await api(base, token, 'POST', `Feeds/RunFeed?id=${feedId}`);
  let run;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    run = (await api(base, token, 'GET', `Feeds/GetFeedRuns?id=${feedId}&limit=1`))[0];
    if (run.id === id && run.status !== 'RUNNING') break;
  }
  sampling = false;
  await sampler;
  if (run.status !== 'SUCCEEDED') throw new Error(`the run failed: ${run.error}`);
  return { ...run, rssBefore: before, rssPeak: peak };
}

async function benchEngine(engine, port) {
  const database = await createBenchDatabase(engine, adminUrl);
  try {
    console.log(`[${engine}] seeding ${int(deals)} deals ...`);
    await seedBenchDatabase(database.options, deals);
    const feeds = await feedServer(await names(database.options));
    const server = await startServer({ ...database.serverEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FETCH_ALLOW_HOSTS: '127.0.0.1', MALLOC_ARENA_MAX: '2' }, port);
    const base = `http://127.0.0.1:${port}`;
    try {
      const { token } = await (await fetch(`${base}/api/Users/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }) })).json();
      const create = (name, path) => api(base, token, 'POST', 'Feeds/CreateFeed', { name, url: `${feeds.base}${path}`, format: 'CSV', mode: 'LIVE', everyHours: 24 });
      const a = (await create('Bench feed A', '/a.csv')).id;
      const b = (await create('Bench feed B', '/b.csv')).id;
      autocannon(VISITORS, port, 10, 3); // warm-up: plans, caches, JIT

      const load = loadavg()[0];
      const first = await runFeed(base, token, server.pid, a);
      console.log(`[${engine}] feed A: ${seconds(first.durationMs)}, created ${int(first.created)}, +${Math.round(first.rssPeak - first.rssBefore)} MB`);
      const again = await runFeed(base, token, server.pid, a);
      console.log(`[${engine}] feed A again: ${seconds(again.durationMs)}, unchanged ${int(again.unchanged)}`);

      const window = Math.max(10, Math.ceil(first.durationMs / 1000));
      const before = autocannon(VISITORS, port, 10, window).requests.average;
      const running = runFeed(base, token, server.pid, b);
      const during = autocannon(VISITORS, port, 10, window).requests.average;
      const second = await running;
      const after = autocannon(VISITORS, port, 10, window).requests.average;
      const ratio = during / ((before + after) / 2);
      console.log(`[${engine}] visitors ${int(before)} / ${int(during)} during feed B (${seconds(second.durationMs)}) / ${int(after)} req/s: ${(ratio * 100).toFixed(1)} %`);
      return { engine, load, first, again, second, window, before, during, after, ratio };
    } finally {
      await server.stop();
      await feeds.close();
    }
  } finally {
    await database.drop();
  }
}

if (!args['no-build']) build();
const results = [];
let port = 19080 + Math.floor(Math.random() * 1000);
for (const engine of args.engines.split(',')) {
  results.push(await benchEngine(engine, port));
  port += 2;
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
const rows = results.map((r) =>
  `| ${r.engine} | ${seconds(r.first.durationMs)} (${int(r.first.created)} created) | +${Math.round(r.first.rssPeak - r.first.rssBefore)} MB (${Math.round(r.first.rssBefore)} → ${Math.round(r.first.rssPeak)}) | ${seconds(r.again.durationMs)} (${int(r.again.unchanged)} unchanged) | ${int(r.before)} / **${int(r.during)}** / ${int(r.after)} req/s over ${r.window} s: **${(r.ratio * 100).toFixed(1)} %** (feed B ${seconds(r.second.durationMs)}) | ${r.load.toFixed(2)} |`,
);
const table = [
  '| engine | 50,000-offer feed, LIVE (target ≤ 60 s) | memory growth (target ≤ 150 MB) | same feed again | visitors before / during a run / after (target ≥ 90 %) | load (1 min) |',
  '|---|---|---|---|---|---|',
  ...rows,
].join('\n');
const body = `${machine}, ${int(deals)} deals seeded, ${int(offerCount)} offers per feed, ${new Date().toISOString().slice(0, 10)}.\n\n${table}\n`;
console.log(`\n${body}`);
if (args.write) await replaceBlock('feeds', body);
