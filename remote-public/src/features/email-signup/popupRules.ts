// When the email-blast popup appears (spec 000 §4, §9): 5 s after load, unless the visitor has
// signed up, is on the signup page (or a page of an email-alert link), or dismissed it with Maybe
// Later 3 days ago or less.

export const POPUP_DELAY_MS = 5000;
export const POPUP_QUIET_DAYS = 3;
export const SIGNUP_PATH = '/email-blast-signup';

/** localStorage keys; `has_signed` is the spec's name. */
export const STORAGE_KEYS = { signed: 'has_signed', dismissedAt: 'email_popup_dismissed_at' } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

interface PopupContext {
  pathname: string;
  storage: Pick<Storage, 'getItem'>;
  now: Date;
}

/**
 * The pages behind the deal-alert mails' links: whoever opens one has given us an address already,
 * and a newsletter invitation over an unsubscribe page reads as ignoring the request.
 */
const EMAIL_ALERT_PAGES = '/email-alerts/';

export function shouldShowPopup({ pathname, storage, now }: PopupContext): boolean {
  if (pathname.replace(/\/+$/, '') === SIGNUP_PATH || pathname.startsWith(EMAIL_ALERT_PAGES)) return false;
  if (storage.getItem(STORAGE_KEYS.signed) === 'true') return false;
  const dismissed = Date.parse(storage.getItem(STORAGE_KEYS.dismissedAt) ?? '');
  // "More than 3 days have passed since the last dismissal"; an unreadable date counts as none.
  return Number.isNaN(dismissed) || now.getTime() - dismissed > POPUP_QUIET_DAYS * DAY_MS;
}

/** Maybe Later: remember when, so the popup stays away for 3 days. */
export function rememberDismissal(storage: Pick<Storage, 'setItem'>, now: Date): void {
  storage.setItem(STORAGE_KEYS.dismissedAt, now.toISOString());
}

/** A submitted signup: never show the popup again. */
export function rememberSignup(storage: Pick<Storage, 'setItem'>): void {
  storage.setItem(STORAGE_KEYS.signed, 'true');
}
