import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Spin, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { DASHBOARD_CLICK_DAYS, DASHBOARD_EXPIRING_HOURS, DASHBOARD_TOP_SIZE, type DashboardStats } from '@deals/contract';
import { serverMessage, sessionAtom } from '@deals/shared-auth';
import { EarningsSection } from './EarningsSection';
import { FeedsNotice } from './FeedsNotice';
import { dealEditPath, EMAIL_SENDS_PATH, expiringDealsPath, NEEDS_ATTENTION_PATH } from './links';
import { useDashboardStats } from './useDashboardStats';
import './dashboard.css';

// The chart library is only ever downloaded with the dashboard, and after its figures.
const ClicksChart = lazy(() => import(/* webpackChunkName: "dashboard-chart" */ './ClicksChart'));

const number = (value: number) => value.toLocaleString('en-US');
const NO_CLICKS = 'No clicks yet';

/** What the figures cover, in words: the page says whose deals they are. */
export function scopeText(scope: DashboardStats['scope']): { title: string; text: string } {
  return scope === 'own'
    ? { title: 'Your deals', text: 'Figures of the deals you added and the push notifications you sent.' }
    : { title: 'All deals', text: "Figures of every staff member's deals and all push notifications." };
}

// Six figures: two a row on tablets, three on laptops, one row on wide screens.
function FigureCard({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} sm={12} lg={8} xxl={4}>
      <Card className="dashboard-card">{children}</Card>
    </Col>
  );
}

/**
 * Visitors following deals by email: the confirmed ones receive alerts; the split says how many
 * want each deal at once and how many the daily digest. Admins go on to the sends console.
 */
function EmailSubscribersFigure({ subscribers, isAdmin }: { subscribers: DashboardStats['emailSubscribers']; isAdmin: boolean }) {
  return (
    <>
      <Statistic title="Email alert subscribers" value={subscribers.confirmed} formatter={(value) => number(Number(value))} />
      <Typography.Text type="secondary" className="dashboard-figure-line">
        {number(subscribers.instant)} instant / {number(subscribers.daily)} daily
      </Typography.Text>
      <Typography.Text type="secondary" className="dashboard-figure-line">
        {number(subscribers.pending)} waiting for confirmation
      </Typography.Text>
      {isAdmin && <Link to={EMAIL_SENDS_PATH}>Open the email sends</Link>}
    </>
  );
}

function Figures({ stats, viewerId, isAdmin }: { stats: DashboardStats; viewerId: number | undefined; isAdmin: boolean }) {
  const { notifications } = stats;
  return (
    <Row gutter={[16, 16]}>
      <FigureCard>
        <Statistic title="Live deals" value={stats.liveDeals} formatter={(value) => number(Number(value))} />
        <Typography.Text type="secondary">Active, started, not expired</Typography.Text>
      </FigureCard>
      <FigureCard>
        <Statistic title={`Expiring in the next ${DASHBOARD_EXPIRING_HOURS} h`} value={stats.expiringSoon.count} formatter={(value) => number(Number(value))} />
        <Link to={expiringDealsPath(stats, viewerId)}>{stats.expiringSoon.count === 0 ? 'Open the deals table' : 'Show these deals'}</Link>
      </FigureCard>
      <FigureCard>
        <Statistic
          title="Needs attention"
          value={stats.needsAttention}
          formatter={(value) => number(Number(value))}
          valueStyle={stats.needsAttention > 0 ? { color: '#ad4e00' } : undefined}
        />
        <Link to={NEEDS_ATTENTION_PATH}>{stats.needsAttention === 0 ? 'Open the list' : 'Review these deals'}</Link>
      </FigureCard>
      <FigureCard>
        <Statistic title={`Notifications sent (${DASHBOARD_CLICK_DAYS} days)`} value={notifications.sent} formatter={(value) => number(Number(value))} />
        <Typography.Text type="secondary">Queued ones included</Typography.Text>
      </FigureCard>
      <FigureCard>
        <Statistic title={`Devices reached (${DASHBOARD_CLICK_DAYS} days)`} value={notifications.delivered} formatter={(value) => number(Number(value))} />
        <Typography.Text type="secondary">of {number(notifications.targets)} targeted</Typography.Text>
      </FigureCard>
      <FigureCard>
        <EmailSubscribersFigure subscribers={stats.emailSubscribers} isAdmin={isAdmin} />
      </FigureCard>
    </Row>
  );
}

