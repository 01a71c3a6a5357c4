/**
 * SIGTERM under load, on a real server process: requests in flight are answered in full (an
 * upload whose body is still arriving included), no answer is a 5xx, every click whose redirect
 * was answered is in the database afterwards, idle keep-alive connections do not hold the close
 * open, and the process exits 0. A close that cannot finish exits 1 at SHUTDOWN_TIMEOUT_MS,
 * naming what was still open. New connections after the close may be refused: a balancer
 * retries those elsewhere, so they are counted apart, not as failures.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '../db/client.js';
import { dealClicks, products } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { form, testImage } from '../test-support/forms.js';
import { adminHeaders, dealFields, dealShelf, startServer, type ServerProcess } from '../test-support/server-process.js';
import { shutdownTimeoutOf, DEFAULT_SHUTDOWN_TIMEOUT_MS } from './graceful-shutdown.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Answer {
  status: number;
  body: string;
}

/** One request on `agent`; rejects only when no answer came (refused, reset) or the body broke off. */
function send(base: string, agent: Agent, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { agent, headers }, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.complete ? resolve({ status: res.statusCode ?? 0, body }) : reject(Object.assign(new Error('answer cut short'), { answered: true }))));
      res.on('error', (error) => reject(Object.assign(error, { answered: true })));
    });
    // A kept-alive connection the server closed while idle resets the next request on it: clients retry those.
    req.on('error', (error) => reject(Object.assign(error, { reused: req.reusedSocket })));
    req.end();
  });
}

/**
 * A deal upload whose body arrives in two halves: the second only after `between()` resolved,
 * so the request is in flight when the test sends SIGTERM.
 */
async function slowUpload(base: string, headers: Record<string, string>, body: FormData, between: () => Promise<void>, onStarted: () => void): Promise<Answer> {
  const encoded = new Request('http://localhost/', { method: 'POST', body });
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/Product/CreateProduct?slow-upload=1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(bytes.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    const half = Math.floor(bytes.length / 2);
    req.write(bytes.subarray(0, half), () => {
      onStarted();
      void between().then(() => req.end(bytes.subarray(half)));
    });
  });
}

/** Resolves once the server logged the arrival of a request whose URL holds `marker`. */
async function logged(server: ServerProcess, marker: string): Promise<void> {
  while (!server.logs.some((line) => line.includes(marker) && line.includes('incoming request'))) await sleep(20);
}

