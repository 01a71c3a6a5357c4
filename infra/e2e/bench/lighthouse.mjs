// `npm run bench:web`: Lighthouse 12 (mobile preset: simulated slow 4G and 4× CPU slowdown) on the
// visitor pages served by the built one-process server with the demo content (server-rendered):
// /home, /deals, a deal page, a CMS page and a blog. Each page runs RUNS times and the
// median run (by performance score) is reported, with each page's JS both as Chromium received it
// (gzip: it does not ask for brotli over plain http) and recompressed with gzip -9. A reference row
// measures, in the same sitting, a static page: the rendered /home with its scripts removed, served
// by a plain Node server (what this machine's load allows a page with no JavaScript at all).
// `--write` puts the table into docs/BENCHMARKS.md.
// Run `npm run build` first. CHROME_PATH picks the browser (default /usr/bin/chromium).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME_FLAGS, startBuiltServer } from './server.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const TARGETS = { score: 98, tbt: 100, cls: 0.02, lcp: 1800, homeJsKB: 150 };
const BENCH_FILE = path.resolve(import.meta.dirname, '../../../docs/BENCHMARKS.md');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A CMS page and a blog of the demo content (the first of each the site lists). */
async function cmsPaths(base) {
  const info = await (await fetch(`${base}/api/Home/GetCMSInfo`)).json();
  const page = info.pages.find((entry) => !entry.isBlog);
  const blog = info.pages.find((entry) => entry.isBlog);
  if (!page || !blog) throw new Error('the demo content has no CMS page or no blog');
  return [page.url, blog.url];
}

/** The rendered /home without its scripts, from a plain static server: the reference page. */
async function staticReference(base) {
  const html = (await (await fetch(`${base}/home`, { headers: { accept: 'text/html' } })).text())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="preload"[^>]*>/g, '')
    .replace(/(href|src)="\//g, `$1="${base}/`);
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/home`, close: () => server.close() };
}

async function firstDealId(base) {
  const response = await fetch(`${base}/api/Home/SearchProduct`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const deals = await response.json();
  if (!deals.length) throw new Error('no demo deal to measure');
  return deals[0].id;
}

/** The gzip -9 size of every script a page loaded (Lighthouse's own numbers are what was sent). */
async function gzipKB(urls) {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).length;
  }
  return total / 1024;
}

async function measure(chrome, url) {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const { audits, categories } = result.lhr;
  const requests = audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round(categories.performance.score * 100),
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    fcp: audits['first-contentful-paint'].numericValue,
    jsKB: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    scriptUrls: scripts.map((r) => r.url),
  };
}

const { base, stop } = await startBuiltServer();
let chrome;
let reference;
try {
  const pages = ['/home', '/deals', `/deal/details/${await firstDealId(base)}`, ...(await cmsPaths(base))];
  reference = await staticReference(base);
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'deals-lh-')) });
  // One unmeasured load warms the server (first image renditions, compiled statements).
  for (const page of pages) await measure(chrome, base + page);
  const rows = [];
  const targets = [...pages.map((page) => ({ page, url: base + page })), { page: 'static reference (rendered /home, no JS)', url: reference.url }];
  for (const { page, url } of targets) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome, url));
    const mid = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    rows.push({
      page: page.replace(/\/deal\/details\/\d+$/, '/deal/details/{id}'),
      scores: runs.map((r) => r.score),
      score: median(runs.map((r) => r.score)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: Math.max(...runs.map((r) => r.cls)),
      lcp: median(runs.map((r) => r.lcp)),
      fcp: median(runs.map((r) => r.fcp)),
      jsKB: mid.jsKB,
      gzipKB: await gzipKB(mid.scriptUrls),
    });
  }
  const load = os.loadavg()[0].toFixed(1);
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, Lighthouse 12 mobile preset, ${RUNS} runs per page (median; CLS the worst run), Chromium ${(await chromeVersion(chrome)) ?? ''}, 1-minute load ${load}.`,
    '',
    '| page | performance (runs) | TBT ms | CLS | LCP ms | FCP ms | JS KB as sent | JS KB gzip -9 |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.page} | **${r.score}** (${r.scores.join(', ')}) | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${Math.round(r.lcp)} | ${Math.round(r.fcp)} | ${r.jsKB.toFixed(1)} | ${r.gzipKB.toFixed(1)} |`),
    '',
    `Targets: performance ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcp} ms, TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls}, /home JS ≤ ${TARGETS.homeJsKB} KB gzip.`,
  ];
  const table = lines.join('\n');
  console.log(table);
  if (process.argv.includes('--write')) {
    const text = fs.readFileSync(BENCH_FILE, 'utf8');
    const begin = '<!-- bench:web:begin -->';
    const end = '<!-- bench:web:end -->';
    if (!text.includes(begin)) throw new Error(`${BENCH_FILE} has no ${begin} marker`);
    fs.writeFileSync(BENCH_FILE, text.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), `${begin}\n${table}\n${end}`));
  }
  const home = rows[0];
  const failed = rows.slice(0, pages.length).filter((r) => r.score < TARGETS.score || r.lcp > TARGETS.lcp || r.tbt > TARGETS.tbt || r.cls > TARGETS.cls).map((r) => r.page);
  if (home.gzipKB > TARGETS.homeJsKB) failed.push('/home JS');
  if (failed.length) console.log(`Missed on: ${failed.join(', ')}`);
} finally {
  await chrome?.kill();
  reference?.close();
  stop();
}

async function chromeVersion(instance) {
  const info = await fetch(`http://127.0.0.1:${instance.port}/json/version`).then((r) => r.json(), () => null);
  return info?.Browser?.split('/')[1];
}
