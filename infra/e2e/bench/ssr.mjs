// `npm run bench:ssr`: what server rendering costs the server, on the built one-process
// server with the PGlite demo content. Every number is a ratio within one run against the same
// process's static-file ceiling, so a busy machine moves both sides alike:
// - autocannon `-c 50` (in its own process) on a static file as stored (the ceiling), the cached
//   HTML of /home and of a deal page, and Home/GetCMSInfo, as a browser asks (brotli accepted);
// - uncached renders: sequential visits of URLs never seen before (`?bench=n`, so the page cache
//   misses; the site info and the database are warm, as on a live site), p50 and p90 per page.
// `--write` puts the table into docs/BENCHMARKS.md. Run `npm run build` first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from './server.mjs';

const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' }, renders: { type: 'string', default: '60' }, write: { type: 'boolean', default: false } } });
const BENCH_FILE = path.resolve(import.meta.dirname, '../../../docs/BENCHMARKS.md');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const TARGETS = { htmlShare: 0.5, htmlP99: 50, renderP50: 25, cmsInfoShare: 0.5 };
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' };

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** One autocannon run in its own process (its CPU is not the server's). */
function autocannon(url, seconds, requestHeaders = BROWSER) {
  const headers = Object.entries(requestHeaders).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const result = spawnSync(process.execPath, [autocannonCli, '-j', '-c', '50', '-d', String(seconds), ...headers, url], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  if (report.non2xx > 0 || report.errors > 0) throw new Error(`${url}: ${report.non2xx} non-2xx answers and ${report.errors} errors`);
  return { rps: report.requests.average, p50: report.latency.p50, p99: report.latency.p99, bytes: report.throughput.total / Math.max(1, report.requests.total) };
}

async function renderTimes(base, pagePath, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const url = `${base}${pagePath}${pagePath.includes('?') ? '&' : '?'}bench=${Date.now()}-${i}`;
    const started = performance.now();
    const response = await fetch(url, { headers: BROWSER });
    const html = await response.text();
    times.push(performance.now() - started);
    if (!html.includes('__DEALS_SSR__')) throw new Error(`${pagePath} was not server-rendered`);
  }
  return { p50: percentile(times, 50), p90: percentile(times, 90) };
}

async function firstDealId(base) {
  const response = await fetch(`${base}/api/Home/SearchProduct`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const deals = await response.json();
  if (!deals.length) throw new Error('no demo deal to measure');
  return deals[0].id;
}

const { base, stop } = await startBuiltServer();
try {
  const deal = `/deal/details/${await firstDealId(base)}`;
  const seconds = Number(args.duration);
  // Warm: compiled statements, the bundle's first render, the compressed bodies.
  for (const url of ['/home', deal, '/deals', '/api/Home/GetCMSInfo']) await fetch(base + url, { headers: BROWSER }).then((r) => r.text());
  const loadBefore = os.loadavg()[0];
  const cells = [
    // As stored, not compressed per request: the cheapest answer a file can get (the ceiling).
    { label: 'static file (`/favicon.svg`, as stored): the ceiling', path: '/favicon.svg', headers: { accept: '*/*' } },
    { label: '`/home` HTML (cached render)', path: '/home', html: true },
    { label: 'deal page HTML (cached render)', path: deal, html: true },
    { label: '`Home/GetCMSInfo` (cached JSON)', path: '/api/Home/GetCMSInfo', cmsInfo: true },
  ].map((cell) => ({ ...cell, ...autocannon(base + cell.path, seconds, cell.headers) }));
  const ceiling = cells[0].rps;
  const renders = [];
  for (const [label, pagePath] of [['/home', '/home'], ['deal page', deal], ['/deals', '/deals'], ['/deals?stores=1 (landing)', '/deals?stores=1'], ['/stores', '/stores']]) {
    renders.push({ label, ...(await renderTimes(base, pagePath, Number(args.renders))) });
  }
  const load = `1-minute load ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.versions.node}, PGlite demo data, autocannon -c 50 for ${seconds} s per row (brotli accepted), ${load}.`,
    '',
    '| request | answer (as sent) | req/s -c 50 | share of the static ceiling | p50 / p99 ms |',
    '|---|---|---|---|---|',
    ...cells.map((c) => `| ${c.label} | ${(c.bytes / 1024).toFixed(1)} KB | ${Math.round(c.rps).toLocaleString('en-US')} | ${Math.round((c.rps / ceiling) * 100)}% | ${c.p50} / ${c.p99} |`),
    '',
    `| uncached render (sequential, ${args.renders} URLs each) | p50 ms | p90 ms |`,
    '|---|---|---|',
    ...renders.map((r) => `| ${r.label} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} |`),
    '',
    `Targets: HTML ≥ ${TARGETS.htmlShare * 100}% of the static ceiling with p99 ≤ ${TARGETS.htmlP99} ms; uncached render p50 ≤ ${TARGETS.renderP50} ms; GetCMSInfo ≥ ${TARGETS.cmsInfoShare * 100}% of the ceiling.`,
  ];
  const table = lines.join('\n');
  console.log(table);
  const missed = [
    ...cells.filter((c) => c.html && (c.rps / ceiling < TARGETS.htmlShare || c.p99 > TARGETS.htmlP99)).map((c) => c.label),
    ...cells.filter((c) => c.cmsInfo && c.rps / ceiling < TARGETS.cmsInfoShare).map((c) => c.label),
    ...renders.filter((r) => r.p50 > TARGETS.renderP50).map((r) => `uncached ${r.label}`),
  ];
  if (missed.length) console.log(`Missed on: ${missed.join(', ')}`);
  if (args.write) {
    const text = fs.readFileSync(BENCH_FILE, 'utf8');
    const begin = '<!-- bench:ssr:begin -->';
    const end = '<!-- bench:ssr:end -->';
    if (!text.includes(begin)) throw new Error(`${BENCH_FILE} has no ${begin} marker`);
    fs.writeFileSync(BENCH_FILE, text.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), `${begin}\n${table}\n${end}`));
  }
} finally {
  stop();
}
