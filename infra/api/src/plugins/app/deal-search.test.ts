import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { facetQuery, normalizeFilter, searchWords, tsQueryText } from './deal-search.js';

describe('searchWords', () => {
  it('keeps letters and digits of any script, lower-cased, and drops everything else', () => {
    assert.deepEqual(searchWords("Levi's 501 — JEANS!"), ['levi', 's', '501', 'jeans']);
    assert.deepEqual(searchWords('ñandú 東京 Ａｐｐｌｅ'), ['ñandú', '東京', 'ａｐｐｌｅ']);
    assert.deepEqual(searchWords("'; DROP TABLE x; -- % _ \\ :* & | ! <>"), ['drop', 'table', 'x']);
    assert.deepEqual(searchWords('%%% ***'), []);
  });

  it('composes accents the way stored text has them (NFC)', () => {
    assert.deepEqual(searchWords('cafe\u0301'), ['café']);
  });

  it('bounds the work: at most 8 words of at most 50 characters', () => {
    assert.equal(searchWords('w '.repeat(20)).length, 8);
    assert.equal(searchWords('x'.repeat(80))[0]!.length, 50);
  });
});

describe('tsQueryText', () => {
  it('requires every word, matching words of two or more characters as prefixes', () => {
    assert.equal(tsQueryText(['samsung', 'galaxy']), "'samsung':* & 'galaxy':*");
    assert.equal(tsQueryText(['s', '24']), "'s' & '24':*");
  });

  it('restricts to the name with weight A', () => {
    assert.equal(tsQueryText(['pro', 'x'], 'A'), "'pro':*A & 'x':A");
  });
});

describe('normalizeFilter', () => {
  it('applies defaults and reduces lists to sorted distinct ids', () => {
    assert.deepEqual(
      normalizeFilter({
        sortBy: '',
        priceRange: null,
        categories: [{ id: 3, name: 'B' }, 1, { id: 3, name: 'again' }],
        productTypes: null,
        searchTerm: '  Galaxy S24 ',
      }),
      { sortBy: null, priceRange: null, storeIds: [1, 3], productTypeIds: [], featuredSectionIds: [], words: ['galaxy', 's24'], skip: 0 },
    );
  });

  it('tells a blank search (no text filter) from one without words (matches nothing)', () => {
    assert.equal(normalizeFilter({ searchTerm: '   ' }).words, null);
    assert.deepEqual(normalizeFilter({ searchTerm: '!!' }).words, []);
  });
});

describe('facetQuery', () => {
  it('names the store and price-tier lexemes of migration 0002', () => {
    assert.equal(facetQuery({ storeIds: [], priceRange: null }), null);
    assert.equal(facetQuery({ storeIds: [3], priceRange: '$' }), "('~store3') & '~price1'");
    assert.equal(facetQuery({ storeIds: [3, 12], priceRange: null }), "('~store3' | '~store12')");
    assert.equal(facetQuery({ storeIds: [], priceRange: '$$$$' }), "'~price4'");
  });
});
