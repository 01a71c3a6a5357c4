/**
 * Email: deal alerts for visitors without an account (double opt-in), the mails staff send
 * themselves (password resets, invitations), and the console of every send.
 *
 * A visitor follows words and stores by email exactly as a browser does by push (same words, same
 * matching rule: ./deal-follow-words.ts), with a frequency: INSTANT (a mail when a matching deal
 * goes live, once per deal) or DAILY (one digest a day of the day's matching deals, best first).
 *
 * Every link a mail carries holds a signed token; the pages behind them send it in a POST body, so
 * a mail scanner that follows links confirms or unsubscribes nothing:
 * - `/email-alerts/confirm?token=` → `EmailAlerts/Confirm` (the double opt-in; expires);
 * - `/email-alerts/manage?token=` → `EmailAlerts/GetSubscription`, `UpdateSubscription`, `Unsubscribe`;
 * - the `List-Unsubscribe` header's URL is `POST /api/EmailAlerts/Unsubscribe?token=` with the body
 *   `List-Unsubscribe=One-Click` (RFC 8058), answered without signing in;
 * - `/reset-password?token=` → `Users/GetPasswordToken`, then `Users/ResetPassword` (staff).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Email, IdSchema, Nullable } from './common.ts';
import { DEAL_FOLLOW_MESSAGES } from './deal-follow-words.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { TablePageSchema } from './tables.ts';

export const EMAIL_ALERT_FREQUENCIES = ['INSTANT', 'DAILY'] as const;
export type EmailAlertFrequency = (typeof EMAIL_ALERT_FREQUENCIES)[number];

/** PENDING until the confirmation link is opened; UNSUBSCRIBED rows are deleted after the grace. */
export const EMAIL_ALERT_STATUSES = ['PENDING', 'CONFIRMED', 'UNSUBSCRIBED', 'BOUNCED'] as const;
export type EmailAlertStatus = (typeof EMAIL_ALERT_STATUSES)[number];

export const EMAIL_LIMITS = {
  email: 250,
  /** Words and stores together, as for a browser. */
  follows: LIMITS.dealFollow.perDevice,
  /** Hours a confirmation link works; an address never confirmed is deleted after it. */
  confirmHours: 48,
  /** Days an unsubscribed (or bounced) address is kept before it is deleted. */
  unsubscribeGraceDays: 7,
  /** Deals listed in one daily digest at most (best first). */
  digestDeals: 20,
  /** Minutes a password-reset link works. */
  resetMinutes: 30,
  /** Hours an invitation to set a password works. */
  inviteHours: 72,
  /** Subscribe calls per IP address and minute, and per address and hour (confirmation mails). */
  subscribePerIpPerMinute: 10,
  confirmationsPerAddressPerHour: 3,
  /** Reset requests per IP address and minute, and reset mails per user and hour. */
  resetPerIpPerMinute: 10,
  resetMailsPerUserPerHour: 3,
  /** Rows per page of the email sends console. */
  sendsPageSize: 20,
} as const;

export const EMAIL_MESSAGES = {
  subscribed: 'Almost done: we sent you an email. Open its link to confirm your alerts.',
  confirmed: 'Your email alerts are on.',
  updated: 'Your email alerts were saved.',
  unsubscribed: 'You are unsubscribed. We will send no more alerts to this address.',
  linkInvalid: 'This link is invalid or has expired.',
  confirmExpired: 'This confirmation link has expired. Subscribe again to get a new one.',
  followsRequired: 'Choose at least one word or store to follow.',
  tooMany: `You can follow at most ${LIMITS.dealFollow.perDevice} words and stores. Remove one to add another.`,
  storeUnknown: DEAL_FOLLOW_MESSAGES.storeUnknown,
  wordLength: DEAL_FOLLOW_MESSAGES.wordLength,
  frequencyInvalid: 'Choose instant alerts or a daily digest',
  emailRequired: MESSAGES.emailSignup.emailRequired,
  emailInvalid: MESSAGES.emailSignup.emailInvalid,
  /** Users/RequestPasswordReset: the same answer whether or not the address belongs to a user. */
  resetRequested: `If a staff account uses this address, we sent it a link to set a new password. The link works for ${EMAIL_LIMITS.resetMinutes} minutes.`,
  resetDone: 'Your password was changed. Sign in with your new password.',
  resetLinkInvalid: 'This link is invalid, was already used or has expired. Ask for a new one from Recover Account.',
  invited: 'User registered successfully. We sent an invitation to set a password.',
  tokenRequired: 'The link is incomplete. Open it again from the email.',
} as const;

