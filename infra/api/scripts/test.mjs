// The API suite on both databases: always on embedded PGlite, and again on PostgreSQL when
// DATABASE_URL names a server (CI starts a throwaway PostgreSQL 15 cluster for it).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file))
  .sort();

function run(label, env) {
  console.log(`\n== API tests on ${label}`);
  const result = spawnSync(process.execPath, ['--conditions=deals-source', '--import', 'tsx', '--test', '--test-concurrency=1', ...files], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const { DATABASE_URL, ...withoutServer } = process.env;
let status = run('PGlite (embedded)', withoutServer);
if (DATABASE_URL) status = run('PostgreSQL', { ...process.env }) || status;
else console.log('\nDATABASE_URL is not set: the PostgreSQL leg was not run (CI runs it).');
process.exit(status);