describe('graceful shutdown', () => {
  let root: string;
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'deals-shutdown-test-'));
    database = await createTestDatabase();
  });
  after(async () => {
    await server?.stop();
    await database.drop();
    await rm(root, { recursive: true, force: true });
  });

  it('reads SHUTDOWN_TIMEOUT_MS, refusing a malformed value', () => {
    assert.equal(shutdownTimeoutOf(undefined), DEFAULT_SHUTDOWN_TIMEOUT_MS);
    assert.equal(shutdownTimeoutOf('5000'), 5000);
    assert.throws(() => shutdownTimeoutOf('soon'), /SHUTDOWN_TIMEOUT_MS must be a positive whole number/);
    assert.throws(() => shutdownTimeoutOf('0'), /SHUTDOWN_TIMEOUT_MS/);
  });

  it('on SIGTERM mid-load answers every accepted request in full, keeps every answered click, and exits 0', async (t) => {
    const dataDir = join(root, 'load');
    const postgres = database.options.driver === 'postgres' ? database.options.connectionString : '';
    // A generous deadline: a close held open (by an idle keep-alive connection, say) would end in exit 1.
    server = await startServer(dataDir, { DATABASE_URL: postgres, SHUTDOWN_TIMEOUT_MS: '60000' });
    const base = server.base;
    const headers = await adminHeaders(base);
    const image = await testImage('png', 12, '#345678');
    const shelf = await dealShelf(base, headers, image);
    const dealRes = await fetch(`${base}/api/Product/CreateProduct`, { method: 'POST', headers, body: form(dealFields(shelf, 1), { image }) });
    assert.equal(dealRes.status, 200, await dealRes.clone().text());
    const dealId = ((await dealRes.json()) as { id: number }).id;

    // An idle keep-alive connection, as a balancer or browser keeps them.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    assert.equal((await send(base, idleAgent, '/api/health')).status, 200);

    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const answers: Answer[] = [];
    const notAnswered: string[] = [];
    let answeredClicks = 0;
    let sequence = 0;
    let stopAt = Infinity;
    let signalled = false;
    let answeredAfterSignal = 0;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const n = ++sequence;
        const click = n % 2 === 0;
        const path = click ? `/out/${dealId}` : n % 3 === 0 ? '/' : '/api/Product/GetAllProducts';
        try {
          // A new visitor per click: each one is a row of its own.
          const answer = await send(base, agent, path, { 'user-agent': `${BROWSER} visitor-${n}` });
          answers.push(answer);
          if (signalled) answeredAfterSignal += 1;
          if (click && answer.status === 302) answeredClicks += 1;
        } catch (error) {
          if ((error as { answered?: boolean }).answered) throw error;
          notAnswered.push(`${(error as NodeJS.ErrnoException).code ?? String(error)}${(error as { reused?: boolean }).reused ? ' (kept-alive)' : ''}`);
          // Refused: this instance is gone; a balancer would go elsewhere.
          if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return;
        }
      }
    };

    const workers = Array.from({ length: 12 }, worker);
    await sleep(1500);

    // An upload in flight at the signal: half its body is in, the rest comes after SIGTERM.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const upload = slowUpload(base, headers, form(dealFields(shelf, 2), { image: await testImage('png', 14, '#456789') }), () => released, () => {});
    await logged(server, 'slow-upload=1');

    server.child.kill('SIGTERM');
    signalled = true;
    await sleep(500);
    release();
    const uploaded = await upload;
    stopAt = Date.now() + 2000;
    const code = await server.exited;
    await Promise.all(workers);
    idleAgent.destroy();
    agent.destroy();
    server = undefined;

    t.diagnostic(`answered ${answers.length} (${answeredAfterSignal} after the signal, ${answeredClicks} clicks); not answered: ${notAnswered.join(', ') || 'none'}`);
    assert.equal(code, 0, 'the process exits 0');
    assert.equal(uploaded.status, 200, `the upload in flight at SIGTERM is answered: ${uploaded.body}`);
    const uploadedId = (JSON.parse(uploaded.body) as { id: number }).id;
    const fiveHundreds = answers.filter((answer) => answer.status >= 500);
    assert.deepEqual(fiveHundreds, [], 'no answer is a 5xx');
    assert.ok(answeredClicks > 0, 'clicks were answered');
    assert.ok(answeredAfterSignal > 0, 'requests were still answered after the signal');
    // Anything not answered was refused or reset before an answer began; nothing else.
    assert.deepEqual([...new Set(notAnswered.map((code) => code.split(' ')[0]!))].filter((code) => !['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code)), []);

    // The database, opened again: every answered click and the upload are there.
    const options: DatabaseOptions = postgres ? database.options : { driver: 'pglite', dataDir: join(dataDir, 'pglite') };
    const reopened = await openDatabase(options);
    try {
      const [clicks] = await reopened.db.select({ n: count() }).from(dealClicks).where(eq(dealClicks.productId, dealId));
      assert.equal(clicks?.n, answeredClicks, 'every click whose redirect was answered was written before the exit');
      const [deal] = await reopened.db.select({ id: products.id }).from(products).where(and(eq(products.id, uploadedId)));
      assert.ok(deal, 'the deal uploaded across the signal is stored');
    } finally {
      await reopened.close();
    }
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_MS with a log line naming the request still open', async () => {
    const dataDir = join(root, 'stuck');
    const second = await createTestDatabase();
    try {
      const postgres = second.options.driver === 'postgres' ? second.options.connectionString : '';
      server = await startServer(dataDir, { DATABASE_URL: postgres, SHUTDOWN_TIMEOUT_MS: '1500' });
      const headers = await adminHeaders(server.base);
      const image = await testImage('png', 12, '#567890');
      const shelf = await dealShelf(server.base, headers, image);
      // An upload whose body never completes.
      const stuck = slowUpload(server.base, headers, form(dealFields(shelf, 3), { image }), () => new Promise(() => {}), () => {}).catch(() => null);
      await logged(server, 'slow-upload=1');
      server.child.kill('SIGTERM');
      const code = await server.exited;
      const logs = server.logs;
      server = undefined;
      void stuck;
      assert.equal(code, 1);
      const line = logs.find((entry) => entry.includes('shutdown did not finish within 1500 ms'));
      assert.ok(line, `a log line says the shutdown ran out of time: ${logs.slice(-5).join('\n')}`);
      assert.match(line, /POST \/api\/Product\/CreateProduct\?slow-upload=1/);
    } finally {
      await second.drop();
    }
  });
});
