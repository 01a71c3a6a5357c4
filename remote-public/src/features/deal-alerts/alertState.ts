// Whether deal alerts are on in this browser, shared by everything that depends on it: the footer's
// button (DealAlerts), its "Manage alerts" panel and the deal list's Follow buttons. A module-level
// store: it only changes in the browser (a check, a click), never while the server renders.
import { useSyncExternalStore } from 'react';
import { currentSubscription, notificationsDenied, pushSupported } from './browser';

/**
 * `unknown`: not read yet (and always on the server); `unavailable`: no Web Push here, or the
 * visitor blocked notifications; `off` / `on`: alerts are off / on, `subscription` set when on.
 */
export interface AlertState {
  status: 'unknown' | 'unavailable' | 'off' | 'on';
  subscription: PushSubscription | null;
}

const UNKNOWN: AlertState = { status: 'unknown', subscription: null };
let state: AlertState = UNKNOWN;
let checking = false;
const listeners = new Set<(next: AlertState) => void>();

function publish(next: AlertState) {
  if (next.status === state.status && next.subscription === state.subscription) return;
  state = next;
  for (const listener of [...listeners]) listener(state);
}

/** Records the browser's subscription as read or just changed (null: alerts are off). */
export function publishAlertSubscription(subscription: PushSubscription | null): void {
  publish(subscription ? { status: 'on', subscription } : { status: 'off', subscription: null });
}

/** Calls `listener` on every later change (not with the current state); answers the unsubscribe. */
export function onAlertStateChange(listener: (next: AlertState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const subscribeStore = (onChange: () => void) => onAlertStateChange(onChange);

/** The current state; `unknown` on the server and during hydration's first render. */
export function useAlertState(): AlertState {
  return useSyncExternalStore(
    subscribeStore,
    () => state,
    () => UNKNOWN,
  );
}

/** Reads the browser's subscription once, unless already known (call from an effect, never during render). */
export function checkAlertState(): void {
  if (state.status !== 'unknown' || checking) return;
  if (!pushSupported() || notificationsDenied()) {
    publish({ status: 'unavailable', subscription: null });
    return;
  }
  checking = true;
  currentSubscription()
    .then(publishAlertSubscription, () => publishAlertSubscription(null))
    .finally(() => {
      checking = false;
    });
}

/**
 * Turns deal alerts on with the footer button's flow (./subscribe.ts) and publishes the result.
 * Call synchronously inside the click: the permission prompt is shown only during a user gesture.
 * Rejects as `turnOn` does (DealAlertsError, or the API's error).
 */
export function turnOnAlerts(): Promise<PushSubscription> {
  const permission = Promise.resolve(Notification.requestPermission());
  return import('./subscribe')
    .then((module) => module.turnOn(permission))
    .then((subscription) => {
      publishAlertSubscription(subscription);
      return subscription;
    });
}

/** Test support: forgets what was read. */
export function resetAlertState(): void {
  state = UNKNOWN;
  checking = false;
  listeners.clear();
}
