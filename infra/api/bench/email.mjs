// `npm run bench:email`: the daily digest at scale, on the real server (dist/server.js) sending
// through SMTP to a counting sink (bench/smtp-sink.mjs, a process of its own).
//
// For each engine (PGlite; PostgreSQL too when DATABASE_URL is set, or with --engines): a throwaway
// database seeded with bench/seed.sql (--deals, 20,000), then --subscribers (100,000) confirmed
// DAILY subscriptions over 50 receiving domains, each following 18 words and 2 stores (20 follows);
// --today (200) live deals named with those words went live in the window of digest A, as many in
// the window of digest B. Then, on one server:
//   1. Digest A alone (`POST EmailSends/PlanDigest`): wall time from the call to the sink's last
//      message, every planned message delivered; the server's resident memory sampled every 100 ms
//      (before, peak, after).
//   2. Visitor throughput: `POST /api/Home/SearchProduct` (the deals list), -c 10, for --window
//      seconds before, during digest B, and after it. The ratio: during / the mean of before and after.
// Prints markdown; --write puts it into docs/BENCHMARKS.md (between the bench:email markers).
//
// Options: --engines=pglite,postgres  --deals=20000  --subscribers=100000  --today=200  --window=20  --no-build  --write
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { apiRoot, autocannon, build, startServer } from './harness.mjs';
import { replaceBlock } from './report.mjs';

const dist = join(apiRoot, 'dist');
const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite' },
    deals: { type: 'string', default: '20000' },
    subscribers: { type: 'string', default: '100000' },
    today: { type: 'string', default: '200' },
    window: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const deals = Number(args.deals);
const subscribers = Number(args.subscribers);
const today = Number(args.today);
const windowS = Number(args.window);
const ADMIN = { username: 'bench', password: randomBytes(12).toString('hex') };
const VISITORS = { key: 'deals-list', method: 'POST', path: '/api/Home/SearchProduct', body: {} };
const WORDS = 300;
const DOMAINS = 50;

const int = (n) => Math.round(n).toLocaleString('en-US');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** The next full hour (UTC) is digest A's hour; digest B is a day later. */
function digestPlan() {
  const at = new Date(Math.ceil((Date.now() + 60_000) / 3_600_000) * 3_600_000);
  const dayA = at.toISOString().slice(0, 10);
  const dayB = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
  return { at, hour: at.getUTCHours(), dayA, dayB };
}

/** Subscribers, their follows, and the deals of the two digests' windows. */
async function seedSubscribers(options, plan) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const database = await openDatabase(options);
  const client = database.db.$client;
  const exec = (text) => (options.driver === 'pglite' ? client.exec(text) : client.query(text));
  try {
    await exec(`
      INSERT INTO email_alert_subscriptions (email, email_key, domain, frequency, status, confirmed_at)
      SELECT 'reader' || g || '@d' || (g % ${DOMAINS}) || '.example', 'reader' || g || '@d' || (g % ${DOMAINS}) || '.example',
             'd' || (g % ${DOMAINS}) || '.example', 'DAILY', 'CONFIRMED', now()
      FROM generate_series(1, ${subscribers}) g;
      INSERT INTO email_alert_follows (subscription_id, word)
      SELECT s.id, 'kw' || ((s.id * 7 + k * 13) % ${WORDS}) FROM email_alert_subscriptions s, generate_series(1, 18) k;
      WITH stores AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE is_active)
      INSERT INTO email_alert_follows (subscription_id, store_id)
      SELECT s.id, stores.ids[1 + ((s.id + k * 5) % array_length(stores.ids, 1))] FROM email_alert_subscriptions s, stores, generate_series(1, 2) k;
      WITH picked AS (
        SELECT p.id, row_number() OVER (ORDER BY p.id) AS n FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.is_active AND c.is_active AND (p.deal_starts_in IS NULL OR p.deal_starts_in <= now()) AND (p.deal_expires_in IS NULL OR p.deal_expires_in > now() + interval '3 days')
        ORDER BY p.id LIMIT ${today * 2})
      UPDATE products p SET
        name = 'Bench kw' || ((picked.n * 11) % ${WORDS}) || ' kw' || ((picked.n * 17 + 3) % ${WORDS}) || ' kw' || ((picked.n * 23 + 7) % ${WORDS}) || ' deal ' || picked.n,
        date_time_added = CASE WHEN picked.n <= ${today} THEN '${plan.at.toISOString()}'::timestamptz - interval '2 hours'
                               ELSE '${plan.at.toISOString()}'::timestamptz + interval '2 hours' END
      FROM picked WHERE p.id = picked.id;`);
    await client.query('VACUUM ANALYZE');
  } finally {
    await database.close();
  }
}

