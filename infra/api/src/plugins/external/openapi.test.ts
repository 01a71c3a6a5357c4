import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../test-support/app.js';

describe('OpenAPI documentation', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('describes the routes with their access level and bearer security at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.0.3');
    const categories = doc.paths['/api/Category/GetAllCategories'].get;
    assert.match(categories.description, /Access: \*\*optional\*\*/);
    assert.deepEqual(categories.security, [{ bearer: [] }]);
    assert.equal(doc.paths['/api/health'].get.security, undefined);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
  });
});
