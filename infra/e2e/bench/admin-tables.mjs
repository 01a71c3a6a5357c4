// `npm run build && npm run bench:admin`: the back office at 100,000 deals on PostgreSQL (does every
// admin table stay fast at catalogue scale?).
//
// A throwaway PostgreSQL database seeded with infra/api/bench/seed.sql, the built one-process
// server on it, then:
//   - the deals table's API: the first page, a name filter, sorts, a deep page, against the
//     server's own ceiling (`/api/health`) and the unpaged spec call, sequential requests (p50/p95);
//   - Download CSV of every deal: time, size and the server's resident memory growth;
//   - a 10,000-row CSV import without images (when the import endpoint exists);
//   - Chromium: from navigation to the deals table drawn with its 100 rows, signed in.
// Prints a markdown report; --write puts it into docs/BENCHMARKS.md between markers.
//
// Options: --deals=100000  --requests=60  --import-rows=10000  --no-browser  --write
// PostgreSQL: DATABASE_URL (an admin connection; a bench database is created and dropped),
// default postgres://postgres@127.0.0.1:55432/postgres.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROME_FLAGS } from './server.mjs';

const here = import.meta.dirname;
const root = join(here, '..', '..', '..');
const apiRoot = join(root, 'infra', 'api');
const { createBenchDatabase, seedBenchDatabase } = await import(join(apiRoot, 'bench', 'database.mjs'));

