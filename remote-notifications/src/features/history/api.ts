import { api, downloadFromApi } from '@deals/shared-auth/client';
import type { CreatedResponse, PushNotificationHistoryRow, SendPushNotificationsQuery, TablePage } from '@deals/contract';

// The push notification calls of spec 2 §7.

export type { PushNotificationHistoryRow };

/**
 * One page of the history, filtered and sorted by the server (newest first unless sorted), with
 * each row's delivery status and progress.
 */
export async function fetchPushHistoryPage(query: Record<string, unknown>): Promise<TablePage<PushNotificationHistoryRow>> {
  const { data } = await api.get<TablePage<PushNotificationHistoryRow>>('PushNotificationHistory/GetPushNotificationHistory', { params: query });
  return data;
}

/** Download CSV: every notification matching the table's filters, written by the server in the viewer's time zone. */
export function downloadPushHistoryCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('PushNotificationHistory/ExportPushNotificationHistoryCsv', { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'push-notifications.csv');
}

/**
 * Records the notification and queues its delivery. The spec's call carries the texts in the
 * query string with an empty body, so there is no `data` (axios then sends no Content-Type).
 */
export async function sendPushNotification({ title, message }: SendPushNotificationsQuery): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('PushNotificationHistory/SendPushNotifications', undefined, { params: { title, message } });
  return data;
}
