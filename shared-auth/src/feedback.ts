import { atom } from 'jotai';
import { serverMessage } from './errors';
import { sessionStore } from './session';

// The alert toast and the confirm modal of the spec (§3, §4) as shared state. Any remote calls the
// helpers; the one host the frame renders (`@deals/shared-auth/ui`) draws them, so every screen
// behaves the same and a remote never mounts its own copy.

export type ToastState = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  visible: boolean;
  text: string;
  state: ToastState;
  /** Changes with every toast, so the host can restart its entrance and the timer knows its toast. */
  id: number;
}

/** Toasts hide themselves after this long (spec §9). */
export const TOAST_DURATION_MS = 3500;

export const toastAtom = atom<Toast>({ visible: false, text: '', state: 'info', id: 0 });

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function show(state: ToastState, text: string): void {
  const id = sessionStore.get(toastAtom).id + 1;
  sessionStore.set(toastAtom, { visible: true, text, state, id });
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => hideToast(id), TOAST_DURATION_MS);
}

/** Hides the toast (only the given one, when an id is passed: a newer toast stays). */
export function hideToast(id?: number): void {
  const current = sessionStore.get(toastAtom);
  if (id !== undefined && current.id !== id) return;
  sessionStore.set(toastAtom, { ...current, visible: false });
}

/** One toast at a time; a new one replaces the last and restarts the 3.5 s. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
  /** A failed call: the server's message or the generic text (spec §8), as an error or a warning. */
  failure: (error: unknown, state: 'error' | 'warning' = 'error') => show(state, serverMessage(error)),
};

export interface ConfirmOptions {
  title: string;
  text: string;
  /** The label of the confirming button, e.g. Delete. */
  rightBtnText: string;
  /** Runs after the confirm click while the modal shows it is processing. */
  action: () => unknown;
  /** The toast state of the action's failure (spec 2 §8: delete fails as an error, remove as a warning). */
  failureState?: 'error' | 'warning';
}

export interface ConfirmModal {
  open: boolean;
  title: string;
  text: string;
  rightBtnText: string;
  isProcessing: boolean;
}

const closedModal: ConfirmModal = { open: false, title: '', text: '', rightBtnText: '', isProcessing: false };

export const confirmModalAtom = atom<ConfirmModal>(closedModal);

let pending: { action: () => unknown; failureState: 'error' | 'warning'; settle: (confirmed: boolean) => void } | null = null;

/**
 * Asks for confirmation: shown → processing after the confirm click → hidden. The action's
 * failure shows the server's message as an error toast. Resolves true when the action ran and
 * succeeded, false when cancelled or failed.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  pending?.settle(false);
  const { action, failureState = 'error', ...texts } = options;
  sessionStore.set(confirmModalAtom, { ...texts, open: true, isProcessing: false });
  return new Promise<boolean>((settle) => {
    pending = { action, failureState, settle };
  });
}

/** The confirm click: runs the action once, then hides the modal. */
export async function runConfirmedAction(): Promise<void> {
  const current = pending;
  if (!current || sessionStore.get(confirmModalAtom).isProcessing) return;
  sessionStore.set(confirmModalAtom, { ...sessionStore.get(confirmModalAtom), isProcessing: true });
  let succeeded = false;
  try {
    await current.action();
    succeeded = true;
  } catch (error) {
    toast.failure(error, current.failureState);
  }
  if (pending === current) {
    pending = null;
    sessionStore.set(confirmModalAtom, closedModal);
  }
  current.settle(succeeded);
}

/** The close action: nothing runs. Ignored while the action is processing. */
export function cancelConfirm(): void {
  if (!pending || sessionStore.get(confirmModalAtom).isProcessing) return;
  pending.settle(false);
  pending = null;
  sessionStore.set(confirmModalAtom, closedModal);
}
