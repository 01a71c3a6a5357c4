/** Push notification history, devices and email-blast subscribers. */
import { Type, type Static } from '@sinclair/typebox';
import { Email, Nullable, RequiredText } from './common.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';

// ---------------------------------------------------------------------------------------------
// Push notification history
// ---------------------------------------------------------------------------------------------

/**
 * Life of a history row: the console records it `queued`; the delivery worker (a later issue)
 * claims it (`sending`), counts the devices reached and ends it `done` (or `failed`).
 */
export const PUSH_NOTIFICATION_STATUSES = ['queued', 'sending', 'done', 'failed'] as const;
export type PushNotificationStatus = (typeof PUSH_NOTIFICATION_STATUSES)[number];

/** Texts the spec does not word. */
export const PUSH_MESSAGES = {
  queued: 'Push notification queued for delivery',
} as const;

/** `POST PushNotificationHistory/SendPushNotifications?title=&message=` (empty body). */
export const SendPushNotificationsQuerySchema = Type.Object({
  title: RequiredText({ label: 'Title', max: LIMITS.pushNotification.title, required: MESSAGES.pushNotification.titleRequired }),
  message: RequiredText({ label: 'Message', max: LIMITS.pushNotification.message, required: MESSAGES.pushNotification.messageRequired }),
});
export type SendPushNotificationsQuery = Static<typeof SendPushNotificationsQuerySchema>;

/** One row of the history table (`GetPushNotificationHistory`, newest first). */
export const PushNotificationHistoryRowSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  /** Devices the worker reached; 0 while queued. */
  numberOfDevicesNotificationSentTo: Type.Integer(),
  /** Full name of the admin who sent it; null once that user is deleted. */
  createdBy: Nullable(Type.String()),
  dateCreated: Type.String({ format: 'date-time' }),
  status: Type.Unsafe<PushNotificationStatus>(Type.String({ enum: [...PUSH_NOTIFICATION_STATUSES] })),
});
export type PushNotificationHistoryRow = Static<typeof PushNotificationHistoryRowSchema>;

// ---------------------------------------------------------------------------------------------
// Email blast
// ---------------------------------------------------------------------------------------------

export const EMAIL_BLAST_MESSAGES = {
  subscribed: 'Thanks for signing up!',
} as const;

/** Sign-ups allowed per IP address and minute on `EmailBlast/Subscribe`. */
export const EMAIL_SUBSCRIBE_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** `POST EmailBlast/Subscribe` (public). */
export const EmailSubscribeBodySchema = Type.Object({
  email: Email({ max: LIMITS.emailSignup.email, required: MESSAGES.emailSignup.emailRequired, invalid: MESSAGES.emailSignup.emailInvalid }),
});
export type EmailSubscribeBody = Static<typeof EmailSubscribeBodySchema>;

/** A row of `EmailBlast/GetSubscribers` (admin), newest first. */
export const EmailSubscriberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type EmailSubscriber = Static<typeof EmailSubscriberSchema>;
