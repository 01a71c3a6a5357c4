export { runtimeConfig, attachmentUrl, type RuntimeConfig } from './config';
export { decodeToken, isAdminToken, type TokenClaims } from './token';
export {
  sessionAtom,
  isSignedInAtom,
  sessionStore,
  setSession,
  clearSession,
  currentSession,
  emptySession,
  SESSION_STORAGE_KEY,
  type Session,
  type SessionUser,
} from './session';
export { serverMessage, httpStatus, GENERIC_SERVER_ERROR } from './errors';
export {
  toast,
  toastAtom,
  hideToast,
  TOAST_DURATION_MS,
  confirmAction,
  confirmModalAtom,
  runConfirmedAction,
  cancelConfirm,
  type Toast,
  type ToastState,
  type ConfirmOptions,
  type ConfirmModal,
} from './feedback';
export { toCsv, downloadCsv, saveBlob, type CsvColumn } from './csv';
export { markUnsaved, discardUnsaved, hasUnsavedChanges, subscribeUnsaved, useUnsavedChanges, useGuardedClose, confirmLeave, confirmDiscard, UNSAVED_TEXTS } from './unsaved';
export {
  conflictDialogAtom,
  askEditConflict,
  chooseEditConflict,
  showConflictComparison,
  closeConflictDialog,
  conflictSentence,
  type ConflictDialog,
  type ConflictRow,
  type ConflictChoice,
  type ConflictWho,
} from './conflicts';
