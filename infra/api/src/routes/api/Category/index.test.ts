import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFlag, visibleIsActive, type Viewer } from '../../../plugins/app/viewer.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { insertStores } from '../../../test-support/fixtures.js';

describe('GET /api/Category/GetAllCategories', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    await insertStores(t.app, [
      { name: 'Zeta Shop', sortOrder: 1 },
      { name: 'Hidden Outlet', sortOrder: 0, isActive: false },
      { name: 'Alpha Mart', sortOrder: 2, notifyImmediately: true, imageFilePath: 'ab/cd.webp' },
      { name: 'Beta Store', sortOrder: 1 },
    ]);
  });
  after(() => t.close());

  it('lists active stores ordered by sort order, then name, in the store shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories' });
    assert.equal(res.statusCode, 200);
    const stores = res.json();
    assert.deepEqual(
      stores.map((s: { name: string }) => s.name),
      ['Beta Store', 'Zeta Shop', 'Alpha Mart'],
    );
    assert.deepEqual(Object.keys(stores[2]).sort(), ['id', 'imageFilePath', 'isActive', 'name', 'notifyImmediately', 'sortOrder']);
    assert.equal(stores[2].imageFilePath, 'ab/cd.webp');
    assert.equal(stores[2].notifyImmediately, true);
  });

  it('gives anonymous callers active stores only, whatever isActive they pass', async () => {
    for (const flag of ['', 'false', 'False', 'true']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Category/GetAllCategories?isActive=${flag}` });
      assert.equal(res.statusCode, 200, flag);
      const names = res.json().map((s: { name: string }) => s.name);
      assert.equal(names.length, 3, flag);
      assert.ok(!names.includes('Hidden Outlet'), flag);
    }
  });

  it('rejects a malformed flag with a field error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Category/GetAllCategories?isActive=maybe' });
    assert.equal(res.statusCode, 400);
    assert.ok(res.json().errors.isActive);
  });
});

describe('isActive visibility seam', () => {
  const anonymous = { viewer: { kind: 'anonymous' } as Viewer };
  const staff = { viewer: { kind: 'staff', userId: 1, username: 'admin', isAdmin: true } as Viewer };

  it('parses the flag: empty means no filter', () => {
    assert.equal(parseFlag(undefined), undefined);
    assert.equal(parseFlag(''), undefined);
    assert.equal(parseFlag('True'), true);
    assert.equal(parseFlag('false'), false);
  });

  it('forces active for anonymous callers and honours staff requests', () => {
    assert.equal(visibleIsActive(anonymous, false), true);
    assert.equal(visibleIsActive(anonymous, undefined), true);
    assert.equal(visibleIsActive(staff, false), false);
    assert.equal(visibleIsActive(staff, undefined), undefined);
  });
});