async function startSink() {
  const child = spawn(process.execPath, [join(apiRoot, 'bench', 'smtp-sink.mjs')], { cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  const { smtpPort, httpPort } = JSON.parse(line);
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    count: async () => (await (await fetch(`http://127.0.0.1:${httpPort}/`, { headers: { connection: 'close' } })).json()),
    stop: () => child.kill(),
  };
}

async function api(base, token, method, path) {
  // A connection of its own: a pooled one left idle through a long digest may have been closed.
  const response = await fetch(`${base}/api/${path}`, { method, headers: { authorization: `Bearer ${token}`, connection: 'close' } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Plans a digest and waits until the sink has every message; memory sampled meanwhile. */
async function digest(base, token, pid, sink, day, { sample = true } = {}) {
  const start = await sink.count();
  const before = await rssMb(pid);
  let peak = before;
  const t0 = Date.now();
  const { messages } = await api(base, token, 'POST', `EmailSends/PlanDigest?day=${day}`);
  const plannedMs = Date.now() - t0;
  // Resident size at each tenth of the run: flat means it stops growing, whatever the volume.
  const byTenth = [];
  const finished = (async () => {
    for (;;) {
      const rss = sample ? await rssMb(pid) : 0;
      peak = Math.max(peak, rss);
      const now = await sink.count();
      const done = now.messages - start.messages;
      while (sample && byTenth.length < 10 && done >= (messages * (byTenth.length + 1)) / 10) byTenth.push(Math.round(rss));
      if (done >= messages) return now;
      await sleep(100);
    }
  })();
  return { messages, plannedMs, t0, before, peak: () => peak, byTenth, finished };
}

async function benchEngine(engine, port) {
  const database = await createBenchDatabase(engine, adminUrl);
  const sink = await startSink();
  try {
    console.log(`[${engine}] seeding ${int(deals)} deals and ${int(subscribers)} subscribers ...`);
    await seedBenchDatabase(database.options, deals);
    const plan = digestPlan();
    await seedSubscribers(database.options, plan);
    const server = await startServer(
      { ...database.serverEnv, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: sink.url, MAIL_DIGEST_HOUR: String(plan.hour), MALLOC_ARENA_MAX: '2', ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } : {}) },
      port,
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      const { token } = await (await fetch(`${base}/api/Users/Authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }) })).json();
      autocannon(VISITORS, port, 10, 3); // warm-up: plans, caches, JIT
      const load = loadavg()[0];

      const a = await digest(base, token, server.pid, sink, plan.dayA);
      const doneA = await a.finished;
      const rssAfter = await rssMb(server.pid);
      const first = { messages: a.messages, plannedMs: a.plannedMs, wallMs: doneA.lastAt - a.t0, before: a.before, peak: a.peak(), after: rssAfter, byTenth: a.byTenth };
      console.log(`[${engine}] digest A: ${int(first.messages)} mails in ${seconds(first.wallMs)} (planned in ${seconds(first.plannedMs)}), RSS ${Math.round(first.before)} → ${Math.round(first.peak)} → ${Math.round(first.after)} MB; at each tenth: ${first.byTenth.join(', ')} MB`);

      const before = autocannon(VISITORS, port, 10, windowS).requests.average;
      const b = await digest(base, token, server.pid, sink, plan.dayB, { sample: false });
      const during = autocannon(VISITORS, port, 10, windowS).requests.average;
      const stillSending = (await sink.count()).messages;
      const doneB = await b.finished;
      const after = autocannon(VISITORS, port, 10, windowS).requests.average;
      const ratio = during / ((before + after) / 2);
      console.log(`[${engine}] visitors ${int(before)} / ${int(during)} during digest B (${seconds(doneB.lastAt - b.t0)}) / ${int(after)} req/s: ${(ratio * 100).toFixed(1)} %`);
      return { engine, load, first, second: { messages: b.messages, wallMs: doneB.lastAt - b.t0, sendingThroughout: stillSending - doneA.messages < b.messages }, before, during, after, ratio };
    } finally {
      await server.stop();
    }
  } finally {
    sink.stop();
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
const rows = results.map(
  (r) =>
    `| ${r.engine} | ${int(r.first.messages)} mails in **${seconds(r.first.wallMs)}** (${int(r.first.messages / (r.first.wallMs / 1000))}/s; planned in ${seconds(r.first.plannedMs)}) | ${Math.round(r.first.before)} → ${Math.round(r.first.peak)} → ${Math.round(r.first.after)} MB (at each tenth of the run: ${r.first.byTenth.join(', ')}) | ${int(r.before)} / **${int(r.during)}** / ${int(r.after)} req/s over ${windowS} s: **${(r.ratio * 100).toFixed(1)} %** (digest B ${seconds(r.second.wallMs)}${r.second.sendingThroughout ? ', still sending when the window closed' : ''}) | ${r.load.toFixed(2)} |`,
);
const table = [
  `| engine | digest to ${int(subscribers)} subscribers × 20 follows (target ≤ 10 min) | server memory before → peak → after | visitors before / during a digest / after (target ≥ 90 %) | load (1 min) |`,
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
const body = `${machine}, ${int(deals)} deals seeded, ${int(today)} deals in each digest's day, ${DOMAINS} receiving domains, a local SMTP sink, ${new Date().toISOString().slice(0, 10)}.\n\n${table}\n`;
console.log(`\n${body}`);
if (args.write) await replaceBlock('email', body);
