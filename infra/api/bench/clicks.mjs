// `npm run bench:clicks`: the cost of click-outs and of the popularity sort.
//
// For each engine (PGlite; PostgreSQL too when DATABASE_URL is set, or with --engines): a throwaway
// database seeded with bench/seed.sql (100,000 deals), the real server (dist/server.js) on loopback
// with TRUST_PROXY=127.0.0.1 (as behind the cluster's balancer, so X-Forwarded-For is the visitor's
// address), and the load in separate processes.
//   1. `/out/{id}` with recording on, `-c 50`: every request another visitor (its own address and
//      user agent, bench/load.mjs) so every click is really written; beside it in the same run the
//      ceiling `/api/health`, the same redirects by a bot (not recorded) and uniform deal ids (the
//      link cache misses). Afterwards the server is stopped (it flushes) and deal_clicks is counted.
//   2. 1,000,000 clicks inserted set-based (skewed over the deals, the last 7 days, one visitor key
//      each) with their hourly counts as the app writes them, the popularity refresh timed (the
//      app's own function, dist/plugins/app/deal-popularity.js): the first round and a full
//      recompute (both rewrite every scored deal, as on the first round of a month), then
//      incremental rounds a minute apart, each after a minute's new clicks (--minute-clicks) in the
//      current hour; then the first page of the public search sorted DESC_POPULARITY against
//      DESC_DATE (newest first), `-c 50`, alternating.
// Prints markdown; --write puts it into docs/BENCHMARKS.md (between the bench:clicks markers).
//
// Options: --engines=pglite,postgres  --deals=100000  --clicks=1000000  --duration=15 (/out)
//          --search-duration=10  --rounds=3  --minute-clicks=3000  --no-build
//          --explain (print both sorts' plans)  --write
//          --refresh-only (only seed, insert the clicks and time the refresh rounds; no server)
// PostgreSQL: DATABASE_URL (an admin connection; a bench database is created and dropped there).
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { explainWith } from './explain.mjs';
import { apiRoot, autocannon, build, checkAnswer, startServer } from './harness.mjs';
import { replaceBlock } from './report.mjs';

