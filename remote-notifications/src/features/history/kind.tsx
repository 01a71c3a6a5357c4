import { Tag } from 'antd';
import type { PushNotificationKind } from '@deals/contract';
import { PUSH_KIND_LABELS } from '@deals/contract/push';
import { pushKindText } from '@deals/contract/push-history-table';
import type { PushNotificationHistoryRow } from './api';

// Why a notification was sent: staff sends told apart from the automatic new-deal and follow
// alerts. The words are the contract's, the same the server writes in the CSV's Type column.

/** The Type filter's choices: one per kind the contract knows. */
export const KIND_FILTER = Object.fromEntries(Object.entries(PUSH_KIND_LABELS).map(([kind, text]) => [kind, { text }])) as Record<PushNotificationKind, { text: string }>;

/** Staff sends plain; the automatic alerts in colours dark enough for white text. */
const KIND_COLORS: Partial<Record<PushNotificationKind, string>> = { 'new-deal': '#0958d9', 'follow-alert': '#531dab' };

/** The Type cell: a tag naming the kind (the word itself when a newer server sends one not known here). */
export function KindCell({ row }: { row: Pick<PushNotificationHistoryRow, 'kind'> }) {
  const text = row.kind ? pushKindText(row.kind) : '';
  return <Tag color={KIND_COLORS[row.kind] ?? 'default'}>{text}</Tag>;
}
