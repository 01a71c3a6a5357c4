// `npm run bench:soak`: does the one-process default (`npm start`: PGlite embedded, demo data) stay
// within its memory over a long day of mixed traffic? Run `npm run build` first; this builds nothing.
//
// The built server with the environment `npm start` gives it (the `serve` script's variables,
// the allocator setting among them), in a throwaway data folder:
//   1. first start (the demo is seeded), resident memory at rest once the start has settled;
//   2. a restart on the same data, resident memory at rest again (what an operator sees daily);
//   3. `--minutes` of mixed traffic: `--visitors` loops of visitors (home, deal lists with filters,
//      sorts and searches, deal pages, stores, categories, blogs, search suggestions, click-outs,
//      image sizes) and one staff loop signed in once (admin tables sorted and filtered, now and
//      then a new deal with an image, an edit of it, a new store with a logo, the CSV export).
// The server's VmRSS (/proc/<pid>/status) is sampled every 10 s; a table per minute and a summary
// are printed: rest, most under load, growth from the first third of the run to its end, throughput.
//
// Options: --minutes=30  --visitors=6  --settle=20 (seconds at rest before measuring)  --check
// (exit 1 when a target is missed)  --json=<file> (the samples and the summary).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, distinctPng, multipart } from './cluster/api.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    visitors: { type: 'string', default: '6' },
    settle: { type: 'string', default: '20' },
    check: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const VISITORS = Number(args.visitors);
const SETTLE_S = Number(args.settle);
const SAMPLE_MS = 10_000;
/** MB of resident memory; growth is the last minute's mean against the mean of the minute a third in. */
const TARGETS = { rest: 450, load: 600, growth: 20 };
const apiRoot = path.resolve(import.meta.dirname, '../../api');
const ADMIN = { username: 'admin', password: randomBytes(12).toString('hex') };
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
const SORTS = ['DESC_PRICE', 'ASC_PRICE', 'DESC_DISCOUNT', 'ASC_DISCOUNT', 'DESC_DATE', 'DESC_POPULARITY'];
const PRICES = ['$', '$$', '$$$', '$$$$'];
const WORDS = ['tv', 'laptop', 'headphones', 'shoes', 'coffee', 'phone', 'camera', 'sofa', 'watch', 'game', 'kitchen', 'deal'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const round = (n) => Math.round(n);
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * The variables the `serve` script sets before `node` (`NAME=value` or `NAME=${NAME:-default}`):
 * the benchmark runs what `npm start` runs, allocator setting included.
 */
function serveScriptEnv() {
  const script = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')).scripts.serve;
  const env = {};
  for (const [, name, value] of script.matchAll(/(?:^|\s)([A-Z_][A-Z0-9_]*)=(\S+)(?=\s)/g)) {
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-(.*)\}$/.exec(value);
    env[name] = fallback ? (process.env[fallback[1]] ?? fallback[2]) : value;
  }
  return env;
}

