/**
 * Codes visitors can trust: what visitors tell us about a deal ("Did this code work?" and reports),
 * what the site shows from it (success rate, last worked, "Verified" date), the automatic checks of
 * the deals' links, and the back office's "Needs attention" queue built from all of them.
 *
 * - `POST DealFeedback/Vote` and `POST DealFeedback/Report`: anonymous, one answer per visitor per
 *   deal per UTC day (the click-outs' personal-data-free visitor key), bots and prefetches not
 *   counted, rate-limited per IP across instances; 404 for a deal that is unknown or not live.
 * - `POST LinkHealth/CheckProduct?productId=`: checks one deal's link now and answers the result.
 * - `GET LinkHealth/GetAttentionQueue`: live deals with a failing link, a low success rate,
 *   visitor reports or an expiry within 48 h; `MarkVerified` and `Dismiss` act on its rows
 *   (deactivating goes through `Product/BulkUpdateProducts`).
 * - `GET/PUT LinkHealth/…Settings`: the thresholds, the soft-dead phrases and the optional
 *   automatic deactivation (admins).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, Nullable } from './common.ts';
import {
  ATTENTION_MAX_IDS,
  ATTENTION_MAX_PAGE_SIZE,
  ATTENTION_MESSAGES,
  ATTENTION_REASONS,
  FEEDBACK_MESSAGES,
  LINK_STATUSES,
  REPORT_REASONS,
  TRUST_MESSAGES,
  TRUST_SETTING_LIMITS,
  type AttentionReasonKind,
  type LinkStatus,
  type ReportReason,
} from './trust-words.ts';

export * from './trust-words.ts';

// ---------------------------------------------------------------------------------------------
// What visitors see
// ---------------------------------------------------------------------------------------------

const instant = () => Type.String({ format: 'date-time' });

/**
 * The trust fields of a public deal (`Product/GetProductDetailById` and the `Home/SearchProduct`
 * cards). `successRate` (whole percent) and `lastWorkedAt` (the latest "Yes") are present once the
 * deal has the minimum number of answers in the last 30 days, `feedbackCount` once it has any,
 * `verifiedAt` once staff marked it verified. Cards leave out what a deal does not have; the
 * detail answers null.
 */
export const DealTrustFields = {
  successRate: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100 }))),
  feedbackCount: Type.Optional(Type.Integer({ minimum: 0 })),
  lastWorkedAt: Type.Optional(Nullable(instant())),
  verifiedAt: Type.Optional(Nullable(instant())),
};
export const DealTrustSchema = Type.Object(DealTrustFields);
export type DealTrust = Static<typeof DealTrustSchema>;

// ---------------------------------------------------------------------------------------------
// Visitor feedback
// ---------------------------------------------------------------------------------------------

export const DealFeedbackVoteBodySchema = Type.Object(
  {
    productId: IdSchema('productId'),
    worked: Type.Boolean({ messages: { type: FEEDBACK_MESSAGES.worked, required: FEEDBACK_MESSAGES.worked } }),
  },
  { additionalProperties: false },
);
export type DealFeedbackVoteBody = Static<typeof DealFeedbackVoteBodySchema>;

export const DealFeedbackReportBodySchema = Type.Object(
  {
    productId: IdSchema('productId'),
    reason: Type.Unsafe<ReportReason>(
      Type.String({ enum: [...REPORT_REASONS], messages: { enum: FEEDBACK_MESSAGES.reason, type: FEEDBACK_MESSAGES.reason, required: FEEDBACK_MESSAGES.reason } }),
    ),
  },
  { additionalProperties: false },
);
export type DealFeedbackReportBody = Static<typeof DealFeedbackReportBodySchema>;

// ---------------------------------------------------------------------------------------------
// Link health
// ---------------------------------------------------------------------------------------------

/** The latest check of a deal's link, with its evidence. */
export const LinkCheckSchema = Type.Object({
  productId: Type.Integer(),
  status: Type.Unsafe<LinkStatus>(Type.String({ enum: [...LINK_STATUSES] })),
  /** The last HTTP status answered (null: no answer, e.g. an unknown host or a time-out). */
  httpStatus: Nullable(Type.Integer()),
  /** Where the redirects ended (null when nothing answered). */
  finalUrl: Nullable(Type.String()),
  /** What was seen, in words: "the server answered 404", "the page says “no longer available”". */
  reason: Type.String(),
  checkedAt: instant(),
  /** `DEAD` results in a row, this one included. */
  consecutiveDead: Type.Integer(),
});
export type LinkCheck = Static<typeof LinkCheckSchema>;

export const CheckProductQuerySchema = Type.Object({ productId: IdSchema('productId') });
export type CheckProductQuery = Static<typeof CheckProductQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Needs attention
// ---------------------------------------------------------------------------------------------

