import { useCallback, useRef } from 'react';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { CsvColumn } from '@deals/shared-auth';
import { AdminTable, containsText, PageHeader, useClientTable, type TableQuery } from '@deals/shared-auth/ui';
import { fetchPushHistory, type PushNotificationHistoryRow } from './api';
import { DELIVERY_FILTER, DeliveryCell, deliveryText, isSettled } from './delivery';
import { formatDateTime } from './format';
import { SendNotificationForm } from './SendNotificationForm';
import './history.css';

/** How often the history re-loads while a delivery is under way. */
export const POLL_INTERVAL_MS = 3000;

type Row = PushNotificationHistoryRow;

const stamp = (row: Row) => new Date(row.dateCreated).getTime();

const CSV_COLUMNS: CsvColumn<Row>[] = [
  { title: 'Title', value: (row) => row.title },
  { title: 'Message', value: (row) => row.message },
  { title: 'Sent To', value: (row) => row.numberOfDevicesNotificationSentTo },
  { title: 'Targets', value: (row) => row.numberOfTargets },
  { title: 'Created By', value: (row) => row.createdBy ?? '' },
  { title: 'Date Created', value: (row) => formatDateTime(row.dateCreated) },
  { title: 'Delivery', value: (row) => deliveryText(row) },
];

/** Filter and sort on the client; unsorted (and on ties) newest first, as the spec's list is. */
const TABLE_QUERY: TableQuery<Row> = {
  filters: {
    title: containsText((row) => row.title),
    message: containsText((row) => row.message),
    createdBy: containsText((row) => row.createdBy),
    status: (row, value) => row.status === value,
  },
  sorters: {
    title: (row) => row.title,
    numberOfDevicesNotificationSentTo: (row) => row.numberOfDevicesNotificationSentTo,
    createdBy: (row) => row.createdBy,
    dateCreated: stamp,
  },
  tieBreak: (a, b) => stamp(b) - stamp(a) || b.id - a.id,
};

const columns: ProColumns<Row>[] = [
  { title: 'Title', dataIndex: 'title', sorter: true, ellipsis: true, width: 180, fieldProps: { placeholder: 'Part of a title' } },
  { title: 'Message', dataIndex: 'message', ellipsis: true, fieldProps: { placeholder: 'Part of a message' } },
  { title: 'Sent To', dataIndex: 'numberOfDevicesNotificationSentTo', sorter: true, hideInSearch: true, width: 100, align: 'right' },
  { title: 'Created By', dataIndex: 'createdBy', sorter: true, width: 160, ellipsis: true, fieldProps: { placeholder: 'Part of a name' }, render: (_, row) => row.createdBy ?? '—' },
  { title: 'Date Created', dataIndex: 'dateCreated', sorter: true, hideInSearch: true, width: 150, render: (_, row) => formatDateTime(row.dateCreated) },
  { title: 'Delivery', dataIndex: 'status', width: 170, valueType: 'select', valueEnum: DELIVERY_FILTER, render: (_, row) => <DeliveryCell row={row} /> },
];

/**
 * Push notifications (spec 2 §2): send one to every registered device and browser, and follow
 * each one's delivery in the history, which re-loads every few seconds until all are delivered.
 */
export default function HistoryPage() {
  const table = useRef<ActionType>(undefined);
  // Whether the last load found a delivery still under way, over all rows (not only the filtered
  // ones); a failed load stops the polling rather than repeating its error toast every 3 s.
  const underWay = useRef(false);

  const load = useCallback(async () => {
    underWay.current = false;
    const rows = await fetchPushHistory();
    underWay.current = rows.some((row) => !isSettled(row));
    return rows;
  }, []);
  const { request, shownRows } = useClientTable(load, TABLE_QUERY);

  // ProTable re-runs `request` this many ms after each load (0 stops, and unmounting clears its
  // timer). It must keep its identity: ProTable drops the pending timer whenever this changes.
  const polling = useCallback(() => (underWay.current ? POLL_INTERVAL_MS : 0), []);

  const reload = useCallback(() => void table.current?.reload(), []);

  return (
    <>
      <PageHeader title="Push Notifications" />
      <SendNotificationForm onSent={reload} />
      <AdminTable<Row>
        headerTitle="History"
        actionRef={table}
        columns={columns}
        request={request}
        polling={polling}
        scrollX={900}
        csv={{ fileName: 'push-notifications', columns: CSV_COLUMNS, rows: shownRows }}
      />
    </>
  );
}
