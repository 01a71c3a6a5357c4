import { useState } from 'react';
import { turnOnAlerts, useAlertState } from '../deal-alerts';
import type { FollowTarget } from './api';
import { isFollowing, setFollowing, useFollows } from './followsState';

// Not MESSAGES.serverError: importing the contract's messages here would ship all of them.
const errorText = (error: unknown) => (error instanceof Error && error.message) || 'Something went wrong. Please try again.';

/**
 * "Follow “lego”" / "Following “lego” ✓ Unfollow": new live deals matching the word or store are
 * pushed to this browser. With alerts off, the click turns them on first (the footer button's
 * flow: permission, subscription, registration), then follows. Rendered by FollowBar, which shows
 * it only in browsers that can receive alerts; `data-state` is there for browser tests.
 */
export function FollowButton({ target, label }: { target: FollowTarget; label: string }) {
  const alert = useAlertState();
  const { follows, error: loadError } = useFollows(alert.subscription);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (alert.status === 'unavailable') return null;
  const on = alert.status === 'on' && alert.subscription !== null;
  const following = on && isFollowing(follows, target);
  // With alerts on, the follows decide which way the button works: wait for them.
  const ready = alert.status === 'off' || (on && (follows !== null || loadError !== null));

  const run = (work: Promise<void>) => {
    setBusy(true);
    setError(null);
    work.then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure));
      },
    );
  };

  const click = () => {
    if (on) run(setFollowing(alert.subscription!, target, !following));
    // turnOnAlerts asks for the permission synchronously, inside this click.
    else run(turnOnAlerts().then((subscription) => setFollowing(subscription, target, true)));
  };

  const state = busy ? 'working' : following ? 'following' : on ? 'not-following' : alert.status;
  return (
    <div className="follow-button" data-state={state}>
      <button type="button" className={`btn ${following ? 'btn--primary' : 'btn--ghost'} follow-button__button`} disabled={busy || !ready} aria-busy={busy} onClick={click}>
        {following ? (
          <>
            Following “{label}” ✓ <span className="follow-button__undo">Unfollow</span>
          </>
        ) : (
          <>Follow “{label}”</>
        )}
      </button>
      {error && (
        <p className="follow-button__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
