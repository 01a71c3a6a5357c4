/**
 * The link check against local servers playing stores: dead, soft-dead (two languages, text only),
 * home redirect, lost tag, slow, a redirect loop, 5xx once and twice, a private address refused
 * unless FETCH_ALLOW_HOSTS names it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_SOFT_DEAD_PHRASES } from '@deals/contract';
import { startStoreServer, type StoreServer } from '../test-support/store-server.js';
import { checkLink, isHomePath, pageText, type LinkCheckOptions } from './link-check.js';
import { parseAllowHosts } from './safe-fetch.js';

describe('link check', () => {
  let store: StoreServer;
  let options: LinkCheckOptions;

  before(async () => {
    store = await startStoreServer('127.0.0.1', { slowMs: 1_500 });
    options = { timeoutMs: 500, retryDelayMs: 10, allowHosts: ['127.0.0.1'], phrases: [...DEFAULT_SOFT_DEAD_PHRASES] };
  });
  after(() => store.close());

  const check = (path: string, extra: Partial<LinkCheckOptions> = {}) => checkLink(`${store.origin}${path}`, { ...options, ...extra });

  it('answers OK for a working product page, with its evidence', async () => {
    const result = await check('/ok');
    assert.deepEqual(result, { status: 'OK', httpStatus: 200, finalUrl: `${store.origin}/ok`, reason: 'the page answered 200' });
  });

  it('answers DEAD for 404 and 410', async () => {
    assert.equal((await check('/gone')).status, 'DEAD');
    const removed = await check('/removed');
    assert.deepEqual([removed.status, removed.httpStatus, removed.reason], ['DEAD', 410, 'the server answered 410']);
  });

  it('answers SOFT_DEAD for a page that says the product is gone, in any case and language, but not for words in a script', async () => {
    const english = await check('/soft');
    assert.equal(english.status, 'SOFT_DEAD');
    assert.equal(english.reason, 'the page says “no longer available”');
    assert.equal((await check('/soft-de')).status, 'SOFT_DEAD');
    // The home page's script holds "no longer available": only visible text counts.
    assert.equal((await check('/ok')).status, 'OK');
    assert.equal((await check('/soft', { phrases: ['out of print'] })).status, 'OK', 'the phrases are the ones given');
  });

  it('answers HOME_REDIRECT when the redirects end on the home page, a locale home too', async () => {
    const home = await check('/to-home');
    assert.deepEqual([home.status, home.finalUrl], ['HOME_REDIRECT', `${store.origin}/`]);
    assert.equal((await check('/to-locale-home')).status, 'HOME_REDIRECT');
    assert.equal((await check('/')).status, 'OK', 'a link to the home page itself is fine');
  });

  it('answers TAG_LOST when redirects on the same host drop the link’s parameters, OK when they keep them', async () => {
    const lost = await check('/tagged?aff=dealdrop&utm_source=deals');
    assert.equal(lost.status, 'TAG_LOST');
    assert.equal(lost.reason, 'the redirects dropped “aff”, “utm_source”');
    assert.equal((await check('/keeps?aff=dealdrop')).status, 'OK');
  });

  it('answers DEAD for a time-out that repeats, after trying twice', async () => {
    const before = store.hits.get('/slow') ?? 0;
    const slow = await check('/slow');
    assert.deepEqual([slow.status, slow.httpStatus, slow.reason], ['DEAD', null, 'it took too long twice']);
    assert.equal((store.hits.get('/slow') ?? 0) - before, 2);
  });

  it('answers DEAD for a redirect loop (more than 8 redirects)', async () => {
    const before = store.hits.get('/loop') ?? 0;
    const loop = await check('/loop');
    assert.deepEqual([loop.status, loop.reason], ['DEAD', 'too many redirects']);
    assert.equal((store.hits.get('/loop') ?? 0) - before, 9, 'the link and 8 redirects');
  });

  it('answers DEAD for a 5xx that repeats and OK for one that does not', async () => {
    const down = await check('/down');
    assert.deepEqual([down.status, down.httpStatus, down.reason], ['DEAD', 503, 'the server answered 503 twice']);
    const flaky = await check('/flaky');
    assert.deepEqual([flaky.status, flaky.httpStatus], ['OK', 200]);
  });

  it('keeps a 403 as evidence without calling the link dead', async () => {
    const forbidden = await check('/forbidden');
    assert.deepEqual([forbidden.status, forbidden.httpStatus, forbidden.reason], ['OK', 403, 'the server answered 403']);
  });

  it('refuses a private address unless FETCH_ALLOW_HOSTS names it, and an unknown host is dead', async () => {
    const refused = await check('/ok', { allowHosts: [] });
    assert.deepEqual([refused.status, refused.reason, refused.httpStatus], ['DEAD', 'the address is not a public one', null]);
    assert.equal(store.hits.get('/ok') !== undefined, true);
    const unknown = await checkLink('http://no-such-store.invalid/product', options);
    assert.deepEqual([unknown.status, unknown.reason], ['DEAD', 'the host name is unknown']);
    assert.deepEqual(parseAllowHosts(' Intranet.Store , 10.0.0.5,[::1],'), ['intranet.store', '10.0.0.5', '::1']);
  });

  it('reads the page text and home paths as documented', () => {
    assert.equal(pageText('<p>It&#39;s <b>gone</b></p><style>.x{}</style>'), " it's gone ");
    assert.ok(isHomePath(new URL('https://s.example/')));
    assert.ok(isHomePath(new URL('https://s.example/de-DE')));
    assert.ok(!isHomePath(new URL('https://s.example/product/1')));
  });
});
