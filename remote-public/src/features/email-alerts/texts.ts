// The contract's email-alert messages and limits the visitor site shows. Copied, not imported:
// `@deals/contract/email-alerts` builds TypeBox schemas when loaded, which the visitor site does
// not carry. texts.test.ts fails the moment a copy and the contract part ways.
import { LIMITS } from '@deals/contract/limits';
import type { EmailAlertFrequency, EmailAlertStatus } from '@deals/contract/email-alerts';

/** EMAIL_MESSAGES' texts that the forms and pages word themselves. */
export const EMAIL_ALERT_MESSAGES = {
  subscribed: 'Almost done: we sent you an email. Open its link to confirm your alerts.',
  followsRequired: 'Choose at least one word or store to follow.',
  tooMany: `You can follow at most ${LIMITS.dealFollow.perDevice} words and stores. Remove one to add another.`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter valid email',
  linkInvalid: 'This link is invalid or has expired.',
  tokenRequired: 'The link is incomplete. Open it again from the email.',
} as const;

/** EMAIL_LIMITS.email, .follows and .confirmHours. */
export const EMAIL_ALERT_LIMITS = { email: 250, follows: LIMITS.dealFollow.perDevice, confirmHours: 48 } as const;

/** What the API's Email format answers for a long address (the contract's common.ts). */
export const EMAIL_TOO_LONG = `Email must be at most ${EMAIL_ALERT_LIMITS.email} characters`;

/** Not MESSAGES.serverError: importing the contract's messages would ship all of them. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export const FREQUENCY_LABELS: Record<EmailAlertFrequency, { label: string; hint: string }> = {
  INSTANT: { label: 'Instant alerts', hint: 'An email for each new matching deal' },
  DAILY: { label: 'Daily digest', hint: "One email a day with the day's best matches" },
};

/** The order the choice is offered in (EMAIL_ALERT_FREQUENCIES). */
export const FREQUENCIES: readonly EmailAlertFrequency[] = ['INSTANT', 'DAILY'];

/** How a subscription that is not simply on reads to its owner. */
export const STATUS_NOTES: Partial<Record<EmailAlertStatus, string>> = {
  PENDING: 'Not confirmed yet: open the link in the email we sent to turn these alerts on.',
  UNSUBSCRIBED: 'This address is unsubscribed: we send it no alerts.',
  BOUNCED: 'Our emails to this address were refused, so we stopped sending them.',
};

/** The page paths of the links in the mails (EMAIL_PAGE_PATHS). */
export const EMAIL_ALERT_PATHS = { confirm: '/email-alerts/confirm', manage: '/email-alerts/manage' } as const;

export const managePath = (token: string) => `${EMAIL_ALERT_PATHS.manage}?token=${encodeURIComponent(token)}`;
