import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp, { configureImageRuntime } from './image-runtime.js';

describe('the image runtime', () => {
  after(() => configureImageRuntime({}));

  it('keeps no libvips operation cache and one worker thread by default', () => {
    configureImageRuntime({});
    const cache = sharp.cache();
    assert.equal(cache.memory.max, 0);
    assert.equal(cache.items.max, 0);
    assert.equal(sharp.concurrency(), 1);
  });

  it('takes a cache size and a thread count from IMAGE_CACHE_MB and IMAGE_THREADS', () => {
    configureImageRuntime({ IMAGE_CACHE_MB: '8', IMAGE_THREADS: '2' });
    assert.equal(sharp.cache().memory.max, 8);
    assert.equal(sharp.cache().files.max, 0);
    assert.equal(sharp.concurrency(), 2);
  });

  it('ignores settings that are not whole numbers', () => {
    configureImageRuntime({ IMAGE_CACHE_MB: 'big', IMAGE_THREADS: '-3' });
    assert.equal(sharp.cache().memory.max, 0);
    assert.equal(sharp.concurrency(), 1);
  });
});
