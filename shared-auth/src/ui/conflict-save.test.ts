import { conflictRows, shownValue } from './conflict-save';

describe('the comparison of an edit conflict', () => {
  const restore = jest.fn();

  it('lists only the fields whose shown values differ, instants to the minute as the pickers save them', () => {
    const mine = { name: 'Mine', startsAt: '2026-11-27T16:41:31.417Z', endsAt: new Date('2026-12-14T02:15:07.283Z'), active: true };
    const latest = { name: 'Theirs', startsAt: '2026-11-27T16:41:00.000Z', endsAt: new Date('2026-12-14T03:15:00.000Z'), active: true };
    const rows = conflictRows(mine, latest, { restore, labels: { name: 'Product Name', endsAt: 'Deal Expires In' } });
    expect(rows.map((row) => row.label)).toEqual(['Product Name', 'Deal Expires In']);
    expect(rows[1]!.mine).toBe(shownValue(new Date('2026-12-14T02:15:00Z')));
    expect(rows[1]!.mine).not.toContain('2026-12-14T');
    rows[0]!.useMine();
    expect(restore).toHaveBeenCalledWith('name', 'Mine');
  });

  it('shows empty values, flags and lists in words', () => {
    expect(shownValue('')).toBe('(empty)');
    expect(shownValue(null)).toBe('(empty)');
    expect(shownValue(false)).toBe('No');
    expect(shownValue(['a', 'b'])).toBe('a, b');
  });
});
