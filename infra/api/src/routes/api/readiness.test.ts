/**
 * Readiness (`GET /api/health/ready`): 200 once the database answers with every migration of this
 * build applied, 503 `{ message }` otherwise; and the placeholder that holds the port during the
 * start answers 503 too (the start itself is in server.test.ts).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { MESSAGES, OPERATIONS_MESSAGES } from '@deals/contract';
import { buildApp } from '../../app.js';
import { listenPlaceholder } from '../../lib/start-placeholder.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createSharedTestDatabase } from '../../test-support/database.js';

describe('GET /api/health/ready', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers 200 when the database is up and current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('answers 503 while a migration of this build is not applied', async () => {
    const [latest] = (
      (await t.app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`)) as unknown as {
        rows: { hash: string; created_at: string }[];
      }
    ).rows;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { message: OPERATIONS_MESSAGES.migrationsPending });
      // Liveness is not readiness: the process and its database are fine.
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    } finally {
      await t.app.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${latest!.hash}, ${latest!.created_at})`);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200);
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 with a message, as the liveness check does', async () => {
    const database = await createSharedTestDatabase();
    const app = await buildApp({ database: database.options, logger: false, env: { PUBLIC_CACHE_TTL_MS: '0' }, jobs: { work: false } });
    try {
      assert.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200);
      await database.drop();
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { message: OPERATIONS_MESSAGES.databaseUnreachable });
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(live.statusCode, 503);
      assert.deepEqual(live.json(), { message: MESSAGES.serviceUnavailable });
    } finally {
      await app.close().catch(() => {});
    }
  });
});

describe('start placeholder', () => {
  it('answers 503 { message } to readiness and everything else, then frees the port', async () => {
    const placeholder = await listenPlaceholder(0, '127.0.0.1');
    const base = `http://127.0.0.1:${placeholder.port}`;
    for (const path of ['/api/health/ready', '/api/health', '/home']) {
      const res = await fetch(base + path);
      assert.equal(res.status, 503, path);
      assert.equal(res.headers.get('retry-after'), '5');
      assert.deepEqual(await res.json(), { message: OPERATIONS_MESSAGES.starting });
    }
    await placeholder.handOver();
    // The real server can now listen on the same port.
    const next = createServer();
    await new Promise<void>((resolve, reject) => next.once('error', reject).listen(placeholder.port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => next.close(() => resolve()));
  });
});
