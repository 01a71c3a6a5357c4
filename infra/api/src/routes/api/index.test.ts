import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../test-support/app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers ok after querying the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('carries the security headers, allowing cross-origin use of resources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.ok(res.headers['strict-transport-security']);
  });

  it('answers 503 with a message when the database query fails', async () => {
    const original = t.app.db.execute;
    t.app.db.execute = (() => Promise.reject(new Error('connection refused'))) as unknown as typeof original;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.statusCode, 503);
      assert.equal(typeof res.json().message, 'string');
      assert.doesNotMatch(res.body, /connection refused/);
    } finally {
      t.app.db.execute = original;
    }
  });
});
