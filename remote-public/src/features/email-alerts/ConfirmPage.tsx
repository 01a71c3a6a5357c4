import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { EmailAlertAnswer } from '@deals/contract/email-alerts';
import { ApiError } from '../../lib/http';
import { privateLinkHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useFetched } from '../../lib/useFetched';
import { confirmSubscription } from './api';
import { SubscribeAgain } from './SubscribeAgain';
import { SubscriptionSummary } from './SubscriptionSummary';
import { EMAIL_ALERT_MESSAGES, managePath, SOMETHING_WENT_WRONG } from './texts';
import './email-alerts.css';

/**
 * One confirmation per link and page load: React's development double mount, or a remount, reuse
 * the call on its way instead of confirming twice. A failure that is not the link's (the network)
 * is forgotten, so Try again calls again.
 */
const confirmations = new Map<string, Promise<EmailAlertAnswer>>();
function confirmOnce(token: string): Promise<EmailAlertAnswer> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmSubscription(token);
    confirmations.set(token, pending);
    pending.catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 400)) confirmations.delete(token);
    });
  }
  return pending;
}

/** Test support: forgets the confirmations of this page load. */
export function resetConfirmations(): void {
  confirmations.clear();
}

/**
 * `/email-alerts/confirm?token=…`, the double opt-in link of the confirmation mail. The call is a
 * POST made in the browser after the page has loaded: the server renders only the waiting state,
 * so neither the render nor a mail scanner fetching the link confirms anything.
 */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const { data, error } = useFetched(token ? `confirm:${attempt}:${token}` : null, () => confirmOnce(token));
  useHead(privateLinkHead(useSeoSite(), { path: pathname, title: 'Confirm your email alerts', description: 'Confirm your deal alerts by email.' }));

  if (!token)
    return (
      <section className="ea-page">
        <h1 className="page-title">Confirm your email alerts</h1>
        <p className="ea-page__problem" role="alert">
          {EMAIL_ALERT_MESSAGES.tokenRequired}
        </p>
        <SubscribeAgain label="Subscribe" />
      </section>
    );

  if (data)
    return (
      <section className="ea-page">
        <h1 className="page-title">{data.message}</h1>
        <div className="ea-card">
          <SubscriptionSummary subscription={data.subscription} />
        </div>
        <p className="ea-page__links">
          <Link className="btn btn--primary" to={managePath(data.manageToken ?? token)}>
            Manage your alerts
          </Link>
          <Link className="btn btn--ghost" to="/deals">
            See today&apos;s deals
          </Link>
        </p>
      </section>
    );

  if (error) {
    // 400: the link is wrong or too old, and only a new subscription mails a new one.
    const linkDead = error instanceof ApiError && error.status === 400;
    return (
      <section className="ea-page">
        <h1 className="page-title">We could not confirm your alerts</h1>
        <p className="ea-page__problem" role="alert">
          {error instanceof Error && error.message ? error.message : SOMETHING_WENT_WRONG}
        </p>
        {linkDead ? (
          <SubscribeAgain />
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        )}
      </section>
    );
  }

  return (
    <section className="ea-page" aria-busy="true">
      <h1 className="page-title">Confirming your email alerts…</h1>
      <p className="ea-note" role="status">
        One moment.
      </p>
    </section>
  );
}
