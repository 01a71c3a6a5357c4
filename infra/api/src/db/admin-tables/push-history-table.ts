/**
 * The push notification history table (`GET PushNotificationHistory/GetPushNotificationHistory?page=…`,
 * `PushNotificationHistory/ExportPushNotificationHistoryCsv`): its filters, sorts and row JSON
 * (`PushNotificationHistoryRow`, as the unpaged spec call writes it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import type { PushNotificationHistoryRow } from '@deals/contract';
import { pushDeliveryText, pushKindText, type PushHistoryTableQuery, type PushHistoryTableSortKey } from '@deals/contract/push-history-table';
import { containsPattern, isoText, type AdminTable } from './table.js';

export function pushHistoryWhere(query: PushHistoryTableQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.title?.trim()) conditions.push(sql`h.title ILIKE ${containsPattern(query.title.trim())}`);
  if (query.message?.trim()) conditions.push(sql`h.message ILIKE ${containsPattern(query.message.trim())}`);
  if (query.createdBy?.trim()) conditions.push(sql`EXISTS (SELECT 1 FROM users a WHERE a.id = h.created_by_id AND a.full_name ILIKE ${containsPattern(query.createdBy.trim())})`);
  if (query.status) conditions.push(sql`h.status = ${query.status}`);
  if (query.kind) conditions.push(sql`h.kind = ${query.kind}`);
  if (query.sentFrom) conditions.push(sql`h.date_created >= ${query.sentFrom}::timestamptz`);
  if (query.sentTo) conditions.push(sql`h.date_created <= ${query.sentTo}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

export const PUSH_HISTORY_TABLE: AdminTable<PushHistoryTableQuery, PushHistoryTableSortKey> = {
  id: sql`h.id`,
  from: (query, sortBy) => sql`FROM push_notification_history h
    ${sortBy === 'createdBy' ? sql`LEFT JOIN users u ON u.id = h.created_by_id` : sql``}
    WHERE ${pushHistoryWhere(query)}`,
  sort: {
    title: sql`lower(h.title)`,
    message: sql`lower(h.message)`,
    numberOfDevicesNotificationSentTo: sql`h.number_of_devices_sent_to`,
    createdBy: sql`lower(u.full_name)`,
    // The spec call's order (and the index push_history_date_idx).
    dateCreated: sql`h.date_created`,
    status: sql`h.status`,
    kind: sql`h.kind`,
  },
  nullable: ['createdBy'],
  defaultSort: 'dateCreated',
  defaultOrder: 'desc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', h.id, 'title', h.title, 'message', h.message,
      'numberOfDevicesNotificationSentTo', h.number_of_devices_sent_to, 'numberOfTargets', h.number_of_targets,
      'createdBy', u.full_name, 'dateCreated', ${isoText('h.date_created')}, 'status', h.status,
      'kind', h.kind
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN push_notification_history h ON h.id = page.id
    LEFT JOIN users u ON u.id = h.created_by_id`,
};

/** Download CSV of the history table: the columns the console's download wrote, dates in the viewer's zone. */
export function pushHistoryCsvColumns(dateTime: (stamp: string | null) => string): CsvColumn<PushNotificationHistoryRow>[] {
  return [
    { title: 'Title', value: (row) => row.title },
    { title: 'Message', value: (row) => row.message },
    { title: 'Sent To', value: (row) => row.numberOfDevicesNotificationSentTo },
    { title: 'Targets', value: (row) => row.numberOfTargets },
    { title: 'Created By', value: (row) => row.createdBy ?? '' },
    { title: 'Date Created', value: (row) => dateTime(row.dateCreated) },
    { title: 'Delivery', value: (row) => pushDeliveryText(row) },
    { title: 'Type', value: (row) => pushKindText(row.kind) },
  ];
}
