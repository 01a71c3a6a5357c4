// How a deal's trust reads to visitors: ages ("3 h ago") and calendar dates ("Nov 3, 2026") in the
// visitor's time zone. The texts and rules themselves are the contract's (trust-words.ts).
export { FEEDBACK_MESSAGES, FEEDBACK_WINDOW_DAYS, HOW_WE_VERIFY_PATH, REPORT_REASON_LABELS, REPORT_REASONS } from '@deals/contract/trust-words';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long ago `iso` was: "just now", "N min ago", "N h ago", "N days ago"; null for no valid date. */
export function agoText(iso: string | null | undefined, now: number): string | null {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return null;
  // A clock a little ahead of ours (the server's) must not read as "in 2 min".
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)} h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    dayFormats.set(key, format);
  }
  return format;
};

/** The calendar day of `at` in `timeZone` (the browser's when undefined), as a day count. */
function dayNumber(at: Date, timeZone: string | undefined): number {
  const parts = Object.fromEntries(dayFormat(timeZone).formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return Math.round(Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY_MS);
}

/** "Nov 3, 2026" in `timeZone`; empty for an invalid date. */
export function calendarDate(iso: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
}

/** The day a deal was verified as the label says it: "today", "yesterday" or "Nov 3, 2026"; null for no valid date. */
export function verifiedDayText(iso: string | null | undefined, now: number, timeZone: string | undefined): string | null {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const days = dayNumber(new Date(now), timeZone) - dayNumber(at, timeZone);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return calendarDate(iso as string, timeZone);
}