async function rssMb(pid) {
  const status = await fs.promises.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function startServer(dataDir) {
  const port = 19000 + Math.floor(Math.random() * 400);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...serveScriptEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Slow answers on a loaded machine are expected here; errors are not.
    LOG_LEVEL: 'error',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // For diagnosis only (e.g. `--import` of a probe); the soak itself runs what `npm start` runs.
    ...(process.env.SOAK_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_SERVER_NODE_OPTIONS } : {}),
  };
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(apiRoot, 'dist', 'server.js')], { cwd: apiRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Interrupted (Ctrl-C, a timeout): the server goes too, it is not left running unseen.
  const interrupted = () => {
    child.kill('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  exited.then(() => process.off('SIGINT', interrupted).off('SIGTERM', interrupted));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/api/Home/GetCMSInfo`).then((r) => r.ok, () => false)) break;
    if (Date.now() - started > 300_000) throw new Error('the server did not start within 5 minutes');
    await sleep(250);
  }
  return { base, pid: child.pid, env, readyMs: Date.now() - started, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** A few first visits (as after a deploy), then quiet for `SETTLE_S`: the memory a server holds between visitors. */
async function restRss(server) {
  for (const url of ['/home', '/deals', '/stores']) await call(server.base, url, { headers: BROWSER, as: 'bytes' });
  await sleep(SETTLE_S * 1000);
  return rssMb(server.pid);
}

async function signIn(base) {
  const answer = await call(base, '/api/Users/Authenticate', { method: 'POST', json: { email: ADMIN.username, password: ADMIN.password } });
  if (!answer.ok) throw new Error(`sign-in answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token ?? answer.body.authToken ?? answer.body.accessToken;
}

const IMAGE_NAME = /[a-f0-9]{32}\.(?:jpg|png|webp|gif)/g;

/** Ids and image names the visitors pick from (the run's own deals join them as they are made). */
async function catalogue(base, token) {
  const deals = (await call(base, '/api/Home/SearchProduct', { method: 'POST', json: {} })).body;
  const stores = (await call(base, '/api/Category/GetAllCategories?isActive=', { token })).body;
  const types = (await call(base, '/api/ProductType/GetAllProductTypes?isActive=', { token })).body;
  const images = new Set(JSON.stringify(deals).match(IMAGE_NAME) ?? []);
  if (!deals.length || !stores.length || !types.length) throw new Error('the demo has no deals, stores or categories');
  return { dealIds: deals.map((deal) => deal.id), storeIds: stores.map((s) => s.id), typeIds: types.map((t) => t.id), images: [...images] };
}

function dealsUrl(cat) {
  const query = new URLSearchParams();
  if (Math.random() < 0.4) query.set('q', pick(WORDS));
  if (Math.random() < 0.5) query.set('sort', pick(SORTS));
  if (Math.random() < 0.3) query.set('price', pick(PRICES));
  if (Math.random() < 0.3) query.set('stores', String(pick(cat.storeIds)));
  if (Math.random() < 0.3) query.set('categories', String(pick(cat.typeIds)));
  const text = query.toString();
  return text ? `/deals?${text}` : '/deals';
}

/** One visitor request, as a browser or the public site's scripts make it. */
function visitorRequest(cat) {
  const roll = Math.random();
  if (roll < 0.1) return { url: '/home', options: { headers: BROWSER } };
  if (roll < 0.3) return { url: dealsUrl(cat), options: { headers: BROWSER } };
  if (roll < 0.45) return { url: `/deal/details/${pick(cat.dealIds)}`, options: { headers: BROWSER } };
  if (roll < 0.5) return { url: pick(['/stores', '/categories', '/blogs-and-reviews']), options: { headers: BROWSER } };
  if (roll < 0.6) {
    const json = { searchTerm: Math.random() < 0.5 ? pick(WORDS) : '', sortBy: pick(SORTS), categories: Math.random() < 0.3 ? [pick(cat.storeIds)] : [], skip: 0 };
    return { url: '/api/Home/SearchProduct', options: { method: 'POST', json } };
  }
  if (roll < 0.72) {
    const word = pick(WORDS);
    return { url: `/api/Home/SearchProductByKeyword?keyword=${encodeURIComponent(word.slice(0, 2 + Math.floor(Math.random() * 3)))}` };
  }
  if (roll < 0.77) return { url: `/api/Product/GetProductDetailById?productId=${pick(cat.dealIds)}` };
  if (roll < 0.82) return { url: `/out/${pick(cat.dealIds)}`, redirect: true };
  if (!cat.images.length) return { url: '/home', options: { headers: BROWSER } };
  return { url: `/api/Attachments/${pick(cat.images)}${Math.random() < 0.8 ? `?w=${pick([160, 320, 480, 640, 960, 1280])}` : ''}` };
}

async function visitorLoop(ctx) {
  while (ctx.running()) {
    const { url, options = {}, redirect } = visitorRequest(ctx.cat);
    let ok;
    if (redirect) {
      // A click-out answers a redirect to the store: counted, never followed.
      const response = await fetch(ctx.base + url, { redirect: 'manual' }).catch(() => null);
      await response?.arrayBuffer();
      ok = !!response && response.status >= 300 && response.status < 400;
    } else {
      ok = (await call(ctx.base, url, { ...options, as: 'bytes' })).ok;
    }
    ctx.count(ok, url);
  }
}

const ADMIN_TABLES = [
  () => '/api/Product/GetAllProducts?page=1&pageSize=100',
  () => `/api/Product/GetAllProducts?page=1&pageSize=100&sortBy=${pick(['name', 'category', 'currentPrice'])}&order=${pick(['asc', 'desc'])}`,
  () => `/api/Product/GetAllProducts?page=1&pageSize=100&name=${pick(WORDS)}`,
  () => `/api/Product/GetAllProducts?page=2&pageSize=20&isActive=true&sortBy=currentPrice&order=asc`,
  () => '/api/Category/GetAllCategories?isActive=',
  () => '/api/ProductType/GetAllProductTypes?isActive=',
  () => '/api/Dashboard/GetStats',
];

/** The staff member: tables all along; every 20th step a write with an image; every 100th the CSV export. */
async function staffLoop(ctx) {
  const own = [];
  let token = await signIn(ctx.base);
  // The session outlives an access token: on a 401 sign in again and retry once, as the back office does.
  const staffCall = async (url, options) => {
    const first = await call(ctx.base, url, { ...options, token });
    if (first.status !== 401) return first;
    token = await signIn(ctx.base);
    ctx.signIns++;
    return call(ctx.base, url, { ...options, token });
  };
  for (let step = 1; ctx.running(); step++) {
    let answer;
    if (step % 100 === 0) {
      answer = await staffCall('/api/Product/ExportProductsCsv?timeZone=UTC', { as: 'bytes', headers: { 'accept-encoding': 'gzip' } });
    } else if (step % 60 === 0) {
      answer = await staffCall('/api/Category/CreateCategory', { method: 'POST', form: multipart({ name: `Soak store ${ctx.runId} ${step}`, isActive: true, notifyImmediately: false }, { logo: await distinctPng() }) });
    } else if (step % 20 === 0) {
      const fields = {
        name: `Soak deal ${ctx.runId} ${step}`,
        categoryId: pick(ctx.cat.storeIds),
        productTypeIds: [pick(ctx.cat.typeIds)],
        currentPrice: 10 + (step % 50),
        previousPrice: 80,
        link: `https://example.com/soak/${step}`,
        promoCode: `SOAK${step}`,
        isActive: true,
        isFeatured: false,
      };
      if (own.length && step % 40 === 0) {
        const last = own.at(-1);
        answer = await staffCall('/api/Product/UpdateProduct', { method: 'PUT', form: multipart({ ...last.fields, id: last.id, currentPrice: 9 + (step % 50) }, { image: await distinctPng() }) });
      } else {
        answer = await staffCall('/api/Product/CreateProduct', { method: 'POST', form: multipart(fields, { image: await distinctPng() }) });
        if (answer.ok) {
          own.push({ id: answer.body.id, fields });
          ctx.cat.dealIds.push(answer.body.id);
        }
      }
    } else {
      answer = await staffCall(pick(ADMIN_TABLES)(), { as: 'bytes' });
    }
    ctx.count(answer.ok, 'staff', true);
    await sleep(250);
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deals-soak-'));
  const loadAtStart = loadavg();
  const runId = Date.now().toString(36);
  const summary = { date: new Date().toISOString(), machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${round(os.totalmem() / 1048576)} MB`, node: process.versions.node, minutes: MINUTES, visitors: VISITORS, loadAtStart };
  let server;
  try {
    server = await startServer(dataDir);
    summary.env = Object.fromEntries(Object.entries(server.env).filter(([name]) => !/PASSWORD|PATH|HOME|PORT|HOST|DATA_DIR/.test(name)));
    summary.firstStart = { readyS: server.readyMs / 1000, rssMb: await restRss(server) };
    console.log(`first start (demo seeded) in ${summary.firstStart.readyS.toFixed(1)} s, at rest ${round(summary.firstStart.rssMb)} MB`);
    await server.stop();
    server = await startServer(dataDir);
    summary.restart = { readyS: server.readyMs / 1000, rssMb: await restRss(server) };
    console.log(`restart in ${summary.restart.readyS.toFixed(1)} s, at rest ${round(summary.restart.rssMb)} MB`);

    const token = await signIn(server.base);
    const cat = await catalogue(server.base, token);
    const t0 = Date.now();
    const deadline = t0 + MINUTES * 60_000;
    const minutes = Array.from({ length: MINUTES }, (_, i) => ({ minute: i + 1, visits: 0, staff: 0, failed: 0, rss: [] }));
    const failures = new Map();
    const minuteAt = () => Math.min(MINUTES - 1, Math.floor((Date.now() - t0) / 60_000));
    const ctx = {
      base: server.base,
      cat,
      runId,
      signIns: 1,
      running: () => Date.now() < deadline,
      count(ok, label, staff = false) {
        const row = minutes[minuteAt()];
        if (staff) row.staff++;
        else row.visits++;
        if (!ok) {
          row.failed++;
          const key = label.replace(/\d+/g, 'n').split('?')[0];
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      },
    };
    const sampler = (async () => {
      for (let next = t0 + SAMPLE_MS; next <= deadline; next += SAMPLE_MS) {
        await sleep(next - Date.now());
        const mb = await rssMb(server.pid);
        minutes[Math.min(MINUTES - 1, Math.floor((next - t0 - 1) / 60_000))].rss.push(mb);
      }
    })();
    console.log(`\n${MINUTES} minutes of ${VISITORS} visitor loops and one staff loop (load ${loadAtStart})\n`);
    console.log('| minute | visitor req/s | staff req | failed | RSS MB (min / max / last) |');
    console.log('|---|---|---|---|---|');
    const printer = (async () => {
      for (let m = 0; m < MINUTES; m++) {
        await sleep(t0 + (m + 1) * 60_000 + 200 - Date.now());
        const row = minutes[m];
        console.log(`| ${row.minute} | ${(row.visits / 60).toFixed(1)} | ${row.staff} | ${row.failed} | ${row.rss.length ? `${round(Math.min(...row.rss))} / ${round(Math.max(...row.rss))} / ${round(row.rss.at(-1))}` : '–'} |`);
      }
    })();
    await Promise.all([...Array.from({ length: VISITORS }, () => visitorLoop(ctx)), staffLoop(ctx), sampler, printer]);

    const mean = (list) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    const from = Math.max(1, Math.round(MINUTES / 3));
    const all = minutes.flatMap((row) => row.rss);
    const visits = minutes.reduce((n, row) => n + row.visits, 0);
    Object.assign(summary, {
      loadAtEnd: loadavg(),
      maxLoadRssMb: Math.max(...all),
      growthFrom: from,
      rssAtFromMb: mean(minutes[from - 1].rss),
      rssAtEndMb: mean(minutes[MINUTES - 1].rss),
      visitorRps: visits / (MINUTES * 60),
      staffRequests: minutes.reduce((n, row) => n + row.staff, 0),
      staffSignIns: ctx.signIns,
      failed: Object.fromEntries(failures),
      minutes: minutes.map(({ minute, visits: v, staff, failed, rss }) => ({ minute, visits: v, staff, failed, rssMb: rss.map(round) })),
    });
    summary.growthMb = summary.rssAtEndMb - summary.rssAtFromMb;
    const verdict = (value, limit) => (value <= limit ? `✔ ≤ ${limit}` : `✘ > ${limit}`);
    const rest = summary.restart.rssMb;
    console.log(`
| measure | MB | target |
|---|---|---|
| at rest after the first start (demo seeded) | ${round(summary.firstStart.rssMb)} | |
| at rest after a restart | ${round(rest)} | ${verdict(round(rest), TARGETS.rest)} |
| most under load | ${round(summary.maxLoadRssMb)} | ${verdict(round(summary.maxLoadRssMb), TARGETS.load)} |
| minute ${from} → minute ${MINUTES} (means of the 10 s samples) | ${round(summary.rssAtFromMb)} → ${round(summary.rssAtEndMb)} (${summary.growthMb >= 0 ? '+' : ''}${round(summary.growthMb)}) | growth ${verdict(round(summary.growthMb), TARGETS.growth)} |

Visitors ${summary.visitorRps.toFixed(1)} req/s on average, ${summary.staffRequests} staff requests (${summary.staffSignIns} sign-ins), ${Object.values(summary.failed).reduce((a, b) => a + b, 0)} failed${failures.size ? ` (${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}. Load average at start ${loadAtStart}, at end ${summary.loadAtEnd}. ${summary.machine}, Node ${summary.node}; server environment ${JSON.stringify(summary.env)}.`);
    if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(summary, null, 2)}\n`);
    const missed = [rest > TARGETS.rest && 'rest', summary.maxLoadRssMb > TARGETS.load && 'load', summary.growthMb > TARGETS.growth && 'growth'].filter(Boolean);
    if (missed.length) console.log(`Missed: ${missed.join(', ')}`);
    if (args.check && missed.length) process.exitCode = 1;
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
