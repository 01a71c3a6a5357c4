/**
 * The push notification history as a server-side table:
 * `GET PushNotificationHistory/GetPushNotificationHistory?page=…` and
 * `GET PushNotificationHistory/ExportPushNotificationHistoryCsv`. Without `page`/`pageSize` the
 * history answers as the spec says (every row, newest first).
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  PUSH_KIND_LABELS,
  PUSH_NOTIFICATION_KINDS,
  PUSH_NOTIFICATION_STATUSES,
  type PushNotificationHistoryRow,
  type PushNotificationKind,
  type PushNotificationStatus,
} from './push.ts';
import { DateFilter, tableExportQuerySchema, tableQuerySchema, TextFilter, type TableQuery } from './tables.ts';

/** Sorting keys of the history table. */
export const PUSH_HISTORY_TABLE_SORT_KEYS = ['title', 'message', 'numberOfDevicesNotificationSentTo', 'createdBy', 'dateCreated', 'status', 'kind'] as const;
export type PushHistoryTableSortKey = (typeof PUSH_HISTORY_TABLE_SORT_KEYS)[number];

export const PUSH_HISTORY_MESSAGES = {
  status: `status must be one of ${PUSH_NOTIFICATION_STATUSES.join(', ')}`,
  kind: `kind must be one of ${PUSH_NOTIFICATION_KINDS.join(', ')}`,
} as const;

const PushHistoryTableFilters = Type.Object({
  /** Part of the title, any case. */
  title: TextFilter(),
  /** Part of the message, any case. */
  message: TextFilter(),
  /** Part of the sender's full name, any case. */
  createdBy: TextFilter(),
  /** The delivery state. */
  status: Type.Optional(
    Type.Unsafe<PushNotificationStatus>(Type.String({ enum: [...PUSH_NOTIFICATION_STATUSES], messages: { enum: PUSH_HISTORY_MESSAGES.status, type: PUSH_HISTORY_MESSAGES.status } })),
  ),
  /** Why it was sent: staff notifications apart from new-deal and follow alerts (keyword deal alerts). */
  kind: Type.Optional(
    Type.Unsafe<PushNotificationKind>(Type.String({ enum: [...PUSH_NOTIFICATION_KINDS], messages: { enum: PUSH_HISTORY_MESSAGES.kind, type: PUSH_HISTORY_MESSAGES.kind } })),
  ),
  /** Sent at or after. */
  sentFrom: DateFilter(),
  /** Sent at or before. */
  sentTo: DateFilter(),
});
export const PUSH_HISTORY_TABLE_FILTERS = PushHistoryTableFilters.properties;
export type PushHistoryTableFilters = Static<typeof PushHistoryTableFilters>;
export type PushHistoryTableQuery = TableQuery<PushHistoryTableSortKey> & PushHistoryTableFilters;

/** `GET PushNotificationHistory/GetPushNotificationHistory`: the spec's call plus the table's query. */
export const GetPushNotificationHistoryQuerySchema = tableQuerySchema(PUSH_HISTORY_TABLE_SORT_KEYS, PUSH_HISTORY_TABLE_FILTERS);
export type GetPushNotificationHistoryQuery = Static<typeof GetPushNotificationHistoryQuerySchema>;

/** `GET PushNotificationHistory/ExportPushNotificationHistoryCsv`: every matching row, in the order asked. */
export const ExportPushNotificationHistoryQuerySchema = tableExportQuerySchema(PUSH_HISTORY_TABLE_SORT_KEYS, PUSH_HISTORY_TABLE_FILTERS);
export type ExportPushNotificationHistoryQuery = Static<typeof ExportPushNotificationHistoryQuerySchema>;

/** The console's Delivery column as text: the CSV's value and the cell's accessible wording. */
export function pushDeliveryText(row: Pick<PushNotificationHistoryRow, 'status' | 'numberOfDevicesNotificationSentTo' | 'numberOfTargets'>): string {
  switch (row.status) {
    case 'queued':
      return 'Queued';
    case 'sending':
      return `Sending… ${row.numberOfDevicesNotificationSentTo} of ${row.numberOfTargets}`;
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    default:
      // A status added later: show it rather than hide it.
      return String(row.status);
  }
}

/** The console's Type column as text (CSV and cell): "Staff", "New deal", "Follow alert". */
export function pushKindText(kind: PushNotificationKind): string {
  // A kind added later: show it rather than hide it.
  return PUSH_KIND_LABELS[kind] ?? String(kind);
}
