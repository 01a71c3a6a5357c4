/** The per-username sign-in throttle on the shared counters of a real database. */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type OpenDatabase } from '../../../db/client.js';
import { createSharedCounters } from '../../../lib/shared-counters.js';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.js';
import { SignInThrottle } from './throttle.js';

describe('SignInThrottle', () => {
  let database: TestDatabase;
  let open: OpenDatabase;
  const throttle = (windowMs = 60_000) => new SignInThrottle(createSharedCounters(open.db), { maxFailures: 3, windowMs });

  before(async () => {
    database = await createTestDatabase();
    open = await openDatabase(database.options);
  });
  after(async () => {
    await open.close();
    await database.drop();
  });

  it('locks a username after maxFailures, case-insensitively; other usernames are unaffected', async () => {
    const instance = throttle();
    assert.deepEqual([await instance.attempt('Alice'), await instance.attempt('alice'), await instance.attempt(' ALICE ')], [true, true, true]);
    assert.equal(await instance.attempt('alice'), false);
    assert.equal(await instance.attempt('bob'), true);
  });

  it('starts a new window once the window has ended', async () => {
    const instance = throttle(400);
    for (let i = 0; i < 3; i++) assert.equal(await instance.attempt('dave'), true);
    assert.equal(await instance.attempt('dave'), false, 'locked inside the window');
    await sleep(450);
    assert.equal(await instance.attempt('dave'), true, 'a new window starts');
  });

  it('forgets the failures on success', async () => {
    const instance = throttle();
    await instance.attempt('carol');
    await instance.attempt('carol');
    await instance.succeeded('Carol');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await instance.attempt('carol'));
    assert.deepEqual(results, [true, true, true, false]);
  });

  it('lets exactly maxFailures of many parallel attempts through, across two throttles on one database', async () => {
    const [one, two] = [throttle(), throttle()];
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? one : two).attempt('eve')));
    assert.equal(results.filter(Boolean).length, 3);
  });

  it('sweeps ended windows only', async () => {
    const counters = createSharedCounters(open.db);
    await counters.hit('short', 50);
    await counters.hit('long', 60_000);
    await sleep(80);
    await counters.sweep();
    assert.deepEqual(await counters.hit('short', 60_000), { hits: 1, ttlMs: 60_000 }, 'the ended window was deleted');
    assert.equal((await counters.hit('long', 60_000)).hits, 2, 'the live window was kept');
  });
});
