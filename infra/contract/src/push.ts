/** Push notification history, devices and email-blast subscribers. */
import { Type, type Static } from '@sinclair/typebox';
import { Email, Nullable, RequiredText } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Push notification history
// ---------------------------------------------------------------------------------------------

/**
 * Life of a history row: the console records it `queued`; the delivery worker claims it
 * (`sending`, `numberOfTargets` fixed), counts the targets reached and ends it `done` once every
 * target is delivered, failed or gone. `failed` is kept for rows the worker cannot deliver at all.
 */
export const PUSH_NOTIFICATION_STATUSES = ['queued', 'sending', 'done', 'failed'] as const;
export type PushNotificationStatus = (typeof PUSH_NOTIFICATION_STATUSES)[number];

/**
 * Who a history row is for and why it was sent: `staff` is the console's send to every device,
 * `new-deal` a live deal in a "Send Notification Immediately" category (every device),
 * `follow-alert` a live deal matching words or stores browsers follow (those browsers only).
 */
export const PUSH_NOTIFICATION_KINDS = ['staff', 'new-deal', 'follow-alert'] as const;
export type PushNotificationKind = (typeof PUSH_NOTIFICATION_KINDS)[number];

/** The console's "Type" column. */
export const PUSH_KIND_LABELS: Record<PushNotificationKind, string> = {
  staff: 'Staff',
  'new-deal': 'New deal',
  'follow-alert': 'Follow alert',
};

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
  /** Targets the push services accepted the notification for; 0 while queued. */
  numberOfDevicesNotificationSentTo: Type.Integer(),
  /** Targets the notification is being delivered to (fixed when sending starts); 0 while queued. */
  numberOfTargets: Type.Integer(),
  /** Full name of the admin who sent it; null once that user is deleted. */
  createdBy: Nullable(Type.String()),
  dateCreated: Type.String({ format: 'date-time' }),
  status: Type.Unsafe<PushNotificationStatus>(Type.String({ enum: [...PUSH_NOTIFICATION_STATUSES] })),
  /** Why it was sent (a staff notification, a new deal, a keyword deal alert); added after the spec, which has no such field. */
  kind: Type.Unsafe<PushNotificationKind>(Type.String({ enum: [...PUSH_NOTIFICATION_KINDS] })),
});
export type PushNotificationHistoryRow = Static<typeof PushNotificationHistoryRowSchema>;

// ---------------------------------------------------------------------------------------------
// Devices (push targets): the mobile app's FCM tokens and browsers' Web Push subscriptions
// ---------------------------------------------------------------------------------------------

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

export const DEVICE_MESSAGES = {
  registered: 'Device registered for notifications',
  unregistered: 'Device unregistered from notifications',
  tokenRequired: 'Token is required',
  tokenTooLong: `Token must be at most ${LIMITS.pushDevice.token} characters`,
  platformInvalid: 'Platform must be ios, android or web',
  subscriptionRequired: 'A web registration needs its push subscription',
  subscriptionNotAllowed: 'Only web registrations carry a push subscription',
  endpointInvalid: 'The subscription endpoint must be an https:// address',
  tokenMustBeEndpoint: 'For a web registration the token must be the subscription endpoint',
  keyInvalid: 'The subscription keys must be base64url text',
  keyRequired: 'The subscription keys p256dh and auth are required',
  /** p256dh must decode to an uncompressed P-256 point, auth to a 16-byte secret. */
  keysMalformed: 'The subscription keys are not a valid P-256 public key and 16-byte auth secret',
  pushUnavailable: 'Web Push is not available on this server',
} as const;

/** Registrations / unregistrations allowed per IP address and minute (anonymous writes). */
export const DEVICE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const Base64UrlKey = (label: string) =>
  Type.String({
    minLength: 1,
    maxLength: LIMITS.pushDevice.key,
    pattern: '^[A-Za-z0-9_-]+={0,2}$',
    messages: { required: DEVICE_MESSAGES.keyRequired, minLength: DEVICE_MESSAGES.keyRequired, maxLength: `${label} is too long`, pattern: DEVICE_MESSAGES.keyInvalid, type: DEVICE_MESSAGES.keyInvalid },
  });

