// This browser's follows, shared by the footer's "Manage alerts" panel and the deal list's Follow
// buttons so that a change in one shows in the other. Loaded on first use for the subscription
// whose alerts are on; changes only in the browser, never while the server renders.
import { useEffect, useSyncExternalStore } from 'react';
import type { DealFollow } from '@deals/contract/deal-follows';
import { normaliseFollowWord } from '@deals/contract/deal-follow-words';
import { ApiError } from '../../lib/http';
import { registerSubscription } from '../deal-alerts';
import { changeFollow, fetchFollows, type FollowTarget } from './api';

export interface FollowsState {
  /** Whose follows these are (a subscription endpoint); null before the first load. */
  endpoint: string | null;
  /** Null while loading (or after a failed load). */
  follows: DealFollow[] | null;
  max: number;
  /** Why the last load failed. */
  error: string | null;
}

const EMPTY: FollowsState = { endpoint: null, follows: null, max: 0, error: null };
let state: FollowsState = EMPTY;
const listeners = new Set<() => void>();

function set(next: FollowsState) {
  state = next;
  for (const listener of [...listeners]) listener();
}

const subscribeStore = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

/**
 * Runs a call for this subscription; when the server does not know the browser (404: its row was
 * lost or pruned) it registers the subscription again and retries once, as resync would.
 */
async function asKnownBrowser<T>(subscription: PushSubscription, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await registerSubscription(subscription);
    return call();
  }
}

async function load(subscription: PushSubscription) {
  const endpoint = subscription.endpoint;
  set({ endpoint, follows: null, max: state.endpoint === endpoint ? state.max : 0, error: null });
  try {
    const answer = await asKnownBrowser(subscription, () => fetchFollows(endpoint));
    if (state.endpoint === endpoint) set({ endpoint, follows: answer.follows, max: answer.max, error: null });
  } catch (error) {
    if (state.endpoint === endpoint) set({ endpoint, follows: null, max: 0, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The follows of this subscription (loading them the first time); EMPTY without one. */
export function useFollows(subscription: PushSubscription | null): FollowsState {
  const current = useSyncExternalStore(
    subscribeStore,
    () => state,
    () => EMPTY,
  );
  const endpoint = subscription?.endpoint ?? null;
  useEffect(() => {
    if (subscription && state.endpoint !== subscription.endpoint) void load(subscription);
  }, [subscription]);
  return endpoint && current.endpoint === endpoint ? current : EMPTY;
}

/** Loads the follows again (after a failed load). */
export function reloadFollows(subscription: PushSubscription): Promise<void> {
  return load(subscription);
}

/** Follows or unfollows, and shares the follows the server answers; rejects with the API's error. */
export async function setFollowing(subscription: PushSubscription, target: FollowTarget, follow: boolean): Promise<void> {
  const endpoint = subscription.endpoint;
  const answer = await asKnownBrowser(subscription, () => changeFollow(endpoint, target, follow));
  set({ endpoint, follows: answer.follows, max: answer.max, error: null });
}

/** Whether `target` is among `follows` (a word compared as the server stores it). */
export function isFollowing(follows: readonly DealFollow[] | null, target: FollowTarget): boolean {
  if (!follows) return false;
  if (target.storeId !== undefined) return follows.some((follow) => follow.storeId === target.storeId);
  const word = normaliseFollowWord(target.word);
  return follows.some((follow) => follow.word === word);
}

/** Test support: forgets the follows. */
export function resetFollows(): void {
  state = EMPTY;
  listeners.clear();
}
