/** What one delivery attempt to one target came to, whichever push service carried it. */

export type DeliveryOutcome =
  | { kind: 'delivered' }
  /** The push service says the target no longer exists: the device is removed. */
  | { kind: 'gone'; reason: string }
  /** Worth another attempt later (throttled, server error, network); `retryAfterMs` from the service when it said. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number | undefined }
  /** Will not succeed by retrying (a refused payload, bad credentials): stop. */
  | { kind: 'failed'; reason: string };

/** A short reason for the delivery row (`last_error` is 500 characters). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 480);
}

/** `Retry-After` as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential back-off: `base · 2^(attempt−1)` with ±20% jitter (so many targets failing together
 * do not retry in lockstep), at least what the service asked for, at most `max`.
 */
export function retryDelayMs(attempt: number, settings: { retryBaseMs: number; retryMaxMs: number }, retryAfterMs?: number, random = Math.random): number {
  const exponential = settings.retryBaseMs * 2 ** Math.max(0, attempt - 1);
  const jittered = exponential * (0.8 + 0.4 * random());
  return Math.round(Math.min(settings.retryMaxMs, Math.max(jittered, retryAfterMs ?? 0)));
}
