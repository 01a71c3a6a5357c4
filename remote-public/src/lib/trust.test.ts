import { agoText, calendarDate, verifiedDayText } from './trust';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.parse('2026-11-05T15:30:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('the trust texts', () => {
  it('say how long ago in minutes, hours, then days', () => {
    expect(agoText(before(0), NOW)).toBe('just now');
    expect(agoText(before(59_999), NOW)).toBe('just now');
    // A timestamp slightly ahead of this clock is still "just now".
    expect(agoText(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now');
    expect(agoText(before(MINUTE), NOW)).toBe('1 min ago');
    expect(agoText(before(59 * MINUTE + 59_000), NOW)).toBe('59 min ago');
    expect(agoText(before(HOUR), NOW)).toBe('1 h ago');
    expect(agoText(before(3 * HOUR + 59 * MINUTE), NOW)).toBe('3 h ago');
    expect(agoText(before(23 * HOUR + 59 * MINUTE), NOW)).toBe('23 h ago');
    expect(agoText(before(24 * HOUR), NOW)).toBe('1 day ago');
    expect(agoText(before(29 * 24 * HOUR + 5 * HOUR), NOW)).toBe('29 days ago');
    expect(agoText(null, NOW)).toBeNull();
    expect(agoText('not a date', NOW)).toBeNull();
  });

  it('name the verified day as today, yesterday or the date, in the given zone', () => {
    expect(verifiedDayText('2026-11-05T00:10:00.000Z', NOW, 'UTC')).toBe('today');
    expect(verifiedDayText('2026-11-04T23:50:00.000Z', NOW, 'UTC')).toBe('yesterday');
    expect(verifiedDayText('2026-11-04T00:00:00.000Z', NOW, 'UTC')).toBe('yesterday');
    expect(verifiedDayText('2026-11-03T12:00:00.000Z', NOW, 'UTC')).toBe('Nov 3, 2026');
    expect(verifiedDayText('2025-12-31T12:00:00.000Z', NOW, 'UTC')).toBe('Dec 31, 2025');
    // 7:30 in Los Angeles: 01:00 UTC that day is the evening before there.
    expect(verifiedDayText('2026-11-05T01:00:00.000Z', NOW, 'America/Los_Angeles')).toBe('yesterday');
    expect(verifiedDayText('2026-11-05T09:00:00.000Z', NOW, 'America/Los_Angeles')).toBe('today');
    // Verified a moment "after" now (clocks apart) is today, not a future date.
    expect(verifiedDayText('2026-11-05T15:31:00.000Z', NOW, 'UTC')).toBe('today');
    expect(verifiedDayText(null, NOW, 'UTC')).toBeNull();
    expect(verifiedDayText('soon', NOW, 'UTC')).toBeNull();
  });

  it('write a calendar date in the given zone', () => {
    expect(calendarDate('2026-11-05T01:00:00.000Z', 'UTC')).toBe('Nov 5, 2026');
    expect(calendarDate('2026-11-05T01:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 4, 2026');
    expect(calendarDate('nope', 'UTC')).toBe('');
  });
});
