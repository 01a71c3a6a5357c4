import { api } from '@deals/shared-auth/client';
import type {
  MessageResponse,
  RecoveryCodesResponse,
  Session,
  TwoFactorConfirmResponse,
  TwoFactorProofRequest,
  TwoFactorStartResponse,
  TwoFactorStatus,
} from '@deals/contract';

export type { Session, TwoFactorStatus };

// A forced set-up runs before there is a session: a 401 then means the challenge expired, not
// the access token, so the client must not try a refresh.
const challengeCall = (challenge?: string) => (challenge ? { skipAuthRefresh: true } : undefined);

export async function startTwoFactor(challenge?: string): Promise<TwoFactorStartResponse> {
  const { data } = await api.post<TwoFactorStartResponse>('Users/TwoFactor/Start', challenge ? { challenge } : {}, challengeCall(challenge));
  return data;
}

export async function confirmTwoFactor(code: string, challenge?: string): Promise<TwoFactorConfirmResponse> {
  const { data } = await api.post<TwoFactorConfirmResponse>('Users/TwoFactor/Confirm', challenge ? { code, challenge } : { code }, challengeCall(challenge));
  return data;
}

export async function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  const { data } = await api.get<TwoFactorStatus>('Users/TwoFactor');
  return data;
}

export async function disableTwoFactor(proof: TwoFactorProofRequest): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/TwoFactor/Disable', proof);
  return data;
}

export async function regenerateRecoveryCodes(proof: TwoFactorProofRequest): Promise<RecoveryCodesResponse> {
  const { data } = await api.post<RecoveryCodesResponse>('Users/TwoFactor/RegenerateRecoveryCodes', proof);
  return data;
}

export async function fetchSessions(): Promise<Session[]> {
  const { data } = await api.get<Session[]>('Users/Sessions');
  return data;
}

export async function endSession(id: string): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/EndSession', { id });
  return data;
}

export async function endOtherSessions(): Promise<MessageResponse> {
  const { data } = await api.post<MessageResponse>('Users/EndAllSessions', { keepCurrent: true });
  return data;
}
