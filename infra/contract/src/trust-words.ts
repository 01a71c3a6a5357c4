/**
 * The pure half of trust.ts: the constants, labels and messages of visitor feedback, link health
 * and Needs attention, with no TypeBox, so the visitor site (which carries no TypeBox) imports
 * them from here and they stay written once.
 */

/** Answers count towards a deal's success rate for this many days. */
export const FEEDBACK_WINDOW_DAYS = 30;
export const TRUST_DEFAULTS = {
  /** Answers (in the window) a deal needs before its success rate is shown. */
  minAnswers: 5,
  /** A success rate below this (percent, over the minimum answers) puts a deal in Needs attention. */
  lowSuccessPercent: 50,
  /** Hours between two automatic checks of a deal's link. */
  checkPeriodHours: 24,
  /** Consecutive `DEAD` checks after which a deal is switched off; null: never (the default). */
  autoDeactivateAfterDeadChecks: null as number | null,
} as const;

/** "Needs attention" lists deals expiring within this many hours. */
export const ATTENTION_EXPIRING_HOURS = 48;

/** The public path of the page that explains how codes are verified (demo content, linked from the footer and the Verified label). */
export const HOW_WE_VERIFY_PATH = '/how-we-verify-codes';

export const REPORT_REASONS = ['CODE_FAILED', 'EXPIRED', 'WRONG_PRICE', 'LINK_BROKEN'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The one-click reasons as the visitor reads them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  CODE_FAILED: 'Code did not work',
  EXPIRED: 'Deal has expired',
  WRONG_PRICE: 'Wrong price',
  LINK_BROKEN: 'Link is broken',
};

/** Votes and reports one IP may send per minute (shared by every instance). */
export const FEEDBACK_RATE_LIMIT = { max: 30, timeWindow: '1 minute', windowMs: 60_000 } as const;

export const FEEDBACK_MESSAGES = {
  voted: 'Thanks for letting us know',
  reported: 'Thanks, our team will look at this deal',
  worked: 'worked must be true or false',
  reason: `reason must be one of ${REPORT_REASONS.join(', ')}`,
} as const;

/**
 * - `OK`: the link answers a page that still shows the offer.
 * - `DEAD`: 404 or 410, an unknown host, an unreachable or refused address, a redirect loop, or a
 *   5xx answer or time-out that repeated.
 * - `SOFT_DEAD`: a 200 page that says the product or offer is gone (the staff-edited phrases).
 * - `HOME_REDIRECT`: the redirects end on the store's home page, the product's path lost.
 * - `TAG_LOST`: the link's own query parameters (the affiliate tags) are gone after redirects
 *   that stayed on the link's host.
 */
export const LINK_STATUSES = ['OK', 'DEAD', 'SOFT_DEAD', 'HOME_REDIRECT', 'TAG_LOST'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  OK: 'Link works',
  DEAD: 'Link is dead',
  SOFT_DEAD: 'Page says the offer is gone',
  HOME_REDIRECT: 'Lands on the store home page',
  TAG_LOST: 'Affiliate tag lost in redirects',
};

export const ATTENTION_REASONS = ['LINK', 'LOW_SUCCESS', 'REPORTS', 'EXPIRING'] as const;
export type AttentionReasonKind = (typeof ATTENTION_REASONS)[number];
export const ATTENTION_REASON_LABELS: Record<AttentionReasonKind, string> = {
  LINK: 'Link check failed',
  LOW_SUCCESS: 'Low success rate',
  REPORTS: 'Visitor reports',
  EXPIRING: `Expires within ${ATTENTION_EXPIRING_HOURS} h`,
};

export const ATTENTION_PAGE_SIZES = [25, 50, 100] as const;
export const ATTENTION_MAX_PAGE_SIZE = 500;

/** Chosen rows one action may name. */
export const ATTENTION_MAX_IDS = 500;

export const ATTENTION_MESSAGES = {
  selection: 'Select the deals first',
  tooManyIds: `At most ${ATTENTION_MAX_IDS} deals at once`,
  /** "3 deals marked verified" */
  verified: (count: number) => `${count === 1 ? '1 deal' : `${count} deals`} marked verified`,
  dismissed: (count: number) => `${count === 1 ? '1 deal' : `${count} deals`} dismissed until something new happens`,
  skipped: (count: number) => `${count} skipped (added by someone else or not found)`,
  checked: 'Link checked',
} as const;

/** Phrases a gone product's page shows, in several languages; matched case-insensitively in the page's text. */
export const DEFAULT_SOFT_DEAD_PHRASES = [
  'no longer available',
  'product not found',
  'page not found',
  'this offer has expired',
  'this deal has expired',
  'promotion has ended',
  'currently unavailable',
  'nicht mehr verfügbar',
  'angebot ist abgelaufen',
  "n'est plus disponible",
  'produit introuvable',
  'ya no está disponible',
  'producto no encontrado',
  'non è più disponibile',
  'niet meer beschikbaar',
  'não está mais disponível',
] as const;

export const TRUST_SETTING_LIMITS = { phrases: 100, phraseLength: 200, maxMinAnswers: 1000, maxCheckPeriodHours: 24 * 30, maxDeadChecks: 100 } as const;

export const TRUST_MESSAGES = {
  minAnswers: `Minimum answers must be a whole number from 1 to ${TRUST_SETTING_LIMITS.maxMinAnswers}`,
  lowSuccessPercent: 'Low success threshold must be a whole number from 1 to 100',
  checkPeriodHours: `Check period must be a whole number of hours from 1 to ${TRUST_SETTING_LIMITS.maxCheckPeriodHours}`,
  autoDeactivate: `Automatic deactivation must be empty (off) or a whole number of checks from 1 to ${TRUST_SETTING_LIMITS.maxDeadChecks}`,
  phrases: `At most ${TRUST_SETTING_LIMITS.phrases} phrases of at most ${TRUST_SETTING_LIMITS.phraseLength} characters each`,
  saved: 'Settings saved',
} as const;
