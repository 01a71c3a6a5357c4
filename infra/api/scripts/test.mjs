// The API suite on both databases: always on embedded PGlite, and again on PostgreSQL when
// DATABASE_URL names a server (CI starts a throwaway PostgreSQL 15 cluster for it).
//
// The two legs run side by side: the PostgreSQL leg spends much of its time waiting on the
// server, which leaves a core to the PGlite leg. Test files use their own databases and ports 0,
// so the legs share nothing. The PGlite leg prints as it goes; the PostgreSQL leg's output is kept
// and printed whole when it ends, so the two never interleave.
//
// `-- --leg pglite` or `-- --leg postgres` runs one leg alone (npm test schedules the legs itself,
// on the Node major each belongs to); `postgres` without DATABASE_URL is a failure, never a pass.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file))
  .sort();

function run(label, env, live) {
  console.log(`\n== API tests on ${label}${live ? '' : ' (output follows when it ends)'}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=deals-source', '--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!live) {
        console.log(`\n== API tests on ${label}: output`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`\n== API tests on ${label}: ${code === 0 ? 'passed' : 'FAILED'}`);
      resolve(code ?? 1);
    });
  });
}

const { leg } = parseArgs({ options: { leg: { type: 'string' } } }).values;
if (leg !== undefined && leg !== 'pglite' && leg !== 'postgres') {
  console.error(`--leg must be pglite or postgres, not ${leg}`);
  process.exit(2);
}
const { DATABASE_URL, ...withoutServer } = process.env;
if (leg === 'postgres' && !DATABASE_URL) {
  console.error('--leg postgres needs DATABASE_URL naming a PostgreSQL server.');
  process.exit(1);
}
const legs = [];
if (leg !== 'postgres') legs.push(run('PGlite (embedded)', withoutServer, true));
if (leg !== 'pglite') {
  if (DATABASE_URL) legs.push(run('PostgreSQL', { ...process.env }, leg === 'postgres'));
  else console.log('\nDATABASE_URL is not set: the PostgreSQL leg was not run (CI runs it).');
}
const statuses = await Promise.all(legs);
process.exit(statuses.find((status) => status !== 0) ?? 0);
