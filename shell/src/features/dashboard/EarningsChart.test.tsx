import { commissionDays } from './EarningsChart';

describe('the commission chart data', () => {
  it('gives every day each currency as its own series, 0 on days without commission, never a sum', () => {
    const rows = commissionDays(
      ['2026-06-28', '2026-06-29', '2026-06-30'],
      [
        { day: '2026-06-28', currency: 'EUR', commission: 4 },
        { day: '2026-06-28', currency: 'USD', commission: 6 },
        { day: '2026-06-30', currency: 'USD', commission: 1.5 },
      ],
      ['EUR', 'USD'],
    );
    expect(rows).toEqual([
      { day: '2026-06-28', EUR: 4, USD: 6 },
      { day: '2026-06-29', EUR: 0, USD: 0 },
      { day: '2026-06-30', EUR: 0, USD: 1.5 },
    ]);
  });
});
