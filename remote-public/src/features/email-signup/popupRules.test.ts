import { rememberDismissal, rememberSignup, shouldShowPopup } from './popupRules';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

beforeEach(() => localStorage.clear());

describe('the email popup rules', () => {
  it('shows for a new visitor on any page but the signup page', () => {
    expect(shouldShowPopup({ pathname: '/home', storage: localStorage, now })).toBe(true);
    expect(shouldShowPopup({ pathname: '/email-blast-signup', storage: localStorage, now })).toBe(false);
    expect(shouldShowPopup({ pathname: '/email-blast-signup/', storage: localStorage, now })).toBe(false);
  });

  it('never shows on the pages of the email-alert links', () => {
    expect(shouldShowPopup({ pathname: '/email-alerts/confirm', storage: localStorage, now })).toBe(false);
    expect(shouldShowPopup({ pathname: '/email-alerts/manage', storage: localStorage, now })).toBe(false);
  });

  it('never shows again after a signup', () => {
    rememberSignup(localStorage);
    expect(localStorage.getItem('has_signed')).toBe('true');
    expect(shouldShowPopup({ pathname: '/home', storage: localStorage, now })).toBe(false);
  });

  it('stays away for 3 days after Maybe Later, then returns', () => {
    rememberDismissal(localStorage, daysAgo(3));
    expect(shouldShowPopup({ pathname: '/deals', storage: localStorage, now })).toBe(false);
    rememberDismissal(localStorage, daysAgo(3.01));
    expect(shouldShowPopup({ pathname: '/deals', storage: localStorage, now })).toBe(true);
    rememberDismissal(localStorage, daysAgo(0));
    expect(shouldShowPopup({ pathname: '/deals', storage: localStorage, now })).toBe(false);
  });

  it('treats an unreadable dismissal date as none', () => {
    localStorage.setItem('email_popup_dismissed_at', 'yesterday-ish');
    expect(shouldShowPopup({ pathname: '/home', storage: localStorage, now })).toBe(true);
  });
});
