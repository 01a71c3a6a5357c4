// `npm run bench:trust`: what codes-you-can-trust cost.
//
// On a throwaway PGlite database seeded with bench/seed.sql (100,000 deals, all made live):
//   1. A vote against a click-out on the real server (dist/server.js): `POST DealFeedback/Vote` and
//      `GET /out/{id}`, each request a new visitor (bench/load.mjs), `-c 50`, alternating twice,
//      with `/api/health` as the ceiling.
//   2. A link-check round over every live deal against local servers playing 50 stores
//      (bench/store-servers.mjs: 127.0.0.1 … 127.0.0.50, 20 ms per page), run by the API's own code
//      (dist/app.js) in the process that also serves visitors, as an instance does: visitors'
//      server-rendered deal pages (`/deal/details/{id}`, `-c 10`) before the round, during it
//      (windows until it ends) and after it; the round's time, its checks per second, and the most
//      requests any store saw at once (the per-host limit is 2).
// Needs the frontends built (`npm run build` at the root) for the pages. Prints markdown; --write
// puts it into docs/BENCHMARKS.md between the bench:trust markers.
// Options: --deals=100000 --duration=10 (vote/out runs) --window=20 (page windows) --per-second=100
//          --hosts=50 --round-cap=0 (seconds; 0 = run the round to its end) --no-build --write
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, seedBenchDatabase } from './database.mjs';
import { apiRoot, autocannon, build, startServer } from './harness.mjs';
import { replaceBlock } from './report.mjs';

const here = import.meta.dirname;
const dist = join(apiRoot, 'dist');
const { values: args } = parseArgs({
  options: {
    deals: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    window: { type: 'string', default: '20' },
    'per-second': { type: 'string', default: '100' },
    hosts: { type: 'string', default: '50' },
    'round-cap': { type: 'string', default: '0' },
    'no-build': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const deals = Number(args.deals);
const duration = Number(args.duration);
const windowSeconds = Number(args.window);
const perSecond = Number(args['per-second']);
const hosts = Number(args.hosts);
const roundCap = Number(args['round-cap']);
const HEALTH = { key: 'health', method: 'GET', path: '/api/health' };
const int = (n) => Math.round(n).toLocaleString('en-US');
const load1 = () => loadavg()[0].toFixed(2);

/** bench/load.mjs in its own process, without blocking this one (its server may be in this process). */
function load(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'load.mjs'), JSON.stringify({ deals: { count: deals, skew: 3 }, offset: Math.floor(Math.random() * 1e9), ...spec })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load.mjs exited ${code}`))));
  });
}

const summary = (report) => ({ rps: report.requests.average, p50: report.latency.p50, p99: report.latency.p99, ok: report['2xx'] + report['3xx'], other: report['4xx'] + report['5xx'] + report.errors });

async function makeAllLive(options) {
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const database = await openDatabase(options);
  try {
    await database.db.$client.query('UPDATE categories SET is_active = true');
    await database.db.$client.query('UPDATE products SET is_active = true, deal_starts_in = NULL, deal_expires_in = NULL');
  } finally {
    await database.close();
  }
}

async function partVotes(database, port) {
  const server = await startServer({ ...database.serverEnv, TRUST_PROXY: '127.0.0.1' }, port);
  const rows = [];
  try {
    autocannon(HEALTH, port, 10, 2);
    const health = summary(autocannon(HEALTH, port, 50, duration, { allowErrors: true }));
    await load({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, visitors: 'people' }); // warm-up
    await load({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, visitors: 'people', target: 'vote' });
    for (let round = 0; round < 2; round++) {
      rows.push({ what: '`GET /out/{id}` (click-out)', ...summary(await load({ url: `http://127.0.0.1:${port}`, connections: 50, duration, visitors: 'people' })), load: load1() });
      rows.push({ what: '`POST DealFeedback/Vote`', ...summary(await load({ url: `http://127.0.0.1:${port}`, connections: 50, duration, visitors: 'people', target: 'vote' })), load: load1() });
    }
    return { health, rows };
  } finally {
    await server.stop();
  }
}

