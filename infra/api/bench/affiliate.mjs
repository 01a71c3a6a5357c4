// `npm run bench:affiliate`: what affiliate revenue costs, on the real server (dist/server.js).
//
// For each engine (PGlite; PostgreSQL too when DATABASE_URL is set, or with --engines): a throwaway
// database seeded with bench/seed.sql (100,000 deals), then:
//   1. `/out/{id}` expanding a tracking template against the same redirect without one: rounds
//      alternate (without, with, ...), each on a freshly started server (an empty link cache) with
//      a warm-up, `-c 50`, every request a new visitor (bench/load.mjs), so every click is written
//      and, with the template, gets a click id stored with it. The ratio of the medians.
//   2. A commission report of --rows rows (generic CSV, every row naming a click id the database
//      holds) posted to `Commissions/Import`: wall time, rows per second and the server's resident
//      memory sampled every 20 ms (baseline, peak); then the same report again (nothing changes).
//   3. At --clicks unique clicks over the last 30 days and --commissions commissions (with the
//      report's), the 30-day figures recomputed (the app's own function, timed), then the deals
//      table's first page sorted by EPC (`GetAllProducts?page=1&pageSize=25&sortBy=epc30d`) and by
//      commission, sequential requests, p50/p95, against the default sort (newest first) and the
//      ceiling `/api/health` in the same run; the earnings reports and the dashboard with its
//      earnings. The data is written with the server stopped (PGlite's directory is one process's).
// Prints markdown; --write puts it into docs/BENCHMARKS.md (between the bench:affiliate markers).
//
// Options: --engines=pglite,postgres  --deals=100000  --rows=100000  --clicks=1000000
//          --commissions=100000  --duration=10 (/out rounds)  --rounds=3  --requests=60  --no-build  --write
// PostgreSQL: DATABASE_URL (an admin connection; a bench database is created and dropped there).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { apiRoot, build, startServer } from './harness.mjs';
import { replaceBlock } from './report.mjs';

const here = import.meta.dirname;
const dist = join(apiRoot, 'dist');

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite' },
    deals: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '100000' },
    clicks: { type: 'string', default: '1000000' },
    commissions: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const deals = Number(args.deals);
const reportRows = Number(args.rows);
const clicks = Number(args.clicks);
const commissionCount = Number(args.commissions);
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const requests = Number(args.requests);
const ADMIN = { username: 'bench', password: randomBytes(12).toString('hex') };
const TEMPLATE = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref={clickId}&ued={url}';
const SKEW = 3;

const load1 = () => loadavg()[0];
const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => `${Math.round(n * 10) / 10} ms`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const median = (values) => percentile(values, 50);