const { values: args } = parseArgs({
  options: {
    deals: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '60' },
    'import-rows': { type: 'string', default: '10000' },
    'no-browser': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const REQUESTS = Number(args.requests);
const ADMIN = { username: 'bench', password: randomBytes(12).toString('hex') };

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function startServer(serverEnv) {
  const port = 18900 + Math.floor(Math.random() * 100);
  const child = spawn(process.execPath, [join(apiRoot, 'dist', 'server.js')], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: await mkdtemp(join(tmpdir(), 'deals-bench-admin-')),
      ...serverEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, pid: child.pid, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** Resident memory of a process, in MB (Linux). */
async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function signIn(base) {
  const response = await fetch(`${base}/api/Users/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return body.token ?? body.authToken ?? body.accessToken;
}

/** Sequential timings of one GET (after 5 warm-up calls), and its answer's size plain and gzipped. */
async function timeGet(base, token, path) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  let body = '';
  for (let i = 0; i < 5; i++) body = await (await fetch(`${base}${path}`, { headers })).text();
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes: Buffer.byteLength(body), gzip: gzipSync(body).length };
}

/** One timed GET of a large answer (the spec's unpaged call). */
async function timeOnce(base, token, path) {
  const start = performance.now();
  const body = await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } })).text();
  return { ms: performance.now() - start, bytes: Buffer.byteLength(body), gzip: gzipSync(body).length };
}

/** Streams the whole CSV export, sampling the server's memory every 20 ms. */
async function measureCsv(base, token, pid) {
  const baseline = await rssMb(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const start = performance.now();
  const response = await fetch(`${base}/api/Product/ExportProductsCsv?timeZone=UTC`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  // fetch takes the gzip off: these are the CSV's own bytes and lines (no deal name holds a line break).
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - start;
  sampling = false;
  await sampler;
  return { status: response.status, ms, bytes, rows: lines - 1, baseline, peak, growth: peak - baseline };
}

/** A 10,000-row import, images off, through the import endpoint (a streamed NDJSON answer). */
async function measureImport(base, token, rows) {
  const feed = join(apiRoot, 'bench', 'deal-feed.mjs');
  if (!existsSync(feed)) return null;
  const { writeDealFeed } = await import(feed);
  const headers = { authorization: `Bearer ${token}` };
  const stores = (await (await fetch(`${base}/api/Category/GetAllCategories?isActive=`, { headers })).json()).map((store) => store.name);
  const productTypes = (await (await fetch(`${base}/api/ProductType/GetAllProductTypes?isActive=`, { headers })).json()).map((type) => type.name);
  const file = join(await mkdtemp(join(tmpdir(), 'deals-feed-')), 'feed.csv');
  await writeDealFeed(file, rows, { stores, productTypes });
  const size = (await stat(file)).size;
  const { importDealsPath } = await import(feed);
  const start = performance.now();
  const response = await fetch(`${base}${importDealsPath ?? '/api/ProductImport/Import?images=false'}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: await readFile(file),
  });
  const text = await response.text();
  const ms = performance.now() - start;
  await rm(file, { force: true });
  const last = text.trim().split('\n').at(-1);
  let outcome;
  try {
    outcome = JSON.parse(last);
  } catch {
    outcome = { raw: last };
  }
  return { status: response.status, ms, size, outcome };
}

/** Chromium, signed in: navigation to the deals table until its 100 rows are drawn. */
async function measureBrowser(base) {
  const require = createRequire(join(root, 'infra', 'e2e', 'package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.locator('input').first().fill(ADMIN.username);
    await page.locator('input[type="password"]').first().fill(ADMIN.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/admin/, { timeout: 30_000 });
    const runs = [];
    for (let i = 0; i < 6; i++) {
      await page.goto(`${base}/admin/management/dashboard`, { waitUntil: "networkidle" });
      const start = Date.now();
      await page.goto(`${base}/admin/management/product-deals`);
      await page.locator('.ant-table-tbody tr.ant-table-row').nth(99).waitFor({ timeout: 30_000 });
      runs.push(Date.now() - start);
    }
    // The first run also fetches the catalog remote's code; the rest are a staff member's day.
    const filter = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${base}/admin/management/product-deals`);
      await page.locator('.ant-table-tbody tr.ant-table-row').nth(99).waitFor({ timeout: 30_000 });
      const start = Date.now();
      await page.goto(`${base}/admin/management/product-deals?name=headphones&sort=currentPrice.asc`);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      filter.push(Date.now() - start);
    }
    return { first: runs[0], warm: percentile(runs.slice(1), 50), filtered: percentile(filter, 50) };
  } finally {
    await browser.close();
  }
}

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`;
console.log(`Seeding ${Number(args.deals).toLocaleString('en-US')} deals on PostgreSQL (${machine}) ...`);
const database = await createBenchDatabase('postgres', adminUrl);
let server;
try {
  const counts = await seedBenchDatabase(database.options, Number(args.deals));
  server = await startServer(database.serverEnv);
  const token = await signIn(server.base);
  const results = {};
  // First, while the server's heap is still small: the export's memory growth is then its own.
  results.csv = await measureCsv(server.base, token, server.pid);
  console.log('csv', results.csv);
  const paths = {
    health: '/api/health',
    first: '/api/Product/GetAllProducts?page=1&pageSize=100',
    name: '/api/Product/GetAllProducts?page=1&pageSize=100&name=headphones',
    nameRare: '/api/Product/GetAllProducts?page=1&pageSize=100&name=hasselblad',
    sortName: '/api/Product/GetAllProducts?page=1&pageSize=100&sortBy=name&order=asc',
    sortStore: '/api/Product/GetAllProducts?page=1&pageSize=100&sortBy=category&order=asc',
    storeActive: '/api/Product/GetAllProducts?page=1&pageSize=100&storeIds=3&isActive=true&sortBy=currentPrice&order=asc',
    deep: '/api/Product/GetAllProducts?page=500&pageSize=100',
  };
  for (const [key, path] of Object.entries(paths)) {
    results[key] = await timeGet(server.base, token, path);
    console.log(key, results[key]);
  }
  results.unpaged = await timeOnce(server.base, token, '/api/Product/GetAllProducts?isActive=');
  console.log('unpaged', results.unpaged);
  results.import = await measureImport(server.base, token, Number(args['import-rows']));
  console.log('import', results.import);
  if (!args['no-browser']) {
    results.browser = await measureBrowser(server.base);
    console.log('browser', results.browser);
  }
  const report = renderReport(results, counts, machine);
  console.log(`\n${report}`);
  if (args.write) await writeSection(report);
} finally {
  await server?.stop();
  await database.drop();
}

function renderReport(r, counts, machineText) {
  const row = (label, m, target = '') => `| ${label} | ${round(m.p50)} | ${round(m.p95)} | ${(m.bytes / 1024).toFixed(1)} KB / ${(m.gzip / 1024).toFixed(1)} KB | ${round(m.p50 / r.health.p50)}× | ${target} |`;
  const check = (value, limit) => (value <= limit ? `✔ ≤ ${limit}` : `✘ > ${limit}`);
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, ${machineText}; PostgreSQL 15, ${counts.deals.toLocaleString('en-US')} deals (${counts.live.toLocaleString('en-US')} live); ${REQUESTS} sequential requests per row after 5 warm-up ones.`,
    '',
    '| request | p50 ms | p95 ms | answer (plain / gzip) | p50 ÷ health p50 | target |',
    '|---|---|---|---|---|---|',
    row('`/api/health` (the ceiling)', r.health),
    row('first page, 100 rows (newest first)', r.first, `p50 ${check(round(r.first.p50), 50)} ms, gzip ${check(round(r.first.gzip / 1024), 60)} KB`),
    row('name filter "headphones"', r.name, `p50 ${check(round(r.name.p50), 150)} ms`),
    row('name filter "hasselblad" (no deal is named so)', r.nameRare, `p50 ${check(round(r.nameRare.p50), 150)} ms`),
    row('sorted by name', r.sortName),
    row('sorted by store', r.sortStore),
    row('one store, active, by price', r.storeActive),
    row('page 500 (rows 49,901–50,000)', r.deep),
    `| the spec's unpaged call (\`isActive=\`), once | ${round(r.unpaged.ms)} | – | ${(r.unpaged.bytes / 1048576).toFixed(1)} MB / ${(r.unpaged.gzip / 1048576).toFixed(1)} MB | ${round(r.unpaged.ms / r.health.p50)}× | what the table loaded before |`,
    '',
    `Download CSV of every deal: ${r.csv.rows.toLocaleString('en-US')} rows, ${(r.csv.bytes / 1048576).toFixed(1)} MB (sent gzipped), ${round(r.csv.ms / 1000, 2)} s; the server's resident memory ${round(r.csv.baseline)} MB → ${round(r.csv.peak)} MB at most, growth **${round(r.csv.growth)} MB** (target ${check(round(r.csv.growth), 50)} MB).`,
  ];
  if (r.import) {
    const outcome = r.import.outcome;
    lines.push(
      '',
      `Import of a ${Number(args['import-rows']).toLocaleString('en-US')}-row CSV (${(r.import.size / 1048576).toFixed(1)} MB, images off): **${round(r.import.ms / 1000, 1)} s** (target ${check(round(r.import.ms / 1000, 1), 60)} s), answer ${r.import.status}, ${outcome.imported ?? '?'} imported, ${outcome.invalid ?? '?'} skipped.`,
    );
  }
  if (r.browser) {
    lines.push(
      '',
      `Chromium, signed in as an admin, 1440 px: navigation to the deals table until its 100th row is drawn — first visit ${r.browser.first} ms (fetches the catalog remote), then **${r.browser.warm} ms** (p50 of 5; target ${check(r.browser.warm, 2000)} ms); a shared link with a name filter and a sort: ${r.browser.filtered} ms.`,
    );
  }
  return lines.join('\n');
}

async function writeSection(report) {
  const docs = join(root, 'docs', 'BENCHMARKS.md');
  const BEGIN = '<!-- bench:admin:begin -->';
  const END = '<!-- bench:admin:end -->';
  const text = await readFile(docs, 'utf8');
  const block = `${BEGIN}\n${report}\n${END}`;
  const next = text.includes(BEGIN) ? text.replace(new RegExp(`${BEGIN}[\\s\\S]*?${END}`), block) : `${text.trimEnd()}\n\n## The back office at 100,000 deals (\`npm run build && npm run bench:admin\`)\n\n${block}\n`;
  await writeFile(docs, next);
  console.log('docs/BENCHMARKS.md updated');
}
