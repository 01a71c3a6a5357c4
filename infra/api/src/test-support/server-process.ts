/**
 * The real server as a child process (from source, through tsx), for tests of what only a
 * process shows: signals, the control socket, a database folder reopened by another process.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { form } from './forms.js';

export const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = ['--conditions=deals-source', '--import', 'tsx'];

export const ADMIN_PASSWORD = 'backup-and-shutdown-tests';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Log lines (pino JSON) so far. */
  logs: string[];
  /** The exit code once the process ended. */
  exited: Promise<number | null>;
  /** SIGTERM and the exit code. */
  stop(): Promise<number | null>;
}

/** A PGlite install in `dataDir` on a free port; resolves once it answers its health check. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...SOURCE, 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_FORMAT: 'json',
      PUBLIC_CACHE_TTL_MS: '0',
      POPULARITY_REFRESH_MS: '3600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      logs.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${stderr.slice(-2000)} ${logs.slice(-5).join('\n')}`)));
  });
  const base = await listening;
  for (let attempt = 0; ; attempt++) {
    if (await fetch(`${base}/api/health`).then((res) => res.ok, () => false)) break;
    if (attempt > 600) throw new Error('the server never became healthy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as their scripts run them, from source rather than the build. */
export function runCli(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...SOURCE, `src/cli/${script}.ts`, ...args], { cwd: apiRoot, env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The last line printed: the archive's path after a backup. */
export const lastLine = (text: string): string => text.trim().split('\n').at(-1) ?? '';

/** Signs the first admin in; answers the Authorization header. */
export async function adminHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/Users/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/** A store and a product type to file deals under, made through the API. */
export async function dealShelf(base: string, headers: Record<string, string>, logo: Buffer): Promise<{ store: number; type: number }> {
  const post = async (path: string, body: FormData) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  };
  return {
    store: await post('/api/Category/CreateCategory', form({ name: 'Process Outlet' }, { logo })),
    type: await post('/api/ProductType/CreateProductType', form({ name: 'Process Deals' }, { logo })),
  };
}

/** The multipart fields of a new deal (its image goes in `image`). */
export const dealFields = (shelf: { store: number; type: number }, n: number) => ({
  categoryId: shelf.store,
  productTypeIds: [shelf.type],
  name: `Process deal ${n}`,
  currentPrice: '10',
  previousPrice: '20',
  link: `https://shop.example.com/${n}`,
});
