import { useEffect, useId } from 'react';
import { confirmAction } from './feedback';

// Unsaved work on the admin screens: each form, editor or modal with changes not yet saved says so
// here, and whatever would lose them (the app's own navigation, sign-out, closing a modal, a reload
// or closing the tab) asks first. One registry for the shell and every remote: this module is part
// of the shared-auth singleton.

const unsaved = new Set<string>();
const listeners = new Set<() => void>();

export const UNSAVED_TEXTS = {
  leaveTitle: 'Leave without saving?',
  leaveText: 'This screen has changes that are not saved. If you leave now, they are lost.',
  leave: 'Leave',
  discardTitle: 'Discard your changes?',
  discardText: 'What you changed here is not saved. If you close it now, it is lost.',
  discard: 'Discard',
} as const;

/** Marks the source `key` as holding unsaved changes, or not. */
export function markUnsaved(key: string, changed: boolean): void {
  const had = unsaved.has(key);
  if (changed === had) return;
  if (changed) unsaved.add(key);
  else unsaved.delete(key);
  for (const listener of listeners) listener();
}

/** The person chose to leave everything unsaved behind (signing out): nothing asks again. */
export function discardUnsaved(): void {
  if (!unsaved.size) return;
  unsaved.clear();
  for (const listener of listeners) listener();
}

export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/** Calls `listener` whenever the answer of hasUnsavedChanges may have changed; answers the unsubscribe. */
export function subscribeUnsaved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * While `changed`, the screen or modal calling this holds unsaved work: leaving asks first. Pass
 * false while a save is under way, so the save's own navigation (to the list, to the new record)
 * goes through.
 */
export function useUnsavedChanges(changed: boolean): void {
  const key = useId();
  useEffect(() => {
    markUnsaved(key, changed);
    return () => markUnsaved(key, false);
  }, [key, changed]);
}

/** Resolves true when nothing is unsaved, or when the person chose to leave anyway. */
export function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  return confirmAction({ title: UNSAVED_TEXTS.leaveTitle, text: UNSAVED_TEXTS.leaveText, rightBtnText: UNSAVED_TEXTS.leave, action: () => undefined });
}

/** Closing a modal that holds changes: resolves true when there are none or they may go. */
export function confirmDiscard(changed: boolean): Promise<boolean> {
  if (!changed) return Promise.resolve(true);
  return confirmAction({ title: UNSAVED_TEXTS.discardTitle, text: UNSAVED_TEXTS.discardText, rightBtnText: UNSAVED_TEXTS.discard, action: () => undefined });
}

/**
 * A modal's close (Cancel, ×, Esc) that asks first while the modal holds unsaved changes; those
 * changes also count as unsaved work of the screen (leaving it asks too).
 */
export function useGuardedClose(changed: boolean, close: () => void): () => void {
  useUnsavedChanges(changed);
  return () => void confirmDiscard(changed).then((discard) => discard && close());
}
