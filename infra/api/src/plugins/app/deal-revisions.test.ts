import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DEAL_MESSAGES, REVISION_MESSAGES, type Revision } from '@deals/contract';
import { auditLog, categories, productTypes, revisions } from '../../db/schema.js';
import { GO_LIVE_QUEUE, goLiveJobId } from '../../push/deal-go-live.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { insertProductType, insertStore } from '../../test-support/deals.js';
import { form, testImage } from '../../test-support/forms.js';
import { createTestStaff, type TestStaff, type TestUser } from '../../test-support/staff.js';

type Fields = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

describe('deal revisions and audit entries', () => {
  let t: TestApp;
  let people: TestStaff;
  let storeId: number;
  let typeA: number;
  let typeB: number;
  let image: Buffer;

  before(async () => {
    t = await createTestApp({ push: { worker: { enabled: false } } });
    people = await createTestStaff(t.app);
    storeId = await insertStore(t.app, { name: 'Acme Outlet' });
    typeA = await insertProductType(t.app, { name: 'Laptops' });
    typeB = await insertProductType(t.app, { name: 'Phones' });
    image = await testImage('png', 8, '#123456');
  });
  after(() => t.close());

  const fields = (overrides: Fields = {}): Fields => ({
    categoryId: storeId,
    productTypeIds: [typeB, typeA],
    name: 'Ultrabook 14',
    additionalInformation: 'Light and fast.',
    currentPrice: '19.99',
    previousPrice: '39.99',
    promoCode: 'SAVE20',
    link: 'https://shop.example.com/ultrabook?ref=deals',
    badgeText: 'Hot',
    dealStartsIn: '2020-01-01T00:00:00.000Z',
    dealExpiresIn: '2099-01-01T00:00:00.000Z',
    ...overrides,
  });

  async function create(user: TestUser = people.staff, overrides: Fields = {}): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/api/Product/CreateProduct', headers: user.headers, payload: form(fields(overrides), { image }) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  }

  async function save(id: number, overrides: Fields, user: TestUser = people.staff): Promise<void> {
    const res = await t.app.inject({ method: 'PUT', url: '/api/Product/UpdateProduct', headers: user.headers, payload: form({ id, ...fields(overrides) }) });
    assert.equal(res.statusCode, 200, res.body);
  }

  const getRevisions = (id: number, user: TestUser = people.staff) =>
    t.app.inject({ method: 'GET', url: `/api/Revisions/GetRevisions?recordType=deal&recordId=${id}`, headers: user.headers });
  const restore = (revisionId: number, user: TestUser = people.staff) =>
    t.app.inject({ method: 'PUT', url: `/api/Revisions/RestoreRevision?revisionId=${revisionId}`, headers: user.headers });

  async function revisionsOf(id: number): Promise<Revision[]> {
    const res = await getRevisions(id);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  const auditOf = (id: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'deal'), eq(auditLog.recordId, String(id))))
      .orderBy(asc(auditLog.id));

  const publicDeal = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Product/GetProductDetailById?productId=${id}` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  it('keeps a revision per save, newest first, with who and the fields changed', async () => {
    const id = await create();
    await save(id, { currentPrice: '17.49', link: 'https://shop.example.com/ultrabook?ref=spring' });
    await save(id, { currentPrice: '17.49', link: 'https://shop.example.com/ultrabook?ref=spring', name: 'Ultrabook 14 (2025)', productTypeIds: [typeA] });

    const listed = await revisionsOf(id);
    assert.deepEqual(
      listed.map((revision) => revision.action),
      ['save', 'save', 'create'],
    );
    assert.ok(listed.every((revision) => revision.actorName === people.staff.username && revision.recordType === 'deal' && revision.recordId === id));
    assert.ok(listed[0]!.id > listed[1]!.id && listed[1]!.id > listed[2]!.id, 'newest first');
    assert.ok(!Number.isNaN(Date.parse(listed[0]!.at)));

    const [second, first, created] = listed;
    assert.deepEqual(second!.changes, {
      name: { from: 'Ultrabook 14', to: 'Ultrabook 14 (2025)' },
      productTypeIds: { from: [typeA, typeB].sort((a, b) => a - b), to: [typeA] },
    });
    assert.deepEqual(first!.changes, {
      currentPrice: { from: 19.99, to: 17.49 },
      link: { from: 'https://shop.example.com/ultrabook?ref=deals', to: 'https://shop.example.com/ultrabook?ref=spring' },
    });
    // The first revision: every field, from nothing.
    assert.deepEqual(created!.changes, {
      categoryId: { from: null, to: storeId },
      productTypeIds: { from: null, to: [typeA, typeB].sort((a, b) => a - b) },
      name: { from: null, to: 'Ultrabook 14' },
      additionalInformation: { from: null, to: 'Light and fast.' },
      isFeatured: { from: null, to: false },
      currentPrice: { from: null, to: 19.99 },
      previousPrice: { from: null, to: 39.99 },
      promoCode: { from: null, to: 'SAVE20' },
      dealStartsIn: { from: null, to: '2020-01-01T00:00:00.000Z' },
      dealExpiresIn: { from: null, to: '2099-01-01T00:00:00.000Z' },
      link: { from: null, to: 'https://shop.example.com/ultrabook?ref=deals' },
      badgeText: { from: null, to: 'Hot' },
      badgeColor: { from: null, to: '#000000' },
      isActive: { from: null, to: true },
      affiliateMode: { from: null, to: 'STORE' },
    });

    // A save that changes nothing still keeps its revision, with no changes.
    await save(id, { currentPrice: '17.49', link: 'https://shop.example.com/ultrabook?ref=spring', name: 'Ultrabook 14 (2025)', productTypeIds: [typeA] });
    const [unchanged] = await revisionsOf(id);
    assert.equal(unchanged!.action, 'save');
    assert.deepEqual(unchanged!.changes, {});
  });

  it('records audit entries for create, update (the link from → to) and delete', async () => {
    const id = await create();
    await save(id, { link: 'https://other.example.com/deal' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Product/DeleteProduct?productId=${id}`, headers: people.staff.headers });
    assert.equal(res.statusCode, 200, res.body);

    const entries = await auditOf(id);
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['create', 'update', 'delete'],
    );
    assert.ok(entries.every((entry) => entry.actorId === people.staff.id && entry.actorName === people.staff.username));
    const [createdEntry, updatedEntry, deletedEntry] = entries as [(typeof entries)[number], (typeof entries)[number], (typeof entries)[number]];
    assert.equal(createdEntry.route, 'POST /api/Product/CreateProduct');
    const createdChanges = createdEntry.changes as Record<string, { from: unknown; to: unknown }>;
    assert.deepEqual(createdChanges.link, { from: null, to: 'https://shop.example.com/ultrabook?ref=deals' });
    assert.deepEqual(createdChanges.currentPrice, { from: null, to: 19.99 });
    assert.deepEqual(updatedEntry.changes, { link: { from: 'https://shop.example.com/ultrabook?ref=deals', to: 'https://other.example.com/deal' } });
    assert.equal(updatedEntry.route, 'PUT /api/Product/UpdateProduct');
    const deletedChanges = deletedEntry.changes as Record<string, { from: unknown; to: unknown }>;
    assert.deepEqual(deletedChanges.link, { from: 'https://other.example.com/deal', to: null });
    assert.deepEqual(deletedChanges.name, { from: 'Ultrabook 14', to: null });

    // One entry per write: the safety net added none of its own.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const writes = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'write'), eq(auditLog.recordType, 'Product')));
    assert.equal(writes[0]?.n, 0);

    // The deleted deal's revisions are no one's to read but an admin's.
    assert.equal((await getRevisions(id)).statusCode, 404);
    const byAdmin = await getRevisions(id, people.admin);
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    assert.equal(byAdmin.json().length, 2);
  });

  it('restores a revision as a new save: the old price and link are back, live at once', async () => {
    const id = await create();
    await save(id, { currentPrice: '15.00', link: 'https://shop.example.com/ultrabook?ref=flash', additionalInformation: 'Light, fast and cheaper.' });
    assert.equal((await publicDeal(id)).currentPrice, 15);

    const first = (await revisionsOf(id)).at(-1)!;
    const res = await restore(first.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { message: REVISION_MESSAGES.restored });

    const listed = await revisionsOf(id);
    assert.deepEqual(
      listed.map((revision) => revision.action),
      ['restore', 'save', 'create'],
    );
    assert.equal(listed[0]!.actorName, people.staff.username);
    assert.deepEqual(listed[0]!.changes, {
      currentPrice: { from: 15, to: 19.99 },
      link: { from: 'https://shop.example.com/ultrabook?ref=flash', to: 'https://shop.example.com/ultrabook?ref=deals' },
      additionalInformation: { from: 'Light, fast and cheaper.', to: 'Light and fast.' },
    });

    const deal = await publicDeal(id);
    assert.equal(deal.currentPrice, 19.99);
    assert.equal(deal.link, 'https://shop.example.com/ultrabook?ref=deals');
    assert.equal(deal.additionalInformation, 'Light and fast.');

    const [entry] = (await auditOf(id)).reverse();
    assert.equal(entry?.action, 'restore');
    assert.equal(entry?.route, 'PUT /api/Revisions/RestoreRevision');
    assert.deepEqual((entry?.changes as Record<string, unknown>).link, { from: 'https://shop.example.com/ultrabook?ref=flash', to: 'https://shop.example.com/ultrabook?ref=deals' });
  });

  it('restores through the deal save: a start in the future is scheduled to go live', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const id = await create(people.staff, { dealStartsIn: startsAt });
    await save(id, { dealStartsIn: startsAt, isActive: 'false' });
    const jobs = async () => {
      const result = await t.app.db.execute(sql`SELECT id::text, state::text FROM pgboss.job WHERE name = ${GO_LIVE_QUEUE} AND (data->>'productId')::int = ${id} ORDER BY created_on`);
      return (result as unknown as { rows: { id: string; state: string }[] }).rows;
    };
    assert.deepEqual(await jobs(), [{ id: goLiveJobId(id, startsAt), state: 'cancelled' }], 'deactivated: the waiting job is cancelled');

    const first = (await revisionsOf(id)).at(-1)!;
    assert.equal((await restore(first.id)).statusCode, 200);
    assert.deepEqual(await jobs(), [{ id: goLiveJobId(id, startsAt), state: 'created' }], 'active again: waiting to go live');
  });

  it("is the deal owner's (or an admin's) to read and restore: another staff member gets 404", async () => {
    const id = await create();
    await save(id, { currentPrice: '18.00' });
    const first = (await revisionsOf(id)).at(-1)!;

    const read = await getRevisions(id, people.otherStaff);
    assert.equal(read.statusCode, 404, read.body);
    assert.equal(read.json().message, REVISION_MESSAGES.notFound);
    const refused = await restore(first.id, people.otherStaff);
    assert.equal(refused.statusCode, 404, refused.body);
    assert.equal(refused.json().message, REVISION_MESSAGES.notFound);
    assert.equal((await revisionsOf(id)).length, 2, 'nothing restored');

    assert.equal((await getRevisions(id, people.admin)).statusCode, 200);
    const byOwner = await restore(first.id, people.staff);
    assert.equal(byOwner.statusCode, 200, byOwner.body);
    const byAdmin = await restore(first.id, people.admin);
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    const [latest] = await revisionsOf(id);
    assert.equal(latest?.actorName, people.admin.username);

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/Revisions/GetRevisions?recordType=deal&recordId=${id}` });
    assert.equal(anonymous.statusCode, 401);
  });

  it('refuses a revision whose store was deleted since with a 400 on the field, changing nothing', async () => {
    const oldStore = await insertStore(t.app, { name: 'Closing Down' });
    const id = await create(people.staff, { categoryId: oldStore });
    await save(id, { currentPrice: '12.00' });
    const first = (await revisionsOf(id)).at(-1)!;
    // Moved to another store, then the old store is deleted.
    await save(id, { categoryId: storeId, currentPrice: '12.00' });
    await t.app.db.delete(categories).where(eq(categories.id, oldStore));

    const before = await revisionsOf(id);
    const audits = (await auditOf(id)).length;
    const res = await restore(first.id);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.categoryId, DEAL_MESSAGES.storeNotFound);
    assert.equal(res.json().message, DEAL_MESSAGES.storeNotFound);

    assert.deepEqual(await revisionsOf(id), before, 'no revision added');
    assert.equal((await auditOf(id)).length, audits, 'no audit entry added');
    const deal = await publicDeal(id);
    assert.equal(deal.categoryId, storeId);
    assert.equal(deal.currentPrice, 12);
  });

  it('refuses a revision whose product category was deleted since with a 400 on the field', async () => {
    const oldType = await insertProductType(t.app, { name: 'Discontinued' });
    const id = await create(people.staff, { productTypeIds: [oldType, typeA] });
    const first = (await revisionsOf(id)).at(-1)!;
    await save(id, { productTypeIds: [typeA] });
    await t.app.db.delete(productTypes).where(eq(productTypes.id, oldType));

    const res = await restore(first.id);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.productTypeIds, DEAL_MESSAGES.productTypeNotFound);
    assert.equal((await revisionsOf(id)).length, 2, 'no revision added');
  });

  it('refuses a revision that today’s rules refuse, per field', async () => {
    const id = await create();
    const first = (await revisionsOf(id)).at(-1)!;
    // A rule tightened since (simulated: the stored snapshot now breaks it).
    await t.app.db.execute(sql`UPDATE revisions SET snapshot = jsonb_set(snapshot, '{link}', '"ftp://old.example.com"') WHERE id = ${first.id}`);
    const res = await restore(first.id);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors?.link, DEAL_MESSAGES.linkInvalid);
    assert.equal((await revisionsOf(id)).length, 1);
  });

  it(
    'shows a keywords change from → to like any other field (secret names are matched whole, not "key" in "keywords")',
    async () => {
      const id = await create(people.staff, { keywords: 'laptop' });
      await save(id, { keywords: 'laptop ultrabook' });
      const [saved] = await revisionsOf(id);
      assert.deepEqual(saved!.changes.keywords, { from: 'laptop', to: 'laptop ultrabook' });
    },
  );

  it('answers 404 for an unknown revision and a deal without history', async () => {
    const res = await restore(2_000_000_000);
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().message, REVISION_MESSAGES.notFound);
    const missing = await getRevisions(2_000_000_000, people.admin);
    assert.equal(missing.statusCode, 200, 'an admin reads the (empty) history of any id');
    assert.deepEqual(missing.json(), []);
    const count = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(revisions);
    assert.ok((count[0]?.n ?? 0) > 0);
  });
});
