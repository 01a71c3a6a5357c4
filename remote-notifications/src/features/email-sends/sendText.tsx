import { Tag } from 'antd';
import type { EmailSend, EmailSendKind } from '@deals/contract';

// How the email console words and colours a send: what it was, and where its messages got to.

export const KIND_LABELS: Record<EmailSendKind, string> = {
  alert: 'Deal alert',
  digest: 'Daily digest',
  confirmation: 'Confirmations',
  'password-reset': 'Password resets',
  invitation: 'Invitations',
};

/** The alerts visitors asked for stand out; the account mails stay plain. */
const KIND_COLORS: Partial<Record<EmailSendKind, string>> = { alert: '#0958d9', digest: '#531dab' };

/** The Kind cell (the word itself when a newer server sends a kind not known here). */
export function KindTag({ kind }: { kind: EmailSendKind }) {
  return <Tag color={KIND_COLORS[kind] ?? 'default'}>{KIND_LABELS[kind] ?? kind}</Tag>;
}

export type DeliveryCount = 'delivered' | 'deferred' | 'bounced' | 'failed' | 'queued';

export const DELIVERY_COLUMNS: readonly { key: DeliveryCount; title: string }[] = [
  { key: 'delivered', title: 'Delivered' },
  { key: 'deferred', title: 'Deferred' },
  { key: 'bounced', title: 'Bounced' },
  { key: 'failed', title: 'Failed' },
  { key: 'queued', title: 'Queued' },
];

/**
 * Solid colours dark enough for white text (4.5:1 and more), as in the push history's Delivery
 * column: antd's light preset tags are too pale to read.
 */
const DELIVERY_COLORS: Record<DeliveryCount, string> = { delivered: '#237804', deferred: '#874d00', bounced: '#c41d7f', failed: '#a8071a', queued: 'default' };

/** A count of a send's messages: a coloured tag when there are some, so the eye goes to what happened; a plain 0 otherwise. */
export function DeliveryTag({ send, count }: { send: EmailSend; count: DeliveryCount }) {
  const value = send[count];
  if (!value) return <span className="deals-email-zero">0</span>;
  return <Tag color={DELIVERY_COLORS[count]}>{value.toLocaleString('en-US')}</Tag>;
}
