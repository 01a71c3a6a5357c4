// Throughput through nginx with 2 instances and with 1 (the balancer's second listener, whose
// upstream is instance B alone; see nginx.mjs), on the deal search and on a rendered page.
// autocannon runs in its own process (as in ssr.mjs), and during every leg the CPU time of each
// process tree is read from /proc before and after: on a 2-core machine PostgreSQL, nginx, the
// instances and the load generator share the same cores, and the table says who took what.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { CLOCK_TICKS, machineTicks, selfTicks, treeTicks } from './processes.mjs';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
export const CONNECTIONS = 32;

/** One autocannon run in a child process; its CPU time is read from ours once it is reaped. */
function autocannon(url, seconds, { method = 'GET', headers = {}, body } = {}) {
  const args = [autocannonCli, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), '-m', method];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body) args.push('-b', body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const report = JSON.parse(out);
      resolve({ rps: report.requests.average, p50: report.latency.p50, p99: report.latency.p99, non2xx: report.non2xx, errors: report.errors });
    });
  });
}

/** Runs `work` while accounting the CPU of each process tree (by its root pid); answers its result and the shares (of all cores). */
async function withCpuShares(roots, work) {
  const before = Object.fromEntries(Object.entries(roots).map(([name, pid]) => [name, pid ? treeTicks(pid) : 0]));
  const selfBefore = selfTicks();
  const machineBefore = machineTicks();
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const capacity = seconds * CLOCK_TICKS * os.cpus().length;
  const shares = Object.fromEntries(Object.entries(roots).map(([name, pid]) => [name, ((pid ? treeTicks(pid) : 0) - before[name]) / capacity]));
  const selfAfter = selfTicks();
  shares.autocannon = (selfAfter.reaped - selfBefore.reaped) / capacity;
  shares.harness = (selfAfter.own - selfBefore.own) / capacity;
  const machine = machineTicks();
  shares.busy = (machine.busy - machineBefore.busy) / Math.max(1, machine.total - machineBefore.total);
  shares.other = Math.max(0, shares.busy - Object.entries(shares).filter(([name]) => name !== 'busy').reduce((sum, [, share]) => sum + share, 0));
  return { ...result, shares };
}

/** The four legs; answers one row per leg. */
export async function measureThroughput({ stack, seconds, searchTerm, pagePath }) {
  const roots = () => ({
    postgres: stack.postgres.pid(),
    nginx: stack.nginx.service.pgid,
    'instance A': stack.instances[0].pgid,
    'instance B': stack.instances[1].pgid,
    s3rver: stack.s3.service.pgid,
  });
  const targets = [
    { label: '`POST /api/Home/SearchProduct`', path: '/api/Home/SearchProduct', options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ searchTerm }) } },
    { label: `\`${pagePath}\` rendered page (HTML)`, path: pagePath, options: { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' } } },
  ];
  const rows = [];
  for (const target of targets) {
    for (const [instances, base] of [
      [2, stack.nginx.base],
      [1, stack.nginx.oneBase],
    ]) {
      // Warm the path on every instance behind this port (compiled queries, the page cache).
      for (let i = 0; i < 20; i++) await fetch(base + target.path, { method: target.options.method, headers: target.options.headers, body: target.options.body }).then((r) => r.arrayBuffer());
      const measured = await withCpuShares(roots(), () => autocannon(base + target.path, seconds, target.options));
      rows.push({ target: target.label, instances, ...measured });
    }
  }
  return rows;
}
