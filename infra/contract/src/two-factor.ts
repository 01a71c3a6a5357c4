/**
 * Two-factor sign-in (TOTP, RFC 6238) and sign-in sessions of staff.
 *
 * - `Authenticate` answers a user with two-factor on `{ twoFactorRequired: true, challenge }`
 *   instead of tokens; `VerifyTwoFactor { challenge, code }` then answers the usual sign-in answer.
 * - When an admin requires two-factor for every staff account, a user without it gets
 *   `{ twoFactorSetupRequired: true, challenge }` and passes the challenge to `TwoFactor/Start`
 *   and `TwoFactor/Confirm`, whose answer then carries the signed-in user.
 * - Each sign-in is a session (device, IP, created, last used), listed and ended by its owner.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SignedInUserSchema } from './users.ts';

export const TWO_FACTOR = {
  /** Digits of a TOTP code. */
  digits: 6,
  periodSeconds: 30,
  /** Steps either side of now still accepted (clock drift). */
  window: 1,
  recoveryCodes: 10,
  /** Minutes a sign-in challenge lives. */
  challengeMinutes: 5,
  /** Wrong codes per challenge (and per user in a quarter of an hour) before it is refused. */
  maxFailures: 5,
  /** Issuer shown by authenticator apps. */
  issuer: 'Deals',
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Please try again.',
  challengeInvalid: 'Your sign-in has expired. Please sign in again.',
  throttled: 'Too many wrong codes. Please sign in again in a few minutes.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  notStarted: 'Please start the set-up again.',
  proofRequired: 'Please enter your password or a code from your authenticator app',
  proofInvalid: 'The password or code is not valid.',
  enabled: 'Two-factor sign-in is on.',
  disabled: 'Two-factor sign-in is off.',
  regenerated: 'New recovery codes made; the old ones no longer work.',
  sessionEnded: 'Session ended',
  sessionsEnded: 'Sessions ended',
  sessionNotFound: 'Session not found',
  settingsSaved: 'Security settings saved',
  requiredBySettings: 'Two-factor sign-in is required for every staff account; it cannot be turned off.',
  // Screen texts
  signInCodeTitle: 'Two-factor sign-in',
  signInCodeHelp: 'Enter the 6-digit code from your authenticator app.',
  recoveryHelp: 'Enter one of your recovery codes. Each code works once.',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticator: 'Use my authenticator app',
  setupTitle: 'Set up two-factor sign-in',
  setupRequiredHelp: 'Your organisation requires two-factor sign-in. Scan the QR code with an authenticator app, then enter the code it shows.',
  setupHelp: 'Scan the QR code with an authenticator app (or type the key), then enter the code it shows.',
  manualKey: 'Key for manual entry',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesHelp: 'Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator. They are shown only now.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  continue: 'Continue',
  securityTitle: 'Security',
  sessionsTitle: 'Signed-in devices',
  thisDevice: 'This device',
  endSession: 'End',
  endOtherSessions: 'End all other sessions',
  endUserSessions: 'End all sessions',
  requireForAll: 'Require two-factor for all staff',
} as const;

const Challenge = Type.String({
  minLength: 1,
  maxLength: 200,
  messages: { required: TWO_FACTOR_MESSAGES.challengeInvalid, minLength: TWO_FACTOR_MESSAGES.challengeInvalid, maxLength: TWO_FACTOR_MESSAGES.challengeInvalid, type: TWO_FACTOR_MESSAGES.challengeInvalid },
});
const Code = Type.String({
  minLength: 1,
  maxLength: 40,
  messages: { required: TWO_FACTOR_MESSAGES.codeRequired, minLength: TWO_FACTOR_MESSAGES.codeRequired, maxLength: TWO_FACTOR_MESSAGES.codeInvalid, type: TWO_FACTOR_MESSAGES.codeRequired },
});

/** What `Authenticate` answers instead of tokens when a second factor (or its set-up) is owed. */
export const TwoFactorChallengeSchema = Type.Union([
  Type.Object({ twoFactorRequired: Type.Literal(true), challenge: Type.String() }),
  Type.Object({ twoFactorSetupRequired: Type.Literal(true), challenge: Type.String() }),
]);
export type TwoFactorChallenge = Static<typeof TwoFactorChallengeSchema>;

export const VerifyTwoFactorRequestSchema = Type.Object({ challenge: Challenge, code: Code });
export type VerifyTwoFactorRequest = Static<typeof VerifyTwoFactorRequestSchema>;

/** `TwoFactor/Start`: signed in, or with the set-up challenge of a forced set-up. */
export const TwoFactorStartRequestSchema = Type.Object({ challenge: Type.Optional(Challenge) });
export const TwoFactorStartResponseSchema = Type.Object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: Type.String(),
  /** otpauth://totp/… URI, shown as a QR code. */
  uri: Type.String(),
});
export type TwoFactorStartResponse = Static<typeof TwoFactorStartResponseSchema>;

export const TwoFactorConfirmRequestSchema = Type.Object({ code: Code, challenge: Type.Optional(Challenge) });
export const TwoFactorConfirmResponseSchema = Type.Object({
  message: Type.String(),
  /** Ten single-use codes, shown once. */
  recoveryCodes: Type.Array(Type.String()),
  /** Present when the set-up finished a sign-in (forced set-up). */
  user: Type.Optional(SignedInUserSchema),
});
export type TwoFactorConfirmResponse = Static<typeof TwoFactorConfirmResponseSchema>;

/** Proof for turning two-factor off or making new recovery codes: the password or a current code. */
export const TwoFactorProofRequestSchema = Type.Object({
  password: Type.Optional(Type.String({ maxLength: 200 })),
  code: Type.Optional(Type.String({ maxLength: 40 })),
});
export type TwoFactorProofRequest = Static<typeof TwoFactorProofRequestSchema>;

export const RecoveryCodesResponseSchema = Type.Object({ message: Type.String(), recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponseSchema>;

export const TwoFactorStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
  /** The admin setting: every staff account must use two-factor. */
  required: Type.Boolean(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatusSchema>;

export const SessionSchema = Type.Object({
  id: Type.String(),
  device: Type.String(),
  ip: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  /** The session of the token that asked. */
  current: Type.Boolean(),
});
export type Session = Static<typeof SessionSchema>;

export const EndSessionRequestSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const EndAllSessionsRequestSchema = Type.Object({ keepCurrent: Type.Optional(Type.Boolean()) });
export const EndUserSessionsRequestSchema = Type.Object({ userId: Type.Integer({ minimum: 1 }) });

export const SecuritySettingsSchema = Type.Object({ requireTwoFactor: Type.Boolean() });
export type SecuritySettings = Static<typeof SecuritySettingsSchema>;
