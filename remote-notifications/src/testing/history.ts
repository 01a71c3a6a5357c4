// Test support for the push notification console (imported by *.test.tsx only): history rows and a fake API.
import type { AxiosAdapter } from 'axios';
import { api } from '@deals/shared-auth/client';
import { serveFakeApi, type FakeApiHandler } from '@deals/shared-auth/testing';
import type { PushNotificationHistoryRow } from '@deals/contract';
export { readCsvDownloads } from '@deals/shared-auth/ui-testing';

export const HISTORY_URL = 'PushNotificationHistory/GetPushNotificationHistory';
export const EXPORT_URL = 'PushNotificationHistory/ExportPushNotificationHistoryCsv';
export const SEND_URL = 'PushNotificationHistory/SendPushNotifications';

/** A local-time timestamp, so the MM/DD/YYYY HH:mm the table shows does not depend on the zone. */
export const localStamp = (year: number, month: number, day: number, hour: number, minute: number) => new Date(year, month - 1, day, hour, minute).toISOString();

let nextId = 1;

export function historyRow(fields: Partial<PushNotificationHistoryRow> = {}): PushNotificationHistoryRow {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Notification ${id}`,
    message: `Message ${id}`,
    numberOfDevicesNotificationSentTo: 0,
    numberOfTargets: 0,
    createdBy: 'Ada Admin',
    dateCreated: localStamp(2026, 1, 1, 12, 0),
    status: 'done',
    kind: 'staff',
    ...fields,
  };
}

type Answer = { status: number; data?: unknown } | undefined;

/**
 * Serves the history from `rows()` (asked on every load, so a test can move deliveries on) as the
 * server pages it (filtered here by title only, enough to see the table send it), and lets
 * `extra` answer anything first.
 */
export function serveHistory(rows: () => PushNotificationHistoryRow[], extra: (config: Parameters<FakeApiHandler>[0]) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === HISTORY_URL) {
      const { title = '', page = 1, pageSize = 100 } = (config.params ?? {}) as { title?: string; page?: number; pageSize?: number };
      const matching = rows().filter((row) => row.title.toLowerCase().includes(title.toLowerCase()));
      return { status: 200, data: { items: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

/** Holds every call to `url` until the returned release runs (to see the screen mid-call). */
export function holdCalls(url: string): () => void {
  const answer = api.defaults.adapter as AxiosAdapter;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.defaults.adapter = async (config) => {
    if (config.url === url) await held;
    return answer(config);
  };
  return release;
}

