import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { DEMO_STORE_COUNT, seedDemoData } from './demo-data.js';
import { categories, siteAssets } from './schema.js';

async function counts(app: FastifyInstance) {
  const [stores] = await app.db.select({ n: count() }).from(categories);
  const [settings] = await app.db.select({ n: count() }).from(siteAssets);
  return { stores: stores?.n, settings: settings?.n };
}

describe('demo data', () => {
  const databases: TestDatabase[] = [];
  const apps: FastifyInstance[] = [];
  async function start(database: TestDatabase, demoData: boolean) {
    const app = await buildApp({ database: database.options, demoData, logger: false });
    apps.push(app);
    await app.ready();
    return app;
  }
  after(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.drop();
  });

  it('seeds an empty database once, however often it starts', async () => {
    const database = await createTestDatabase({ persistent: true });
    databases.push(database);

    const first = await start(database, true);
    assert.deepEqual(await counts(first), { stores: DEMO_STORE_COUNT, settings: 1 });
    assert.ok(DEMO_STORE_COUNT >= 10);
    assert.deepEqual(await seedDemoData(first.db), { seeded: false });
    assert.deepEqual(await counts(first), { stores: DEMO_STORE_COUNT, settings: 1 });
    const info = (await first.inject({ method: 'GET', url: '/api/Home/GetCMSInfo' })).json();
    assert.equal(info.companyName, 'DealDrop');
    assert.equal(info.stores.length, DEMO_STORE_COUNT);
    await first.close();

    const second = await start(database, true);
    assert.deepEqual(await counts(second), { stores: DEMO_STORE_COUNT, settings: 1 });
  });

  it('seeds nothing when DEMO_DATA is off, and never touches a database that has stores', async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const app = await start(database, false);
    assert.deepEqual(await counts(app), { stores: 0, settings: 0 });

    await app.db.insert(categories).values({ name: 'Our Own Store' });
    assert.deepEqual(await seedDemoData(app.db), { seeded: false });
    assert.deepEqual(await counts(app), { stores: 1, settings: 0 });
  });
});
