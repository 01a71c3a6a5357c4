import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { DASHBOARD_CLICK_DAYS, DASHBOARD_TOP_SIZE, type DashboardEarnings, type EarningsRow } from '@deals/contract';
import { dealEditPath } from './links';
import { formatEpc, formatMoney, formatPercent } from '@deals/contract/money-format';

// Same chunk as the clicks chart: the chart library comes once, with the dashboard's figures.
const EarningsChart = lazy(() => import(/* webpackChunkName: "dashboard-chart" */ './EarningsChart'));

export const NO_COMMISSIONS = `No commissions in the last ${DASHBOARD_CLICK_DAYS} days`;

const number = (value: number) => value.toLocaleString('en-US');

/** Rows that carry money: a row without a currency only counts clicks that earned nothing. */
const earning = (rows: readonly EarningsRow[]) => rows.filter((row): row is EarningsRow & { currency: string } => row.currency !== null);

/** One currency's totals: each figure in that currency alone. */
function CurrencyTotals({ row }: { row: EarningsRow & { currency: string } }) {
  return (
    <Card className="dashboard-card" size="small" title={`In ${row.currency}`} role="region" aria-label={`Earnings in ${row.currency}`}>
      <Row gutter={[16, 8]}>
        <Col xs={12} md={6}>
          <Statistic title="Commission" value={formatMoney(row.commission, row.currency)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Conversions" value={number(row.conversions)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="EPC" value={formatEpc(row.epc, row.currency)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Conversion rate" value={formatPercent(row.conversionRate)} />
        </Col>
      </Row>
    </Card>
  );
}

function TopEarners({ title, label, rows, name }: { title: string; label: string; rows: readonly EarningsRow[]; name: (row: EarningsRow) => ReactNode }) {
  const shown = earning(rows);
  return (
    <Card className="dashboard-card" title={title}>
      {shown.length === 0 ? (
        <Empty description={NO_COMMISSIONS} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="dashboard-top" aria-label={label}>
          {shown.map((row, index) => (
            // A deal or store earning in two currencies has a row for each.
            <li key={`${row.key}-${row.currency}`}>
              <span className="dashboard-top-rank" aria-hidden="true">
                {index + 1}.
              </span>
              <span className="dashboard-top-name">{name(row)}</span>
              <span className="dashboard-top-clicks">
                {formatMoney(row.commission, row.currency)} <span className="dashboard-top-unit">EPC {formatEpc(row.epc, row.currency)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** Affiliate earnings of the last 30 days: totals per currency, commission per day, Top deals and stores. */
export function EarningsSection({ earnings, days }: { earnings: DashboardEarnings; days: readonly string[] }) {
  const totals = earning(earnings.totals);
  const currencies = totals.map((row) => row.currency);
  return (
    <Card className="dashboard-card" title={`Earnings (last ${DASHBOARD_CLICK_DAYS} days)`}>
      {totals.length === 0 ? (
        <Empty description={NO_COMMISSIONS} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Row gutter={[16, 16]}>
          {totals.map((row) => (
            <Col key={row.currency} xs={24} xl={totals.length > 1 ? 12 : 24}>
              <CurrencyTotals row={row} />
            </Col>
          ))}
          <Col span={24}>
            <figure className="dashboard-chart" aria-label="Commission per day">
              <figcaption>Pending and approved commission per day{currencies.length > 1 ? ', one series per currency' : ''} (days in UTC)</figcaption>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
                <EarningsChart days={days} perDay={earnings.perDay} currencies={currencies} />
              </Suspense>
            </figure>
          </Col>
          <Col xs={24} lg={12}>
            <TopEarners
              title={`Top ${DASHBOARD_TOP_SIZE} deals by commission`}
              label="Top deals by commission"
              rows={earnings.topDeals}
              name={(row) => (
                <>
                  <Link to={dealEditPath(Number(row.key))}>{row.name}</Link>
                  {row.store && <span className="dashboard-top-store">{row.store}</span>}
                </>
              )}
            />
          </Col>
          <Col xs={24} lg={12}>
            <TopEarners title={`Top ${DASHBOARD_TOP_SIZE} stores by commission`} label="Top stores by commission" rows={earnings.topStores} name={(row) => <span>{row.name}</span>} />
          </Col>
        </Row>
      )}
    </Card>
  );
}

