import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { footerItems } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createTestStaff, type TestStaff } from '../../test-support/staff.js';
import { createContentVersion } from './content-version.js';

describe('content version', () => {
  let t: TestApp;
  let staff: TestStaff;
  const version = () => t.app.contentVersion.bump().then((v) => v - 1);

  before(async () => {
    // Caches on, as in production: a minute's lifetime, so only the version can retire an answer.
    t = await createTestApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    staff = await createTestStaff(t.app);
  });
  after(() => t.close());

  const cmsInfo = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/Home/GetCMSInfo', headers });
  const footerLabels = async () => ((await cmsInfo()).json().footerItems as { label: string }[]).map((item) => item.label);
  const createFooterItem = (label: string, headers: Record<string, string> = staff.admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/FooterItem/CreateFooterItem', headers, payload: { label, to: '/deals' } });

  it('serves GetCMSInfo from its cache with an ETag, a shared-cache Cache-Control and 304 on a match', async () => {
    const first = await cmsInfo();
    assert.equal(first.statusCode, 200);
    assert.match(String(first.headers.etag), /^"[\w-]+"$/);
    assert.equal(first.headers['cache-control'], 'public, max-age=10, s-maxage=60, stale-while-revalidate=60');
    assert.match(String(first.headers['content-type']), /^application\/json/);

    // Written past the API: nothing bumps the version, so the cached answer stands.
    await t.app.db.insert(footerItems).values({ label: 'Written directly', to: '/x' });
    const second = await cmsInfo();
    assert.equal(second.body, first.body);

    const notModified = await cmsInfo({ 'if-none-match': String(first.headers.etag) });
    assert.equal(notModified.statusCode, 304);
    assert.equal(notModified.body, '');
    assert.ok(!Number(notModified.headers['content-length']), 'a 304 announces no body');
    assert.equal((await cmsInfo({ 'if-none-match': '"something-else"' })).statusCode, 200);

    // Compressed once and kept: the same bytes for every visitor, decoding to the same JSON.
    const compressed = await cmsInfo({ 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(compressed.headers['content-encoding'], 'br');
    assert.equal(compressed.headers.etag, first.headers.etag);
    assert.equal(brotliDecompressSync(compressed.rawPayload).toString(), first.body);
    assert.deepEqual((await cmsInfo({ 'accept-encoding': 'br' })).rawPayload, compressed.rawPayload);
  });

  it('a staff write through the API bumps the version and the next GetCMSInfo shows it at once', async () => {
    const before = await version();
    const old = await cmsInfo();
    const created = await createFooterItem('Careers');
    assert.equal(created.statusCode, 200, created.body);
    assert.equal(await version(), before + 2); // the write's bump, then the helper's own
    const labels = await footerLabels();
    assert.ok(labels.includes('Careers'), labels.join());
    assert.ok(labels.includes('Written directly'), 'the recomputed answer reads everything current');
    assert.equal((await cmsInfo({ 'if-none-match': String(old.headers.etag) })).statusCode, 200);
  });

  it('anonymous writes, refused writes and reads bump nothing', async () => {
    const start = await t.app.contentVersion.current();
    const search = await t.app.inject({ method: 'POST', url: '/api/Home/SearchProduct', payload: { skip: 0 } });
    assert.equal(search.statusCode, 200, search.body);
    assert.equal((await createFooterItem('Anonymous', {})).statusCode, 401);
    assert.equal((await createFooterItem('')).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/FooterItem/GetAllFooterItems', headers: staff.admin.headers })).statusCode, 200);
    assert.equal(await t.app.contentVersion.current(), start);
  });

  it('two instances on one database: an edit on one reaches the other on its next recheck', async () => {
    let clock = 0;
    const a = createContentVersion(t.app.db, 1_000, () => clock);
    const b = createContentVersion(t.app.db, 1_000, () => clock);
    const seen = await b.current();
    const bumped = await a.bump();
    assert.equal(bumped, seen + 1);
    assert.equal(await a.current(), bumped, 'the writing instance knows at once');
    clock += 999;
    assert.equal(await b.current(), seen, 'within the recheck interval the other still trusts what it read');
    clock += 1;
    assert.equal(await b.current(), bumped);
  });
});
