import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { EmailAlertAnswer, EmailAlertSubscription } from '@deals/contract/email-alerts';
import { ApiError } from '../../lib/http';
import { privateLinkHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { useFetched } from '../../lib/useFetched';
import { getSubscription, unsubscribe, updateSubscription } from './api';
import { FollowsEditor } from './FollowsEditor';
import { FrequencyChoice } from './FrequencyChoice';
import { failureOf } from './rules';
import { SubscribeAgain } from './SubscribeAgain';
import { SubscriptionSummary } from './SubscriptionSummary';
import { EMAIL_ALERT_MESSAGES, STATUS_NOTES, SOMETHING_WENT_WRONG } from './texts';
import { useFollowsForm } from './useFollowsForm';
import './email-alerts.css';

const errorText = (error: unknown) => (error instanceof Error && error.message) || SOMETHING_WENT_WRONG;

/** The follows and frequency of a subscription, editable, saved with UpdateSubscription. */
function ManageEditor({ token, subscription, onSaved }: { token: string; subscription: EmailAlertSubscription; onSaved: (answer: EmailAlertAnswer) => void }) {
  const form = useFollowsForm({ choice: { words: subscription.words, stores: subscription.stores }, frequency: subscription.frequency });
  const { errors, busy } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const follows = form.collect();
    if (!follows) return;
    form.setBusy(true);
    updateSubscription({ token, words: follows.words, storeIds: follows.stores.map((store) => store.id), frequency: form.frequency }).then(
      (answer) => {
        form.setBusy(false);
        onSaved(answer);
      },
      (error: unknown) => {
        form.setBusy(false);
        form.fail(error);
      },
    );
  };

  return (
    <form className="ea-form ea-card" noValidate onSubmit={save} aria-busy={busy} aria-label="Your alerts">
      <FollowsEditor choice={form.choice} onChange={form.setChoice} typed={form.typed} onTyped={form.setTyped} errors={errors} onError={form.setError} disabled={busy} />
      <FrequencyChoice value={form.frequency} onChange={form.setFrequency} error={errors.frequency} />
      {form.failure && (
        <p className="ea-error ea-form__failure" role="alert">
          {form.failure}
        </p>
      )}
      <div className="ea-form__actions">
        <button type="submit" className="btn btn--primary ea-form__submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/**
 * Unsubscribe, as a confirmation: prominent (`prominent`) when the page was opened from the mails'
 * unsubscribe link, a quiet section under the editor otherwise.
 */
function UnsubscribeBox({ email, prominent, onUnsubscribe, onKeep, busy, error }: { email: string | null; prominent: boolean; onUnsubscribe: () => void; onKeep?: () => void; busy: boolean; error: string | null }) {
  const hydrated = useHydrated();
  return (
    <section className={`ea-unsubscribe${prominent ? ' ea-unsubscribe--prominent' : ''}`} aria-labelledby="ea-unsubscribe-title">
      <h2 id="ea-unsubscribe-title" className="ea-unsubscribe__title">
        {prominent ? 'Unsubscribe from all alerts?' : 'Stop all alerts'}
      </h2>
      <p className="ea-unsubscribe__text">
        We will send no more deal alerts to {email ? <strong className="ea-summary__email">{email}</strong> : 'this address'}.
      </p>
      <div className="ea-unsubscribe__actions">
        {/* Disabled until hydrated: a click on the server's markup would do nothing. */}
        <button type="button" className="btn ea-button-danger" disabled={busy || !hydrated} onClick={onUnsubscribe}>
          {busy ? 'Unsubscribing…' : prominent ? 'Unsubscribe from all alerts' : 'Unsubscribe'}
        </button>
        {onKeep && (
          <button type="button" className="btn btn--ghost" disabled={busy} onClick={onKeep}>
            Keep my alerts
          </button>
        )}
      </div>
      {error && (
        <p className="ea-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * `/email-alerts/manage?token=…` (`&unsubscribe=1` from the mails' unsubscribe link): the
 * subscription behind the link, its words, stores and frequency to edit, and Unsubscribe. Read
 * with a POST in the browser only; the server renders the waiting state.
 */
export default function ManagePage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token') ?? '';
  const unsubscribeFirst = params.get('unsubscribe') === '1';
  useHead(privateLinkHead(useSeoSite(), { path: pathname, title: 'Manage your email alerts', description: 'Change or stop your deal alerts by email.' }));

  const loaded = useFetched(token ? `manage:${token}` : null, (signal) => getSubscription(token, signal));
  // The latest answer: the load's, then each save's or the unsubscribe's.
  const [latest, setLatest] = useState<EmailAlertAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saves, setSaves] = useState(0);
  const [kept, setKept] = useState(false);
  const [leaving, setLeaving] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const answer = latest ?? loaded.data;
  const subscription = answer?.subscription;

  const leave = () => {
    setLeaving({ busy: true, error: null });
    setNotice(null);
    unsubscribe(token).then(
      (result) => {
        setLeaving({ busy: false, error: null });
        setLatest(result);
        setNotice(result.message);
      },
      (error: unknown) => setLeaving({ busy: false, error: failureOf(error).message ?? errorText(error) }),
    );
  };

  const title = <h1 className="page-title">Your email alerts</h1>;

  if (!token)
    return (
      <section className="ea-page">
        {title}
        <p className="ea-page__problem" role="alert">
          {EMAIL_ALERT_MESSAGES.tokenRequired}
        </p>
      </section>
    );

  if (loaded.error && !answer) {
    const linkDead = loaded.error instanceof ApiError && loaded.error.status === 400;
    return (
      <section className="ea-page">
        {title}
        <p className="ea-page__problem" role="alert">
          {errorText(loaded.error)}
        </p>
        {linkDead ? <SubscribeAgain label="Subscribe again" /> : <p className="ea-note">Reload the page to try again.</p>}
      </section>
    );
  }

  const unsubscribed = subscription?.status === 'UNSUBSCRIBED';
  // From the mails' unsubscribe link: the question comes first, and it needs only the token.
  if (unsubscribeFirst && !kept && !unsubscribed)
    return (
      <section className="ea-page">
        {title}
        <UnsubscribeBox email={subscription?.email ?? null} prominent onUnsubscribe={leave} onKeep={() => setKept(true)} {...leaving} />
      </section>
    );

  if (!subscription)
    return (
      <section className="ea-page" aria-busy="true">
        {title}
        <p className="ea-note" role="status">
          Loading your alerts…
        </p>
      </section>
    );

  return (
    <section className="ea-page">
      {title}
      {/* Always present, so screen readers announce each save's or the unsubscribe's answer. */}
      <p className={notice ? 'ea-notice' : 'visually-hidden'} role="status">
        {notice}
      </p>
      {unsubscribed ? (
        <>
          <div className="ea-card">
            <SubscriptionSummary subscription={subscription} showStatus={!notice} />
          </div>
          <div className="ea-page__links">
            <SubscribeAgain words={subscription.words} stores={subscription.stores} />
            <Link className="btn btn--ghost" to="/deals">
              See today&apos;s deals
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="ea-page__lead">
            Alerts for <strong className="ea-summary__email">{subscription.email}</strong>
          </p>
          {STATUS_NOTES[subscription.status] && <p className="ea-note ea-page__status">{STATUS_NOTES[subscription.status]}</p>}
          <ManageEditor
            key={saves}
            token={token}
            subscription={subscription}
            onSaved={(result) => {
              setLatest(result);
              setNotice(result.message);
              setSaves((n) => n + 1);
            }}
          />
          <UnsubscribeBox email={subscription.email} prominent={false} onUnsubscribe={leave} {...leaving} />
        </>
      )}
    </section>
  );
}
