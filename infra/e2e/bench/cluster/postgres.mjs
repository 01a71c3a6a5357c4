// A throwaway PostgreSQL 15 cluster for the run: its own folder, a free port on 127.0.0.1, no
// fsync (the data dies with the run). initdb refuses to run as root, so as root (CI) the cluster
// belongs to the `postgres` user and every pg_ctl call goes through `su`, as .ci/run does.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, onCleanup, run, trackGroup } from './processes.mjs';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;
const quote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;

/** Runs a PostgreSQL tool as the cluster's owner. */
function pgTool(tool, args) {
  const command = [path.join(PG_BIN, tool), ...args].map(quote).join(' ');
  return isRoot ? run('su', ['postgres', '-s', '/bin/bash', '-c', command]) : run('/bin/bash', ['-c', command]);
}

/** @returns {Promise<{ url: string, port: number, dir: string, log: string, pid: () => number | null, stop: () => Promise<void> }>} */
export async function startPostgres(dir) {
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) run('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const port = await freePort();
  pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const stop = onCleanup('stop PostgreSQL', () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  });
  pgTool('pg_ctl', ['-D', data, '-o', settings, '-l', log, '-w', 'start']);
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    log,
    /** The postmaster's pid (pg_ctl starts it in a session of its own; its backends each start their own). */
    pid() {
      try {
        return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
      } catch {
        return null;
      }
    },
    stop,
  };
  trackGroup('PostgreSQL', cluster.pid());
  return cluster;
}
