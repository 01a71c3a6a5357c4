import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardClickDay } from '@deals/contract';
import { shortDay } from './links';

const BAR_COLOR = '#213c63';

/**
 * Clicks per UTC day as bars. Its own module, imported with React.lazy by the dashboard only, so
 * the chart library is a separate chunk that no other screen (and no visitor page) downloads.
 */
export default function ClicksChart({ days }: { days: readonly DashboardClickDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={260} initialDimension={{ width: 600, height: 260 }}>
      <BarChart data={[...days]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(day) => `${shortDay(String(day))} (UTC)`} formatter={(clicks) => [Number(clicks).toLocaleString('en-US'), 'Clicks']} />
        <Bar dataKey="clicks" name="Clicks" fill={BAR_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
