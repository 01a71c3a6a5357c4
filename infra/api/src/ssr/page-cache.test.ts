import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PageCache, pageCacheBytes } from './page-cache.js';

const KB = 1024;
const page = (html: string) => ({ status: 200, html, scriptHashes: [], nonceMarker: 'n', version: 1, buildId: 'b' });
const body = (kb: number, fill = 'a') => fill.repeat(kb * KB);

describe('the rendered page cache', () => {
  it('keeps pages up to its size in bytes, dropping the least recently used first', () => {
    const cache = new PageCache(60_000, 100 * KB);
    cache.set('/a', page(body(40)));
    cache.set('/b', page(body(40)));
    assert.ok(cache.get('/a', 1, 'b'), '/a is read, so /b is now the least recently used');
    cache.set('/c', page(body(40)));
    assert.equal(cache.get('/b', 1, 'b'), undefined);
    assert.ok(cache.get('/a', 1, 'b'));
    assert.ok(cache.get('/c', 1, 'b'));
    assert.ok(cache.size <= 100 * KB);
  });

  it('weighs a page by its bytes, not its characters', () => {
    const cache = new PageCache(60_000, 100 * KB);
    // 30,000 characters of three UTF-8 bytes each: 90 KB, so two of them cannot both stay.
    cache.set('/x', page('€'.repeat(30_000)));
    cache.set('/y', page('€'.repeat(30_000)));
    assert.equal(cache.get('/x', 1, 'b'), undefined);
    assert.ok(cache.get('/y', 1, 'b'));
  });

  it('counts a page rendered again once, and answers but does not keep a page larger than the bound', () => {
    const cache = new PageCache(60_000, 100 * KB);
    for (let i = 0; i < 10; i++) cache.set('/same', page(body(30, String(i))));
    cache.set('/other', page(body(30)));
    assert.ok(cache.get('/same', 1, 'b'), 'nine replaced renders of /same still weigh one page');
    assert.ok(cache.get('/other', 1, 'b'));
    const huge = cache.set('/huge', page(body(200)));
    assert.equal(huge.html.length, 200 * KB);
    assert.equal(cache.get('/huge', 1, 'b'), undefined);
    assert.ok(cache.get('/same', 1, 'b'), 'the oversized page evicted nothing');
  });

  it('frees the bytes of a page retired by a content change', () => {
    const cache = new PageCache(60_000, 100 * KB);
    cache.set('/a', page(body(60)));
    assert.equal(cache.get('/a', 2, 'b'), undefined);
    assert.equal(cache.size, 0);
    cache.set('/b', page(body(60)));
    assert.ok(cache.get('/b', 1, 'b'));
  });

  it('takes its bound from PAGE_CACHE_MB, 24 MB by default', () => {
    assert.equal(pageCacheBytes({}), 24 * 1024 * KB);
    assert.equal(pageCacheBytes({ PAGE_CACHE_MB: '8' }), 8 * 1024 * KB);
    assert.equal(pageCacheBytes({ PAGE_CACHE_MB: '0' }), 0);
    assert.equal(pageCacheBytes({ PAGE_CACHE_MB: 'lots' }), 24 * 1024 * KB);
  });
});
