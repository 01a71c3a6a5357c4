import { Link } from 'react-router-dom';
import { Alert, Col, Row } from 'antd';
import type { DashboardStats, FailingFeed } from '@deals/contract';
import { FEED_REVIEW_PATH, FEEDS_PATH } from './links';

const number = (value: number) => value.toLocaleString('en-US');

function FailingFeedLine({ feed, linked }: { feed: FailingFeed; linked: boolean }) {
  return (
    <li>
      {linked ? <Link to={FEEDS_PATH}>{feed.name}</Link> : <strong>{feed.name}</strong>}
      {` failed ${number(feed.consecutiveFailures)} times in a row`}
      {feed.lastError && <span className="dashboard-feed-error">: {feed.lastError}</span>}
    </li>
  );
}

/**
 * The feeds' part of the dashboard, shown only when there is something to do: feeds whose last runs
 * failed (linked to the feeds screen for admins, the only ones who may change them) and the offers
 * waiting in the review queue.
 */
export function FeedsNotice({ stats, isAdmin }: { stats: Pick<DashboardStats, 'failingFeeds' | 'feedOffersPending'>; isAdmin: boolean }) {
  const failing = stats.failingFeeds ?? [];
  const pending = stats.feedOffersPending ?? 0;
  if (failing.length === 0 && pending === 0) return null;
  return (
    <Row gutter={[16, 16]} className="dashboard-feeds">
      {failing.length > 0 && (
        <Col xs={24} xl={pending > 0 ? 16 : 24}>
          <section aria-label="Feeds failing">
            <Alert
              type="error"
              showIcon
              message="Feeds failing"
              description={
                <ul className="dashboard-feed-list">
                  {failing.map((feed) => (
                    <FailingFeedLine key={feed.id} feed={feed} linked={isAdmin} />
                  ))}
                </ul>
              }
            />
          </section>
        </Col>
      )}
      {pending > 0 && (
        <Col xs={24} xl={failing.length > 0 ? 8 : 24}>
          <section aria-label="Offers to review">
            <Alert type="info" showIcon message={<Link to={FEED_REVIEW_PATH}>Offers to review: {number(pending)}</Link>} />
          </section>
        </Col>
      )}
    </Row>
  );
}
