// `npm run bench:cluster`: two API instances behind a real load balancer, proven on this machine
// (what a deployment of more than one instance relies on: the site keeps serving when one dies).
// On loopback it starts PostgreSQL 15, s3rver, two instances of the built server (at the same
// instant) and Debian's nginx; drives visitors and staff writes through nginx
// for `--duration` seconds (default 60) while instance A is SIGKILLed and started again; then
// checks, reading each instance directly, that nothing acknowledged was lost, every visitor got a
// 2xx, images uploaded through one are served by the other, the sign-in throttle held across
// both and a push notification reached each test device exactly once. Without `--check` (or with
// `--throughput`) it then measures 2 versus 1 instance with autocannon and where the CPU went.
//
// --check       exit 1 when a check fails (the test suite's `npm run test:cluster` uses 20 s)
// --write       keep the report in docs/BENCHMARKS.md ("Cluster: two instances behind nginx")
// --throughput  measure throughput even with --check;  --leg <s>  seconds per leg (default 10)
//
// Everything started is stopped at the end, on failure and on Ctrl-C. Run `npm run build` first.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { call, createRunCatalog, Session } from './cluster/api.mjs';
import { runChecks } from './cluster/checks.mjs';
import { cleanup, leftRunning, sleep, stopOnSignals } from './cluster/processes.mjs';
import { webSubscription } from './cluster/push-receiver.mjs';
import { checksText, runMarkdown, timelineText, writeSection } from './cluster/report.mjs';
import { missingPrograms, printLogTails, startStack } from './cluster/stack.mjs';
import { measureThroughput } from './cluster/throughput.mjs';
import { runWorkload, STAFF_LOOPS } from './cluster/workload.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    check: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    throughput: { type: 'boolean', default: false },
    leg: { type: 'string', default: '10' },
  },
});
const durationS = Number(args.duration);
const legS = Number(args.leg);
if (!(durationS >= 10)) throw new Error('--duration must be at least 10 seconds');
if (!(legS >= 1)) throw new Error('--leg must be at least 1 second');
const DEVICES = 3;
const runId = Date.now().toString(36);
const log = (text) => console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${text}`);

/** Demo deal ids for the deal pages and words of their names for the search and suggestions. */
async function demoTargets(base) {
  const answer = await call(base, '/api/Home/SearchProduct', { method: 'POST', json: {} });
  if (!answer.ok || !answer.body.length) throw new Error(`no demo deals to visit (SearchProduct answered ${answer.status})`);
  const words = [...new Set(answer.body.flatMap((deal) => deal.name.split(/\s+/)).filter((word) => /^[A-Za-z]{4,}$/.test(word)))].slice(0, 12);
  return { dealIds: answer.body.slice(0, 20).map((deal) => deal.id), words: words.length ? words : ['deal'] };
}

/** Browsers subscribed to push, as the public site's "Get deal alerts" registers them, one receiver path each. */
async function registerDevices(base, receiver) {
  const devices = [];
  for (let i = 1; i <= DEVICES; i++) {
    const endpoint = receiver.endpoint(`device-${i}`);
    const answer = await call(base, '/api/Devices/Register', { method: 'POST', json: { token: endpoint, platform: 'web', subscription: webSubscription(endpoint) } });
    if (!answer.ok) throw new Error(`registering device ${i} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    devices.push({ path: `/device-${i}`, endpoint });
  }
  return devices;
}

// Like the browser tests without Chromium: outside CI a machine without the programs says so and
// passes; in CI (CI=true, which installs them) that is a failure.
const missing = missingPrograms();
if (args.check && missing.length && process.env.CI !== 'true') {
  console.log(`The cluster test was not run: missing ${missing.join('; ')}. CI installs them and runs it.`);
  process.exit(0);
}

stopOnSignals();
const stack = {};
let failed = false;
try {
  await startStack(stack, log);
  const session = new Session(stack.nginx.base);
  const catalog = await createRunCatalog(session, STAFF_LOOPS);
  const targets = await demoTargets(stack.nginx.base);
  const devices = await registerDevices(stack.nginx.base, stack.push);
  log(`${devices.length} web push devices registered; store ${catalog.storeId}, product category ${catalog.productTypeId}, footer items ${catalog.footerItems.join(', ')}`);

  const loadBefore = os.loadavg()[0];
  log(`driving the cluster for ${durationS} s (instance A killed at ${(durationS / 3).toFixed(0)} s, started again at ${(durationS / 2).toFixed(0)} s)`);
  const result = await runWorkload({ stack, session, catalog, targets, durationS, runId });
  console.log(`\n${timelineText(result.timeline)}\n`);

  log('reading everything back from each instance');
  const checks = await runChecks({ stack, result, devices, runId });
  console.log(`\n${checksText(checks)}\n`);
  failed = checks.some((c) => !c.pass);

  let throughputRows = null;
  if (!args.check || args.throughput) {
    log(`throughput: 2 requests, each with 2 instances then 1, ${legS} s per leg`);
    await sleep(1000);
    throughputRows = await measureThroughput({ stack, seconds: legS, searchTerm: targets.words[0], pagePath: '/deals' });
  }
  const markdown = runMarkdown({ durationS, checks, result, startTimes: stack.startTimes, throughputRows, throughputSeconds: legS, loadBefore });
  // (With --check alone the list above says it all.)
  if (!args.check || args.throughput || args.write) console.log(`${markdown}\n`);
  if (args.write) log(`written to ${writeSection(markdown)}`);
  log(failed ? `${checks.filter((c) => !c.pass).length} of ${checks.length} checks FAILED` : `all ${checks.length} checks passed`);
} catch (error) {
  failed = true;
  console.error(`\nThe run stopped: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  if (failed) printLogTails(stack);
  await cleanup();
  const left = leftRunning();
  if (left.length) {
    console.error(`still running after the clean-up: ${left.map((g) => `${g.label} (group ${g.pgid})`).join(', ')}`);
    process.exitCode = 1;
  }
}
if (failed && args.check) process.exitCode = 1;
