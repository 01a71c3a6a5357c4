import { api } from './http';
import { clearSession, currentSession, setSession, type SessionUser } from '@deals/shared-auth';

type AuthenticateResponse = SessionUser & { token: string; refreshToken: string };

/**
 * Signs in and stores the session (user, both tokens, admin flag from the token). Rejects with the
 * API's error; a failed sign-in never triggers a refresh.
 */
export async function signIn(username: string, password: string): Promise<SessionUser> {
  // The API takes the username in the field named email (spec §7).
  const { data } = await api.post<AuthenticateResponse>('Users/Authenticate', { email: username, password });
  const { token, refreshToken, ...user } = data;
  setSession(user, token, refreshToken);
  return user;
}

/**
 * Resets the session to empty at once, then tells the API to end the refresh token's family so a
 * copied token cannot be used later. The API call is best effort: signing out works offline.
 */
export async function signOut(): Promise<void> {
  const { refreshToken } = currentSession();
  clearSession();
  if (!refreshToken) return;
  try {
    await api.post('Users/Logout', { refreshToken }, { skipAuthRefresh: true });
  } catch {
    // The token expires on its own; nothing for the user to do.
  }
}