/** A browser's `PushSubscription.toJSON()` (the expirationTime it may carry is ignored). */
export const WebPushSubscriptionSchema = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: LIMITS.pushDevice.token,
      pattern: '^https://[^\\s]+$',
      messages: { required: DEVICE_MESSAGES.endpointInvalid, minLength: DEVICE_MESSAGES.endpointInvalid, maxLength: DEVICE_MESSAGES.tokenTooLong, pattern: DEVICE_MESSAGES.endpointInvalid, type: DEVICE_MESSAGES.endpointInvalid },
    }),
    keys: Type.Object(
      { p256dh: Base64UrlKey('p256dh'), auth: Base64UrlKey('auth') },
      { messages: { required: DEVICE_MESSAGES.keyRequired, type: DEVICE_MESSAGES.keyRequired } },
    ),
  },
  { messages: { type: DEVICE_MESSAGES.subscriptionRequired } },
);
export type WebPushSubscription = Static<typeof WebPushSubscriptionSchema>;

/**
 * `POST /api/Devices/Register` (anonymous, rate-limited, idempotent: the same token updates its
 * row). Cross-field rules checked by the server: `web` requires `subscription` and
 * `token === subscription.endpoint`; `ios`/`android` carry no subscription.
 */
export const RegisterDeviceBodySchema = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: LIMITS.pushDevice.token,
    pattern: '\\S',
    messages: { required: DEVICE_MESSAGES.tokenRequired, minLength: DEVICE_MESSAGES.tokenRequired, pattern: DEVICE_MESSAGES.tokenRequired, maxLength: DEVICE_MESSAGES.tokenTooLong, type: DEVICE_MESSAGES.tokenRequired },
  }),
  platform: Type.Unsafe<DevicePlatform>(
    Type.String({ enum: [...DEVICE_PLATFORMS], messages: { required: DEVICE_MESSAGES.platformInvalid, enum: DEVICE_MESSAGES.platformInvalid, type: DEVICE_MESSAGES.platformInvalid } }),
  ),
  subscription: Type.Optional(WebPushSubscriptionSchema),
});
export type RegisterDeviceBody = Static<typeof RegisterDeviceBodySchema>;

/** `DELETE /api/Devices/Unregister?token=` (anonymous; an unknown token gets the same answer). */
export const UnregisterDeviceQuerySchema = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: LIMITS.pushDevice.token,
    messages: { required: DEVICE_MESSAGES.tokenRequired, minLength: DEVICE_MESSAGES.tokenRequired, maxLength: DEVICE_MESSAGES.tokenTooLong, type: DEVICE_MESSAGES.tokenRequired },
  }),
});
export type UnregisterDeviceQuery = Static<typeof UnregisterDeviceQuerySchema>;

/** `GET /api/Devices/WebPushPublicKey` (anonymous): the VAPID public key, base64url, for `pushManager.subscribe`. */
export const WebPushPublicKeyResponseSchema = Type.Object({ publicKey: Type.String() });
export type WebPushPublicKeyResponse = Static<typeof WebPushPublicKeyResponseSchema>;

/**
 * `GET /api/Devices/GetAudienceSize` (staff): how many devices a notification to everyone reaches
 * now (browsers with alerts on, plus the app's devices when FCM is configured), so a form can say
 * what its save will send before it is saved.
 */
export const AudienceSizeResponseSchema = Type.Object({ devices: Type.Integer({ minimum: 0 }) });
export type AudienceSizeResponse = Static<typeof AudienceSizeResponseSchema>;

/** The page a notification opens when clicked (the payload's `url`; FCM carries it in `data.url`). */
export const PUSH_OPEN_URL = '/home';

/** What a Web Push notification carries (JSON, encrypted): the service worker shows it and opens `url` on click. */
export interface WebPushPayload {
  title: string;
  message: string;
  url: string;
}

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
