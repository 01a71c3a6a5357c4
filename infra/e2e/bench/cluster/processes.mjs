// The harness's bookkeeping of what it starts, so nothing outlives a run: every service is spawned
// in its own process group (`detached`), so one signal to the group stops it with all its
// children; every stop is registered as a cleanup and they run last-in first-out, on success, on
// a failure and on Ctrl-C (SIGINT/SIGTERM), after which the temporary folders are removed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const cleanups = [];
let cleaning = null;
/** Every process group started, to confirm at the end that none is left. */
const groups = [];

/** Records a group started some other way (PostgreSQL's, which pg_ctl starts). */
export function trackGroup(label, pgid) {
  if (pgid && !groups.some((g) => g.pgid === pgid)) groups.push({ label, pgid });
}

/** The groups of which some process still runs. */
export function leftRunning() {
  return groups.filter((g) => processesOfGroup(g.pgid).length > 0);
}

/** Runs `fn` at the end of the run (last registered, first run). Answers a function that runs it now instead. */
export function onCleanup(label, fn) {
  const entry = { label, fn, done: false };
  cleanups.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    await fn();
  };
}

/** Runs every registered cleanup once; a failing one is reported and the others still run. */
export function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const entry = cleanups.pop();
      if (entry.done) continue;
      entry.done = true;
      try {
        await entry.fn();
      } catch (error) {
        console.error(`cleanup "${entry.label}" failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}

/** Ctrl-C or a TERM: stop everything started, then leave with the conventional status. */
export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping everything the harness started…`);
      cleanup().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 2)));
    });
  }
}

/** A fresh folder under the system's temp folder, removed at the end of the run. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // Readable by the postgres user (when run as root) and nginx's workers.
  fs.chmodSync(dir, 0o755);
  onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A port nobody listens on right now (the tiny race until it is used is acceptable on loopback). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Any process of the group still there (the group's leader may be gone while children live). */
export function groupAlive(pgid) {
  return processesOfGroup(pgid).length > 0 || isAlive(pgid);
}

/**
 * Spawns a service in its own process group with stdout and stderr appended to `logFile`.
 * Answers `{ child, pgid, stop(signal), kill() }`; `stop` sends the signal to the whole group and
 * waits (SIGKILL after `graceMs`); the stop is also registered as a cleanup.
 */
export function spawnService(label, command, args, { env = process.env, logFile, cwd, graceMs = 5000 } = {}) {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  const pgid = child.pid;
  trackGroup(label, pgid);
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exit.then(() => (exited = true));
  child.once('error', (error) => fs.appendFileSync(logFile, `\n[harness] could not start ${command}: ${error.message}\n`));

  const signalGroup = (signal) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
  };
  async function stop(signal = 'SIGTERM') {
    if (exited && !groupAlive(pgid)) return;
    signalGroup(signal);
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && (!exited || groupAlive(pgid))) await sleep(50);
    if (!exited || groupAlive(pgid)) {
      signalGroup('SIGKILL');
      while (!exited) await sleep(20);
    }
  }
  const stopNow = onCleanup(`stop ${label}`, () => stop('SIGTERM'));
  return {
    label,
    child,
    pgid,
    exit,
    get exited() {
      return exited;
    },
    stop: (signal) => (signal ? stop(signal) : stopNow()),
    /** SIGKILL to the whole group, answered once the leader is reaped. */
    async kill() {
      signalGroup('SIGKILL');
      await exit;
    },
  };
}

/** Runs a command to its end (for initdb, pg_ctl, openssl); throws with its output when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The last lines of a log file, for the report of a failure. */
export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// ---- CPU time per process group (/proc) -----------------------------------------------------

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

// After ")": state(0) ppid(1) pgrp(2) … utime(11) stime(12) cutime(13) cstime(14).
const ticksOf = (fields) => Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);

export function processesOfGroup(pgid) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(entry));
  }
  return pids;
}

/**
 * CPU ticks used by a process and all its descendants: their own time plus that of the children
 * they reaped (a PostgreSQL backend that ended lands in the postmaster's cutime). A tree, not a
 * process group: PostgreSQL's backends each call setsid(), so the postmaster's group is itself.
 */
export function treeTicks(rootPid) {
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields) stats.set(Number(entry), fields);
  }
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop();
    const fields = stats.get(pid);
    if (!fields) continue;
    ticks += ticksOf(fields);
    for (const [child, childFields] of stats) if (Number(childFields[1]) === pid) pending.push(child);
  }
  return ticks;
}

/** This process's own ticks and those of the children it reaped (autocannon, once it ended). */
export function selfTicks() {
  const fields = statFields('self');
  return { own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
}

/** Busy and total ticks of the whole machine (all cores), from /proc/stat. */
export function machineTicks() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

export const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
