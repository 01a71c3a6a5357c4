/**
 * Deal feeds end to end through the API against real local HTTP servers: settings and their
 * messages, CSV and JSON feeds (array, JSON lines, a wrapper, pages by Link header and by `next`),
 * the review queue (accept, edit then accept, reject and offered again), the upsert and expiry
 * rules, the duplicate rule, no alerts for offers nobody accepted, failures (broken, slow, huge,
 * not JSON, a private address, an empty listing) on the run history and the dashboard, and two
 * instances due at the same moment running the feed once.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DEAL_IMPORT_MESSAGES, DEAL_MESSAGES, FEED_MESSAGES, type Feed, type FeedOffer, type FeedRun } from '@deals/contract';
import { buildApp } from '../../../app.js';
import { createSharedTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { addDeal, addProductType, addStore } from '../../../test-support/search.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A feed server whose pages the tests change as they go. */
async function feedServer(): Promise<{ base: string; routes: Map<string, Handler>; requests: IncomingMessage[]; close(): Promise<void> }> {
  const routes = new Map<string, Handler>();
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request);
    const handler = routes.get(new URL(request.url!, 'http://x').pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const text = (body: string, type = 'text/csv', headers: Record<string, string> = {}): Handler => (_request, response) => response.writeHead(200, { 'content-type': type, ...headers }).end(body);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const CSV_HEADER = 'Offer ID,Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Expires In,Image URL';
const csvLine = (cells: (string | number)[]) => cells.map((cell) => (/[",]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : cell)).join(',');

describe('deal feeds', () => {
  let t: TestApp;
  let people: TestStaff;
  let server: Awaited<ReturnType<typeof feedServer>>;
  let otherStore: number;
  let coupons: number;
  let png: Buffer;

  const as = (headers: Record<string, string>) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url: `/api/Feeds/${url}`, headers }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/Feeds/${url}`, headers, ...(payload ? { payload } : {}) }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/Feeds/${url}`, headers, payload }),
  });
  const admin = () => as(people.admin.headers);
  const createFeed = async (body: Record<string, unknown>): Promise<number> => {
    const res = await admin().post('CreateFeed', { format: 'CSV', mode: 'REVIEW', everyHours: 24, ...body });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().id as number;
  };
  const runs = async (id: number): Promise<FeedRun[]> => (await admin().get(`GetFeedRuns?id=${id}`)).json();
  const run = async (id: number): Promise<FeedRun> => {
    assert.notEqual(await t.app.feeds.runHere(id), null);
    return (await runs(id))[0]!;
  };
  const offers = async (query = ''): Promise<FeedOffer[]> => (await as(people.staff.headers).get(`GetOffers?pageSize=100&${query}`)).json().items;
  const deal = async (id: number) =>
    rowsOf<{ name: string; is_active: boolean; promo_code: string | null; added_by_id: number | null; current_price: string }>(
      await t.app.db.execute(sql`SELECT name, is_active, promo_code, added_by_id, current_price FROM products WHERE id = ${id}`),
    )[0];
  const newDealAlerts = async () => Number(rowsOf<{ n: number }>(await t.app.db.execute(sql`SELECT count(*)::int AS n FROM push_notification_history WHERE kind = 'new-deal'`))[0]!.n);
  const isPublic = async (id: number) => (await t.app.inject({ url: `/api/Product/GetProductDetailById?productId=${id}` })).statusCode === 200;

  before(async () => {
    server = await feedServer();
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
    server.routes.set('/image.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
    t = await createTestApp({ fetchAllowHosts: ['127.0.0.1'], feeds: { schedule: false, maxBytes: 256 * 1024, timeoutMs: 1500 }, jobs: { pollingIntervalSeconds: 0.5 } });
    people = await createTestStaff(t.app);
    await addStore(t.app, 'Acme');
    otherStore = await addStore(t.app, 'Globex');
    coupons = await addProductType(t.app, 'Coupons');
    await t.app.db.execute(sql`UPDATE product_types SET notify_immediately = true WHERE id = ${coupons}`);
  });
  after(async () => {
    await t.close();
    await server.close();
  });

  it('checks the settings with their messages, for admins only, and never answers the secret', async () => {
    const bad = await admin().post('CreateFeed', { name: ' ', url: 'ftp://x', format: 'XML', mode: 'SOMETIMES', everyHours: 0 });
    assert.equal(bad.statusCode, 400);
    const errors = bad.json().errors;
    assert.equal(errors.name, FEED_MESSAGES.nameRequired);
    assert.equal(errors.url, FEED_MESSAGES.url);
    assert.equal(errors.format, FEED_MESSAGES.format);
    assert.equal(errors.mode, FEED_MESSAGES.mode);
    assert.equal(errors.everyHours, FEED_MESSAGES.everyHours);
    const unknown = await admin().post('CreateFeed', { name: 'x', url: 'https://feeds.example/a', format: 'CSV', mode: 'LIVE', everyHours: 1, columns: { colour: 'c' }, advertisers: { '77': 999_999 } });
    assert.equal(unknown.json().errors.columns, FEED_MESSAGES.column('colour'));
    assert.equal(unknown.json().errors.advertisers, FEED_MESSAGES.unknownStoreId(999_999));
    const orphan = await admin().post('CreateFeed', { name: 'x', url: 'https://feeds.example/a', format: 'CSV', mode: 'LIVE', everyHours: 1, secretHeaderValue: 'k' });
    assert.equal(orphan.json().errors.secretHeaderName, FEED_MESSAGES.headerValueWithoutName);
    const staffTry = await as(people.staff.headers).post('CreateFeed', { name: 'x', url: 'https://feeds.example/a', format: 'CSV', mode: 'LIVE', everyHours: 1 });
    assert.equal(staffTry.statusCode, 403);

    const id = await createFeed({ name: 'Secret feed', url: 'https://feeds.example/a', secretHeaderName: 'X-Api-Key', secretHeaderValue: 'top-secret-key' });
    const feed: Feed = (await admin().get(`GetFeedById?id=${id}`)).json();
    assert.equal(feed.hasSecret, true);
    assert.equal(feed.secretHeaderName, 'X-Api-Key');
    assert.ok(!JSON.stringify(feed).includes('top-secret-key'));
    const stored = rowsOf<{ secret_header_value: string }>(await t.app.db.execute(sql`SELECT secret_header_value FROM deal_feeds WHERE id = ${id}`))[0]!;
    assert.ok(!stored.secret_header_value.includes('top-secret-key'), 'stored encrypted');
    const audit = rowsOf<{ changes: string }>(await t.app.db.execute(sql`SELECT changes::text FROM audit_log WHERE record_type = 'feed' AND record_id = ${String(id)}`));
    assert.ok(audit.length === 1 && !audit[0]!.changes.includes('top-secret-key'));
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/api/Feeds/DeleteFeed?id=${id}`, headers: people.admin.headers })).statusCode, 200);
    assert.equal((await admin().get(`GetFeedById?id=${id}`)).statusCode, 404);
  });

  it('queues a CSV feed\'s offers for review, sends its secret header, lists bad rows and unknown stores, and fetches images', async () => {
    const lines = [
      CSV_HEADER,
      csvLine(['A1', 'Anvil 20% off', 'Acme', 'Coupons', '80', '100', 'ANVIL20', 'https://acme.example/anvil', future(30), `${server.base}/image.png`]),
      csvLine(['A2', 'Rocket skates', 'Acme', 'Coupons', '50', '70', '', 'https://acme.example/skates', future(30), '']),
      csvLine(['A3', 'Bird seed', 'Acme', 'Coupons', '5', '9', 'SEED', 'https://acme.example/seed', future(30), '']),
      csvLine(['B1', 'Unknown shop deal', 'Initech', 'Coupons', '1', '2', '', 'https://initech.example', '', '']),
      csvLine(['A4', 'Priceless', 'Acme', 'Coupons', 'free', '2', '', 'https://acme.example/x', '', '']),
      csvLine(['', 'No id', 'Acme', 'Coupons', '1', '2', '', 'https://acme.example/y', '', '']),
    ];
    let csv = lines.join('\n');
    server.routes.set('/acme.csv', (request, response) => {
      if (request.headers['x-api-key'] !== 'k-123') return response.writeHead(401).end();
      text(csv)(request, response);
    });
    const id = await createFeed({ name: 'Acme CSV', url: `${server.base}/acme.csv`, secretHeaderName: 'X-Api-Key', secretHeaderValue: 'k-123' });

    // On demand through the route and the job queue: 202, then the run history.
    const started = await admin().post(`RunFeed?id=${id}`);
    assert.equal(started.statusCode, 202);
    let first: FeedRun | undefined;
    for (let i = 0; i < 100 && first?.status !== 'SUCCEEDED' && first?.status !== 'FAILED'; i++) {
      await sleep(100);
      first = (await runs(id))[0];
    }
    assert.equal(first?.status, 'SUCCEEDED', first?.error ?? '');
    assert.equal(first.id, started.json().id);
    assert.equal(first.offers, 6);
    assert.equal(first.pending, 3);
    assert.equal(first.created, 0);
    assert.equal(first.rejected, 3);
    assert.deepEqual(first.unknownStores, ['Initech']);
    const byOffer = new Map(first.problems.map((problem) => [problem.offerId, problem]));
    assert.equal(byOffer.get('B1')?.errors.store, DEAL_IMPORT_MESSAGES.unknownStore('Initech'));
    assert.ok(byOffer.get('A4')?.errors.currentPrice);
    assert.equal(byOffer.get('')?.errors.offerId, FEED_MESSAGES.offerIdRequired);

    const pending = await offers(`feedId=${id}&sortBy=name&order=asc`);
    assert.deepEqual(pending.map((offer) => offer.name), ['Anvil 20% off', 'Bird seed', 'Rocket skates']);
    const anvil = pending[0]!;
    assert.equal(anvil.store, 'Acme');
    assert.equal(anvil.promoCode, 'ANVIL20');
    assert.ok(anvil.imageFilePath, 'the image was fetched for the preview');
    assert.equal((await t.app.inject({ url: `/api/Attachments/${anvil.imageFilePath}` })).statusCode, 200);
    assert.equal(await newDealAlerts(), 0);

    // Accept two in bulk: deals of the reviewer, on the site, announced once each.
    const accepted = await as(people.staff.headers).post('AcceptOffers', { ids: [anvil.id, pending[2]!.id] });
    assert.equal(accepted.statusCode, 200);
    assert.equal(accepted.json().message, FEED_MESSAGES.accepted(2, 0));
    const [anvilDeal, skatesDeal] = accepted.json().productIds as number[];
    assert.equal((await deal(anvilDeal!))!.added_by_id, people.staff.id);
    assert.ok(await isPublic(anvilDeal!));
    assert.equal(await newDealAlerts(), 2);
    const images = rowsOf<{ file_path: string }>(await t.app.db.execute(sql`SELECT file_path FROM product_images WHERE product_id = ${anvilDeal!}`));
    assert.deepEqual(images.map((image) => image.file_path), [anvil.imageFilePath]);
    const again = await as(people.staff.headers).post('AcceptOffers', { ids: [anvil.id] });
    assert.deepEqual(again.json().skipped, [{ id: anvil.id, message: FEED_MESSAGES.notPending }]);

    // Reject the third: gone from the queue, not offered again while unchanged.
    const seed = pending[1]!;
    assert.equal((await as(people.staff.headers).post('RejectOffers', { ids: [seed.id] })).json().message, FEED_MESSAGES.rejected(1));
    assert.equal((await offers(`feedId=${id}`)).length, 0);
    const audit = rowsOf<{ action: string; actor_name: string }>(await t.app.db.execute(sql`SELECT action, actor_name FROM audit_log WHERE record_type = 'feedOffer' ORDER BY id`));
    assert.deepEqual(audit.map((entry) => entry.action), ['accept', 'accept', 'reject']);

    // The feed changes the anvil's price, drops the skates and changes the seed.
    csv = [lines[0], lines[1]!.replace(',80,', ',75,'), lines[3]!.replace('Bird seed', 'Bird seed XL')].join('\n');
    const second = await run(id);
    assert.equal(second.status, 'SUCCEEDED');
    assert.equal(second.updated, 2);
    assert.equal(second.expired, 1);
    assert.equal(Number((await deal(anvilDeal!))!.current_price), 75);
    assert.equal((await deal(skatesDeal!))!.is_active, false);
    assert.equal(await isPublic(skatesDeal!), false);
    const revisions = rowsOf<{ actor_name: string; action: string }>(await t.app.db.execute(sql`SELECT actor_name, action FROM revisions WHERE record_type = 'deal' AND record_id = ${anvilDeal!} ORDER BY id`));
    assert.deepEqual(revisions.map((revision) => `${revision.action} by ${revision.actor_name}`), [`create by ${people.staff.username}`, 'save by feed Acme CSV']);
    const deactivated = rowsOf<{ actor_name: string; changes: { reason: { to: string } } }>(
      await t.app.db.execute(sql`SELECT actor_name, changes FROM audit_log WHERE record_type = 'deal' AND action = 'deactivate' AND record_id = ${String(skatesDeal)}`),
    );
    assert.equal(deactivated[0]?.actor_name, 'feed Acme CSV');
    const requeued = await offers(`feedId=${id}`);
    assert.deepEqual(requeued.map((offer) => offer.name), ['Bird seed XL'], 'a rejected offer the feed changed is offered again');

    // Unchanged: nothing written.
    const third = await run(id);
    assert.equal(third.unchanged, 2);
    assert.equal(third.updated + third.created + third.expired, 0);
  });

  it('edits an offer then accepts it with the deal form\'s rules', async () => {
    server.routes.set('/edit.csv', text([CSV_HEADER, csvLine(['E1', 'Tunnel paint', 'Acme', 'Coupons', '10', '20', 'PAINT', 'https://acme.example/paint', future(10), ''])].join('\n')));
    const id = await createFeed({ name: 'Edit feed', url: `${server.base}/edit.csv` });
    await run(id);
    const [offer] = await offers(`feedId=${id}`);
    const form = { id: offer!.id, name: 'Tunnel paint, now black', categoryId: otherStore, productTypeIds: [coupons], currentPrice: 9, previousPrice: 20, promoCode: 'PAINT', link: offer!.link, dealExpiresIn: offer!.dealExpiresIn };
    const bad = await as(people.staff.headers).post('AcceptOffer', { ...form, currentPrice: 9.999 });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().errors.currentPrice);
    const ok = await as(people.staff.headers).post('AcceptOffer', form);
    assert.equal(ok.statusCode, 200, ok.body);
    const made = await deal(ok.json().productIds[0]);
    assert.equal(made!.name, 'Tunnel paint, now black');
    assert.equal((await as(people.staff.headers).post('AcceptOffer', form)).statusCode, 409);
  });

  it('skips an offer whose store was deleted since, saying why', async () => {
    const gone = await addStore(t.app, 'Soon gone');
    server.routes.set('/gone.csv', text([CSV_HEADER, csvLine(['G1', 'Last deal', 'Soon gone', 'Coupons', '1', '2', '', 'https://gone.example', '', ''])].join('\n')));
    const id = await createFeed({ name: 'Gone feed', url: `${server.base}/gone.csv` });
    await run(id);
    const [offer] = await offers(`feedId=${id}`);
    await t.app.db.execute(sql`DELETE FROM categories WHERE id = ${gone}`);
    const res = await as(people.staff.headers).post('AcceptOffers', { ids: [offer!.id] });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().skipped, [{ id: offer!.id, message: DEAL_MESSAGES.storeNotFound }]);
  });

  it('puts a LIVE JSON feed on the site at once without alerts, links duplicates, follows pages and ends offers', async () => {
    const existing = await addDeal(t.app, { storeId: otherStore, name: 'Globex staff deal' });
    await t.app.db.execute(sql`UPDATE products SET promo_code = 'GLOBEX10' WHERE id = ${existing}`);
    const offer = (id: string, extra: Record<string, unknown> = {}) => ({
      promotionId: id,
      title: `Globex offer ${id}`,
      advertiser: { id: 4242, name: 'Globex Corporation' },
      url: `https://globex.example/${id}`,
      endDate: future(20),
      voucher: { code: `CODE-${id}` },
      ...extra,
    });
    let pageTwo: unknown[] = [offer('J3')];
    server.routes.set('/globex-1.json', text(JSON.stringify([offer('J1'), offer('J2', { voucher: { code: 'globex 10' } })]), 'application/json', { link: '</globex-2.json>; rel="next"' }));
    server.routes.set('/globex-2.json', (request, response) => text(JSON.stringify({ data: pageTwo, next: '/globex-3.json' }), 'application/json')(request, response));
    server.routes.set('/globex-3.json', text(`${JSON.stringify(offer('J4'))}\n${JSON.stringify(offer('J5', { endDate: future(-1) }))}\n`, 'application/x-ndjson'));
    const id = await createFeed({
      name: 'Globex JSON',
      url: `${server.base}/globex-1.json`,
      format: 'JSON',
      mode: 'LIVE',
      defaults: { productTypes: 'Coupons', currentPrice: '0', previousPrice: '0' },
      advertisers: { '4242': otherStore },
    });
    const alertsBefore = await newDealAlerts();
    const first = await run(id);
    assert.equal(first.status, 'SUCCEEDED', first.error ?? '');
    assert.equal(first.offers, 5);
    assert.equal(first.created, 3);
    assert.equal(first.linked, 1, 'J2 carries the staff deal\'s code');
    assert.equal(first.expired, 1, 'J5 has ended');
    assert.equal(await newDealAlerts(), alertsBefore, 'no alerts for offers nobody accepted');
    const live = await offers(`feedId=${id}&status=LIVE&sortBy=name&order=asc`);
    assert.deepEqual(live.map((entry) => entry.offerId), ['J1', 'J2', 'J3', 'J4']);
    assert.equal(live[1]!.productId, existing);
    const j3 = live[2]!.productId!;
    assert.ok(await isPublic(j3));
    assert.equal((await deal(j3))!.promo_code, 'CODE-J3');
    const createdAudit = rowsOf<{ actor_name: string }>(await t.app.db.execute(sql`SELECT actor_name FROM audit_log WHERE record_type = 'deal' AND action = 'create' AND record_id = ${String(j3)}`));
    assert.equal(createdAudit[0]?.actor_name, 'feed Globex JSON');

    // J3 leaves the feed: its deal goes; the linked staff deal stays while J2 is listed.
    pageTwo = [];
    const second = await run(id);
    assert.equal(second.expired, 1);
    assert.equal((await deal(j3))!.is_active, false);
    assert.equal((await deal(existing))!.is_active, true);
    const dashboard = await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.admin.headers });
    assert.equal(dashboard.json().failingFeeds.length, 0);
  });

  it('records failures with their reasons, and shows a feed failing twice in a row on the dashboard', async () => {
    server.routes.set('/broken.csv', (_request, response) => response.writeHead(500).end('oops'));
    server.routes.set('/slow.csv', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(`${CSV_HEADER}\n`);
      // Never finishes within the run's time limit.
    });
    server.routes.set('/huge.csv', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(`${CSV_HEADER}\n`);
      const row = `${csvLine(['H', 'x'.repeat(400), 'Acme', 'Coupons', '1', '2', '', 'https://acme.example/h', '', ''])}\n`;
      let sent = 0;
      const pump = () => {
        while (sent < 2000 && response.write(row)) sent++;
        if (sent < 2000) response.once('drain', pump);
        else response.end();
      };
      pump();
    });
    server.routes.set('/not.json', text('<html>nope</html>', 'text/html'));
    server.routes.set('/empty.csv', text(`${CSV_HEADER}\n`));
    const failing = async (name: string, url: string, format = 'CSV') => (await run(await createFeed({ name, url, format })));

    const broken = await createFeed({ name: 'Broken', url: `${server.base}/broken.csv` });
    assert.equal((await run(broken)).error, FEED_MESSAGES.fetchFailed('the server answered 500'));
    let stats = (await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.admin.headers })).json();
    assert.equal(stats.failingFeeds.length, 0, 'one failure is not yet a pattern');
    await run(broken);
    stats = (await t.app.inject({ url: '/api/Dashboard/GetStats', headers: people.staff.headers })).json();
    assert.deepEqual(stats.failingFeeds.map((feed: { name: string; consecutiveFailures: number }) => [feed.name, feed.consecutiveFailures]), [['Broken', 2]]);

    assert.equal((await failing('Slow', `${server.base}/slow.csv`)).error, FEED_MESSAGES.fetchFailed('it took too long'));
    assert.equal((await failing('Huge', `${server.base}/huge.csv`)).error, FEED_MESSAGES.tooLarge);
    assert.equal((await failing('Not JSON', `${server.base}/not.json`, 'JSON')).error, FEED_MESSAGES.notJsonOffers);
    const privateAddress = await failing('Private', server.base.replace('127.0.0.1', '127.0.0.2') + '/acme.csv');
    assert.equal(privateAddress.error, FEED_MESSAGES.fetchFailed('the address is not a public one'));
    server.routes.set('/missing-column.csv', text('Offer ID,Product Name\n1,x\n'));
    assert.match((await failing('Columns', `${server.base}/missing-column.csv`)).error ?? '', /lacks the required columns Store/);

    // A feed that had offers and answers none is broken, not empty: nothing ends.
    server.routes.set('/shrinking.csv', text([CSV_HEADER, csvLine(['S1', 'Shrink', 'Acme', 'Coupons', '1', '2', '', 'https://acme.example/s', '', ''])].join('\n')));
    const shrinking = await createFeed({ name: 'Shrinking', url: `${server.base}/shrinking.csv` });
    await run(shrinking);
    server.routes.set('/shrinking.csv', text(`${CSV_HEADER}\n`));
    const emptied = await run(shrinking);
    assert.equal(emptied.error, FEED_MESSAGES.emptyListing);
    assert.equal((await offers(`feedId=${shrinking}`)).length, 1);
  });

  it('answers 409 to a second run while one runs', async () => {
    server.routes.set('/held.csv', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.write(`${CSV_HEADER}\n`);
      setTimeout(() => response.end(), 800);
    });
    const id = await createFeed({ name: 'Held', url: `${server.base}/held.csv` });
    const first = await admin().post(`RunFeed?id=${id}`);
    assert.equal(first.statusCode, 202);
    const second = await admin().post(`RunFeed?id=${id}`);
    assert.equal(second.statusCode, 409);
    assert.equal(second.json().message, FEED_MESSAGES.running);
  });
});

