import { Tag } from 'antd';
import type { PushNotificationKind } from '@deals/contract';
import type { PushNotificationHistoryRow } from './api';

// Why a notification was sent (issue 19 point 4): staff sends apart from the automatic alerts.
// Typed by the contract's kinds, so a kind added there fails the type check here until labelled.

/** The Type column's words and its filter's choices (the contract's PUSH_KIND_LABELS). */
export const KIND_FILTER: Record<PushNotificationKind, { text: string }> = {
  staff: { text: 'Staff' },
  'new-deal': { text: 'New deal' },
  'follow-alert': { text: 'Follow alert' },
};

/** Staff sends plain; the automatic alerts in colours dark enough for white text. */
const KIND_COLORS: Partial<Record<PushNotificationKind, string>> = { 'new-deal': '#0958d9', 'follow-alert': '#531dab' };

/** The Type cell: a tag naming the kind (the word itself when a newer server sends one not known here). */
export function KindCell({ row }: { row: Pick<PushNotificationHistoryRow, 'kind'> }) {
  const text = KIND_FILTER[row.kind]?.text ?? String(row.kind ?? '');
  return <Tag color={KIND_COLORS[row.kind] ?? 'default'}>{text}</Tag>;
}
