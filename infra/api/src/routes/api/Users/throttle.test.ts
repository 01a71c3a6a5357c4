/** The per-username sign-in throttle, on a fake clock. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignInThrottle } from './throttle.js';

function throttle(maxKeys = 100) {
  const clock = { now: 1_000_000 };
  const instance = new SignInThrottle({ maxFailures: 3, windowMs: 60_000, maxKeys, now: () => clock.now });
  return { instance, clock };
}

describe('SignInThrottle', () => {
  it('locks a username after maxFailures for the rest of the window, case-insensitively', () => {
    const { instance, clock } = throttle();
    assert.deepEqual([instance.attempt('Alice'), instance.attempt('alice'), instance.attempt(' ALICE ')], [true, true, true]);
    assert.equal(instance.attempt('alice'), false);
    assert.equal(instance.attempt('bob'), true, 'other usernames are unaffected');
    clock.now += 59_999;
    assert.equal(instance.attempt('alice'), false, 'still locked just before the window ends');
    clock.now += 1;
    assert.equal(instance.attempt('alice'), true, 'a new window starts');
  });

  it('forgets the failures on success', () => {
    const { instance } = throttle();
    instance.attempt('carol');
    instance.attempt('carol');
    instance.succeeded('Carol');
    assert.deepEqual([instance.attempt('carol'), instance.attempt('carol'), instance.attempt('carol'), instance.attempt('carol')], [true, true, true, false]);
  });

  it('stays within maxKeys, dropping expired windows first, then the oldest', () => {
    const { instance, clock } = throttle(3);
    for (let i = 0; i < 3; i++) instance.attempt('a');
    assert.equal(instance.attempt('a'), false, "'a' is locked");
    for (const name of ['b', 'c', 'd']) instance.attempt(name);
    assert.equal(instance.size, 3, 'bounded');
    assert.equal(instance.attempt('a'), true, "the oldest entry ('a') was dropped to make room");
    clock.now += 60_000;
    instance.attempt('e');
    assert.equal(instance.size, 1, 'expired windows are dropped when room is needed');
  });
});