describe('a feed due on two instances at once', () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof feedServer>>;
  const apps: FastifyInstance[] = [];

  before(async () => {
    database = await createSharedTestDatabase();
    server = await feedServer();
  });
  after(async () => {
    for (const app of apps) await app.close();
    await database.drop();
    await server.close();
  });

  it('runs it once', async () => {
    const options = { database: database.options, logger: false as const, fetchAllowHosts: ['127.0.0.1'], jobs: { pollingIntervalSeconds: 0.5 }, env: { PUBLIC_CACHE_TTL_MS: '0' } };
    const setup = await buildApp({ ...options, feeds: { schedule: false } });
    await setup.ready();
    const storeId = await addStore(setup, 'Shared');
    await addProductType(setup, 'Coupons');
    const staff = await createTestStaff(setup);
    const created = await setup.inject({
      method: 'POST',
      url: '/api/Feeds/CreateFeed',
      headers: staff.admin.headers,
      payload: { name: 'Shared feed', url: `${server.base}/shared.csv`, format: 'CSV', mode: 'LIVE', everyHours: 6 },
    });
    const id = created.json().id as number;
    await setup.db.execute(sql`UPDATE deal_feeds SET next_run_at = date_trunc('second', now()) WHERE id = ${id}`);
    await setup.close();
    let requests = 0;
    server.routes.set('/shared.csv', (request, response) => {
      requests++;
      text([CSV_HEADER, csvLine(['S1', 'Shared deal', 'Shared', 'Coupons', '1', '2', 'SH', 'https://shared.example', '', ''])].join('\n'))(request, response);
    });
    void storeId;

    apps.push(...(await Promise.all([buildApp(options), buildApp(options)])));
    await Promise.all(apps.map((app) => app.ready()));
    let finished: { status: string; trigger: string }[] = [];
    for (let i = 0; i < 100 && finished.length === 0; i++) {
      await sleep(200);
      finished = rowsOf<{ status: string; trigger: string }>(await apps[0]!.db.execute(sql`SELECT status, trigger FROM deal_feed_runs WHERE feed_id = ${id} AND status <> 'RUNNING'`));
    }
    // Give a second (wrong) run every chance to happen.
    await sleep(2000);
    const all = rowsOf<{ status: string; trigger: string }>(await apps[0]!.db.execute(sql`SELECT status, trigger FROM deal_feed_runs WHERE feed_id = ${id}`));
    assert.deepEqual(all, [{ status: 'SUCCEEDED', trigger: 'SCHEDULE' }]);
    assert.equal(requests, 1);
    const deals = rowsOf<{ n: number }>(await apps[0]!.db.execute(sql`SELECT count(*)::int AS n FROM products WHERE name = 'Shared deal'`));
    assert.equal(Number(deals[0]!.n), 1);
    const next = rowsOf<{ next_run_at: string }>(await apps[0]!.db.execute(sql`SELECT next_run_at FROM deal_feeds WHERE id = ${id}`));
    assert.ok(Date.parse(next[0]!.next_run_at) > Date.now() + 5 * 3_600_000, 'the next run is planned a period later');
  });
});