function ClicksCard({ days }: { days: DashboardStats['clicksPerDay'] }) {
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  return (
    <Card className="dashboard-card" title={`Clicks per day (last ${DASHBOARD_CLICK_DAYS} days)`}>
      {total === 0 ? (
        <Empty description={NO_CLICKS} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <figure className="dashboard-chart" aria-label={`Clicks per day over the last ${DASHBOARD_CLICK_DAYS} days`}>
          <figcaption>
            {number(total)} unique clicks in all (each visitor counted once per deal and day; days in UTC)
          </figcaption>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
            <ClicksChart days={days} />
          </Suspense>
        </figure>
      )}
    </Card>
  );
}

interface TopRow {
  id: number;
  clicks: number;
}

function TopList<Row extends TopRow>({ title, rows, label, name }: { title: string; rows: readonly Row[]; label: string; name: (row: Row) => ReactNode }) {
  return (
    <Card className="dashboard-card" title={title}>
      {rows.length === 0 ? (
        <Empty description={NO_CLICKS} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="dashboard-top" aria-label={label}>
          {rows.map((row, index) => (
            <li key={row.id}>
              <span className="dashboard-top-rank" aria-hidden="true">
                {index + 1}.
              </span>
              <span className="dashboard-top-name">{name(row)}</span>
              <span className="dashboard-top-clicks">
                {number(row.clicks)} <span className="dashboard-top-unit">{row.clicks === 1 ? 'click' : 'clicks'}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * The dashboard's report: live and expiring deals, notifications, clicks per day, the Top 10
 * deals and stores, and affiliate earnings, for the staff member's own deals or (admins) everyone's.
 */
export default function DashboardReport() {
  const { user, isAdmin } = useAtomValue(sessionAtom);
  const { state, refresh } = useDashboardStats();

  if (state.status === 'loading') {
    return (
      <section className="dashboard-report" aria-busy="true">
        <Spin tip="Loading the figures…">
          <div style={{ minHeight: 160 }} />
        </Spin>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className="dashboard-report">
        <Alert
          type="error"
          showIcon
          message="The figures could not be loaded"
          description={serverMessage(state.error)}
          action={
            <Button size="small" onClick={refresh}>
              Try again
            </Button>
          }
        />
      </section>
    );
  }

  const { stats, refreshing } = state;
  const scope = scopeText(stats.scope);
  return (
    <section className="dashboard-report" aria-labelledby="dashboard-report-title">
      <div className="dashboard-report-head">
        <div>
          <Typography.Title level={3} id="dashboard-report-title">
            {scope.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {scope.text} Clicks and notifications: last {DASHBOARD_CLICK_DAYS} days.
          </Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh}>
          Refresh
        </Button>
      </div>
      <FeedsNotice stats={stats} isAdmin={isAdmin} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Figures stats={stats} viewerId={user?.id} isAdmin={isAdmin} />
        </Col>
        <Col span={24}>
          <ClicksCard days={stats.clicksPerDay} />
        </Col>
        <Col xs={24} lg={12}>
          <TopList
            title={`Top ${DASHBOARD_TOP_SIZE} deals by clicks`}
            label="Top deals by clicks"
            rows={stats.topDeals}
            name={(deal) => (
              <>
                <Link to={dealEditPath(deal.id)}>{deal.name}</Link>
                <span className="dashboard-top-store">{deal.store}</span>
              </>
            )}
          />
        </Col>
        <Col xs={24} lg={12}>
          <TopList title={`Top ${DASHBOARD_TOP_SIZE} stores by clicks`} label="Top stores by clicks" rows={stats.topStores} name={(store) => <span>{store.name}</span>} />
        </Col>
        <Col span={24}>
          <EarningsSection earnings={stats.earnings} days={stats.clicksPerDay.map((day) => day.day)} />
        </Col>
      </Row>
    </section>
  );
}
