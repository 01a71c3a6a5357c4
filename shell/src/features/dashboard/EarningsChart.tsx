import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardEarnings } from '@deals/contract';
import { shortDay } from './links';
import { formatMoney } from '@deals/contract/money-format';

const SERIES_COLORS = ['#213c63', '#d48806', '#389e0d', '#722ed1', '#cf1322'];

type DayRow = { day: string } & Record<string, number | string>;

/**
 * Every day of the range with each currency's commission as its own key: one bar series per
 * currency, never a sum of two. The API leaves out days without commission; they are drawn as 0.
 */
export function commissionDays(days: readonly string[], perDay: DashboardEarnings['perDay'], currencies: readonly string[]): DayRow[] {
  return days.map((day) => {
    const row: DayRow = { day };
    for (const currency of currencies) row[currency] = 0;
    for (const entry of perDay) if (entry.day === day) row[entry.currency] = entry.commission;
    return row;
  });
}

/** Commission per UTC day, one series per currency. Lazily loaded with the clicks chart. */
export default function EarningsChart({ days, perDay, currencies }: { days: readonly string[]; perDay: DashboardEarnings['perDay']; currencies: readonly string[] }) {
  return (
    <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
      <BarChart data={commissionDays(days, perDay, currencies)} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(day) => `${shortDay(String(day))} (UTC)`} formatter={(amount, currency) => [formatMoney(Number(amount), String(currency)), String(currency)]} />
        {currencies.length > 1 && <Legend />}
        {currencies.map((currency, index) => (
          <Bar key={currency} dataKey={currency} name={currency} fill={SERIES_COLORS[index % SERIES_COLORS.length]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
