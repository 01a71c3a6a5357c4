/**
 * Generated hostile input over every operation of the served OpenAPI document, as an anonymous
 * visitor, a staff member and an admin. Seeded: a failure prints the seed, and FUZZ_SEED=<seed>
 * replays the run. What must hold for every request:
 * - no 5xx; every 4xx is JSON with a text `message`;
 * - a request carrying a poison (every non-GET request does) is refused with a 4xx;
 * - afterwards the business tables are exactly as before (every request that could change
 *   something was invalid by construction, see hostile-requests.ts), and /home still renders.
 * FUZZ_RUNS sets the requests per operation and viewer; FUZZ_TRACE=1 names, after each operation,
 * the tables it changed (slow: a digest per operation).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { addDeal, addFeaturedSection, addProductType, addStore } from '../test-support/catalog.js';
import { createTestStaff } from '../test-support/staff.js';
import { tableDigests } from './database-digest.js';
import { hostileRequest, type HostileRequest } from './hostile-requests.js';
import { operationsOf, type Operation } from './openapi-operations.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
/** Requests per operation and viewer: about 170 operations × 3 viewers × 5 ≈ 2,500 requests. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

function problemWith(request: HostileRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (request.poison !== null && (res.statusCode < 400 || res.statusCode >= 500)) return `poison "${request.poison}" (${request.note}) was not refused: ${res.statusCode}`;
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `a ${res.statusCode} that is not JSON: ${res.headers['content-type']}`;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `a ${res.statusCode} whose body is not JSON: ${res.body.slice(0, 200)}`;
    }
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0) return `a ${res.statusCode} without a message: ${res.body.slice(0, 200)}`;
  }
  return null;
}

describe('generated hostile input over the whole API', () => {
  let t: TestApp;
  let frontends: string;
  let operations: Operation[];
  const viewers: Array<{ name: string; headers: Record<string, string> }> = [{ name: 'anonymous', headers: {} }];
  let before_: Record<string, string>;
  let sent = 0;

  before(async () => {
    // A minimal built shell, so the visitor's /home is served as it is in production.
    frontends = await mkdtemp(join(tmpdir(), 'deals-fuzz-'));
    await mkdir(join(frontends, 'shell', 'dist'), { recursive: true });
    await writeFile(join(frontends, 'shell', 'dist', 'index.html'), '<!doctype html><html><head><title>Deals</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ frontendsRoot: frontends });
    const staff = await createTestStaff(t.app);
    viewers.push({ name: 'staff', headers: staff.staff.headers }, { name: 'admin', headers: staff.admin.headers });
    // Some records, so ids the generator picks can name real rows as well as missing ones.
    const store = await addStore(t.app);
    const type = await addProductType(t.app);
    await addFeaturedSection(t.app);
    for (let n = 0; n < 3; n++) await addDeal(t.app, { categoryId: store, productTypeIds: [type] });
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(document.statusCode, 200);
    operations = operationsOf(document.json());
    before_ = await tableDigests(t.app.rawSql);
  });
  after(async () => {
    await t?.close();
    await rm(frontends, { recursive: true, force: true });
  });

  it('reads every operation of the document', () => {
    assert.ok(operations.length >= 150, `only ${operations.length} operations`);
    assert.ok(operations.some((operation) => operation.method === 'POST' && operation.path === '/api/Home/SearchProduct'));
  });

  it('answers every hostile request with no 5xx, a JSON message on every 4xx, and a 4xx for every poisoned one', async (context) => {
    const failures: string[] = [];
    const tally = new Map<string, number>();
    for (const [index, operation] of operations.entries()) {
      for (const viewer of viewers) {
        const seed = SEED + index * 7 + viewers.indexOf(viewer);
        const details = await fc.check(
          fc.asyncProperty(hostileRequest(operation), async (request) => {
            sent += 1;
            const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: { ...request.headers, ...viewer.headers }, payload: request.payload });
            const key = `${request.poison ?? 'noise only'} ${res.statusCode}`;
            tally.set(key, (tally.get(key) ?? 0) + 1);
            const problem = problemWith(request, res);
            if (problem) throw new Error(`${request.method} ${request.url.slice(0, 160)} [${request.headers['content-type'] ?? 'no body'}; ${request.note}]: ${problem}`);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (process.env.FUZZ_TRACE) {
          const now = await tableDigests(t.app.rawSql);
          const moved = Object.keys(now).filter((table) => now[table] !== before_[table]);
          if (moved.length > 0) console.log('TRACE', operation.id, viewer.name, moved.join(','));
        }
        if (details.failed) failures.push(`${operation.id} as ${viewer.name} (seed ${seed}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
      }
    }
    context.diagnostic(`${sent} requests (seed ${SEED}); by poison and status: ${[...tally].sort().map(([key, count]) => `${key}: ${count}`).join(', ')}`);
    assert.ok(sent >= 2000, `only ${sent} requests were sent`);
    assert.deepEqual(failures, [], `${failures.length} operation(s) failed (run seed ${SEED}):\n${failures.join('\n')}`);
  });

  it('changed no record, and still serves the public site', async () => {
    const after_ = await tableDigests(t.app.rawSql);
    const changed = Object.keys(before_).filter((table) => before_[table] !== after_[table]);
    assert.deepEqual(changed, [], `tables changed by refused requests: ${changed.join(', ')}`);
    const home = await t.app.inject({ method: 'GET', url: '/home', headers: { accept: 'text/html' } });
    assert.equal(home.statusCode, 200);
    assert.match(String(home.headers['content-type']), /^text\/html/);
  });
});
