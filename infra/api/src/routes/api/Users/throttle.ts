/**
 * Per-username sign-in throttle: after `maxFailures` failed attempts within `windowMs` (counted
 * from the first failure), the username is locked for the rest of that window, whatever the
 * caller's IP. A successful sign-in clears the count.
 *
 * In-process memory (one server process), bounded to `maxKeys` usernames: expired windows are
 * dropped first, then the oldest entries. Keys are lower-cased usernames, known or not, so the
 * answers do not reveal which usernames exist.
 */
export interface SignInThrottleOptions {
  maxFailures: number;
  windowMs: number;
  maxKeys: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  windowEnds: number;
}

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: SignInThrottleOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Reserves an attempt before the password is checked, counted as a failure until `succeeded`
   * clears it, so parallel guesses cannot slip past the limit. False when the username is locked.
   */
  attempt(username: string): boolean {
    const key = username.trim().toLowerCase();
    const now = this.now();
    let entry = this.entries.get(key);
    if (entry && entry.windowEnds <= now) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      this.makeRoom(now);
      entry = { failures: 0, windowEnds: now + this.options.windowMs };
      this.entries.set(key, entry);
    }
    if (entry.failures >= this.options.maxFailures) return false;
    entry.failures += 1;
    return true;
  }

  /** The password was right: the username starts afresh. */
  succeeded(username: string): void {
    this.entries.delete(username.trim().toLowerCase());
  }

  get size(): number {
    return this.entries.size;
  }

  private makeRoom(now: number): void {
    if (this.entries.size < this.options.maxKeys) return;
    for (const [key, entry] of this.entries) if (entry.windowEnds <= now) this.entries.delete(key);
    // Still full: forget the oldest windows (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.options.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
