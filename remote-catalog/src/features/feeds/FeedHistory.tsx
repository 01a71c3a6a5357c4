import { useEffect, useState } from 'react';
import { Alert, Drawer, Grid, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FEED_LIMITS, type Feed, type FeedRun, type FeedRunProblem } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { Truncated } from '@deals/shared-auth/ui';
import { formatDateTime } from '../../lib/format';
import { fetchFeedRuns } from './api';
import { COLUMN_HEADERS, formatDuration, RUN_STATUS_COLORS, RUN_STATUS_LABELS, RUN_TRIGGER_LABELS } from './feedText';

const count = (value: number) => value.toLocaleString('en-US');
const figure = (title: string, dataIndex: keyof FeedRun) => ({ title, dataIndex, width: 84, align: 'right' as const, render: (value: number) => count(value) });

const RUN_COLUMNS: ColumnsType<FeedRun> = [
  { title: 'Started', dataIndex: 'startedAt', width: 140, render: (stamp: string) => formatDateTime(stamp) },
  { title: 'Trigger', dataIndex: 'trigger', width: 92, render: (trigger: FeedRun['trigger']) => RUN_TRIGGER_LABELS[trigger] },
  { title: 'Status', dataIndex: 'status', width: 104, render: (status: FeedRun['status']) => <Tag color={RUN_STATUS_COLORS[status]}>{RUN_STATUS_LABELS[status]}</Tag> },
  { title: 'Duration', dataIndex: 'durationMs', width: 96, align: 'right', render: formatDuration },
  figure('Offers', 'offers'),
  figure('Created', 'created'),
  figure('Pending', 'pending'),
  figure('Linked', 'linked'),
  figure('Updated', 'updated'),
  figure('Expired', 'expired'),
  figure('Unchanged', 'unchanged'),
  figure('Rejected', 'rejected'),
  { title: 'Error', dataIndex: 'error', width: 240, render: (error: string | null) => <Truncated text={error} /> },
];

/** "Product Name: Product Name is required": each column's problem, named by the header staff know. */
const problemText = (errors: Record<string, string>) => Object.entries(errors).map(([key, message]) => `${COLUMN_HEADERS[key as keyof typeof COLUMN_HEADERS] ?? key}: ${message}`);

const PROBLEM_COLUMNS: ColumnsType<FeedRunProblem> = [
  { title: 'Line', dataIndex: 'line', width: 72 },
  { title: 'Offer ID', dataIndex: 'offerId', width: 140 },
  { title: 'Name', dataIndex: 'name', width: 220, render: (name: string) => <Truncated text={name} /> },
  {
    title: 'Errors',
    dataIndex: 'errors',
    render: (errors: Record<string, string>) => (
      <ul className="feed-problem-errors" style={{ margin: 0, paddingLeft: 16 }}>
        {problemText(errors).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
  },
];

/** What a run could not take: its offers with problems (the first ones) and the advertisers no store matched. */
function RunProblems({ run }: { run: FeedRun }) {
  const listed = run.problems.length;
  return (
    <div aria-label={`Problems of the run started ${formatDateTime(run.startedAt)}`} role="region">
      {listed > 0 && (
        <Table<FeedRunProblem>
          size="small"
          aria-label="Offers with problems"
          title={() => (listed < run.rejected ? `The first ${count(listed)} of ${count(run.rejected)} offers with problems` : 'Offers with problems')}
          rowKey={(problem) => `${problem.line}-${problem.offerId}`}
          columns={PROBLEM_COLUMNS}
          dataSource={run.problems}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
        />
      )}
      {run.unknownStores.length > 0 && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>Unknown stores</Typography.Text>{' '}
          <Typography.Text type="secondary">(map them under Advertisers, or add the store)</Typography.Text>
          <ul aria-label="Unknown stores" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
            {run.unknownStores.map((name) => (
              <li key={name}>
                <Tag>{name}</Tag>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

type Loaded = { feedId: number; runs: FeedRun[] | null; failed: boolean };

/** A feed's runs, newest first, each with what it read and changed; a run with problems opens to list them. */
export function FeedHistory({ feed, onClose }: { feed: Pick<Feed, 'id' | 'name'>; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const wide = Grid.useBreakpoint().lg ?? true;

  useEffect(() => {
    let current = true;
    fetchFeedRuns(feed.id, FEED_LIMITS.historyRuns).then(
      (runs) => current && setLoaded({ feedId: feed.id, runs, failed: false }),
      (error: unknown) => {
        toast.failure(error);
        if (current) setLoaded({ feedId: feed.id, runs: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [feed.id]);

  const shown = loaded?.feedId === feed.id ? loaded : null;
  return (
    <Drawer title={`History of ${feed.name}`} open onClose={onClose} width={wide ? 1100 : '100%'} destroyOnHidden>
      {shown?.failed && <Alert type="error" showIcon message="The runs could not be loaded" />}
      <Table<FeedRun>
        size="small"
        aria-label="Runs"
        loading={!shown}
        rowKey="id"
        columns={RUN_COLUMNS}
        dataSource={shown?.runs ?? []}
        locale={{ emptyText: 'The feed has not run yet' }}
        expandable={{
          rowExpandable: (run) => run.problems.length > 0 || run.unknownStores.length > 0,
          expandedRowRender: (run) => <RunProblems run={run} />,
        }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 1300 }}
      />
    </Drawer>
  );
}
