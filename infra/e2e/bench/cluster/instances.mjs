// The API instances under test: the built `infra/api/dist/server.js`, each on its own port and
// with its own DATA_DIR (so nothing can be shared through the file system), on the same
// PostgreSQL and bucket, trusting the balancer's X-Forwarded-For. Generated secrets are never
// handed in (JWT_SECRET, VAPID_*): the instances must agree on them through the database.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, sleep, spawnService } from './processes.mjs';

export const SERVER = path.resolve(import.meta.dirname, '../../../api/dist/server.js');
export const ADMIN = { username: 'admin', password: 'cluster-admin-pass-17' };
/**
 * Variables of the caller's shell the instances must not see: secrets that would make them agree
 * without the database, and any other bucket or AWS setting than the run's own.
 */
const NOT_INHERITED = /^(?:JWT_SECRET|JWT_PREVIOUS_SECRET|VAPID_PUBLIC_KEY|VAPID_PRIVATE_KEY|FIREBASE_SERVICE_ACCOUNT|ADMIN_USERNAME|DATABASE_URL|S3_.*|AWS_.*)$/;

export class Instance {
  /** @param {{ name: string, dir: string, env: Record<string, string> }} options */
  constructor({ name, dir, env }) {
    this.name = name;
    this.dir = dir;
    this.logFile = path.join(dir, 'server.log');
    this.extraEnv = env;
    this.service = null;
    this.starts = [];
  }

  async init() {
    fs.mkdirSync(path.join(this.dir, 'data'), { recursive: true });
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    return this;
  }

  get env() {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)));
    return {
      ...inherited,
      ...this.extraEnv,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(this.dir, 'data'),
      DEMO_DATA: 'true',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      // nginx fails over on a refused connection only; a starting instance must not answer 503.
      START_PLACEHOLDER: 'off',
    };
  }

  /** Spawns the server (again, after a kill: the same environment). Does not wait. */
  spawn() {
    fs.appendFileSync(this.logFile, `\n[harness] ${new Date().toISOString()} starting ${this.name} on port ${this.port}\n`);
    this.service = spawnService(`instance ${this.name}`, process.execPath, [SERVER], { env: this.env, logFile: this.logFile, cwd: this.dir, graceMs: 10_000 });
    this.starts.push({ at: Date.now(), readyAt: null });
    return this;
  }

  /** Resolves once `GET /api/Home/GetCMSInfo` answers 200; throws if the process ends first or after `timeoutMs`. */
  async ready(timeoutMs = 120_000) {
    const started = this.starts.at(-1);
    const deadline = started.at + timeoutMs;
    while (Date.now() < deadline) {
      if (this.service.exited) throw new Error(`instance ${this.name} exited during start-up (its log: ${this.logFile})`);
      const ok = await fetch(`${this.base}/api/Home/GetCMSInfo`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => (await r.arrayBuffer(), r.status === 200),
        () => false,
      );
      if (ok) {
        started.readyAt = Date.now();
        return started.readyAt - started.at;
      }
      await sleep(200);
    }
    throw new Error(`instance ${this.name} not ready after ${timeoutMs / 1000} s (its log: ${this.logFile})`);
  }

  /** SIGKILL to the whole process group: no chance to finish anything. */
  async kill() {
    await this.service.kill();
  }

  get pgid() {
    return this.service?.exited ? null : this.service?.pgid;
  }
}

/**
 * Creates the instances (`onCreated` sees them before they start, to know their logs), then starts
 * them in the same instant (the start-up lock's test); answers them with their start-up times.
 */
export async function startInstances(dirs, env, onCreated = () => {}) {
  const instances = await Promise.all(dirs.map(([name, dir]) => new Instance({ name, dir, env }).init()));
  onCreated(instances);
  for (const instance of instances) instance.spawn();
  const times = await Promise.all(instances.map((instance) => instance.ready()));
  return { instances, times };
}
