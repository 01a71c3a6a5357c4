import { Link } from 'react-router-dom';
import { Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { FEED_LIMITS, FEED_MODE_LABELS, type Feed, type FeedMode } from '@deals/contract';
import type { CsvColumn } from '@deals/shared-auth';
import { RowAction, Truncated } from '@deals/shared-auth/ui';
import { formatDateTime, yesNo, YES_NO_FILTER } from '../../lib/format';
import { feedReviewPath } from '../feed-review';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS, runSummary, urlHost } from './feedText';

export interface FeedHandlers {
  running: ReadonlySet<number>;
  run: (feed: Feed) => void;
  edit: (feed: Feed) => void;
  history: (feed: Feed) => void;
  remove: (feed: Feed) => void;
}

const MODE_WORDS: Record<FeedMode, string> = { REVIEW: 'Review', LIVE: 'Live' };

/** The last run: its status and when, then what it changed or why it failed. */
export function LastRunCell({ feed }: { feed: Feed }) {
  const run = feed.lastRun;
  if (!run) return <Typography.Text type="secondary">Never run</Typography.Text>;
  return (
    <div className="feed-last-run">
      <div>
        <Tag color={RUN_STATUS_COLORS[run.status]}>{RUN_STATUS_LABELS[run.status]}</Tag>
        <Typography.Text type="secondary">{formatDateTime(run.startedAt)}</Typography.Text>
      </div>
      {run.status === 'SUCCEEDED' && <div>{runSummary(run)}</div>}
      {run.status === 'FAILED' && (
        <Typography.Text type="danger">
          {feed.consecutiveFailures >= FEED_LIMITS.failingAfter && `Failed ${feed.consecutiveFailures} times in a row: `}
          <Truncated text={run.error} />
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The feeds table's columns: a small list, filtered by name and sorted on the client. On a wide
 * screen the actions and the name stay pinned; on a phone they would fill it.
 */
export function feedColumns({ running, run, edit, history, remove }: FeedHandlers, wide: boolean): ProColumns<Feed>[] {
  const pinned = wide ? ('left' as const) : undefined;
  return [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 140,
      fixed: pinned,
      render: (_, feed) => (
        <Space size={4}>
          <RowAction iconOnly label="Run now" name={`Run ${feed.name} now`} icon={<PlayCircleOutlined />} loading={running.has(feed.id)} onClick={() => run(feed)} />
          <RowAction iconOnly label="Edit" name={`Edit ${feed.name}`} icon={<EditOutlined />} onClick={() => edit(feed)} />
          <RowAction iconOnly label="History" name={`History of ${feed.name}`} icon={<HistoryOutlined />} onClick={() => history(feed)} />
          <RowAction iconOnly danger label="Delete" name={`Delete ${feed.name}`} icon={<DeleteOutlined />} onClick={() => remove(feed)} />
        </Space>
      ),
    },
    { title: 'Name', dataIndex: 'name', sorter: true, width: 136, fixed: pinned, fieldProps: { placeholder: 'Part of a name' }, render: (_, feed) => <Truncated text={feed.name} /> },
    { title: 'URL host', dataIndex: 'url', search: false, width: 112, render: (_, feed) => <Truncated text={urlHost(feed.url)} /> },
    // Format and mode share a column, so the table's defaults fit a 1440 px screen without scrolling sideways.
    { title: 'Format · Mode', dataIndex: 'mode', search: false, width: 112, render: (_, feed) => <span title={FEED_MODE_LABELS[feed.mode]}>{`${feed.format} · ${MODE_WORDS[feed.mode]}`}</span> },
    { title: 'Every (h)', dataIndex: 'everyHours', sorter: true, search: false, width: 76, align: 'right' },
    { title: 'Last run', dataIndex: 'lastRun', search: false, width: 224, render: (_, feed) => <LastRunCell feed={feed} /> },
    { title: 'Next run', dataIndex: 'nextRunAt', sorter: true, search: false, width: 128, render: (_, feed) => (feed.isActive ? formatDateTime(feed.nextRunAt) || '—' : 'Off') },
    {
      title: 'Pending',
      dataIndex: 'offersPending',
      sorter: true,
      search: false,
      width: 96,
      align: 'right',
      render: (_, feed) => (
        <Link to={feedReviewPath(feed.id)} aria-label={`${feed.offersPending.toLocaleString('en-US')} offers of ${feed.name} to review`}>
          {feed.offersPending.toLocaleString('en-US')}
        </Link>
      ),
    },
    { title: 'Active', dataIndex: 'isActive', sorter: true, width: 80, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, feed) => yesNo(feed.isActive) },
  ];
}

export const FEED_CSV: readonly CsvColumn<Feed>[] = [
  { title: 'Name', value: (feed) => feed.name },
  { title: 'URL host', value: (feed) => urlHost(feed.url) },
  { title: 'Format', value: (feed) => feed.format },
  { title: 'Mode', value: (feed) => MODE_WORDS[feed.mode] },
  { title: 'Every (h)', value: (feed) => feed.everyHours },
  { title: 'Last run', value: (feed) => (feed.lastRun ? RUN_STATUS_LABELS[feed.lastRun.status] : null) },
  { title: 'Last run started', value: (feed) => formatDateTime(feed.lastRun?.startedAt) },
  { title: 'Last run result', value: (feed) => (feed.lastRun?.status === 'SUCCEEDED' ? runSummary(feed.lastRun) : feed.lastRun?.error) },
  { title: 'Next run', value: (feed) => formatDateTime(feed.nextRunAt) },
  { title: 'Pending offers', value: (feed) => feed.offersPending },
  { title: 'Active', value: (feed) => yesNo(feed.isActive) },
];
