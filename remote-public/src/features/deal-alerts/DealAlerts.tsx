import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/ssr/useHydrated';
import { onAlertStateChange, publishAlertSubscription } from './alertState';
import { currentSubscription, notificationsDenied, pushSupported } from './browser';
import './DealAlerts.css';

// Only this component and ./browser.ts ship with the footer; the subscribing code (./subscribe.ts
// and the API calls) loads on the first click, or at once when alerts are already on.
const loadSubscribe = () => import('./subscribe');

/**
 * `checking`: reading the browser's subscription; `off` / `on`: alerts are off / on in this
 * browser; `blocked`: the visitor refused notifications. `busy` while turning on or off; `error`
 * is the last failure's message, shown until the next attempt.
 */
interface State {
  mode: 'checking' | 'off' | 'on' | 'blocked';
  busy: boolean;
  error: string | null;
  subscription: PushSubscription | null;
}

// Not MESSAGES.serverError: importing the contract's messages here would ship all of them.
const errorText = (error: unknown) => (error instanceof Error && error.message) || 'Something went wrong. Please try again.';

/**
 * "Get deal alerts": browser notifications of new deals through Web Push. Shown only where the
 * browser can do it and the visitor has not blocked notifications for the site. The element's
 * `data-state` (checking, off, working, on, blocked, error) is there for browser tests.
 */
export function DealAlerts() {
  // Known only in the browser: the server's markup (and hydration) has no button.
  const hydrated = useHydrated();
  const [supported] = useState(() => pushSupported() && !notificationsDenied());
  const available = hydrated && supported;
  const [state, setState] = useState<State>({ mode: 'checking', busy: false, error: null, subscription: null });

  useEffect(() => {
    if (!available) return;
    let live = true;
    currentSubscription().then(
      (subscription) => {
        if (!live) return;
        setState((now) => ({ ...now, mode: subscription ? 'on' : 'off', subscription }));
        publishAlertSubscription(subscription);
        if (subscription) void loadSubscribe().then((module) => module.resync(subscription));
      },
      // No registration can be read (e.g. storage blocked): offer the button; a click says why.
      () => live && setState((now) => ({ ...now, mode: 'off' })),
    );
    return () => {
      live = false;
    };
  }, [available]);

  // Alerts turned on elsewhere (a deal list's Follow button) show here as on.
  useEffect(
    () =>
      onAlertStateChange((next) =>
        setState((now) => {
          if (next.status === 'on' && next.subscription !== now.subscription) return { mode: 'on', busy: false, error: null, subscription: next.subscription };
          if (next.status === 'off' && now.mode === 'on' && !now.busy) return { mode: 'off', busy: false, error: null, subscription: null };
          return now;
        }),
      ),
    [],
  );

  if (!available) return null;

  const turnOn = () => {
    // Asked here, synchronously in the click: browsers show the prompt only during a user
    // gesture, which awaiting the module below would outlive.
    const permission = Promise.resolve(Notification.requestPermission());
    setState((now) => ({ ...now, busy: true, error: null }));
    loadSubscribe()
      .then((module) => module.turnOn(permission))
      .then(
        (subscription) => {
          setState({ mode: 'on', busy: false, error: null, subscription });
          publishAlertSubscription(subscription);
        },
        (error: unknown) =>
          setState((now) =>
            error instanceof Error && 'kind' in error && error.kind === 'blocked'
              ? { mode: 'blocked', busy: false, error: null, subscription: null }
              : { ...now, busy: false, error: errorText(error) },
          ),
      );
  };

  const turnOff = (subscription: PushSubscription) => {
    setState((now) => ({ ...now, busy: true, error: null }));
    loadSubscribe()
      .then((module) => module.turnOff(subscription))
      .then(
        () => {
          setState({ mode: 'off', busy: false, error: null, subscription: null });
          publishAlertSubscription(null);
        },
        (error: unknown) => setState((now) => ({ ...now, busy: false, error: errorText(error) })),
      );
  };

  const { mode, busy, error, subscription } = state;
  const shown = busy ? 'working' : error ? 'error' : mode;
  return (
    <div className="deal-alerts" data-state={shown} aria-busy={busy || mode === 'checking'}>
      {mode === 'on' && subscription ? (
        <>
          <p className="deal-alerts__on" role="status">
            Deal alerts are on
          </p>
          <button type="button" className="btn btn--ghost deal-alerts__button" disabled={busy} onClick={() => turnOff(subscription)}>
            {busy ? 'Turning off…' : 'Turn off'}
          </button>
        </>
      ) : mode === 'blocked' ? (
        <p className="deal-alerts__error" role="alert">
          Notifications are blocked in your browser settings
        </p>
      ) : (
        <>
          <p className="deal-alerts__text">Or get a notification in this browser when new deals drop.</p>
          <button type="button" className="btn btn--ghost deal-alerts__button" disabled={busy || mode === 'checking'} onClick={turnOn}>
            {busy ? 'Turning on…' : 'Get deal alerts'}
          </button>
        </>
      )}
      {error && (
        <p className="deal-alerts__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
