import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../components/icons';
import { subscribe } from './api';
import { FollowsEditor } from './FollowsEditor';
import { FrequencyChoice } from './FrequencyChoice';
import { emailProblem, initialChoice, type StoreChoice } from './rules';
import { EMAIL_ALERT_LIMITS, EMAIL_ALERT_MESSAGES } from './texts';
import { useFollowsForm } from './useFollowsForm';
import './email-alerts.css';

export interface EmailAlertFormProps {
  /** Prefilled from the page: its search words, its stores. */
  words?: readonly string[];
  stores?: readonly StoreChoice[];
  /** Offered as Done once the confirmation mail is on its way (the dialog closes). */
  onDone?: () => void;
}

/**
 * Deal alerts by email for a visitor without an account: the address, the words and stores to
 * follow, instant or daily. Checked here with the API's own words first; the API's field
 * messages (400) show under their fields, anything else (429) above the button. Success replaces
 * the form: nothing is sent until the visitor opens the confirmation mail.
 */
export function EmailAlertForm({ words, stores, onDone }: EmailAlertFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const form = useFollowsForm({ choice: initialChoice(words, stores), frequency: 'INSTANT' });
  const { errors, busy } = form;
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const emailError = emailProblem(address);
    const follows = form.collect(emailError ? { email: emailError } : {});
    if (!follows) return;
    form.setBusy(true);
    subscribe({ email: address, words: follows.words, storeIds: follows.stores.map((store) => store.id), frequency: form.frequency }).then(
      (answer) => {
        form.setBusy(false);
        setSent({ message: answer?.message || EMAIL_ALERT_MESSAGES.subscribed, email: address });
      },
      (error: unknown) => {
        form.setBusy(false);
        form.fail(error);
      },
    );
  };

  if (sent) {
    return (
      <div className="ea-sent" role="status">
        <span className="ea-sent__icon">
          <Icon name="mail" size={26} />
        </span>
        <h3 className="ea-sent__title">Check your inbox</h3>
        <p className="ea-sent__message">{sent.message}</p>
        <p className="ea-note">
          We sent it to <strong className="ea-sent__address">{sent.email}</strong>. The link works for {EMAIL_ALERT_LIMITS.confirmHours} hours; no alerts are sent until you open
          it.
        </p>
        {onDone && (
          <button type="button" className="btn btn--primary ea-sent__done" onClick={onDone}>
            Done
          </button>
        )}
      </div>
    );
  }

  return (
    <form className="ea-form" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="ea-field">
        <label className="ea-label" htmlFor={`${id}email`}>
          Email
        </label>
        <input
          id={`${id}email`}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          maxLength={EMAIL_ALERT_LIMITS.email}
          value={email}
          disabled={busy}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}emailError` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            form.setError('email', null);
          }}
        />
        {errors.email && (
          <p id={`${id}emailError`} className="ea-error" role="alert">
            {errors.email}
          </p>
        )}
      </div>
      <FollowsEditor choice={form.choice} onChange={form.setChoice} typed={form.typed} onTyped={form.setTyped} errors={errors} onError={form.setError} disabled={busy} />
      <FrequencyChoice value={form.frequency} onChange={form.setFrequency} error={errors.frequency} />
      {form.failure && (
        <p className="ea-error ea-form__failure" role="alert">
          {form.failure}
        </p>
      )}
      <div className="ea-form__actions">
        <button type="submit" className="btn btn--primary ea-form__submit" disabled={busy}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
        <p className="ea-note ea-form__fine">No account needed. Every email has a one-click unsubscribe link.</p>
      </div>
    </form>
  );
}