const token = Type.String({
  minLength: 1,
  maxLength: 500,
  messages: { required: EMAIL_MESSAGES.tokenRequired, minLength: EMAIL_MESSAGES.tokenRequired, maxLength: EMAIL_MESSAGES.linkInvalid, type: EMAIL_MESSAGES.tokenRequired },
});

const frequency = Type.Unsafe<EmailAlertFrequency>(
  Type.String({ enum: [...EMAIL_ALERT_FREQUENCIES], messages: { enum: EMAIL_MESSAGES.frequencyInvalid, required: EMAIL_MESSAGES.frequencyInvalid, type: EMAIL_MESSAGES.frequencyInvalid } }),
);

/** What a subscription follows: words (normalised by the server) and store ids; one at least. */
const followFields = {
  words: Type.Array(Type.String({ maxLength: LIMITS.dealFollow.wordInput, messages: { maxLength: DEAL_FOLLOW_MESSAGES.wordLength, type: DEAL_FOLLOW_MESSAGES.wordRequired } }), {
    maxItems: EMAIL_LIMITS.follows,
    messages: { maxItems: EMAIL_MESSAGES.tooMany, type: EMAIL_MESSAGES.followsRequired },
  }),
  storeIds: Type.Array(IdSchema('storeIds'), { maxItems: EMAIL_LIMITS.follows, messages: { maxItems: EMAIL_MESSAGES.tooMany, type: EMAIL_MESSAGES.followsRequired } }),
  frequency,
};

/**
 * `POST EmailAlerts/Subscribe` (anonymous, rate-limited): always answers `{ message: subscribed }`
 * when the body is valid, whether the address is new, pending, confirmed or bounced; a confirmation
 * mail goes out (at most a few per address and hour), and the follows take effect only once the
 * visitor opens it. 400 with field messages for an invalid body (`email`, `words`, `storeIds`, `frequency`).
 */
export const EmailAlertSubscribeBodySchema = Type.Object({
  email: Email({ max: EMAIL_LIMITS.email, required: EMAIL_MESSAGES.emailRequired, invalid: EMAIL_MESSAGES.emailInvalid }),
  ...followFields,
});
export type EmailAlertSubscribeBody = Static<typeof EmailAlertSubscribeBodySchema>;

/** Body of `EmailAlerts/Confirm`, `GetSubscription` (and `Unsubscribe`, which also takes `?token=`). */
export const EmailAlertTokenBodySchema = Type.Object({ token });
export type EmailAlertTokenBody = Static<typeof EmailAlertTokenBodySchema>;

/** `POST EmailAlerts/UpdateSubscription`: replaces the follows and frequency (manage page). */
export const EmailAlertUpdateBodySchema = Type.Object({ token, ...followFields });
export type EmailAlertUpdateBody = Static<typeof EmailAlertUpdateBodySchema>;

/** The manage page's view of a subscription (the address partly masked: the link may be forwarded). */
export const EmailAlertSubscriptionSchema = Type.Object({
  /** `j***@example.com`. */
  email: Type.String(),
  words: Type.Array(Type.String()),
  stores: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  frequency,
  status: Type.Unsafe<EmailAlertStatus>(Type.String({ enum: [...EMAIL_ALERT_STATUSES] })),
});
export type EmailAlertSubscription = Static<typeof EmailAlertSubscriptionSchema>;

/**
 * What Confirm, GetSubscription, UpdateSubscription and Unsubscribe answer: the message and the
 * subscription afterwards; 400 `{ message: linkInvalid | confirmExpired }` for a bad link.
 */
export const EmailAlertAnswerSchema = Type.Object({
  message: Type.String(),
  subscription: EmailAlertSubscriptionSchema,
  /** Confirm only: the manage link's token (the confirmation's own expires; this one does not). */
  manageToken: Type.Optional(Type.String()),
});
export type EmailAlertAnswer = Static<typeof EmailAlertAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Staff: account recovery and invitations
// ---------------------------------------------------------------------------------------------

/** `POST Users/RequestPasswordReset` (anonymous, throttled): always `{ message: resetRequested }`. */
export const RequestPasswordResetBodySchema = Type.Object({
  email: Email({ max: LIMITS.user.email, required: MESSAGES.user.emailRequired, invalid: MESSAGES.user.emailInvalid }),
});
export type RequestPasswordResetBody = Static<typeof RequestPasswordResetBodySchema>;

