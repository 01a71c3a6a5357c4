// Brings the whole cluster up in one temporary folder: PostgreSQL, the S3 server, the push
// receiver, the two instances (started in the same instant) and nginx in front of them. Each
// piece registers its own stop, so `cleanup()` takes everything down in reverse order.
import fs from 'node:fs';
import path from 'node:path';
import { SERVER, startInstances } from './instances.mjs';
import { NGINX, startNginx } from './nginx.mjs';
import { PG_BIN, startPostgres } from './postgres.mjs';
import { tail, tempDir } from './processes.mjs';
import { startPushReceiver } from './push-receiver.mjs';
import { startS3 } from './s3.mjs';

/** The machine's programs the run needs (CI installs them; see .ci/run), as "file (how to get it)". */
export function missingPrograms() {
  return [
    [path.join(PG_BIN, 'pg_ctl'), 'PostgreSQL 15: apt-get install postgresql-15'],
    [NGINX, "Debian's nginx: apt-get install nginx-light"],
  ]
    .filter(([file]) => !fs.existsSync(file))
    .map(([file, what]) => `${file} (${what})`);
}

/** What the run needs, checked before anything starts. */
function preflight() {
  const missing = missingPrograms();
  if (!fs.existsSync(SERVER)) missing.unshift(`${SERVER} (the built server: run \`npm run build\` first)`);
  if (missing.length) throw new Error(`missing: ${missing.join('; ')}`);
}

/** Fills `stack` as the pieces come up (so a failed start still shows the logs it has). */
export async function startStack(stack, log = console.log) {
  preflight();
  const root = tempDir('deals-cluster-');
  Object.assign(stack, { root, logs: {} });
  log(`temp folder ${root}`);

  stack.postgres = await startPostgres(path.join(root, 'postgres'));
  stack.logs.postgres = stack.postgres.log;
  log(`PostgreSQL 15 on 127.0.0.1:${stack.postgres.port}`);

  stack.s3 = await startS3(path.join(root, 's3'), path.join(root, 's3.log'));
  stack.logs.s3 = path.join(root, 's3.log');
  log(`s3rver on ${stack.s3.endpoint}`);

  stack.push = await startPushReceiver(path.join(root, 'push'));
  log(`push receiver on https://127.0.0.1:${stack.push.port}`);

  const env = { DATABASE_URL: stack.postgres.url, NODE_EXTRA_CA_CERTS: stack.push.certFile, ...stack.s3.env };
  const { instances, times } = await startInstances(
    [
      ['A', path.join(root, 'api-a')],
      ['B', path.join(root, 'api-b')],
    ],
    env,
    (created) => {
      for (const instance of created) stack.logs[`instance ${instance.name}`] = instance.logFile;
    },
  );
  stack.instances = instances;
  stack.startTimes = times;
  log(`instances A (${instances[0].base}) and B (${instances[1].base}) started together, ready after ${times.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')}`);

  stack.nginx = await startNginx(path.join(root, 'nginx'), instances);
  stack.logs.nginx = stack.nginx.errorLog;
  log(`nginx on ${stack.nginx.base} (both) and ${stack.nginx.oneBase} (B alone)`);
  return stack;
}

/** The last lines of every service's log, for a failed run. */
export function printLogTails(stack, print = console.error) {
  for (const [name, file] of Object.entries(stack?.logs ?? {})) {
    print(`\n---- ${name}: ${file} (last lines) ----\n${tail(file, 25)}`);
  }
}
