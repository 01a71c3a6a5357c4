import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Card, DatePicker, Flex, Form, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EARNINGS_DEFAULT_DAYS, EARNINGS_GROUPS, type EarningsGroup, type EarningsReport as Report, type EarningsRow } from '@deals/contract/commissions';
import { serverMessage } from '@deals/shared-auth';
import { formatEpc, formatMoney, formatPercent } from '@deals/contract/money-format';
import { fetchEarnings } from './api';

const DAY_FORMAT = 'YYYY-MM-DD';
const GROUP_LABELS: Record<EarningsGroup, string> = { day: 'Day', deal: 'Deal', store: 'Store' };

const count = (value: number) => value.toLocaleString('en-US');
/** Money of a row; a row without currency earned nothing. */
const money = (format: (amount: number, currency: string) => string) => (amount: number, row: EarningsRow) => (row.currency ? format(amount, row.currency) : '—');

/** The figures' columns, shared by the rows and the totals. */
const FIGURE_COLUMNS: ColumnsType<EarningsRow> = [
  { title: 'Currency', dataIndex: 'currency', width: 96, render: (currency: string | null) => currency ?? '—' },
  { title: 'Clicks', dataIndex: 'clicks', align: 'right', render: count },
  { title: 'Conversions', dataIndex: 'conversions', align: 'right', render: count },
  { title: 'Revenue', dataIndex: 'revenue', align: 'right', render: money(formatMoney) },
  { title: 'Commission', dataIndex: 'commission', align: 'right', render: money(formatMoney) },
  { title: 'EPC', dataIndex: 'epc', align: 'right', render: money(formatEpc) },
  { title: 'Conversion rate', dataIndex: 'conversionRate', align: 'right', render: formatPercent },
];

const nameColumn = (groupBy: EarningsGroup): ColumnsType<EarningsRow>[number] => ({
  title: GROUP_LABELS[groupBy],
  dataIndex: 'name',
  render: (name: string, row) =>
    row.store ? (
      <>
        {name} <Typography.Text type="secondary">({row.store})</Typography.Text>
      </>
    ) : (
      name
    ),
});

// A key earning in two currencies has a row for each.
const rowKey = (row: EarningsRow) => `${row.key}-${row.currency ?? 'none'}`;

type Range = [Dayjs, Dayjs];
/** The answer to one query (`groupBy|from|to`): its report or why there is none. */
type Loaded = { query: string; report: Report | null; failure: string | null };

/** The last 30 days, today included (the API's default range). */
const defaultRange = (): Range => [dayjs().subtract(EARNINGS_DEFAULT_DAYS - 1, 'day').startOf('day'), dayjs().startOf('day')];

/** Earnings per day, deal or store over a chosen range, each currency on its own rows and totals. */
export function EarningsReport() {
  const [range, setRange] = useState<Range>(defaultRange);
  const [groupBy, setGroupBy] = useState<EarningsGroup>('day');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const from = range[0].format(DAY_FORMAT);
  const to = range[1].format(DAY_FORMAT);
  const query = `${groupBy}|${from}|${to}`;

  useEffect(() => {
    let current = true;
    fetchEarnings({ groupBy, from, to }).then(
      (answer) => current && setLoaded({ query, report: answer, failure: null }),
      (error: unknown) => current && setLoaded({ query, report: null, failure: serverMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [groupBy, from, to, query]);

  // Until the new answer comes, the last one stays under the spinner.
  const loading = loaded?.query !== query;
  const report = loaded?.report ?? null;
  const failure = loading ? null : (loaded?.failure ?? null);
  return (
    <Card title="Earnings" style={{ marginTop: 16 }}>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 8 }}>
        <Form.Item label="Days (UTC)" htmlFor="earnings-from" style={{ margin: 0 }}>
          <DatePicker.RangePicker
            id={{ start: 'earnings-from', end: 'earnings-to' }}
            value={range}
            format={DAY_FORMAT}
            allowClear={false}
            onChange={(chosen) => {
              if (chosen?.[0] && chosen[1]) setRange([chosen[0], chosen[1]]);
            }}
          />
        </Form.Item>
      </Flex>
      <Tabs activeKey={groupBy} onChange={(key) => setGroupBy(key as EarningsGroup)} items={EARNINGS_GROUPS.map((group) => ({ key: group, label: `By ${GROUP_LABELS[group].toLowerCase()}` }))} />
      {failure && <Alert type="error" showIcon message="The earnings could not be loaded" description={failure} style={{ marginBottom: 16 }} />}
      <Table<EarningsRow>
        aria-label={`Earnings by ${groupBy}`}
        size="small"
        loading={loading}
        rowKey={rowKey}
        columns={[nameColumn(groupBy), ...FIGURE_COLUMNS]}
        dataSource={report?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 900 }}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Totals per currency
      </Typography.Title>
      <Table<EarningsRow> aria-label="Totals per currency" size="small" rowKey={rowKey} columns={FIGURE_COLUMNS} dataSource={report?.totals ?? []} pagination={false} scroll={{ x: 800 }} />
    </Card>
  );
}