async function withDatabase(options, fn) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const database = await openDatabase(options);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}
const query = (database) => async (text, params = []) => (await database.db.$client.query(text, params)).rows;

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function signIn(base) {
  const response = await fetch(`${base}/api/Users/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

const serverEnv = (database) => ({ ...database.serverEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '127.0.0.1' });

/** `/out/{id}` load from bench/load.mjs in its own process (a new visitor each request). */
function outLoad(port, offset) {
  const spec = { url: `http://127.0.0.1:${port}`, connections: 50, duration, deals: { count: deals, skew: SKEW }, visitors: 'people', offset, rate: 0 };
  const result = spawnSync(process.execPath, [join(here, 'load.mjs'), JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`bench/load.mjs failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  if (report['3xx'] === 0 || report['2xx'] + report['4xx'] + report['5xx'] > 0) throw new Error('/out/{id}: answers other than 302');
  return report;
}

/** Part 1: the redirect with and without a template, alternating, each round on a fresh server. */
async function benchRedirects(database, port) {
  const runs = [];
  let offset = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const tagged of round % 2 === 1 ? [false, true] : [true, false]) {
      await withDatabase(database.options, (db) =>
        query(db)(tagged ? `UPDATE categories SET affiliate_network = 'AWIN', affiliate_link_template = $1` : `UPDATE categories SET affiliate_network = 'NONE', affiliate_link_template = NULL`, tagged ? [TEMPLATE] : []),
      );
      const server = await startServer(serverEnv(database), port);
      try {
        const probe = await fetch(`http://127.0.0.1:${port}/out/1`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 bench probe' } });
        const location = probe.headers.get('location') ?? '';
        if (tagged !== location.startsWith('https://www.awin1.com/')) throw new Error(`unexpected redirect ${location}`);
        offset += 10_000_000;
        outLoadWarm(port, offset);
        offset += 10_000_000;
        const load = load1();
        const report = outLoad(port, offset);
        runs.push({ round, tagged, rps: report.requests.average, p50: report.latency.p50, p99: report.latency.p99, load });
        console.log(JSON.stringify(runs.at(-1)));
      } finally {
        await server.stop();
      }
    }
  }
  const [ids] = await withDatabase(database.options, (db) => query(db)('SELECT count(*)::int AS n, count(DISTINCT click_id)::int AS distinct_ids FROM affiliate_clicks'));
  const rps = (tagged) => median(runs.filter((run) => run.tagged === tagged).map((run) => run.rps));
  return { runs, plain: rps(false), tagged: rps(true), ratio: rps(true) / rps(false), ids };
}

