/**
 * Keyword deal alerts: a browser with deal alerts on follows words and stores,
 * and a new live deal matching them is pushed to that browser only. The browser is named by its
 * push subscription's endpoint (the `token` it registered with `Devices/Register`); every call is
 * anonymous and sees only that token's follows. Matching rules: ./deal-follow-words.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEAL_FOLLOW_MESSAGES } from './deal-follow-words.ts';
import { IdSchema, Nullable } from './common.ts';
import { LIMITS } from './limits.ts';
import { DEVICE_MESSAGES } from './push.ts';

export * from './deal-follow-words.ts';

/** Follows and unfollows allowed per IP address and minute: as many as device registrations. */
export const DEAL_FOLLOW_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/** Reads of a browser's follows per IP address and minute (the footer's panel, the deal list's button). */
export const DEAL_FOLLOW_READ_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export const DEAL_FOLLOW_KINDS = ['word', 'store'] as const;
export type DealFollowKind = (typeof DEAL_FOLLOW_KINDS)[number];

/** One thing a browser follows: a normalised word, or a store (with its name to show). */
export const DealFollowSchema = Type.Object({
  kind: Type.Unsafe<DealFollowKind>(Type.String({ enum: [...DEAL_FOLLOW_KINDS] })),
  /** The normalised word (`word` follows), else null. */
  word: Nullable(Type.String()),
  /** The store's id (`store` follows), else null. */
  storeId: Nullable(Type.Integer()),
  /** What to show: the word, or the store's name. */
  label: Type.String(),
});
export type DealFollow = Static<typeof DealFollowSchema>;

/** A browser's follows, words first then stores, each alphabetical; `max` is the per-browser limit. */
export const DealFollowsResponseSchema = Type.Object({
  follows: Type.Array(DealFollowSchema),
  max: Type.Integer(),
});
export type DealFollowsResponse = Static<typeof DealFollowsResponseSchema>;

/** What Follow and Unfollow answer: the message to show and the browser's follows afterwards. */
export const DealFollowChangeResponseSchema = Type.Object({
  message: Type.String(),
  follows: Type.Array(DealFollowSchema),
  max: Type.Integer(),
});
export type DealFollowChangeResponse = Static<typeof DealFollowChangeResponseSchema>;

const DeviceToken = Type.String({
  minLength: 1,
  maxLength: LIMITS.pushDevice.token,
  pattern: '\\S',
  messages: { required: DEVICE_MESSAGES.tokenRequired, minLength: DEVICE_MESSAGES.tokenRequired, pattern: DEVICE_MESSAGES.tokenRequired, maxLength: DEVICE_MESSAGES.tokenTooLong, type: DEVICE_MESSAGES.tokenRequired },
});

/**
 * `POST DealAlerts/GetFollows` (anonymous): the follows of the web device registered with `token`
 * (its subscription endpoint; sent in the body, not the URL, so it stays out of access logs).
 * 404 with DEAL_FOLLOW_MESSAGES.deviceUnknown when no browser registered that token.
 */
export const DealFollowsBodySchema = Type.Object({ token: DeviceToken });
export type DealFollowsBody = Static<typeof DealFollowsBodySchema>;

/**
 * `POST DealAlerts/Follow` and `POST DealAlerts/Unfollow` (anonymous): exactly one of `word`
 * (normalised by the server, see normaliseFollowWord) or `storeId`. Following what is already
 * followed, or unfollowing what is not, changes nothing and answers the same.
 */
export const DealFollowBodySchema = Type.Object({
  token: DeviceToken,
  word: Type.Optional(
    Type.String({
      maxLength: LIMITS.dealFollow.wordInput,
      messages: { maxLength: DEAL_FOLLOW_MESSAGES.wordLength, type: DEAL_FOLLOW_MESSAGES.wordRequired },
    }),
  ),
  storeId: Type.Optional(IdSchema('storeId')),
});
export type DealFollowBody = Static<typeof DealFollowBodySchema>;
