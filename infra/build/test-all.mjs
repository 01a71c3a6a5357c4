// `npm test`: every suite, with independent ones side by side. The machine CI runs on has two
// cores, and most suites leave one of them idle for long stretches (a test waiting on PostgreSQL,
// the linter on one thread), so pairing them cuts the wall time without skipping anything.
//
// Phases run in order; the steps of a phase run at the same time. A parallel step's output is
// kept and printed whole when it ends, so logs never interleave. Every step runs even when an
// earlier one failed (one run shows every failure), except what needs a build that failed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const PHASES = [
  [step('lint', ['run', 'lint']), step('typecheck', ['run', 'typecheck'])],
  [step('unit tests', ['run', 'test:unit']), step('build', ['run', 'build'])],
  // The API script runs its PGlite and PostgreSQL legs side by side itself.
  [step('API tests', ['run', 'test:api'])],
  [step('browser tests', ['test', '-w', '@deals/e2e'], { needs: 'build' })],
  [step('cluster test', ['run', 'test:cluster'], { needs: 'build' })],
];

function step(name, args, { needs } = {}) {
  return { name, args, needs };
}

function run({ name, args }, live) {
  const started = Date.now();
  console.log(`\n== ${name}: npm ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) {
        console.log(`\n== output of ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      const ok = code === 0;
      console.log(`== ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(ok);
    });
  });
}

const outcome = new Map();
for (const phase of PHASES) {
  const runnable = phase.filter((s) => {
    if (!s.needs || outcome.get(s.needs)) return true;
    console.log(`\n== ${s.name}: not run, ${s.needs} failed`);
    outcome.set(s.name, false);
    return false;
  });
  const results = await Promise.all(runnable.map((s) => run(s, runnable.length === 1)));
  runnable.forEach((s, i) => outcome.set(s.name, results[i]));
}

const failed = [...outcome].filter(([, ok]) => !ok).map(([name]) => name);
console.log(failed.length ? `\n== FAILED: ${failed.join(', ')}` : '\n== every suite passed');
process.exit(failed.length ? 1 : 0);