function outLoadWarm(port, offset) {
  const spec = { url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, deals: { count: deals, skew: SKEW }, visitors: 'people', offset, rate: 0 };
  spawnSync(process.execPath, [join(here, 'load.mjs'), JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

/** The click ids of the report (`rows` of them), inserted as the app writes them. */
async function seedClickIds(db) {
  const run = query(db);
  await run(`INSERT INTO affiliate_clicks (click_id, product_id, category_id, clicked_at)
    SELECT md5('bench-click-' || s.g), p.id, p.category_id, now() - random() * interval '25 days'
    FROM (SELECT g, 1 + (floor($2::int * power(random(), ${SKEW}))::bigint * 7919 % $2::int)::int AS deal FROM generate_series(1, $1::int) AS g) s
    JOIN products p ON p.id = s.deal
    ON CONFLICT DO NOTHING`, [reportRows, deals]);
}

/** The generic CSV of `rows` transactions, one per seeded click id, mixed currencies and statuses. */
function reportCsv() {
  const lines = ['transactionId,clickRef,date,amount,commission,currency,status'];
  const currencies = ['EUR', 'USD', 'GBP'];
  const statuses = ['pending', 'approved', 'approved', 'declined'];
  for (let g = 1; g <= reportRows; g++) {
    // md5 in SQL; the same text here: the bench's click ids are md5('bench-click-' || g).
    lines.push(`TX-${g},${md5(`bench-click-${g}`)},${new Date(Date.now() - (g % 25) * 86_400_000).toISOString().slice(0, 10)},${(20 + (g % 400)).toFixed(2)},${(1 + (g % 40) / 4).toFixed(2)},${currencies[g % 3]},${statuses[g % 4]}`);
  }
  return `${lines.join('\n')}\n`;
}

const md5 = (text) => createHash('md5').update(text).digest('hex');

/** Part 2: the import of the report, memory sampled; then the same report again. */
async function benchImport(base, token, pid) {
  const csv = reportCsv();
  const measure = async () => {
    const baseline = await rssMb(pid);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const response = await fetch(`${base}/api/Commissions/Import?format=generic`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
    const outcome = await response.json();
    const elapsed = performance.now() - started;
    sampling = false;
    await sampler;
    if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(outcome)}`);
    return { ms: elapsed, baseline, peak, growth: peak - baseline, outcome: { ...outcome, problems: outcome.problems.length }, load: load1() };
  };
  const first = await measure();
  const again = await measure();
  return { bytes: Buffer.byteLength(csv), first, again };
}

/** Part 3's data: unique clicks of the last 30 days per deal and hour, and commissions beside the report's. */
async function seedEarnings(db) {
  const run = query(db);
  const started = performance.now();
  await run(`INSERT INTO deal_click_hours (product_id, hour, clicks)
    SELECT product_id, hour, count(*)::int FROM (
      SELECT 1 + (floor($1::int * power(random(), ${SKEW}))::bigint * 7919 % $1::int)::int AS product_id,
        date_trunc('hour', (now() - random() * interval '30 days') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour
      FROM generate_series(1, $2::int)) c
    GROUP BY 1, 2
    ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks`, [deals, clicks]);
  const extra = Math.max(0, commissionCount - reportRows);
  await run(`INSERT INTO commissions (network, transaction_id, click_id, product_id, category_id, occurred_at, sale_amount, commission, currency, status)
    SELECT 'awin', 'AW-' || s.g, md5('bench-extra-' || s.g), p.id, p.category_id, now() - random() * interval '30 days',
      round((20 + random() * 300)::numeric, 2), round((1 + random() * 20)::numeric, 2), (ARRAY['EUR', 'USD', 'GBP'])[1 + s.g % 3], (ARRAY['PENDING', 'APPROVED', 'DECLINED'])[1 + s.g % 3]
    FROM (SELECT g, 1 + (floor($2::int * power(random(), 2))::bigint * 7919 % $2::int)::int AS deal FROM generate_series(1, $1::int) AS g) s
    JOIN products p ON p.id = s.deal`, [extra, deals]);
  await run('VACUUM ANALYZE deal_click_hours');
  await run('VACUUM ANALYZE commissions');
  const seeded = performance.now() - started;
  const { createCommissions } = await import(join(dist, 'plugins', 'app', 'commissions.js'));
  const commissions = createCommissions(db.db);
  const refresh = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await commissions.refreshEarnings();
    refresh.push(performance.now() - t0);
  }
  await run('VACUUM ANALYZE deal_popularity');
  const [stats] = await run(`SELECT (SELECT coalesce(sum(clicks), 0) FROM deal_click_hours)::int AS clicks, (SELECT count(*) FROM commissions)::int AS commissions,
    (SELECT count(*) FROM deal_popularity WHERE commission_currency IS NOT NULL)::int AS earning_deals`);
  return { seededMs: seeded, refreshMs: refresh, stats };
}

async function timeGet(base, token, path) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  for (let i = 0; i < 5; i++) await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), load: load1() };
}

const TABLE = '/api/Product/GetAllProducts?page=1&pageSize=25';
const READS = [
  { key: 'health', label: '`GET /api/health` (the ceiling)', path: '/api/health' },
  { key: 'newest', label: 'Deals table, first page, newest first (the default)', path: TABLE },
  { key: 'epc', label: 'Deals table, first page, sorted by `epc30d` (highest first)', path: `${TABLE}&sortBy=epc30d&order=desc` },
  { key: 'commission', label: 'Deals table, first page, sorted by `commission30d` (highest first)', path: `${TABLE}&sortBy=commission30d&order=desc` },
  { key: 'epc-asc', label: 'Deals table, first page, sorted by `epc30d` (lowest first)', path: `${TABLE}&sortBy=epc30d&order=asc` },
  { key: 'earnings-deal', label: 'Earnings report by deal (`GetEarnings?groupBy=deal`, 30 days)', path: '/api/Commissions/GetEarnings?groupBy=deal' },
  { key: 'earnings-store', label: 'Earnings report by store (`GetEarnings?groupBy=store`, 30 days)', path: '/api/Commissions/GetEarnings?groupBy=store' },
  { key: 'dashboard', label: 'Dashboard (`GetStats`, with its earnings)', path: '/api/Dashboard/GetStats' },
];

async function benchEngine(engine, port) {
  const database = await createBenchDatabase(engine, adminUrl);
  try {
    await seedBenchDatabase(database.options, deals);
    const redirects = await benchRedirects(database, port);
    await withDatabase(database.options, seedClickIds);
    const base = `http://127.0.0.1:${port}`;
    // The data is written with the server stopped: PGlite's directory takes one process at a time.
    let server = await startServer(serverEnv(database), port);
    let imported;
    try {
      imported = await benchImport(base, await signIn(base), server.pid);
      console.log(JSON.stringify({ engine, imported }));
    } finally {
      await server.stop();
    }
    const earnings = await withDatabase(database.options, seedEarnings);
    console.log(JSON.stringify({ engine, earnings }));
    const reads = [];
    server = await startServer(serverEnv(database), port);
    try {
      const token = await signIn(base);
      for (const read of READS) {
        reads.push({ ...read, ...(await timeGet(base, token, read.path)) });
        console.log(JSON.stringify({ engine, ...reads.at(-1) }));
      }
    } finally {
      await server.stop();
    }
    return { engine, redirects, imported, earnings, reads };
  } finally {
    await database.drop();
  }
}

function markdown(results) {
  const lines = [
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${int(deals)} deals (bench/seed.sql), the one-process server (dist/server.js) per engine.`,
    '',
  ];
  for (const r of results) {
    const runs = r.redirects.runs;
    lines.push(`**${r.engine}**`, '');
    lines.push('| `/out/{id}`, `-c 50`, a new visitor per request | round | req/s | p50 | p99 | load (1 min) |', '|---|---|---|---|---|---|');
    for (const run of runs) lines.push(`| ${run.tagged ? 'with the store\'s Awin template (a click id stored per redirect)' : 'without a template'} | ${run.round} | ${int(run.rps)} | ${run.p50} ms | ${run.p99} ms | ${run.load.toFixed(2)} |`);
    lines.push('', `Median with/without a template: ${int(r.redirects.tagged)} / ${int(r.redirects.plain)} req/s = **${(r.redirects.ratio * 100).toFixed(1)} %** (target: at least 90 %). Click ids stored: ${int(r.redirects.ids.n)}, all distinct: ${r.redirects.ids.n === r.redirects.ids.distinct_ids ? 'yes' : 'NO'}.`, '');
    const i = r.imported;
    lines.push(
      `Commission import (generic CSV, ${int(reportRows)} rows, ${(i.bytes / 1024 / 1024).toFixed(1)} MB): **${(i.first.ms / 1000).toFixed(1)} s** (${int(reportRows / (i.first.ms / 1000))} rows/s; target at most 30 s), ` +
        `${int(i.first.outcome.created)} created, ${int(i.first.outcome.unmatched)} unmatched; server memory ${int(i.first.baseline)} MB before, ${int(i.first.peak)} MB at most (**+${int(i.first.growth)} MB**). ` +
        `The same report again: ${(i.again.ms / 1000).toFixed(1)} s, ${int(i.again.outcome.unchanged)} unchanged, ${int(i.again.outcome.created)} created, +${int(i.again.growth)} MB.`,
      '',
    );
    const e = r.earnings;
    lines.push(
      `Earnings data: ${int(e.stats.clicks)} unique clicks over 30 days, ${int(e.stats.commissions)} commissions, ${int(e.stats.earning_deals)} deals with figures; the 30-day figures recomputed in ${e.refreshMs.map((t) => ms(t)).join(', ')}.`,
      '',
      '| Request (sequential, signed in as admin) | p50 | p95 | load (1 min) |',
      '|---|---|---|---|',
      ...r.reads.map((read) => `| ${read.label} | ${ms(read.p50)} | ${ms(read.p95)} | ${read.load.toFixed(2)} |`),
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!args['no-build']) build();
  const results = [];
  for (const engine of args.engines.split(',')) results.push(await benchEngine(engine, 18_700 + Math.floor(Math.random() * 100)));
  const report = markdown(results);
  console.log(`\n${report}`);
  if (args.write) await replaceBlock('affiliate', report);
}

await main();
