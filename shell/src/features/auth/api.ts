import { setSession } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';
import type { SignedInUser, TwoFactorChallenge } from '@deals/contract';

/** What a right password leads to: signed in, or a second factor (or its set-up) still owed. */
export type SignInStep = { kind: 'signed-in' } | { kind: 'code'; challenge: string } | { kind: 'setup'; challenge: string };

/** Stores a finished sign-in as the page's session. */
export function keepSession({ token, refreshToken, ...user }: SignedInUser): void {
  setSession(user, token, refreshToken);
}

export async function authenticate(username: string, password: string): Promise<SignInStep> {
  // The API takes the username in the field named email (spec §7).
  const { data } = await api.post<SignedInUser | TwoFactorChallenge>('Users/Authenticate', { email: username, password });
  if ('twoFactorRequired' in data) return { kind: 'code', challenge: data.challenge };
  if ('twoFactorSetupRequired' in data) return { kind: 'setup', challenge: data.challenge };
  keepSession(data);
  return { kind: 'signed-in' };
}

export async function verifyTwoFactor(challenge: string, code: string): Promise<void> {
  // A 401 here is a wrong code or an expired challenge, never an access token to refresh.
  const { data } = await api.post<SignedInUser>('Users/VerifyTwoFactor', { challenge, code }, { skipAuthRefresh: true });
  keepSession(data);
}