const here = import.meta.dirname;
const dist = join(apiRoot, 'dist');

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite' },
    deals: { type: 'string', default: '100000' },
    clicks: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '15' },
    'search-duration': { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    'minute-clicks': { type: 'string', default: '3000' },
    'refresh-only': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres';
const deals = Number(args.deals);
const clicks = Number(args.clicks);
const duration = Number(args.duration);
const searchDuration = Number(args['search-duration']);
const rounds = Number(args.rounds);
const minuteClicks = Number(args['minute-clicks']);
const refreshOnly = args['refresh-only'];
if (refreshOnly && args.write) throw new Error('--refresh-only measures part of the report: no --write');
/** The visitors' clicks favour few deals: with u^3 the top 1 % of the deals get about a fifth. */
const SKEW = 3;
/** The fixed offered load of the latency row (well under the capacity measured at `-c 50`). */
const OFFERED_RATE = 500;

const HEALTH = { key: 'health', label: '`GET /api/health` (the ceiling: `select 1`)', method: 'GET', path: '/api/health' };
const NEWEST = {
  key: 'newest',
  label: 'SearchProduct, `DESC_DATE` (newest first)',
  method: 'POST',
  path: '/api/Home/SearchProduct',
  body: { sortBy: 'DESC_DATE' },
};
const POPULAR = {
  key: 'popular',
  label: 'SearchProduct, `DESC_POPULARITY` (Most Popular)',
  method: 'POST',
  path: '/api/Home/SearchProduct',
  body: { sortBy: 'DESC_POPULARITY' },
};

const load1 = () => loadavg()[0];
const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => String(Math.round(n * 10) / 10);
const seconds = (n) => (n < 1000 ? `${ms(n)} ms` : `${(n / 1000).toFixed(n < 10_000 ? 2 : 1)} s`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `fn(database)` on the bench database opened by the server's own code (dist/), then closed. */
async function withDatabase(options, fn) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const database = await openDatabase(options);
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** Rows of a statement with $n parameters, on either engine (a pg Pool or a PGlite). */
const rowsOf = (database) => async (text, params = []) => (await database.db.$client.query(text, params)).rows;

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** `/out/{id}` load from bench/load.mjs in its own process: autocannon's result. */
function outLoad(port, { connections = 50, seconds: time = duration, visitors = 'people', skew = SKEW, offset = 0, rate = 0 }) {
  const spec = { url: `http://127.0.0.1:${port}`, connections, duration: time, deals: { count: deals, skew }, visitors, offset, rate };
  const result = spawnSync(process.execPath, [join(here, 'load.mjs'), JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`bench/load.mjs failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const other = report['1xx'] + report['2xx'] + report['4xx'] + report['5xx'];
  if (other > 0) throw new Error(`/out/{id}: ${other} answers other than 302`);
  return report;
}

const row = (key, label, report, extra = {}) => ({
  key,
  label,
  rps: report.requests.average,
  p50: report.latency.p50,
  p99: report.latency.p99,
  answered: report['2xx'] + report['3xx'],
  errors: report.errors,
  timeouts: report.timeouts,
  load: load1(),
  ...extra,
});

/** Part 1: `/out/{id}` with recording on, and what it is compared with, on one server. */
async function benchClickOuts(engine, database, port) {
  const server = await startServer(database.serverEnv, port);
  const rows = [];
  let recordedRequests = 0; // redirects answered to "people" (each one a new visitor)
  let offset = 0;
  const people = (options) => {
    const report = outLoad(port, { ...options, offset });
    offset += 10_000_000;
    recordedRequests += report['3xx'];
    return report;
  };
  try {
    const probe = await fetch(`http://127.0.0.1:${port}/out/1`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 bench probe' } });
    if (probe.status !== 302) throw new Error(`/out/1 answered ${probe.status}`);
    recordedRequests += 1;

    autocannon(HEALTH, port, 10, 2); // warm-up
    rows.push(row('health', HEALTH.label, autocannon(HEALTH, port, 50, duration, { allowErrors: true })));

    people({ connections: 10, seconds: 2 }); // warm-up: JIT, the link cache, the salt
    rows.push(row('out', '`GET /out/{id}`, recording on: a new visitor each time, skewed deal ids', people({})));
    rows.push(row('out-bot', '`GET /out/{id}`, a bot (redirected, not recorded), same ids', outLoad(port, { visitors: 'bots' })));
    rows.push(row('out-uniform', '`GET /out/{id}`, recording on, uniform ids over all deals (link cache misses)', people({ skew: 1 })));
    // The same three at a fixed offered load (500 req/s over the 50 connections): the latency of
    // a request when the server is not saturated, and what recording adds to it.
    const rate = { rate: OFFERED_RATE };
    rows.push(row('health-rate', `${HEALTH.label}, offered ${OFFERED_RATE} req/s`, autocannon(HEALTH, port, 50, duration, { ...rate, allowErrors: true }), rate));
    rows.push(row('out-bot-rate', `\`GET /out/{id}\`, a bot (not recorded), offered ${OFFERED_RATE} req/s`, outLoad(port, { visitors: 'bots', ...rate }), rate));
    rows.push(row('out-rate', `\`GET /out/{id}\`, recording on, offered ${OFFERED_RATE} req/s`, people(rate), rate));
    // Health again right after, so the ratio to /out is not only from the start of the run.
    rows.push(row('health-after', `${HEALTH.label}, again after the /out runs`, autocannon(HEALTH, port, 50, duration, { allowErrors: true })));
  } finally {
    await server.stop(); // a clean shutdown writes what is still buffered
  }
  const recorded = await withDatabase(database.options, async (db) => {
    const [counts] = await rowsOf(db)(`SELECT (SELECT count(*) FROM deal_clicks)::int AS clicks,
        (SELECT count(DISTINCT product_id) FROM deal_clicks)::int AS deals,
        (SELECT coalesce(sum(clicks), 0) FROM deal_click_hours)::int AS hourly,
        (SELECT count(*) FROM click_salts)::int AS salts`);
    return counts;
  });
  const batches = await withDatabase(database.options, timeBatches);
  for (const r of rows) console.log(JSON.stringify({ engine, ...r }));
  console.log(`${engine}: ${recordedRequests} redirects to visitors, ${recorded.clicks} rows in deal_clicks (${recorded.deals} deals), ${recorded.hourly} in deal_click_hours`);
  return { rows, recordedRequests, recorded, batches };
}

/**
 * How long one write of the click buffer takes (the app's recorder, dist/plugins/app/click-outs.js):
 * on PGlite the database runs on the server's only thread, so this is how long each flush holds
 * every request waiting. Median of 5 flushes per batch size (each of new visitors, skewed deals).
 */
async function timeBatches(db) {
  const { createClickRecorder } = await import(join(dist, 'plugins', 'app', 'click-outs.js'));
  const quiet = { warn() {}, error() {}, info() {}, debug() {} };
  const times = {};
  let n = 0;
  for (const size of [50, 500]) {
    const recorder = createClickRecorder(db.db, quiet, { flushMs: 3_600_000, batchSize: Number.MAX_SAFE_INTEGER });
    const samples = [];
    for (let i = 0; i < 6; i++) {
      for (let k = 0; k < size; k++) {
        n += 1;
        const dealId = 1 + ((Math.floor(deals * Math.random() ** SKEW) * 7919) % deals);
        recorder.record({ dealId, ip: `192.0.${(n >>> 8) & 255}.${n & 255}`, userAgent: `bench batch ${n}`, at: new Date() });
      }
      const flush = await timed(() => recorder.flush());
      if (i > 0) samples.push(flush.ms); // the first also reads the day's salt
    }
    await recorder.close();
    times[size] = median(samples);
  }
  return times;
}

/** 1,000,000 clicks (by default) of the last 7 days, skewed over the deals, as the app records them. */
async function insertClicks(db) {
  const query = rowsOf(db);
  await query('TRUNCATE deal_clicks, deal_click_hours');
  await query('UPDATE deal_popularity SET score = 0, clicks_24h = 0, clicks_7d = 0, is_hot = false');
  // Deal k-th most popular = 1 + (k · 7919 mod deals): popular deals anywhere in the id range (so
  // in age, store and liveness). Click times lean to the recent days. One visitor key per click.
  const insert = await timed(() =>
    query(`INSERT INTO deal_clicks (product_id, day, visitor, clicked_at)
      SELECT product_id, (clicked_at AT TIME ZONE 'UTC')::date, md5('bench' || g), clicked_at
      FROM (SELECT g, 1 + (floor(${deals} * power(random(), ${SKEW}))::bigint * 7919 % ${deals})::int AS product_id,
                   now() - power(random(), 1.3) * interval '7 days' AS clicked_at
            FROM generate_series(1, ${clicks}) AS g) c`),
  );
  // The hourly unique-click counts, with the expression click-outs.ts writes them with.
  const hours = await timed(() =>
    query(`INSERT INTO deal_click_hours (product_id, hour, clicks)
      SELECT product_id, date_trunc('hour', clicked_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)::int
      FROM deal_clicks GROUP BY 1, 2`),
  );
  await query('VACUUM ANALYZE deal_clicks');
  await query('VACUUM ANALYZE deal_click_hours');
  return { insertMs: insert.ms, hoursMs: hours.ms };
}

/**
 * A minute's new clicks (`minuteClicks`, skewed over the deals like the others) in the hour of
 * `at`, added to the hourly counts as the app adds them. Answers how many (deal, hour) rows the
 * minute wrote.
 */
async function addMinuteClicks(query, at) {
  const [row] = await query(
    `WITH added AS (
      INSERT INTO deal_click_hours (product_id, hour, clicks)
      SELECT product_id, date_trunc('hour', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)::int
      FROM (SELECT 1 + (floor(${deals} * power(random(), ${SKEW}))::bigint * 7919 % ${deals})::int AS product_id
            FROM generate_series(1, ${minuteClicks})) c
      GROUP BY product_id
      ON CONFLICT (product_id, hour) DO UPDATE SET clicks = deal_click_hours.clicks + excluded.clicks
      RETURNING 1
    ) SELECT count(*)::int AS n FROM added`,
    [at.toISOString()],
  );
  return row.n;
}

/** Part 2: the popularity sort at `clicks` clicks against newest first. */
async function benchPopularity(engine, database, port) {
  const prepared = await withDatabase(database.options, async (db) => {
    const query = rowsOf(db);
    const inserted = await insertClicks(db);
    const { createDealPopularity } = await import(join(dist, 'plugins', 'app', 'deal-popularity.js'));
    const popularity = createDealPopularity(db.db);
    const now = Date.now();
    // Without a state row a round recomputes every deal (as the first round of each month does,
    // relative to the new epoch). The server of part 1 refreshed already: forget its state.
    await query('DELETE FROM popularity_refresh_state');
    // The first round after the insert also deletes the de-duplication rows of the days before
    // yesterday (most of them).
    const first = await timed(() => popularity.refresh(new Date(now)));
    // A full recompute alone, writing every scored deal again (from zeros, as a new epoch changes
    // every score): the monthly round.
    await query('UPDATE deal_popularity SET score = 0, clicks_24h = 0, clicks_7d = 0, is_hot = false');
    await query('DELETE FROM popularity_refresh_state');
    await query('VACUUM ANALYZE deal_popularity');
    const full = await timed(() => popularity.refresh(new Date(now + 1_000)));
    // The steady state: each minute `minuteClicks` new clicks in the current hour, then a round
    // (the deals with new clicks or with hours leaving the 24 h or 7 d window since the last one).
    const steady = [];
    const touched = [];
    for (let i = 1; i <= 3; i++) {
      const at = new Date(now + i * 60_000);
      touched.push(await addMinuteClicks(query, at));
      steady.push((await timed(() => popularity.refresh(at))).ms);
    }
    await query('VACUUM ANALYZE deal_popularity');
    await query('VACUUM ANALYZE deal_clicks');
    const [stats] = await query(`SELECT
        (SELECT count(*) FROM deal_click_hours)::int AS hour_rows,
        (SELECT coalesce(sum(clicks), 0) FROM deal_click_hours)::int AS hourly_clicks,
        (SELECT count(*) FROM deal_clicks)::int AS dedup_rows,
        (SELECT count(*) FROM deal_popularity WHERE score > 0)::int AS scored,
        (SELECT count(*) FROM deal_popularity WHERE is_hot)::int AS hot,
        (SELECT max(clicks_7d) FROM deal_popularity)::int AS top_7d,
        (SELECT count(*) FROM (SELECT 1 FROM deal_popularity ORDER BY score DESC, product_id DESC LIMIT 1000) t)::int AS sample`);
    const plans = await explainWith(query, [NEWEST, POPULAR], { print: args.explain });
    return { ...inserted, firstMs: first.ms, firstRefreshed: first.value, fullMs: full.ms, steadyMs: steady, touched, stats, plans };
  });
  console.log(`${engine}: ${JSON.stringify({ ...prepared, plans: undefined })}`);
  if (refreshOnly) return prepared;

  const server = await startServer(database.serverEnv, port);
  const runs = [];
  const answers = {};
  try {
    for (const mix of [NEWEST, POPULAR]) {
      const answer = await checkAnswer(mix, port);
      answers[mix.key] = { items: answer.items, bytes: answer.bytes, hot: answer.json.filter((card) => card.hot).length, first: answer.json[0]?.id };
      autocannon(mix, port, 10, 2); // warm-up: plans, caches, JIT
    }
    if (answers.popular.first === answers.newest.first) throw new Error('the popularity sort lists the newest deal first: no scores?');
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [POPULAR, NEWEST] : [NEWEST, POPULAR];
      for (const mix of order) {
        const load = load1();
        const report = autocannon(mix, port, 50, searchDuration);
        const run = { round: round + 1, mix: mix.key, rps: report.requests.average, p50: report.latency.p50, p99: report.latency.p99, load };
        console.log(JSON.stringify({ engine, ...run }));
        runs.push(run);
      }
    }
  } finally {
    await server.stop();
  }
  const rps = (key) => runs.filter((run) => run.mix === key).map((run) => run.rps);
  const ratios = [];
  for (let round = 1; round <= rounds; round++) {
    const pair = runs.filter((run) => run.round === round);
    ratios.push(pair.find((run) => run.mix === 'popular').rps / pair.find((run) => run.mix === 'newest').rps);
  }
  return {
    ...prepared,
    answers,
    runs,
    newest: median(rps('newest')),
    popular: median(rps('popular')),
    ratio: median(rps('popular')) / median(rps('newest')),
    ratios,
  };
}

async function benchEngine(engine, port) {
  const database = await createBenchDatabase(engine, adminUrl);
  database.serverEnv = { ...database.serverEnv, TRUST_PROXY: '127.0.0.1' };
  try {
    const started = Date.now();
    const counts = await seedBenchDatabase(database.options, deals);
    console.log(`${engine}: seeded ${counts.deals} deals (${counts.live} live) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const clickOuts = refreshOnly ? null : await benchClickOuts(engine, database, port);
    const popularity = await benchPopularity(engine, database, port);
    return { engine, counts, clickOuts, popularity };
  } finally {
    await database.drop();
  }
}

const NAMES = { postgres: 'PostgreSQL 15', pglite: 'PGlite' };

function clickOutsTable(result) {
  const { rows, recordedRequests, recorded, batches } = result.clickOuts;
  const health = rows.find((r) => r.key === 'health').rps;
  const lines = [
    `| ${NAMES[result.engine]}: request (autocannon \`-c 50\`, ${duration} s) | req/s | p50 / p99 ms | req/s ÷ health | 1-min load before |`,
    '|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const failed = r.errors ? ` (${r.errors} errors, ${r.timeouts} of them timeouts)` : '';
    lines.push(`| ${r.label}${failed} | ${int(r.rps)} | ${ms(r.p50)} / **${ms(r.p99)}** | ${r.key === 'health' ? '1' : r.rate ? '–' : (r.rps / health).toFixed(2)} | ${r.load.toFixed(1)} |`);
  }
  lines.push(
    '',
    `Recorded: ${int(recorded.clicks)} rows in deal_clicks (${int(recorded.deals)} deals; ${int(recorded.hourly)} clicks in deal_click_hours) ` +
      `for ${int(recordedRequests)} redirects answered to distinct visitors (the bot run recorded nothing); ` +
      `${recorded.clicks >= recordedRequests && recorded.clicks <= recordedRequests + 4 * 50 ? 'every answered click was written' : '**mismatch**'}` +
      ' (requests still in flight when a run ends are answered after autocannon stops counting: up to 50 per run).',
    '',
    `One write of the click buffer (the app's recorder, timed in the bench process, median of 5): ` +
      `${Object.entries(batches).map(([size, time]) => `${size} clicks ${ms(time)} ms`).join(', ')}` +
      `${result.engine === 'pglite' ? ' — on PGlite the database runs on the server\'s own thread, so every request waits that long during each write.' : '.'}`,
  );
  return lines.join('\n');
}

/** The clicks inserted and the popularity refresh's rounds, one paragraph. */
function popularityLine(result) {
  const p = result.popularity;
  const s = p.stats;
  return (
    `${NAMES[result.engine]}: ${int(clicks)} clicks inserted in ${seconds(p.insertMs)} (their hourly counts in ${seconds(p.hoursMs)}): ` +
    `${int(s.hour_rows)} (deal, hour) rows, ${int(s.scored)} deals with a score, ${int(s.hot)} Hot, the most clicked deal ${int(s.top_7d)} clicks in 7 days. ` +
    `Popularity refresh: first round ${seconds(p.firstMs)} (every deal; it also deletes the de-duplication rows before yesterday, ${int(s.dedup_rows)} left), ` +
    `a full recompute alone ${seconds(p.fullMs)} (every scored deal rewritten, as on the first round of a month), ` +
    `then incremental rounds a minute apart, each after ${int(minuteClicks)} new clicks (${p.touched.map(int).join(', ')} (deal, hour) rows written): ` +
    `${p.steadyMs.map(seconds).join(', ')}.`
  );
}

function popularityTable(result) {
  const p = result.popularity;
  const lines = [
    popularityLine(result),
    '',
    `| round (\`-c 50\`, ${searchDuration} s each, alternating) | newest first req/s | p50 / p99 ms | Most Popular req/s | p50 / p99 ms | popular ÷ newest |`,
    '|---|---|---|---|---|---|',
  ];
  for (let round = 1; round <= rounds; round++) {
    const newest = p.runs.find((run) => run.round === round && run.mix === 'newest');
    const popular = p.runs.find((run) => run.round === round && run.mix === 'popular');
    lines.push(
      `| ${round}${round % 2 === 1 ? ' (popular first)' : ' (newest first)'}, load ${Math.min(newest.load, popular.load).toFixed(1)}–${Math.max(newest.load, popular.load).toFixed(1)} | ${int(newest.rps)} | ${ms(newest.p50)} / ${ms(newest.p99)} | ${int(popular.rps)} | ${ms(popular.p50)} / ${ms(popular.p99)} | ${p.ratios[round - 1].toFixed(2)} |`,
    );
  }
  lines.push(`| **median** | **${int(p.newest)}** | | **${int(p.popular)}** | | **${p.ratio.toFixed(2)}** |`);
  lines.push(
    '',
    `Answers: newest first ${p.answers.newest.items} cards (${(p.answers.newest.bytes / 1024).toFixed(1)} KB, ${p.answers.newest.hot} Hot), ` +
      `Most Popular ${p.answers.popular.items} cards (${(p.answers.popular.bytes / 1024).toFixed(1)} KB, ${p.answers.popular.hot} Hot).`,
  );
  return lines.join('\n');
}

function targetsTable(results) {
  const lines = ['| target | engine | measured | limit | verdict |', '|---|---|---|---|---|'];
  for (const result of results) {
    const out = result.clickOuts.rows.find((r) => r.key === 'out');
    const rate = result.clickOuts.rows.find((r) => r.key === 'out-rate');
    const name = NAMES[result.engine];
    lines.push(`| \`/out/{id}\` p99 at \`-c 50\`, recording on (saturated: as fast as answered) | ${name} | ${ms(out.p99)} ms at ${int(out.rps)} req/s | 5 ms | ${out.p99 <= 5 ? 'met' : '**missed**'} |`);
    lines.push(`| \`/out/{id}\` p99 at \`-c 50\`, recording on, ${OFFERED_RATE} req/s offered | ${name} | ${ms(rate.p99)} ms | 5 ms | ${rate.p99 <= 5 ? 'met' : '**missed**'} |`);
    const p = result.popularity;
    lines.push(`| Most Popular ≥ 0.8 × newest first (req/s, 100k deals, ${int(clicks)} clicks) | ${name} | ${p.ratio.toFixed(2)} (${int(p.popular)} ÷ ${int(p.newest)}) | 0.80 | ${p.ratio >= 0.8 ? 'met' : '**missed**'} |`);
    const worst = Math.max(...p.steadyMs);
    lines.push(`| Popularity refresh at ${int(clicks)} clicks, incremental round (every 60 s) | ${name} | ${seconds(worst)} at most | well under 60 s | ${worst < 10_000 ? 'met' : '**check**'} |`);
    const full = Math.max(p.firstMs, p.fullMs);
    lines.push(`| Popularity refresh at ${int(clicks)} clicks, full (first round, then once a month) | ${name} | ${seconds(full)} at most | well under 60 s | ${full < 10_000 ? 'met' : '**check**'} |`);
  }
  return lines.join('\n');
}

const loadStart = loadavg();
if (!args['no-build']) build();
const results = [];
let port = 19080 + Math.floor(Math.random() * 1000);
for (const engine of args.engines.split(',')) {
  results.push(await benchEngine(engine, port));
  port += 2;
}
const loadEnd = loadavg();
if (refreshOnly) {
  for (const r of results) console.log(`\n${popularityLine(r)}`);
  process.exit(0);
}

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'CPU'}), Node ${process.version}`;
const fmtLoad = (l) => l.map((n) => n.toFixed(2)).join(' ');
const sections = [
  `${date}, ${machine}; ${int(deals)} deals (${results.map((r) => `${NAMES[r.engine]}: ${int(r.counts.live)} live`).join('; ')}); ` +
    `load average (1, 5, 15 min) ${fmtLoad(loadStart)} at the start, ${fmtLoad(loadEnd)} at the end.`,
  '',
  ...results.map((r) => clickOutsTable(r)).flatMap((t) => [t, '']),
  ...results.map((r) => popularityTable(r)).flatMap((t) => [t, '']),
  targetsTable(results),
];
const report = sections.join('\n');
console.log(`\n${report}`);
for (const r of results) {
  for (const plan of r.popularity.plans) if (!args.explain) console.log(`\n-- ${NAMES[r.engine]} ${plan.mix}\n${plan.plan}`);
}
if (args.write) await replaceBlock('clicks', report);