async function partRound(database, port) {
  const stores = spawn(process.execPath, [join(here, 'store-servers.mjs'), JSON.stringify({ hosts, workMs: 20 })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let storeOut = '';
  stores.stdout.on('data', (chunk) => (storeOut += chunk));
  while (!storeOut.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 50));
  const storePort = JSON.parse(storeOut.split('\n')[0]).port;
  const { openDatabase } = await import(join(dist, 'db', 'client.js'));
  const seedDb = await openDatabase(database.options);
  await seedDb.db.$client.query(`UPDATE products SET link = 'http://127.0.0.' || (1 + id % ${hosts}) || ':${storePort}/p/' || id || '?aff=bench'`);
  await seedDb.close();

  const { buildApp } = await import(join(dist, 'app.js'));
  const { monorepoRoot } = await import(join(dist, 'paths.js'));
  const allow = Array.from({ length: hosts }, (_, index) => `127.0.0.${index + 1}`);
  const app = await buildApp({
    database: database.options,
    frontendsRoot: monorepoRoot,
    logger: false,
    env: { NODE_ENV: 'production' },
    fetchAllowHosts: allow,
    linkHealth: { schedule: false, checksPerSecond: perSecond },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  try {
    const probe = await fetch(`${url}/deal/details/1`);
    if (probe.status !== 200) throw new Error(`/deal/details/1 answered ${probe.status}: are the frontends built?`);
    await load({ url, connections: 10, duration: 3, target: 'page' }); // warm-up
    const before = summary(await load({ url, connections: 10, duration: windowSeconds, target: 'page' }));
    const started = performance.now();
    let finished = null;
    const round = app.linkHealth
      .runRound(new Date())
      .then((checked) => {
        if (!capped) finished = { checked, seconds: (performance.now() - started) / 1000 };
      })
      .catch((error) => console.error('the round failed:', error));
    let capped = false;
    const during = [];
    while (!finished && (roundCap === 0 || (performance.now() - started) / 1000 < roundCap)) {
      during.push({ ...summary(await load({ url, connections: 10, duration: windowSeconds, target: 'page' })), load: load1() });
    }
    const countChecked = async () => Number((await app.db.execute((await import('drizzle-orm')).sql`SELECT count(*)::int AS n FROM deal_link_checks`)).rows[0].n);
    const checkedSoFar = await countChecked();
    const elapsed = (performance.now() - started) / 1000;
    if (!finished) {
      // The cap: the instance closes (the round stops starting checks), the rate so far stands for the round.
      capped = true;
      await app.close();
    }
    await round;
    const after = finished ? summary(await load({ url, connections: 10, duration: windowSeconds, target: 'page' })) : null;
    stores.kill('SIGTERM');
    await new Promise((resolve) => stores.once('exit', resolve));
    const statsLine = storeOut.split('\n').find((line) => line.includes('"stats"'));
    const stats = statsLine ? JSON.parse(statsLine).stats : [];
    return { before, during, after, finished, checkedSoFar, elapsed, maxPerHost: Math.max(...stats.map((s) => s.max)), requests: stats.reduce((sum, s) => sum + s.requests, 0) };
  } finally {
    if (stores.exitCode === null) stores.kill('SIGTERM');
    await app.close().catch(() => {});
  }
}

if (!args['no-build']) build();
const database = await createBenchDatabase('pglite');
try {
  const seeded = await seedBenchDatabase(database.options, deals);
  await makeAllLive(database.options);
  console.log(`seeded ${int(seeded.deals)} deals, all live`);
  const votes = await partVotes(database, 18601);
  console.log(JSON.stringify(votes));
  const round = await partRound(database, 18602);
  console.log(JSON.stringify(round));

  const mean = (list, key) => list.reduce((sum, item) => sum + item[key], 0) / list.length;
  const outRps = mean(votes.rows.filter((r) => r.what.includes('/out')), 'rps');
  const voteRps = mean(votes.rows.filter((r) => r.what.includes('Vote')), 'rps');
  const duringRps = mean(round.during, 'rps');
  const rate = round.finished ? round.finished.checked / round.finished.seconds : round.checkedSoFar / round.elapsed;
  const lines = [
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average at the end ${load1()}; PGlite; ${int(deals)} live deals. Generated by \`npm run bench:trust\` on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '**A vote against a click-out** (real server, `-c 50`, every request a new visitor, alternating twice; the ceiling `/api/health` ' + `${int(votes.health.rps)} req/s):`,
    '',
    '| request | req/s | p50 ms | p99 ms | answered | other | load |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...votes.rows.map((r) => `| ${r.what} | ${int(r.rps)} | ${r.p50} | ${r.p99} | ${int(r.ok)} | ${int(r.other)} | ${r.load} |`),
    '',
    `A vote costs ${(outRps / voteRps).toFixed(2)}× a click-out (throughput ratio, mean of both runs: ${int(voteRps)} against ${int(outRps)} req/s).`,
    '',
    `**A link-check round** over ${int(deals)} live deals, ${hosts} local stores answering in 20 ms, ${perSecond} checks started per second at most, in the instance that serves the pages:`,
    '',
    '| visitors’ `/deal/details/{id}` (`-c 10`) | req/s | p50 ms | p99 ms | load |',
    '|---|---:|---:|---:|---:|',
    `| before the round | ${int(round.before.rps)} | ${round.before.p50} | ${round.before.p99} | |`,
    ...round.during.map((r, index) => `| during the round, window ${index + 1} | ${int(r.rps)} | ${r.p50} | ${r.p99} | ${r.load} |`),
    ...(round.after ? [`| after the round | ${int(round.after.rps)} | ${round.after.p50} | ${round.after.p99} | |`] : []),
    '',
    round.finished
      ? `The round checked ${int(round.finished.checked)} deals in ${(round.finished.seconds / 60).toFixed(1)} min (${rate.toFixed(1)} checks/s; target: 30 min).`
      : `The round was stopped after ${(round.elapsed / 60).toFixed(1)} min with ${int(round.checkedSoFar)} deals checked (${rate.toFixed(1)} checks/s): the whole round at that rate takes ${(deals / rate / 60).toFixed(1)} min (target: 30 min).`,
    `The most requests any store saw at once: ${round.maxPerHost} (limit 2); ${int(round.requests)} requests in all.`,
    `Page throughput during the round: ${((duringRps / round.before.rps) * 100).toFixed(1)} % of the throughput before it (target: at least 90 %).`,
  ];
  const markdown = lines.join('\n');
  console.log(`\n${markdown}`);
  if (args.write) await replaceBlock('trust', markdown);
} finally {
  await database.drop();
}
