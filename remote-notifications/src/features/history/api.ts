import { api } from '@deals/shared-auth/client';
import type { CreatedResponse, PushNotificationHistoryRow } from '@deals/api/contract';

// The push notification calls of spec 2 §7.

export type { PushNotificationHistoryRow };

/** Every history row, newest first, with each row's delivery status and progress. */
export async function fetchPushHistory(): Promise<PushNotificationHistoryRow[]> {
  const { data } = await api.get<PushNotificationHistoryRow[]>('PushNotificationHistory/GetPushNotificationHistory');
  return data;
}

export interface PushNotificationFields {
  title: string;
  message: string;
}

/**
 * Records the notification and queues its delivery. The spec's call carries the texts in the
 * query string with an empty body, so there is no `data` (axios then sends no Content-Type).
 */
export async function sendPushNotification({ title, message }: PushNotificationFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('PushNotificationHistory/SendPushNotifications', undefined, { params: { title, message } });
  return data;
}
