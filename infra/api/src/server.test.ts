/**
 * The process as an operator runs it (`node src/server.ts` from source, as a child process): its
 * readable or JSON output with the start banner, the 503 it answers while starting, and the
 * traces it sends to an OTLP receiver when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { OPERATIONS_MESSAGES } from '@deals/contract';
import { packageRoot } from './paths.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from './test-support/database.js';

const ADMIN_PASSWORD = 'correct-horse-battery-1';

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Running {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves with the output once `text` shows in it (or fails when the process ends first). */
  waitFor(text: string | RegExp): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=deals-source', '--import', 'tsx', 'src/server.ts'], {
    cwd: packageRoot,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD, SSR: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let exited = false;
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  return {
    child,
    port,
    output: () => text,
    async waitFor(expected) {
      while (!(typeof expected === 'string' ? text.includes(expected) : expected.test(text))) {
        if (exited) assert.fail(`the server ended before showing ${String(expected)}:\n${text}`);
        await sleep(100);
      }
    },
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
  };
}

async function get(port: number, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('the server process', () => {
  let dataDir: string;
  let database: TestDatabase | null = null;
  const databaseEnv = (): Record<string, string> => (database && database.options.driver === 'postgres' ? { DATABASE_URL: database.options.connectionString } : {});

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'deals-server-'));
    if (usingPostgres) database = await createTestDatabase();
  });
  after(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('LOG_FORMAT=pretty: readable lines and a banner saying where the site, the data and the first admin are', async () => {
    const server = await startServer({ ...databaseEnv(), DATA_DIR: dataDir, LOG_FORMAT: 'pretty' });
    try {
      await server.waitFor('Deals is running at');
      assert.equal((await get(server.port, '/api/health/ready')).status, 200);
      assert.equal((await get(server.port, '/api/health')).status, 200);
      const text = server.output();
      assert.match(text, /^\[\d\d:\d\d:\d\d\] INFO: database ready/m);
      assert.ok(text.includes(`Deals is running at http://localhost:${server.port}/`), text);
      assert.ok(text.includes(`Back office:  http://localhost:${server.port}/admin`), text);
      assert.ok(text.includes(`${dataDir} (DATA_DIR)`), text);
      assert.match(text, usingPostgres ? /database: PostgreSQL at 127\.0\.0\.1:\d+\/deals_test_/ : /database: PGlite \(embedded\) in .*pglite/);
      assert.match(text, /First admin: {2}"admin" with the password in ADMIN_PASSWORD/);
      assert.ok(!text.includes(ADMIN_PASSWORD), 'the admin password was printed');
      assert.doesNotMatch(text, /incoming request|request completed/);
      assert.doesNotMatch(text, /^\{"level"/m);
    } finally {
      await server.stop();
    }
  });

  it('LOG_FORMAT=json: every line is JSON, with the banner as a "server started" entry', async () => {
    const server = await startServer({ ...databaseEnv(), DATA_DIR: dataDir, LOG_FORMAT: 'json' });
    try {
      await server.waitFor('"msg":"server started"');
      assert.equal((await get(server.port, '/api/health')).status, 200);
      await server.waitFor('"msg":"request completed"');
    } finally {
      await server.stop();
    }
    const lines = server.output().trim().split('\n');
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return assert.fail(`not JSON: ${line}`);
      }
    });
    const banner = entries.find((entry) => entry.msg === 'server started');
    assert.equal(banner?.site, `http://localhost:${server.port}/`);
    assert.equal(banner?.dataDir, dataDir);
  });

  it('answers 503 on its port while the start waits for the database, never a secret in its output', async () => {
    // A "database" that accepts connections and never answers: the start stays where it is.
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const server = await startServer({ DATA_DIR: dataDir, LOG_FORMAT: 'json', DATABASE_URL: `postgres://deals:db-secret-pw@127.0.0.1:${silentPort}/deals` });
    try {
      let answer: { status: number; body: string } | null = null;
      while (!answer) {
        answer = await get(server.port, '/api/health/ready').catch(() => null);
        if (!answer) await sleep(100);
      }
      assert.equal(answer.status, 503);
      assert.deepEqual(JSON.parse(answer.body), { message: OPERATIONS_MESSAGES.starting });
      assert.equal((await get(server.port, '/api/health')).status, 503);
      // The start is really waiting on the database.
      while (sockets.size === 0) await sleep(100);
    } finally {
      await server.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    assert.ok(!server.output().includes('db-secret-pw'));
  });
});

describe('traces', () => {
  let receiver: Server;
  let receiverPort: number;
  const bodies: Buffer[] = [];
  let dataDir: string;
  let database: TestDatabase | null = null;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'deals-traces-'));
    if (usingPostgres) database = await createTestDatabase();
    receiver = createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST' && request.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
        response.writeHead(200, { 'content-type': 'application/x-protobuf' });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends request and database spans over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const server = await startServer({
      ...(database?.options.driver === 'postgres' ? { DATABASE_URL: database.options.connectionString } : {}),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
      OTEL_SERVICE_NAME: 'deals-api-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    try {
      await server.waitFor('"msg":"server started"');
      assert.equal((await get(server.port, '/api/health/ready')).status, 200);
    } finally {
      // Closing flushes the batched spans.
      await server.stop();
    }
    const all = Buffer.concat(bodies).toString('latin1');
    assert.ok(all.includes('deals-api-under-test'), 'no span of this service arrived');
    assert.ok(all.includes('/api/health/ready'), 'no span of the route');
    assert.ok(all.includes('request'), 'no request span');
    if (usingPostgres) assert.ok(all.includes('pg.query'), 'no pg span');
    else assert.ok(all.includes('pglite.query'), 'no PGlite span');
  });
});
