/**
 * Bulk import of deals from CSV: the preview checks every row with the deal form's
 * rules, the import saves the valid rows in one transaction, images are fetched without SSRF, and
 * hostile files (wrong encoding, too large, formulas, missing columns, broken quotes) change nothing.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES, DEAL_MESSAGES, MESSAGES, type DealImportEvent, type DealImportPreview } from '@deals/contract';
import { productImages, productProductTypes, products, pushNotificationHistory } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { testImage } from '../../../test-support/forms.js';
import { insertProductType, insertStore } from '../../../test-support/deals.js';
import { createTestStaff, type TestStaff } from '../../../test-support/staff.js';

const HEADER = 'Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Starts On,Expires In,Keywords,Badge Text,Image URL';

const line = (cells: (string | number)[]) => cells.map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(',');

/** Counts requests, to prove a refused address is never contacted. */
function imageServer(body: () => Promise<Buffer>) {
  const hits: string[] = [];
  const server: Server = createServer(async (request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/redirect-inside') {
      response.writeHead(302, { location: 'http://10.0.0.1/secret.png' });
      return response.end();
    }
    if (request.url === '/not-found.png') {
      response.writeHead(404);
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(await body());
  });
  return {
    hits,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('ProductImport', () => {
  let t: TestApp;
  let people: TestStaff;
  let store: number;
  let electronics: number;
  let toys: number;

  const post = (path: string, body: string | Buffer | Readable, headers: Record<string, string> = people.staff.headers, query = '') =>
    t.app.inject({ method: 'POST', url: `/api/ProductImport/${path}${query}`, headers: { 'content-type': 'text/csv', ...headers }, payload: body });
  const preview = async (csv: string | Buffer, query = '?timeZone=UTC'): Promise<DealImportPreview> => {
    const res = await post('Preview', csv, people.staff.headers, query);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };
  const runImport = async (csv: string | Buffer, query = '?images=false&timeZone=UTC', headers = people.staff.headers): Promise<DealImportEvent[]> => {
    const res = await post('Import', csv, headers, query);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /application\/x-ndjson/);
    return res.body.trim().split('\n').map((text) => JSON.parse(text) as DealImportEvent);
  };
  const last = (events: DealImportEvent[]) => events[events.length - 1]!;
  const dealCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;

  before(async () => {
    t = await createTestApp({ importAllowsLoopback: false });
    people = await createTestStaff(t.app);
    store = await insertStore(t.app, { name: 'Gadget Hub' });
    electronics = await insertProductType(t.app, { name: 'Electronics', notifyImmediately: true });
    toys = await insertProductType(t.app, { name: 'Toys, Games & More' });
  });
  beforeEach(async () => {
    await t.app.db.delete(products);
  });
  after(() => t.close());

  const goodRow = (name: string, extra: Partial<Record<'promo' | 'start' | 'expiry' | 'image' | 'types' | 'store', string>> = {}) =>
    line([name, extra.store ?? 'gadget hub', extra.types ?? 'Electronics|Toys, Games & More', '$1,299.00', '1499.99', extra.promo ?? 'SAVE10', 'https://shop.example/deal', extra.start ?? '2026-01-02', extra.expiry ?? '12/31/2030 23:30', 'tv, oled', 'Hot', extra.image ?? '']);

  it('previews every row with the deal form\'s messages and saves nothing', async () => {
    const csv = [
      HEADER,
      goodRow('Good TV'),
      line(['', 'Gadget Hub', 'Electronics', '10', '20', '', 'https://a.example', '', '', '', '', '']),
      line(['Bad price', 'Gadget Hub', 'Electronics', 'ten', '20', '', 'https://a.example', '', '', '', '', '']),
      line(['Unknown refs', 'Nowhere Shop', 'Electronics|Gizmos', '10', '20', '', 'https://a.example', '', '', '', '', '']),
      line(['Bad link', 'Gadget Hub', 'Electronics', '10.123', '20', '', 'javascript:alert(1)', '', '', '', '', '']),
      line(['Dates', 'Gadget Hub', 'Electronics', '10', '20', '', 'https://a.example', '2026-05-02', '2026-05-01', '', '', '']),
      line(['<b>Markup</b>', 'Gadget Hub', 'Electronics', '10', '20', '', 'https://a.example', 'someday', '', '', 'A badge text that is far too long to fit', 'ftp://x']),
    ].join('\r\n');
    const answer = await preview(csv);
    assert.deepEqual({ rows: answer.rows, valid: answer.valid, invalid: answer.invalid }, { rows: 7, valid: 1, invalid: 6 });
    const byName = Object.fromEntries(answer.problems.map((problem) => [problem.name || `line ${problem.line}`, problem.errors]));
    assert.equal(byName['line 3']!.name, MESSAGES.deal.nameRequired);
    assert.equal(byName['Bad price']!.currentPrice, MESSAGES.deal.currentPriceInvalid);
    assert.equal(byName['Unknown refs']!.store, DEAL_IMPORT_MESSAGES.unknownStore('Nowhere Shop'));
    assert.equal(byName['Unknown refs']!.productTypes, DEAL_IMPORT_MESSAGES.unknownProductType(['Gizmos']));
    assert.equal(byName['Bad link']!.link, DEAL_MESSAGES.linkInvalid);
    assert.equal(byName['Bad link']!.currentPrice, DEAL_MESSAGES.currentPriceDecimals);
    assert.equal(byName['Dates']!.dealExpiresIn, DEAL_MESSAGES.expiryBeforeStart);
    assert.equal(byName['<b>Markup</b>']!.name, 'Product Name must not contain HTML tags');
    assert.equal(byName['<b>Markup</b>']!.dealStartsIn, DEAL_MESSAGES.dateInvalid);
    assert.equal(byName['<b>Markup</b>']!.badgeText, MESSAGES.deal.badgeTextMax);
    assert.equal(byName['<b>Markup</b>']!.imageUrl, DEAL_IMPORT_MESSAGES.imageUrl);
    assert.deepEqual(answer.unknownStores, ['Nowhere Shop']);
    assert.deepEqual(answer.unknownProductTypes, ['Gizmos']);
    assert.equal(answer.problems.find((problem) => problem.name === 'Bad price')!.line, 4);
    assert.equal(await dealCount(), 0);
  });

  it('imports the valid rows in one go, owned by the importer, matched by name, dates read in the importer\'s zone, and reports progress', async () => {
    const rows = Array.from({ length: 1203 }, (_, i) => goodRow(`Deal ${i}`, { promo: i % 2 ? '' : `CODE${i}` }));
    rows.splice(600, 0, line(['Broken', 'Gadget Hub', 'Electronics', 'x', '1', '', 'https://a.example', '', '', '', '', '']));
    const events = await runImport([HEADER, ...rows].join('\n'), '?images=false&timeZone=America/New_York');
    const done = last(events);
    assert.equal(done.type, 'done');
    if (done.type !== 'done') return;
    assert.deepEqual({ imported: done.imported, rows: done.rows, invalid: done.invalid }, { imported: 1203, rows: 1204, invalid: 1 });
    assert.equal(done.message, DEAL_IMPORT_MESSAGES.imported(1203, 1));
    assert.deepEqual(done.problems.map((problem) => problem.line), [602]);
    const saving = events.filter((event) => event.type === 'progress' && event.stage === 'saving');
    assert.ok(saving.length >= 3, 'saving progress reported per batch');

    const [deal] = await t.app.db.select().from(products).where(eq(products.name, 'Deal 0'));
    assert.ok(deal);
    assert.equal(deal.addedById, people.staff.id);
    assert.equal(deal.categoryId, store);
    assert.equal(deal.currentPrice, 1299);
    assert.equal(deal.promoCode, 'CODE0');
    assert.equal(deal.dealStartsIn?.toISOString(), '2026-01-02T05:00:00.000Z');
    assert.equal(deal.dealExpiresIn?.toISOString(), '2031-01-01T04:30:00.000Z');
    const types = await t.app.db.select().from(productProductTypes).where(eq(productProductTypes.productId, deal.id));
    assert.deepEqual(types.map((row) => row.productTypeId).sort(), [electronics, toys].sort());
    assert.equal(await dealCount(), 1203);
    // Searchable like any deal, and no new-deal alert per imported row.
    const found = await t.app.inject({ url: '/api/Home/SearchProductByKeyword?keyword=Deal%201202' });
    assert.equal(found.statusCode, 200, found.body);
    assert.ok((found.json() as { label: string }[]).some((hit) => hit.label === 'Deal 1202'), found.body);
    assert.equal((await t.app.db.select().from(pushNotificationHistory)).length, 0);
  });

  it('reads a CSV of our own Download CSV back: headers, $ prices, defused formulas, quotes and line breaks in cells', async () => {
    const csv =
      '\uFEFFId,Product Name,Store,Product Category,Promo Code,Current Price,Previous Price,Link,Is Active?,Notes\r\n' +
      `7,"'=HYPERLINK(""http://evil.example"",""x"")",Gadget Hub,Electronics,,$5.00,$9.00,https://a.example,No,"a note\r\nover two lines"\r\n` +
      `8,"He said ""wow""",Gadget Hub,Electronics,+CODE,$5.00,$9.00,https://a.example,Yes,\r\n`;
    const answer = await preview(csv);
    assert.deepEqual(answer.ignoredColumns, ['Id', 'Notes']);
    assert.equal(answer.valid, 2, JSON.stringify(answer.problems));
    const done = last(await runImport(csv));
    assert.equal(done.type, 'done');
    const saved = await t.app.db.select({ name: products.name, promo: products.promoCode, active: products.isActive }).from(products).orderBy(products.id);
    assert.deepEqual(saved, [
      { name: '=HYPERLINK("http://evil.example","x")', promo: null, active: false },
      { name: 'He said "wow"', promo: '+CODE', active: true },
    ]);
    // Exported again, the formula is defused once more.
    const exported = await t.app.inject({ url: '/api/Product/ExportProductsCsv?sortBy=name&order=asc', headers: people.staff.headers });
    assert.match(exported.body, /"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)"/);
  });

  it('refuses a file whole, before any work, when it is not UTF-8, lacks columns, has broken quotes or a column twice', async () => {
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from('Caf\xe9 deal,Gadget Hub,Electronics,1,2,,https://a.example,,,,,\n', 'latin1')]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]);
    const cases: [string | Buffer, number, string][] = [
      [latin1, 400, DEAL_IMPORT_MESSAGES.encoding],
      [utf16, 400, DEAL_IMPORT_MESSAGES.encoding],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), 400, DEAL_IMPORT_MESSAGES.encoding],
      ['Product Name,Store\nA,Gadget Hub\n', 400, DEAL_IMPORT_MESSAGES.missingColumns(['Product Category', 'Current Price', 'Previous Price', 'Link'])],
      [`${HEADER},Title\n`, 400, DEAL_IMPORT_MESSAGES.duplicateColumn('Product Name')],
      [`${HEADER}\n"Unclosed,Gadget Hub,Electronics,1,2,,https://a.example,,,,,\n`, 400, ''],
      ['', 400, DEAL_IMPORT_MESSAGES.empty],
    ];
    for (const [body, status, message] of cases) {
      for (const path of ['Preview', 'Import']) {
        const res = await post(path, body);
        assert.equal(res.statusCode, status, `${path}: ${res.body}`);
        if (message) assert.equal(res.json().message, message);
        else assert.match(res.json().message, /^The file is not valid CSV: /);
      }
    }
    assert.equal(await dealCount(), 0);
  });

  it('cuts off a 1 GB upload at the size cap without reading it, and refuses a declared one at once', async () => {
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a,');
    const huge = new Readable({
      read() {
        if (sent >= 1024) return this.push(null);
        sent++;
        this.push(sent === 1 ? Buffer.concat([Buffer.from(`${HEADER}\n`), chunk]) : chunk);
      },
    });
    const res = await post('Import', huge);
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(res.json().message, DEAL_IMPORT_MESSAGES.tooLarge);
    assert.equal(res.headers.connection, 'close');
    assert.ok(sent <= DEAL_IMPORT_LIMITS.maxBytes / chunk.length + 4, `read ${sent} MB of 1024`);

    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/ProductImport/Preview',
      headers: { ...people.staff.headers, 'content-type': 'text/csv', 'content-length': String(1024 ** 3) },
      payload: Readable.from([Buffer.from(HEADER)]),
    });
    assert.equal(declared.statusCode, 413);
    assert.equal(await dealCount(), 0);
  });

  it('refuses more rows than the limit', async () => {
    const rows = Array.from({ length: DEAL_IMPORT_LIMITS.maxRows + 1 }, () => 'A,Gadget Hub,Electronics,1,2,,https://a.example,,,,,').join('\n');
    const res = await post('Preview', `${HEADER}\n${rows}\n`);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, DEAL_IMPORT_MESSAGES.tooManyRows);
    const refused = await post('Import', `${HEADER}\n${rows}\n`);
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, DEAL_IMPORT_MESSAGES.tooManyRows);
    assert.equal(await dealCount(), 0);
  });

  it('is for signed-in staff, wants text/csv, and answers nothing else', async () => {
    const csv = `${HEADER}\n${goodRow('Anon')}\n`;
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ProductImport/Import?images=false', headers: { 'content-type': 'text/csv' }, payload: csv });
    assert.equal(anonymous.statusCode, 401);
    const json = await t.app.inject({ method: 'POST', url: '/api/ProductImport/Preview', headers: people.staff.headers, payload: { csv } });
    assert.equal(json.statusCode, 415);
    const badQuery = await post('Import', csv, people.staff.headers, '?images=maybe');
    assert.equal(badQuery.statusCode, 400);
    const badZone = await post('Preview', csv, people.staff.headers, '?timeZone=Mars/Base');
    assert.equal(badZone.statusCode, 400);
    assert.equal(await dealCount(), 0);
    // An admin imports as well, and owns what they import.
    assert.equal(last(await runImport(csv, '?images=false', people.admin.headers)).type, 'done');
    const [row] = await t.app.db.select({ owner: products.addedById }).from(products);
    assert.equal(row?.owner, people.admin.id);
  });

  it('never fetches an image from a loopback or private address, even through a redirect', async () => {
    const server = imageServer(() => testImage('png'));
    const base = await server.start();
    try {
      const csv = [
        HEADER,
        goodRow('Loopback', { image: `${base}/a.png` }),
        goodRow('Localhost', { image: `http://localhost:${new URL(base).port}/b.png` }),
        goodRow('Mapped', { image: `http://[::ffff:127.0.0.1]:${new URL(base).port}/c.png` }),
        goodRow('Metadata', { image: 'http://169.254.169.254/latest/meta-data/' }),
        goodRow('Private', { image: 'http://10.1.2.3/x.png' }),
      ].join('\n');
      const done = last(await runImport(csv, '?timeZone=UTC'));
      assert.equal(done.type, 'failed');
      if (done.type === 'failed') assert.equal(done.message, DEAL_IMPORT_MESSAGES.nothingToImport);
      assert.deepEqual(server.hits, [], 'the local server received no request');
      assert.equal(await dealCount(), 0);
    } finally {
      await server.stop();
    }
  });
});

