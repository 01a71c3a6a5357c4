// The copies in ./texts.ts against the contract they stand for. The test may read the contract's
// TypeBox module; the app must not.
import { EMAIL_ALERT_FREQUENCIES, EMAIL_LIMITS, EMAIL_MESSAGES, EMAIL_PAGE_PATHS } from '@deals/contract';
import { EMAIL_ALERT_LIMITS, EMAIL_ALERT_MESSAGES, EMAIL_ALERT_PATHS, EMAIL_TOO_LONG, FREQUENCIES, FREQUENCY_LABELS } from './texts';

describe('the email-alert texts', () => {
  it('are the contract messages, word for word', () => {
    for (const [key, text] of Object.entries(EMAIL_ALERT_MESSAGES)) expect([key, text]).toEqual([key, EMAIL_MESSAGES[key as keyof typeof EMAIL_MESSAGES]]);
  });

  it('use the contract limits, paths and frequencies', () => {
    expect(EMAIL_ALERT_LIMITS).toEqual({ email: EMAIL_LIMITS.email, follows: EMAIL_LIMITS.follows, confirmHours: EMAIL_LIMITS.confirmHours });
    expect(EMAIL_TOO_LONG).toBe(`Email must be at most ${EMAIL_LIMITS.email} characters`);
    expect(EMAIL_ALERT_PATHS).toEqual({ confirm: EMAIL_PAGE_PATHS.confirm, manage: EMAIL_PAGE_PATHS.manage });
    expect(FREQUENCIES).toEqual(EMAIL_ALERT_FREQUENCIES);
    expect(Object.keys(FREQUENCY_LABELS).sort()).toEqual([...EMAIL_ALERT_FREQUENCIES].sort());
  });
});
