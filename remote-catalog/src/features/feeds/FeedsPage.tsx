import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Grid, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import type { Feed } from '@deals/contract';
import { confirmAction, toast } from '@deals/shared-auth';
import { AdminOnly, AdminTable, containsText, flagIs, PageHeader, useClientTable, visibleWidth, type TableQuery } from '@deals/shared-auth/ui';
import { deleteFeed, fetchFeeds } from './api';
import { FEED_CSV, feedColumns } from './feedColumns';
import { FeedHistory } from './FeedHistory';
import { FeedModal } from './FeedModal';
import { useRunFeed } from './useRunFeed';

const byName = (a: Feed, b: Feed) => a.name.localeCompare(b.name) || a.id - b.id;

const QUERY: TableQuery<Feed> = {
  filters: { name: containsText((feed) => feed.name), isActive: flagIs((feed) => feed.isActive) },
  sorters: { name: (feed) => feed.name, everyHours: (feed) => feed.everyHours, nextRunAt: (feed) => feed.nextRunAt, offersPending: (feed) => feed.offersPending, isActive: (feed) => feed.isActive },
  tieBreak: byName,
};

/** /admin/management/feeds, admins only: the affiliate networks' offer feeds, their runs, and Run now. */
export default function FeedsPage() {
  return (
    <AdminOnly what="feeds">
      <Feeds />
    </AdminOnly>
  );
}

/** Delete, after a confirmation naming the feed; the table is read again after. */
function useRemoveFeed(reload: () => unknown) {
  return useCallback(
    (feed: Feed) =>
      void confirmAction({
        title: 'Delete Feed',
        text: `Delete the feed "${feed.name}"? Its run history and the offers waiting for review go with it; deals it already made stay. This cannot be undone.`,
        rightBtnText: 'Delete',
        action: async () => {
          toast.success((await deleteFeed(feed.id)).message);
          await reload();
        },
      }),
    [reload],
  );
}

function Feeds() {
  const table = useRef<ActionType>(undefined);
  const { request, shownRows } = useClientTable(fetchFeeds, QUERY);
  // Which feed the modal edits (0 adds one), and whose history is open.
  const [editing, setEditing] = useState<number | null>(null);
  const [history, setHistory] = useState<Feed | null>(null);

  const reload = useCallback(() => table.current?.reload(), []);
  const { running, run } = useRunFeed(reload);

  const closeModal = useCallback(
    (saved: boolean) => {
      setEditing(null);
      if (saved) void reload();
    },
    [reload],
  );

  const remove = useRemoveFeed(reload);
  const wide = Grid.useBreakpoint().md ?? true;
  const columns = useMemo(
    () => feedColumns({ running, run: (feed) => void run(feed), edit: (feed) => setEditing(feed.id), history: setHistory, remove }, wide),
    [running, run, remove, wide],
  );

  return (
    <>
      <PageHeader
        title="Feeds"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
            Add feed
          </Button>
        }
      >
        <Typography.Text type="secondary">The affiliate networks’ offer feeds, read on a schedule: new offers wait in the review queue or go live, ended ones are switched off.</Typography.Text>
      </PageHeader>
      <AdminTable<Feed>
        actionRef={table}
        columns={columns}
        request={request}
        jumpToPage={false}
        scrollX={visibleWidth(columns, {})}
        csv={{ fileName: 'feeds', columns: FEED_CSV, rows: shownRows }}
      />
      {editing !== null && <FeedModal id={editing} onClose={closeModal} />}
      {history && <FeedHistory feed={history} onClose={() => setHistory(null)} />}
    </>
  );
}
