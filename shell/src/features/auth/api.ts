import { setSession } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';
import type { MessageResponse, PasswordTokenInfo, RequestPasswordResetBody, ResetPasswordBody, SignedInUser, TwoFactorChallenge } from '@deals/contract';

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

type RequestConfig = NonNullable<Parameters<typeof api.post>[2]>;

/**
 * Account recovery acts on an address or a mailed link, never on a session: no bearer goes along
 * (a token left in this browser may be someone else's, or stale), and a 401 is no cue to refresh.
 */
const anonymous = (): RequestConfig => ({
  skipAuthRefresh: true,
  // Request transforms run after the client's interceptor has added the session's token.
  transformRequest: [
    (data: unknown, headers) => {
      headers.delete('Authorization');
      return data;
    },
    ...[api.defaults.transformRequest ?? []].flat(),
  ],
});

/** Recover Account: the same answer whether or not the address belongs to a staff member. */
export async function requestPasswordReset(email: string): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/RequestPasswordReset', { email } satisfies RequestPasswordResetBody, anonymous());
  return data;
}

/** Whose reset or invitation link this is, before asking for a password. */
export async function fetchPasswordToken(token: string): Promise<PasswordTokenInfo> {
  const { data } = await api.post<PasswordTokenInfo>('Users/GetPasswordToken', { token }, anonymous());
  return data;
}

export async function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/ResetPassword', body, anonymous());
  return data;
}
