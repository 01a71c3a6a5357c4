import type { EmailAlertSubscription } from '@deals/contract/email-alerts';
import { FREQUENCY_LABELS, STATUS_NOTES } from './texts';

/**
 * A subscription at a glance: the (masked) address, what it follows and how often, and a line on
 * its status unless the page just said it (`showStatus` false).
 */
export function SubscriptionSummary({ subscription, showStatus = true }: { subscription: EmailAlertSubscription; showStatus?: boolean }) {
  const { email, words, stores, frequency, status } = subscription;
  const note = showStatus ? STATUS_NOTES[status] : undefined;
  return (
    <div className="ea-summary">
      <dl className="ea-summary__list">
        <div>
          <dt>Email</dt>
          <dd className="ea-summary__email">{email}</dd>
        </div>
        <div>
          <dt>Following</dt>
          <dd>
            {words.length + stores.length ? (
              <ul className="ea-chips ea-chips--static" aria-label="Followed words and stores">
                {words.map((word) => (
                  <li key={`w:${word}`} className="ea-chip">
                    <span className="ea-chip__label">{word}</span>
                  </li>
                ))}
                {stores.map((store) => (
                  <li key={`s:${store.id}`} className="ea-chip ea-chip--store">
                    <span className="ea-chip__label">
                      {store.name} <small>store</small>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              'Nothing'
            )}
          </dd>
        </div>
        <div>
          <dt>How often</dt>
          <dd>{FREQUENCY_LABELS[frequency]?.label ?? frequency}</dd>
        </div>
      </dl>
      {note && <p className="ea-note ea-summary__status">{note}</p>}
    </div>
  );
}