/** One reason a deal is listed, with its evidence in words (`detail`). */
export const AttentionReasonSchema = Type.Object({
  kind: Type.Unsafe<AttentionReasonKind>(Type.String({ enum: [...ATTENTION_REASONS] })),
  detail: Type.String(),
});
export type AttentionReason = Static<typeof AttentionReasonSchema>;

export const AttentionRowSchema = Type.Object({
  productId: Type.Integer(),
  name: Type.String(),
  storeId: Type.Integer(),
  store: Type.String(),
  promoCode: Nullable(Type.String()),
  link: Type.String(),
  addedById: Nullable(Type.Integer()),
  addedBy: Nullable(Type.String()),
  dealExpiresIn: Nullable(instant()),
  verifiedAt: Nullable(instant()),
  /** Percent, over the answers of the last 30 days (null below the minimum number of answers). */
  successRate: Nullable(Type.Integer()),
  feedbackCount: Type.Integer(),
  /** Reports of the last 30 days by reason. */
  reports: Type.Object({ CODE_FAILED: Type.Integer(), EXPIRED: Type.Integer(), WRONG_PRICE: Type.Integer(), LINK_BROKEN: Type.Integer() }),
  linkCheck: Nullable(LinkCheckSchema),
  reasons: Type.Array(AttentionReasonSchema),
});
export type AttentionRow = Static<typeof AttentionRowSchema>;

export const AttentionQueueQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, messages: { type: 'page must be a whole number from 1', minimum: 'page must be a whole number from 1' } })),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ATTENTION_MAX_PAGE_SIZE,
      default: 50,
      messages: { type: `pageSize must be from 1 to ${ATTENTION_MAX_PAGE_SIZE}`, minimum: `pageSize must be from 1 to ${ATTENTION_MAX_PAGE_SIZE}`, maximum: `pageSize must be from 1 to ${ATTENTION_MAX_PAGE_SIZE}` },
    }),
  ),
  /** Only rows with this reason. */
  reason: Type.Optional(
    Type.Unsafe<AttentionReasonKind>(Type.String({ enum: [...ATTENTION_REASONS], messages: { enum: `reason must be one of ${ATTENTION_REASONS.join(', ')}` } })),
  ),
});
export type AttentionQueueQuery = Static<typeof AttentionQueueQuerySchema>;

/** Rows most urgent first: failing links, then reports, then low success, then expiring; newest deal first within. */
export const AttentionQueuePageSchema = Type.Object({
  items: Type.Array(AttentionRowSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AttentionQueuePage = Static<typeof AttentionQueuePageSchema>;

export const AttentionActionBodySchema = Type.Object(
  {
    productIds: Type.Array(IdSchema('productIds'), {
      minItems: 1,
      maxItems: ATTENTION_MAX_IDS,
      messages: { minItems: ATTENTION_MESSAGES.selection, maxItems: ATTENTION_MESSAGES.tooManyIds, required: ATTENTION_MESSAGES.selection },
    }),
  },
  { additionalProperties: false },
);
export type AttentionActionBody = Static<typeof AttentionActionBodySchema>;

export const AttentionActionResultSchema = Type.Object({ message: Type.String(), done: Type.Integer(), skipped: Type.Integer() });
export type AttentionActionResult = Static<typeof AttentionActionResultSchema>;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const whole = (min: number, max: number, message: string) => Type.Integer({ minimum: min, maximum: max, messages: { type: message, minimum: message, maximum: message, required: message } });

export const TrustSettingsSchema = Type.Object(
  {
    minAnswers: whole(1, TRUST_SETTING_LIMITS.maxMinAnswers, TRUST_MESSAGES.minAnswers),
    lowSuccessPercent: whole(1, 100, TRUST_MESSAGES.lowSuccessPercent),
    checkPeriodHours: whole(1, TRUST_SETTING_LIMITS.maxCheckPeriodHours, TRUST_MESSAGES.checkPeriodHours),
    autoDeactivateAfterDeadChecks: Nullable(whole(1, TRUST_SETTING_LIMITS.maxDeadChecks, TRUST_MESSAGES.autoDeactivate)),
    softDeadPhrases: Type.Array(
      Type.String({ minLength: 1, maxLength: TRUST_SETTING_LIMITS.phraseLength, messages: { minLength: TRUST_MESSAGES.phrases, maxLength: TRUST_MESSAGES.phrases, type: TRUST_MESSAGES.phrases } }),
      { maxItems: TRUST_SETTING_LIMITS.phrases, messages: { maxItems: TRUST_MESSAGES.phrases, type: TRUST_MESSAGES.phrases, required: TRUST_MESSAGES.phrases } },
    ),
  },
  { additionalProperties: false },
);
export type TrustSettings = Static<typeof TrustSettingsSchema>;
