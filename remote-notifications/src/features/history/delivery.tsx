import { Flex, Progress, Tag } from 'antd';
import type { PushNotificationStatus } from '@deals/contract';
import { pushDeliveryText } from '@deals/contract/push-history-table';
import type { PushNotificationHistoryRow } from './api';

// How far a notification's delivery has got (the worker moves a row queued → sending → done).

/** Statuses after which a row no longer changes: the console stops re-polling for it. */
const SETTLED: readonly PushNotificationStatus[] = ['done', 'failed'];

export const isSettled = (row: Pick<PushNotificationHistoryRow, 'status'>) => SETTLED.includes(row.status);

/** The Delivery filter's choices. */
export const DELIVERY_FILTER: Record<PushNotificationStatus, { text: string }> = { queued: { text: 'Queued' }, sending: { text: 'Sending' }, done: { text: 'Done' }, failed: { text: 'Failed' } };

/**
 * Solid tags (white text) in antd's dark green and red: its light `success` and `error` tags put
 * #52c41a on #f6ffed (contrast 2.2) and #ff4d4f on #fff2f0, below WCAG's 4.5:1 for small text.
 */
const TAG_COLORS: Partial<Record<PushNotificationStatus, string>> = { done: '#237804', failed: '#a8071a', queued: 'default' };

/**
 * The Delivery cell: a tag, or while sending the count reached so far over a progress bar. Its
 * words are the contract's, the same the server writes in the CSV's Delivery column.
 */
export function DeliveryCell({ row }: { row: PushNotificationHistoryRow }) {
  const text = pushDeliveryText(row);
  if (row.status === 'sending') {
    const percent = row.numberOfTargets > 0 ? Math.min(100, Math.round((row.numberOfDevicesNotificationSentTo / row.numberOfTargets) * 100)) : 0;
    return (
      <Flex vertical gap={2} style={{ minWidth: 120 }}>
        <span>{text}</span>
        <Progress percent={percent} size="small" showInfo={false} status="active" aria-label={text} />
      </Flex>
    );
  }
  return <Tag color={TAG_COLORS[row.status] ?? 'default'}>{text}</Tag>;
}
