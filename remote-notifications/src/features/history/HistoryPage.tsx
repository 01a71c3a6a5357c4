import { useCallback, useMemo, useRef } from 'react';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { TablePage } from '@deals/contract';
import { AdminTable, PageHeader, useServerTable, type ServerTableSpec, type TableParams } from '@deals/shared-auth/ui';
import { ConsoleNav } from '../../components/ConsoleNav';
import { downloadPushHistoryCsv, fetchPushHistoryPage, type PushNotificationHistoryRow } from './api';
import { DELIVERY_FILTER, DeliveryCell, isSettled } from './delivery';
import { formatDateTime } from '../../lib/format';
import { KIND_FILTER, KindCell } from './kind';
import { SendNotificationForm } from './SendNotificationForm';
import './history.css';

/** How often the history re-loads while a delivery is under way. */
export const POLL_INTERVAL_MS = 3000;

type Row = PushNotificationHistoryRow;

/**
 * The history's search fields as the API takes them (`GET PushNotificationHistory/GetPushNotificationHistory?page=…`,
 * paged on the server so a long history stays light): text fields match anywhere, ignoring case;
 * Date Created is a range of days. The sortable columns' keys are the API's; unsorted, the server
 * answers newest first.
 */
export const HISTORY_TABLE_SPEC: ServerTableSpec = {
  fields: {
    title: {},
    message: {},
    createdBy: {},
    sentOn: { kind: 'days', prefix: 'sent' },
    status: {},
    kind: {},
  },
};

const columns: ProColumns<Row>[] = [
  { title: 'Title', dataIndex: 'title', sorter: true, ellipsis: true, width: 180, fieldProps: { placeholder: 'Part of a title' } },
  { title: 'Message', dataIndex: 'message', ellipsis: true, fieldProps: { placeholder: 'Part of a message' } },
  { title: 'Sent To', dataIndex: 'numberOfDevicesNotificationSentTo', sorter: true, hideInSearch: true, width: 100, align: 'right' },
  { title: 'Created By', dataIndex: 'createdBy', sorter: true, width: 160, ellipsis: true, fieldProps: { placeholder: 'Part of a name' }, render: (_, row) => row.createdBy ?? '—' },
  { title: 'Date Created', dataIndex: 'dateCreated', sorter: true, hideInSearch: true, width: 150, render: (_, row) => formatDateTime(row.dateCreated) },
  { title: 'Date Created', dataIndex: 'sentOn', valueType: 'dateRange', hideInTable: true },
  { title: 'Type', dataIndex: 'kind', sorter: true, width: 130, valueType: 'select', valueEnum: KIND_FILTER, render: (_, row) => <KindCell row={row} /> },
  { title: 'Delivery', dataIndex: 'status', width: 170, valueType: 'select', valueEnum: DELIVERY_FILTER, render: (_, row) => <DeliveryCell row={row} /> },
];

/**
 * Push notifications (spec 2 §2): send one to every registered device and browser, and follow
 * each one's delivery in the history (with the automatic new-deal and follow alerts, told apart
 * by their Type so staff can see what the site sent on its own), which re-loads every few seconds
 * until the notifications it shows are all delivered. Paged, filtered and sorted by the API, the
 * state in the URL; Download CSV streams every matching notification from the server.
 */
export default function HistoryPage() {
  const table = useRef<ActionType>(undefined);
  // Whether the last load showed a delivery still under way; a failed load stops the polling
  // rather than repeating its error toast every 3 s.
  const underWay = useRef(false);

  const load = useCallback(async (query: TableParams): Promise<TablePage<Row>> => {
    underWay.current = false;
    const page = await fetchPushHistoryPage(query);
    underWay.current = page.items.some((row) => !isSettled(row));
    return page;
  }, []);
  const { request, initial, withUrlSort, query } = useServerTable(HISTORY_TABLE_SPEC, load);
  const shownColumns = useMemo(() => withUrlSort(columns), [withUrlSort]);

  // ProTable re-runs `request` this many ms after each load (0 stops, and unmounting clears its
  // timer). It must keep its identity: ProTable drops the pending timer whenever this changes.
  const polling = useCallback(() => (underWay.current ? POLL_INTERVAL_MS : 0), []);

  const reload = useCallback(() => void table.current?.reload(), []);

  return (
    <>
      <PageHeader title="Push Notifications" />
      <ConsoleNav />
      <SendNotificationForm onSent={reload} />
      <AdminTable<Row, Record<string, unknown>>
        headerTitle="History"
        actionRef={table}
        columns={shownColumns}
        request={request}
        initial={initial}
        polling={polling}
        scrollX={1030}
        csv={{ download: () => downloadPushHistoryCsv(query()) }}
      />
    </>
  );
}
