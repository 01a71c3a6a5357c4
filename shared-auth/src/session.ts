import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { isAdminToken } from './token';

/** The signed-in user as the sign-in call returns it; fields beyond these pass through. */
export interface SessionUser {
  id: number;
  username: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
  [field: string]: unknown;
}

export interface Session {
  user: SessionUser | null;
  authToken: string | null;
  refreshToken: string | null;
  isAdmin: boolean;
}

export const SESSION_STORAGE_KEY = 'auth';
export const emptySession: Session = { user: null, authToken: null, refreshToken: null, isAdmin: false };

// No localStorage on the server (the public remote's renderer): the session is then empty.
const storage = createJSONStorage<Session>(() => (typeof localStorage === 'undefined' ? (undefined as unknown as Storage) : localStorage));

/**
 * The one session of the page. It lives in jotai's default store: jotai and this package are
 * Module Federation singletons, so the shell and every remote read and write the same atom.
 */
export const sessionAtom = atomWithStorage<Session>(SESSION_STORAGE_KEY, emptySession, storage, { getOnInit: true });

export const isSignedInAtom = atom((get) => Boolean(get(sessionAtom).authToken));

/** The store the session lives in, for code outside React (the HTTP client). */
export const sessionStore = getDefaultStore();

/** Stores what a sign-in or a refresh returned; the admin flag is read from the token. */
export function setSession(user: SessionUser, authToken: string, refreshToken: string): void {
  sessionStore.set(sessionAtom, { user, authToken, refreshToken, isAdmin: isAdminToken(authToken) });
}

export function clearSession(): void {
  sessionStore.set(sessionAtom, emptySession);
}

export function currentSession(): Session {
  return sessionStore.get(sessionAtom);
}