export const PASSWORD_TOKEN_PURPOSES = ['reset', 'invite'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

/** `POST Users/GetPasswordToken` `{ token }`: whose link it is, before the page asks for a password; 400 resetLinkInvalid. */
export const PasswordTokenInfoSchema = Type.Object({
  username: Type.String(),
  purpose: Type.Unsafe<PasswordTokenPurpose>(Type.String({ enum: [...PASSWORD_TOKEN_PURPOSES] })),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type PasswordTokenInfo = Static<typeof PasswordTokenInfoSchema>;

/**
 * `POST Users/ResetPassword` (anonymous): the new password with the new-user rules and messages;
 * single use; every session of the user ends. 400 `{ message: resetLinkInvalid }` for a bad link.
 */
export const ResetPasswordBodySchema = Type.Object({
  token,
  password: Type.String({
    minLength: LIMITS.user.passwordMin,
    maxLength: LIMITS.user.passwordMax,
    messages: { required: MESSAGES.user.passwordRequired, minLength: MESSAGES.user.passwordMin, maxLength: `Password must be at most ${LIMITS.user.passwordMax} characters`, type: MESSAGES.user.passwordRequired },
  }),
  confirmPassword: Type.String({
    minLength: 1,
    maxLength: LIMITS.user.passwordMax,
    messages: { required: MESSAGES.user.confirmRequired, minLength: MESSAGES.user.confirmRequired, maxLength: MESSAGES.user.passwordsDoNotMatch, type: MESSAGES.user.confirmRequired },
  }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// Staff: the email sends console
// ---------------------------------------------------------------------------------------------

export const EMAIL_SEND_KINDS = ['alert', 'digest', 'confirmation', 'password-reset', 'invitation'] as const;
export type EmailSendKind = (typeof EMAIL_SEND_KINDS)[number];

/**
 * One send: the instant alert of one deal, the digest of one day, or the day's confirmations,
 * resets or invitations. Counts are of its messages: `delivered` (accepted by the receiving
 * server), `deferred` (refused for now, retried), `bounced` (refused for good; the address gets
 * no more mails), `failed` (retries exhausted), `queued` (not yet tried).
 */
export const EmailSendSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Unsafe<EmailSendKind>(Type.String({ enum: [...EMAIL_SEND_KINDS] })),
  title: Type.String(),
  productId: Nullable(Type.Integer()),
  createdAt: Type.String({ format: 'date-time' }),
  total: Type.Integer(),
  queued: Type.Integer(),
  delivered: Type.Integer(),
  deferred: Type.Integer(),
  bounced: Type.Integer(),
  failed: Type.Integer(),
});
export type EmailSend = Static<typeof EmailSendSchema>;

/** `GET EmailSends/GetEmailSends?page=&pageSize=` (admins): newest first. */
export const EmailSendsQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: EMAIL_LIMITS.sendsPageSize })),
});
export type EmailSendsQuery = Static<typeof EmailSendsQuerySchema>;

export const EmailSendsPageSchema = TablePageSchema(EmailSendSchema);
export type EmailSendsPage = Static<typeof EmailSendsPageSchema>;

/**
 * `POST EmailSends/PlanDigest?day=YYYY-MM-DD` (admins): plans that day's digest now instead of at
 * the digest hour (a day whose digest was planned already plans nothing more); answers how many
 * messages were added.
 */
export const PlanDigestQuerySchema = Type.Object({
  day: Type.String({ format: 'date', messages: { format: 'Enter a day as YYYY-MM-DD', required: 'Enter a day as YYYY-MM-DD', type: 'Enter a day as YYYY-MM-DD' } }),
});
export type PlanDigestQuery = Static<typeof PlanDigestQuerySchema>;
export const PlanDigestResponseSchema = Type.Object({ message: Type.String(), messages: Type.Integer() });
export type PlanDigestResponse = Static<typeof PlanDigestResponseSchema>;

/** Email subscribers by status (dashboard and sends console). */
export const EmailSubscriberCountsSchema = Type.Object({ confirmed: Type.Integer(), pending: Type.Integer(), instant: Type.Integer(), daily: Type.Integer() });
export type EmailSubscriberCounts = Static<typeof EmailSubscriberCountsSchema>;

/** Visitor pages of the links in mails. */
export const EMAIL_PAGE_PATHS = { confirm: '/email-alerts/confirm', manage: '/email-alerts/manage', resetPassword: '/reset-password' } as const;
