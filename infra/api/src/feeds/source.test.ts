/** The pieces of a feed's reading that need no server: headers to columns, JSON offers to cells, pages, duplicate keys, sealed secrets. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeKey, linkKey } from './duplicates.js';
import { columnResolver, jsonCells, nextLink } from './source.js';
import { createSecretBox } from '../lib/secret-box.js';

describe('feed columns', () => {
  it('finds columns by the import\'s headers and aliases, and by the feed\'s own mapping first', () => {
    const plain = columnResolver({});
    assert.equal(plain('Promotion ID'), 'offerId');
    assert.equal(plain('promotionId'), 'offerId');
    assert.equal(plain('Voucher Code'), 'promoCode');
    assert.equal(plain('Advertiser ID'), 'advertiserId');
    assert.equal(plain('colour'), null);
    const mapped = columnResolver({ name: 'headline', offerId: 'ref' });
    assert.equal(mapped('headline'), 'name');
    assert.equal(mapped('ref'), 'offerId');
    // A mapped column is found only under its mapped header.
    assert.equal(mapped('Product Name'), null);
    assert.equal(mapped('promotionId'), null);
  });

  it('reads a network\'s nested JSON offer as cells', () => {
    const cells = jsonCells(
      { promotionId: 991, title: 'Half price', advertiser: { id: 7, name: 'Acme' }, voucher: { code: 'HALF', exclusive: true }, regions: ['GB', 'IE'], url: 'https://a.example', endDate: null },
      columnResolver({}),
    );
    assert.deepEqual(cells, { offerId: '991', name: 'Half price', advertiserId: '7', store: 'Acme', promoCode: 'HALF', link: 'https://a.example' });
  });
});

describe('feed pages', () => {
  it('follows rel="next" of a Link header, resolved against the page', () => {
    assert.equal(nextLink({ link: '</p2>; rel="next", </p9>; rel="last"' }, 'https://f.example/feed?page=1'), 'https://f.example/p2');
    assert.equal(nextLink({ link: '<https://f.example/p1>; rel="prev"' }, 'https://f.example/'), null);
    assert.equal(nextLink({ link: '<https://g.example/p3>; rel=next' }, 'https://f.example/'), 'https://g.example/p3');
    assert.equal(nextLink({}, 'https://f.example/'), null);
  });
});

describe('duplicate keys', () => {
  it('compares links without tracking parameters, fragment, www, case of the host or a trailing slash', () => {
    assert.equal(linkKey('https://WWW.Shop.example/p/1/?utm_source=x&b=2&a=1#top'), linkKey('http://shop.example/p/1?a=1&b=2'));
    assert.notEqual(linkKey('https://shop.example/p/1?a=1'), linkKey('https://shop.example/p/1?a=2'));
    assert.notEqual(linkKey('https://shop.example/P/1'), linkKey('https://shop.example/p/1'));
  });
  it('compares promo codes without case or spaces', () => {
    assert.equal(codeKey(' save 10 '), 'SAVE10');
    assert.equal(codeKey(null), '');
  });
});

describe('secret box', () => {
  it('opens what it sealed, never shows it, and refuses another key or a changed text', () => {
    const box = createSecretBox('deployment key');
    const sealed = box.seal('api-key-123');
    assert.ok(!sealed.includes('api-key-123'));
    assert.notEqual(box.seal('api-key-123'), sealed, 'a fresh nonce each time');
    assert.equal(box.open(sealed), 'api-key-123');
    assert.throws(() => createSecretBox('other key').open(sealed));
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    assert.throws(() => box.open(parts.join('.')));
  });
});
