/**
 * The authorization matrix, cell by cell: every API route is called as anonymous, with a tampered
 * and an expired token, as staff and as admin, and must answer as its declared access level says.
 * Finer rules (own deal, own user) are proven in each controller's tests. The README's matrix is
 * rendered from the same declarations; the last test fails when it is stale.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { matrixRoutes, renderMatrix } from '../lib/authorization-matrix.js';
import { monorepoRoot } from '../paths.js';
import type { ApiRoute } from '../plugins/app/viewer.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

describe('authorization matrix', () => {
  let t: TestApp;
  let people: TestStaff;
  let tampered: string;
  let expired: string;
  let routes: ApiRoute[];

  before(async () => {
    t = await createTestApp();
    people = await createTestStaff(t.app);
    routes = matrixRoutes(t.app.apiRoutes);
    // Same claims, admin flag flipped, original signature kept.
    const [header, , signature] = people.staff.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: String(people.staff.id), id: people.staff.id, username: people.staff.username, IsAdmin: 'True' })).toString('base64url');
    tampered = `${header}.${forged}.${signature}`;
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    expired = t.app.accessTokens.sign({ sub: String(people.admin.id), id: people.admin.id, username: people.admin.username, IsAdmin: 'True', iat: hourAgo }, 60);
  });
  after(() => t.close());

  const call = (route: ApiRoute, token?: string) =>
    t.app.inject({
      method: route.method as Method,
      // Parameters get a harmless value; the access decision comes before any validation.
      url: route.url.replace(/:(\w+)/g, 'x'),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('covers every controller of both specifications', () => {
    const controllers = new Set(routes.map((route) => route.url.split('/')[2]));
    for (const name of ['Users', 'Home', 'Product', 'Category', 'ProductType', 'ProductImage', 'FeaturedSection', 'MenuItem', 'Page', 'Blog', 'ContentSection', 'Banner', 'BannerItem', 'Asset', 'FooterItem', 'PushNotificationHistory', 'Attachments']) {
      assert.ok(controllers.has(name), `no routes for ${name}`);
    }
  });

  it('answers anonymous callers as each route declares', async () => {
    for (const route of routes) {
      const res = await call(route);
      const label = `${route.method} ${route.url} anonymous → ${res.statusCode}`;
      if (route.access === 'staff' || route.access === 'admin') {
        assert.equal(res.statusCode, 401, label);
        assert.ok(res.json().message, label);
      } else assert.ok(![401, 403].includes(res.statusCode), label);
    }
  });

  it('answers tampered and expired tokens with 401 wherever a token matters', async () => {
    for (const route of routes) {
      for (const token of [tampered, expired]) {
        const res = await call(route, token);
        const label = `${route.method} ${route.url} bad token → ${res.statusCode}`;
        if (route.access === 'public') assert.ok(![401, 403].includes(res.statusCode), label);
        else assert.equal(res.statusCode, 401, label);
      }
    }
  });

  it('answers staff as each route declares', async () => {
    for (const route of routes) {
      const res = await call(route, people.staff.token);
      const label = `${route.method} ${route.url} staff → ${res.statusCode}`;
      if (route.access === 'admin') {
        assert.equal(res.statusCode, 403, label);
        assert.ok(res.json().message, label);
      } else assert.ok(![401, 403].includes(res.statusCode), label);
    }
  });

  it('lets admins call every route', async () => {
    for (const route of routes) {
      const res = await call(route, people.admin.token);
      assert.ok(![401, 403].includes(res.statusCode), `${route.method} ${route.url} admin → ${res.statusCode}`);
    }
  });

  it('is documented in the README exactly as enforced', async () => {
    const readme = await readFile(join(monorepoRoot, 'README.md'), 'utf8');
    assert.ok(readme.includes(renderMatrix(t.app.apiRoutes)), 'README matrix is stale: run `npm run docs:matrix -w @deals/api`');
  });
});
