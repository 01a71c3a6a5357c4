/**
 * Scheduled go-live through pg-boss: a deal starting later is announced once
 * when it starts, across a restart and with two instances; moving the start reschedules,
 * deactivating or deleting cancels.
 *
 * The queue runs on the database's clock, which a test cannot stop; "advancing the clock" is done
 * by moving every stored instant back by the same amount (the deal's start and its job's
 * start_after), which is what the passing of that time would have left in the database.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pushNotificationHistory } from '../db/schema.js';
import { createSharedTestDatabase, createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { insertProductType, insertStore } from '../test-support/deals.js';
import { form, testImage } from '../test-support/forms.js';
import { inSeconds, readyInstance as instance, until } from '../test-support/schedules.js';
import { createTestStaff, type TestStaff } from '../test-support/staff.js';
import { GO_LIVE_QUEUE, goLiveJobId } from './deal-go-live.js';

type Fields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

interface Catalog {
  store: number;
  notifying: number;
  image: Buffer;
}

async function seedCatalog(app: FastifyInstance): Promise<Catalog> {
  return {
    store: await insertStore(app, { name: 'Brick Shop' }),
    notifying: await insertProductType(app, { name: 'Toys', notifyImmediately: true }),
    image: await testImage('png', 8, '#123456'),
  };
}

function dealWriter(app: () => FastifyInstance, people: () => TestStaff, catalog: () => Catalog) {
  const fields = (extra: Fields): Fields => ({
    categoryId: catalog().store,
    productTypeIds: [catalog().notifying],
    name: 'Castle set',
    currentPrice: '49.99',
    previousPrice: '79.99',
    link: 'https://shop.example.com/castle',
    ...extra,
  });
  return {
    async create(extra: Fields): Promise<number> {
      const res = await app().inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: people().staff.headers, payload: form(fields(extra), { image: catalog().image }) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().id as number;
    },
    async update(id: number, extra: Fields): Promise<void> {
      const res = await app().inject({ method: 'PUT', url: '/api/Product/UpdateProduct', headers: people().staff.headers, payload: form({ id, ...fields(extra) }) });
      assert.equal(res.statusCode, 200, res.body);
    },
  };
}

const alertsOf = (app: FastifyInstance, productId: number) => app.db.select().from(pushNotificationHistory).where(eq(pushNotificationHistory.productId, productId));

async function jobsOf(app: FastifyInstance, productId: number): Promise<{ id: string; state: string; start_after: string }[]> {
  const result = await app.db.execute(
    sql`SELECT id::text, state::text, to_json(start_after)#>>'{}' AS start_after FROM pgboss.job WHERE name = ${GO_LIVE_QUEUE} AND (data->>'productId')::int = ${productId} ORDER BY created_on`,
  );
  return (result as unknown as { rows: { id: string; state: string; start_after: string }[] }).rows;
}

describe('scheduled go-live', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let people: TestStaff;
  let catalog: Catalog;
  const deals = dealWriter(
    () => app,
    () => people,
    () => catalog,
  );

  before(async () => {
    database = await createTestDatabase();
    app = await instance(database);
    people = await createTestStaff(app);
    catalog = await seedCatalog(app);
  });
  after(async () => {
    await app.close();
    await database.drop();
  });

  it('announces a deal once when its start comes (clock advanced an hour)', async () => {
    const startsAt = inSeconds(3600);
    const id = await deals.create({ dealStartsIn: startsAt });
    const [job] = await jobsOf(app, id);
    assert.equal(job?.id, goLiveJobId(id, startsAt));
    assert.equal(job?.state, 'created');
    assert.equal(new Date(job!.start_after).toISOString(), startsAt);

    await sleep(1200); // two polls: nothing is due yet
    assert.deepEqual(await alertsOf(app, id), []);

    // An hour passes.
    await app.db.execute(sql`UPDATE products SET deal_starts_in = deal_starts_in - interval '1 hour' WHERE id = ${id}`);
    await app.db.execute(sql`UPDATE pgboss.job SET start_after = start_after - interval '1 hour' WHERE id = ${job!.id}::uuid`);
    const alerts = await until(
      () => alertsOf(app, id),
      (rows) => rows.length > 0,
    );
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.title, 'New deal: Castle set');
    assert.equal(alerts[0]?.status, 'queued');
    assert.equal((await until(() => jobsOf(app, id), (rows) => rows[0]?.state === 'completed'))[0]?.state, 'completed');
  });

  it('reschedules when the start moves, and goes live at once when it moves to now', async () => {
    const first = inSeconds(3600);
    const id = await deals.create({ dealStartsIn: first });
    const later = inSeconds(7200);
    await deals.update(id, { dealStartsIn: later });
    let jobs = await jobsOf(app, id);
    assert.deepEqual(
      jobs.map((job) => [job.id, job.state]),
      [
        [goLiveJobId(id, first), 'cancelled'],
        [goLiveJobId(id, later), 'created'],
      ],
    );

    // Back to the first start: its job is revived rather than duplicated.
    await deals.update(id, { dealStartsIn: first });
    jobs = await jobsOf(app, id);
    assert.deepEqual(
      jobs.map((job) => [job.id, job.state]),
      [
        [goLiveJobId(id, first), 'created'],
        [goLiveJobId(id, later), 'cancelled'],
      ],
    );

    // Staff move the start to now: the deal goes live with this save and is announced.
    await deals.update(id, { dealStartsIn: inSeconds(-1) });
    const alerts = await until(
      () => alertsOf(app, id),
      (rows) => rows.length > 0,
    );
    assert.equal(alerts.length, 1);
  });

  it('cancels on deactivate, bulk deactivate and delete; a bulk activate schedules again', async () => {
    const startsAt = inSeconds(3600);
    const edited = await deals.create({ dealStartsIn: startsAt });
    await deals.update(edited, { dealStartsIn: startsAt, isActive: false });
    assert.deepEqual(
      (await jobsOf(app, edited)).map((job) => job.state),
      ['cancelled'],
    );

    const bulk = await deals.create({ dealStartsIn: startsAt });
    const bulkAction = async (action: string, filter: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: '/api/Product/BulkUpdateProducts', headers: people.staff.headers, payload: { action, filter } });
      assert.equal(res.statusCode, 200, res.body);
    };
    await bulkAction('deactivate', { name: 'Castle' });
    assert.deepEqual(
      (await jobsOf(app, bulk)).map((job) => job.state),
      ['cancelled'],
    );
    // Activating "the inactive deals": the selection no longer matches them after the write.
    await bulkAction('activate', { name: 'Castle', isActive: false });
    assert.deepEqual(
      (await jobsOf(app, bulk)).map((job) => job.state),
      ['created'],
    );

    const removed = await deals.create({ dealStartsIn: inSeconds(5400) });
    const res = await app.inject({ method: 'DELETE', url: `/api/Product/DeleteProduct?productId=${removed}`, headers: people.staff.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      (await jobsOf(app, removed)).map((job) => job.state),
      ['cancelled'],
    );
  });

  it('does not schedule deals that start now or are inactive', async () => {
    const live = await deals.create({});
    const inactive = await deals.create({ dealStartsIn: inSeconds(3600), isActive: false });
    assert.deepEqual(await jobsOf(app, live), []);
    assert.deepEqual(await jobsOf(app, inactive), []);
    assert.equal((await alertsOf(app, live)).length, 1, 'a deal created live is announced when created');
  });
});

describe('scheduled go-live across a restart and two instances', () => {
  it('announces once after a restart, with two instances running', async () => {
    const database = await createTestDatabase({ persistent: true });
    let first: FastifyInstance | null = await instance(database);
    let id: number;
    try {
      const people = await createTestStaff(first);
      const catalog = await seedCatalog(first);
      const deals = dealWriter(
        () => first!,
        () => people,
        () => catalog,
      );
      id = await deals.create({ dealStartsIn: inSeconds(3) });
    } finally {
      await first?.close();
      first = null;
    }

    // Both instances come up after the start has passed (PGlite: one after the other, the way one
    // process reopens its data directory; PostgreSQL: both at once).
    await sleep(3500);
    const instances = database.options.driver === 'pglite' ? [await instance(database)] : await Promise.all([instance(database), instance(database)]);
    try {
      const alerts = await until(
        () => alertsOf(instances[0]!, id),
        (rows) => rows.length > 0,
      );
      await sleep(1500); // any second run would have happened by now
      assert.equal((await alertsOf(instances[0]!, id)).length, 1);
      assert.equal(alerts.length, 1);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
      await database.drop();
    }
  });

  it('two instances on one database run a due job once', async () => {
    const database = await createSharedTestDatabase();
    const [one, two] = await Promise.all([instance(database), instance(database)]);
    try {
      const people = await createTestStaff(one!);
      const catalog = await seedCatalog(one!);
      const deals = dealWriter(
        () => two!,
        () => people,
        () => catalog,
      );
      const ids = await Promise.all([1, 2, 3, 4].map(() => deals.create({ dealStartsIn: inSeconds(2) })));
      for (const id of ids) {
        await until(
          () => alertsOf(one!, id),
          (rows) => rows.length > 0,
        );
      }
      await sleep(1500);
      for (const id of ids) {
        assert.equal((await alertsOf(one!, id)).length, 1, `deal ${id}`);
        const jobs = await jobsOf(one!, id);
        assert.deepEqual(
          jobs.map((job) => job.state),
          ['completed'],
        );
      }
    } finally {
      await Promise.all([one?.close(), two?.close()]);
      await database.drop();
    }
  });
});
