// What the API benchmarks share (bench:api, bench:clicks): building dist/, starting the real server
// (compiled dist/server.js, as `npm start` runs it) on loopback, and autocannon in its own process.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const here = import.meta.dirname;
export const apiRoot = join(here, '..');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status})`);
}

export function build() {
  console.log('Building the API (dist/) ...');
  run('npm', ['run', 'build'], { cwd: apiRoot });
}

/** The server (`script`, default dist/server.js) with a production environment plus `serverEnv`, once /api/health answers. */
export async function startServer(serverEnv, port, script = join(apiRoot, 'dist', 'server.js')) {
  const child = spawn(process.execPath, [script], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Per-request access logs would cost more than some queries: production sets its level too.
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...serverEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One autocannon run in its own process (so its CPU is not the server's); its JSON result. `rate`:
 * requests per second over all connections (default: as fast as answered); `allowErrors`: connection
 * errors and timeouts are counted in the result (`errors`, `timeouts`) instead of failing the run.
 */
export function autocannon(mix, port, connections, seconds, { rate, allowErrors = false } = {}) {
  const cliArgs = ['-j', '-c', String(connections), '-d', String(seconds), '-m', mix.method];
  if (rate) cliArgs.push('--overallRate', String(rate));
  if (mix.body) cliArgs.push('-H', 'content-type=application/json', '-b', JSON.stringify(mix.body));
  cliArgs.push(`http://127.0.0.1:${port}${mix.path}`);
  const result = spawnSync(process.execPath, [autocannonCli, ...cliArgs], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`autocannon failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  if (report.non2xx > 0 || (report.errors > 0 && !allowErrors)) {
    throw new Error(`${mix.key}: ${report.non2xx} non-2xx answers and ${report.errors} errors`);
  }
  return report;
}

/** One request of the mix: its item count (a JSON array's length) and size; throws unless 2xx. */
export async function checkAnswer(mix, port) {
  const response = await fetch(`http://127.0.0.1:${port}${mix.path}`, {
    method: mix.method,
    headers: mix.body ? { 'content-type': 'application/json' } : {},
    body: mix.body ? JSON.stringify(mix.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${mix.key}: HTTP ${response.status} ${text}`);
  const json = JSON.parse(text);
  return { items: Array.isArray(json) ? json.length : null, bytes: Buffer.byteLength(text), json };
}
