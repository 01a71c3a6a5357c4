/**
 * Per-username sign-in throttle: after `maxFailures` failed attempts within `windowMs` (counted
 * from the first failure), the username is locked for the rest of that window, whatever the
 * caller's IP and whichever instance answers: the count is one row of the shared counters.
 * A successful sign-in clears it. Keys are lower-cased usernames, known or not, so the answers
 * do not reveal which usernames exist.
 */
import type { SharedCounters } from '../../../lib/shared-counters.js';

export interface SignInThrottleOptions {
  maxFailures: number;
  windowMs: number;
}

const keyOf = (username: string) => `signin:${username.trim().toLowerCase()}`;

export class SignInThrottle {
  constructor(
    private readonly counters: SharedCounters,
    private readonly options: SignInThrottleOptions,
  ) {}

  /**
   * Reserves an attempt before the password is checked, counted as a failure until `succeeded`
   * clears it, so parallel guesses (on any instance) cannot slip past the limit. False when the
   * username is locked.
   */
  attempt(username: string): Promise<boolean> {
    return this.counters.reserve(keyOf(username), this.options.windowMs, this.options.maxFailures);
  }

  /** The password was right: the username starts afresh. */
  succeeded(username: string): Promise<void> {
    return this.counters.clear(keyOf(username));
  }
}