describe('ProductImport fetching images (loopback allowed for the test server)', () => {
  let t: TestApp;
  let people: TestStaff;

  before(async () => {
    t = await createTestApp({ importAllowsLoopback: true });
    people = await createTestStaff(t.app);
    await insertStore(t.app, { name: 'Gadget Hub' });
    await insertProductType(t.app, { name: 'Electronics' });
  });
  after(() => t.close());

  it('stores fetched images as the preview, and skips rows whose image fails, saying why; no redirect reaches a private address', async () => {
    let served: Buffer = await testImage('png', 16);
    const server = imageServer(async () => served);
    const base = await server.start();
    try {
      const row = (name: string, image: string) => line([name, 'Gadget Hub', 'Electronics', '1', '2', '', 'https://a.example', '', '', '', '', image]);
      const csv = [HEADER, row('With image', `${base}/ok.png`), row('Missing image', `${base}/not-found.png`), row('Redirect inside', `${base}/redirect-inside`), row('No image', '')].join('\n');
      const res = await t.app.inject({ method: 'POST', url: '/api/ProductImport/Import?timeZone=UTC', headers: { 'content-type': 'text/csv', ...people.staff.headers }, payload: csv });
      const events = res.body.trim().split('\n').map((text) => JSON.parse(text) as DealImportEvent);
      const done = events[events.length - 1]!;
      assert.equal(done.type, 'done', res.body);
      if (done.type !== 'done') return;
      assert.equal(done.imported, 2);
      const reasons = Object.fromEntries(done.problems.map((problem) => [problem.line, problem.errors.imageUrl]));
      assert.equal(reasons[3], DEAL_IMPORT_MESSAGES.imageFailed('the server answered 404'));
      assert.equal(reasons[4], DEAL_IMPORT_MESSAGES.imageFailed('the address is not a public one'));
      const saved = await t.app.db.select({ name: products.name, image: productImages.filePath, preview: productImages.isPreviewImage }).from(products).leftJoin(productImages, eq(productImages.productId, products.id)).orderBy(products.id);
      assert.equal(saved.length, 2);
      assert.equal(saved[0]!.name, 'With image');
      assert.match(saved[0]!.image ?? '', /^[0-9a-f]{32}\.png$/);
      assert.equal(saved[0]!.preview, true);
      assert.deepEqual(saved[1], { name: 'No image', image: null, preview: null });

      // Not an image: refused by the upload checks.
      served = Buffer.from('<?php echo 1; ?>'.repeat(20));
      const fake = await t.app.inject({ method: 'POST', url: '/api/ProductImport/Import?timeZone=UTC', headers: { 'content-type': 'text/csv', ...people.staff.headers }, payload: [HEADER, row('Fake', `${base}/fake.png`)].join('\n') });
      const fakeDone = JSON.parse(fake.body.trim().split('\n').pop()!) as DealImportEvent;
      assert.equal(fakeDone.type, 'failed');
    } finally {
      await server.stop();
    }
  });
});
