import { useEffect, useState, type FormEvent } from 'react';
import type { DealFollow } from '@deals/contract/deal-follows';
import { followWordProblem, normaliseFollowWord } from '@deals/contract/deal-follow-words';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { checkAlertState, useAlertState } from '../deal-alerts';
import type { FollowTarget } from './api';
import { reloadFollows, setFollowing, useFollows } from './followsState';
import './deal-follows.css';

/** The longest text the add field takes (the server measures the normalised word). */
const INPUT_MAX = 100;

const errorText = (error: unknown) => (error instanceof Error && error.message) || 'Something went wrong. Please try again.';
const targetOf = (follow: DealFollow): FollowTarget => (follow.kind === 'store' && follow.storeId !== null ? { storeId: follow.storeId } : { word: follow.word ?? follow.label });
const keyOf = (follow: DealFollow) => `${follow.kind}:${follow.storeId ?? follow.word}`;

/** The open panel: what this browser follows, each with Remove, and a field to follow a word. */
function ManageAlertsBody({ subscription }: { subscription: PushSubscription }) {
  const { follows, max, error: loadError } = useFollows(subscription);
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (key: string, work: Promise<void>, onDone?: () => void) => {
    setBusy(key);
    setError(null);
    work.then(
      () => {
        setBusy(null);
        onDone?.();
      },
      (failure: unknown) => {
        setBusy(null);
        setError(errorText(failure));
      },
    );
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rule, so an obvious mistake is explained without a round trip.
    const problem = followWordProblem(normaliseFollowWord(word));
    if (problem) {
      setError(problem);
      return;
    }
    run('add', setFollowing(subscription, { word }, true), () => setWord(''));
  };

  if (loadError) {
    return (
      <div className="manage-alerts__body">
        <p className="manage-alerts__error" role="alert">
          {loadError}
        </p>
        <button type="button" className="btn btn--ghost manage-alerts__retry" onClick={() => void reloadFollows(subscription)}>
          Try again
        </button>
      </div>
    );
  }
  if (!follows) return <p className="manage-alerts__body manage-alerts__note">Loading…</p>;

  return (
    <div className="manage-alerts__body" aria-busy={busy !== null}>
      {follows.length ? (
        <ul className="manage-alerts__list" aria-label="Followed words and stores">
          {follows.map((follow) => (
            <li key={keyOf(follow)} className="manage-alerts__item">
              <span className="manage-alerts__label">
                {follow.label}
                {follow.kind === 'store' && <small> (store)</small>}
              </span>
              <button
                type="button"
                className="manage-alerts__remove"
                aria-label={`Stop following ${follow.label}`}
                disabled={busy !== null}
                onClick={() => run(keyOf(follow), setFollowing(subscription, targetOf(follow), false))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="manage-alerts__note">You follow nothing yet. Add a word below, or follow a search or a store on the deals page.</p>
      )}
      <form className="manage-alerts__add" onSubmit={add}>
        <label className="visually-hidden" htmlFor="manage-alerts-word">
          Word to follow
        </label>
        <input
          id="manage-alerts-word"
          className="input manage-alerts__input"
          placeholder="e.g. airpods"
          maxLength={INPUT_MAX}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          disabled={busy !== null}
        />
        <button type="submit" className="btn btn--ghost manage-alerts__submit" disabled={busy !== null || !word.trim()}>
          {busy === 'add' ? 'Adding…' : 'Follow'}
        </button>
      </form>
      <p className="manage-alerts__note">
        {follows.length} of {max} followed. New deals whose name contains a followed word, or from a followed store, are sent to this browser.
      </p>
      {error && (
        <p className="manage-alerts__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Manage alerts" in the footer, under the deal-alerts button: shown once alerts are on in this
 * browser (nothing on the server or during hydration). The follows load when the panel opens.
 */
export function ManageAlerts() {
  const hydrated = useHydrated();
  const alert = useAlertState();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (hydrated) checkAlertState();
  }, [hydrated]);

  if (!hydrated || alert.status !== 'on' || !alert.subscription) return null;
  return (
    <details className="manage-alerts" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="manage-alerts__summary">Manage alerts</summary>
      {open && <ManageAlertsBody subscription={alert.subscription} />}
    </details>
  );
}
