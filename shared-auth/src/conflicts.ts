import { atom } from 'jotai';
import { sessionStore } from './session';

// The edit-conflict dialog's state: the one dialog every admin screen shows when a save is refused
// because someone else changed the record after the screen loaded it (drawn by FeedbackHost).

export interface ConflictWho {
  changedBy: string | null;
  changedAt: string | null;
}

/** One field the two versions disagree on, with the way back to the user's value. */
export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  latest: string;
  useMine: () => void;
}

export type ConflictChoice = 'compare' | 'overwrite' | 'cancel';

export type ConflictDialog =
  | { open: false }
  | ({ open: true; step: 'choose'; canCompare: boolean } & ConflictWho)
  | ({ open: true; step: 'compare'; rows: ConflictRow[] } & ConflictWho);

export const conflictDialogAtom = atom<ConflictDialog>({ open: false });

let choosing: ((choice: ConflictChoice) => void) | null = null;

/** Asks what to do about a refused save: reload and compare (when the screen can), overwrite, or nothing. */
export function askEditConflict(who: ConflictWho, canCompare: boolean): Promise<ConflictChoice> {
  choosing?.('cancel');
  sessionStore.set(conflictDialogAtom, { open: true, step: 'choose', canCompare, changedBy: who.changedBy, changedAt: who.changedAt });
  return new Promise((resolve) => {
    choosing = resolve;
  });
}

/** The dialog's buttons. */
export function chooseEditConflict(choice: ConflictChoice): void {
  const resolve = choosing;
  choosing = null;
  if (choice !== 'compare') sessionStore.set(conflictDialogAtom, { open: false });
  resolve?.(choice);
}

/** Shows the user's unsaved values next to the latest ones (the form now shows the latest). */
export function showConflictComparison(who: ConflictWho, rows: ConflictRow[]): void {
  sessionStore.set(conflictDialogAtom, { open: true, step: 'compare', rows, changedBy: who.changedBy, changedAt: who.changedAt });
}

export function closeConflictDialog(): void {
  choosing?.('cancel');
  choosing = null;
  sessionStore.set(conflictDialogAtom, { open: false });
}

/** "Ann Smith changed this record at 27 Nov 2026, 17:40." */
export function conflictSentence({ changedBy, changedAt }: ConflictWho): string {
  const who = changedBy ?? 'Someone else';
  if (!changedAt) return `${who} changed this record after you opened it.`;
  const at = new Date(changedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return `${who} changed this record at ${at}.`;
}
