import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { runtimeConfig } from '@deals/shared-auth';
import { isEmailAddress } from '../../lib/emailAddress';
import { postJson } from '../../lib/http';
import { rememberSignup } from './popupRules';
import './EmailSignup.css';

const MAX = LIMITS.emailSignup.email;
/** EMAIL_BLAST_MESSAGES.subscribed (that module pulls TypeBox, so not imported at run time). */
const THANKS = 'Thanks for signing up!';

/** The spec's message for an email the server would refuse, or null (spec 000 §5, §9). */
export function emailProblem(email: string): string | null {
  if (!email) return MESSAGES.emailSignup.emailRequired;
  if (email.length > MAX) return tooLongMessage('Email', MAX);
  return isEmailAddress(email) ? null : MESSAGES.emailSignup.emailInvalid;
}

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The email-blast signup (page, popup and footer). With an external email-marketing action URL
 * configured it is a real form POST to that service in a new tab (the visitor stays here);
 * otherwise it posts to our API's `EmailBlast/Subscribe`. Both remember the signup (has_signed).
 */
export function EmailSignupForm({ compact = false, onSignedUp }: { compact?: boolean; onSignedUp?: () => void }) {
  const id = useId();
  const action = runtimeConfig().emailSignupActionUrl;
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const value = email.trim();
  const problem = emailProblem(value);
  const shownProblem = touched ? problem : null;

  const done = (text: string) => {
    const store = storage();
    if (store) rememberSignup(store);
    setResult({ ok: true, text });
    onSignedUp?.();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setTouched(true);
    if (problem || busy) return event.preventDefault();
    // The external service receives the browser's own form post (in a new tab); the field keeps
    // its value, since the browser reads it after this handler.
    if (action) return done(THANKS);
    event.preventDefault();
    setBusy(true);
    setResult(null);
    postJson<{ message?: string }>('EmailBlast/Subscribe', { email: value }).then(
      (answer) => {
        setEmail('');
        setTouched(false);
        done(answer?.message || THANKS);
      },
      (error: unknown) => setResult({ ok: false, text: (error instanceof Error && error.message) || MESSAGES.serverError }),
    ).finally(() => setBusy(false));
  };

  return (
    <form
      className={`email-signup${compact ? ' email-signup--compact' : ''}`}
      noValidate
      onSubmit={submit}
      {...(action ? { action, method: 'post', target: '_blank', rel: 'noopener' } : {})}
    >
      <label htmlFor={`${id}e`} className={compact ? 'visually-hidden' : 'email-signup__label'}>
        Email
      </label>
      <div className="email-signup__row">
        <input
          id={`${id}e`}
          className="input email-signup__input"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          maxLength={MAX}
          value={email}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? `${id}m` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setResult(null);
          }}
          onBlur={() => setTouched(value.length > 0 || touched)}
        />
        <button type="submit" className="btn btn--primary email-signup__submit" disabled={busy || (touched && !!problem)}>
          Sign Up
        </button>
      </div>
      {shownProblem && (
        <p id={`${id}m`} className="email-signup__error" role="alert">
          {shownProblem}
        </p>
      )}
      {result && !result.ok && (
        <p className="email-signup__error" role="alert">
          {result.text}
        </p>
      )}
      {/* Always present, so screen readers announce the thanks when it appears. */}
      <p className="email-signup__ok" role="status">
        {result?.ok && result.text}
      </p>
    </form>
  );
}
