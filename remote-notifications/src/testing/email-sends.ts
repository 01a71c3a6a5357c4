// Test support for the email sends console (imported by *.test.tsx only): sends and a fake API.
import type { InternalAxiosRequestConfig } from 'axios';
import { serveFakeApi } from '@deals/shared-auth/testing';
import type { EmailSend, EmailSubscriberCounts } from '@deals/contract';

export const SENDS_URL = 'EmailSends/GetEmailSends';
export const COUNTS_URL = 'EmailSends/GetSubscriberCounts';

let nextId = 1;

export function emailSend(fields: Partial<EmailSend> = {}): EmailSend {
  const id = fields.id ?? nextId++;
  return { id, kind: 'alert', title: `Send ${id}`, productId: null, createdAt: new Date(2026, 0, 1, 12, 0).toISOString(), total: 0, queued: 0, delivered: 0, deferred: 0, bounced: 0, failed: 0, ...fields };
}

export const subscriberCounts = (fields: Partial<EmailSubscriberCounts> = {}): EmailSubscriberCounts => ({ confirmed: 0, pending: 0, instant: 0, daily: 0, ...fields });

/** Pages `sends()` as the server does (newest first as given) and answers the counts; `extra` answers first. */
export function serveEmailSends(sends: () => EmailSend[], counts: () => EmailSubscriberCounts = () => subscriberCounts(), extra: (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | undefined = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === SENDS_URL) {
      const { page = 1, pageSize = 20 } = (config.params ?? {}) as { page?: number; pageSize?: number };
      const all = sends();
      return { status: 200, data: { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize } };
    }
    if (config.url === COUNTS_URL) return { status: 200, data: counts() };
    return { status: 404, data: { message: 'Not found' } };
  });
}
