import { api } from '@deals/shared-auth/client';
import type { EmailSendsPage, EmailSubscriberCounts } from '@deals/contract';

// The email console's calls (admins): the sends, newest first and paged by the server, and the
// subscriber counts shown above them.

export async function fetchEmailSends(page: number, pageSize: number): Promise<EmailSendsPage> {
  const { data } = await api.get<EmailSendsPage>('EmailSends/GetEmailSends', { params: { page, pageSize } });
  return data;
}

export async function fetchSubscriberCounts(): Promise<EmailSubscriberCounts> {
  const { data } = await api.get<EmailSubscriberCounts>('EmailSends/GetSubscriberCounts');
  return data;
}
