/**
 * Two-factor sign-in and sessions (`Users/TwoFactor/…`, `Users/VerifyTwoFactor`, `Users/Sessions`,
 * `Users/End…Sessions`, `Users/SecuritySettings`), registered by the Users routes under their prefix.
 *
 * Wrong codes count per user and per challenge in the shared counters (so across instances), on
 * top of the per-IP rate limit; a right code clears the user's count.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import {
  EndAllSessionsRequestSchema,
  EndSessionRequestSchema,
  EndUserSessionsRequestSchema,
  MESSAGES,
  MessageResponseSchema,
  RecoveryCodesResponseSchema,
  SecuritySettingsSchema,
  SessionSchema,
  SignedInUserSchema,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  TwoFactorConfirmRequestSchema,
  TwoFactorConfirmResponseSchema,
  TwoFactorProofRequestSchema,
  TwoFactorStartRequestSchema,
  TwoFactorStartResponseSchema,
  TwoFactorStatusSchema,
  USER_MESSAGES,
  VerifyTwoFactorRequestSchema,
  type TwoFactorProofRequest,
} from '@deals/contract';
import { Type } from '@sinclair/typebox';
import { fieldError, HttpError } from '../../../errors.js';
import { verifyPassword } from '../../../lib/passwords.js';
import type { AuditEntry } from '../../../plugins/app/audit.js';
import { staffViewer } from '../../../plugins/app/viewer.js';
import { signedIn } from './sign-in.js';

/** Per IP: second-factor attempts per minute (the codes' own throttle is per user and challenge). */
export const TWO_FACTOR_PER_IP_PER_MINUTE = 20;
/** Per user: wrong codes within 15 minutes before further codes are refused. */
export const TWO_FACTOR_THROTTLE = { maxFailures: TWO_FACTOR.maxFailures, windowMs: 15 * 60 * 1000 } as const;

const perIp = { max: TWO_FACTOR_PER_IP_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: () => new HttpError(429, TWO_FACTOR_MESSAGES.throttled) };
const challengeInvalid = () => new HttpError(401, TWO_FACTOR_MESSAGES.challengeInvalid);
const challengeKey = (challenge: string) => `2fa:challenge:${createHash('sha256').update(challenge).digest('hex')}`;
const userKey = (userId: number) => `2fa:user:${userId}`;

const twoFactorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const counters = fastify.sharedCounters;

  /**
   * Reserves a code attempt for the user (and the challenge, when there is one) before the code is
   * checked, so parallel guesses on any instance cannot pass the limit; 429 when either is spent.
   */
  async function attempt(userId: number, challenge?: string): Promise<void> {
    const { maxFailures, windowMs } = TWO_FACTOR_THROTTLE;
    const byUser = await counters.reserve(userKey(userId), windowMs, maxFailures);
    const byChallenge = challenge === undefined || (await counters.reserve(challengeKey(challenge), TWO_FACTOR.challengeMinutes * 60_000, maxFailures));
    if (!byUser || !byChallenge) throw new HttpError(429, TWO_FACTOR_MESSAGES.throttled);
  }
  const succeeded = (userId: number) => counters.clear(userKey(userId));

  /** The entry of a user who may not be signed in yet (the request is anonymous until then). */
  async function audit(request: FastifyRequest, userId: number, entry: Omit<AuditEntry, 'recordType' | 'recordId' | 'actor'> & { recordType?: string }): Promise<void> {
    const user = await fastify.users.getById(userId);
    await fastify.audit.recordNow(request, { recordType: 'two-factor', recordId: userId, ...entry, actor: user && { id: user.id, name: user.username } });
  }

  /** The user a set-up call is for: the signed-in caller, or the owner of a forced set-up's challenge. */
  async function setupUser(request: FastifyRequest, challenge: string | undefined): Promise<number> {
    if (challenge !== undefined) {
      const userId = await fastify.twoFactor.peekChallenge(challenge, 'setup');
      if (userId === null) throw challengeInvalid();
      return userId;
    }
    return staffViewer(request).userId;
  }

  /** Turning two-factor off or making new recovery codes takes the password or a current code. */
  async function requireProof(request: FastifyRequest, userId: number, proof: TwoFactorProofRequest): Promise<void> {
    if (!proof.password && !proof.code) throw fieldError('password', TWO_FACTOR_MESSAGES.proofRequired);
    await attempt(userId);
    const user = await fastify.users.findWithHash(userId);
    const valid =
      !!user && ((proof.password ? await verifyPassword(user.passwordHash, proof.password) : false) || (proof.code ? (await fastify.twoFactor.verify(userId, proof.code)) !== null : false));
    if (!valid) {
      await audit(request, userId, { action: 'two-factor-proof-failed' });
      throw new HttpError(400, TWO_FACTOR_MESSAGES.proofInvalid);
    }
    await succeeded(userId);
  }

  fastify.get(
    '/TwoFactor',
    {
      config: { access: 'staff', rule: 'own account' },
      schema: { summary: "The caller's two-factor state: on or off, recovery codes left, and whether it is required.", response: { 200: TwoFactorStatusSchema } },
    },
    async (request) => {
      const status = await fastify.twoFactor.status(staffViewer(request).userId);
      return { ...status, required: (await fastify.securitySettings.get()).requireTwoFactor };
    },
  );

  fastify.post(
    '/TwoFactor/Start',
    {
      config: { access: 'optional', rule: 'own account, or the challenge of a forced set-up', rateLimit: perIp },
      schema: {
        summary:
          'Starts setting up two-factor sign-in: answers a new secret and its otpauth:// URI (for a QR code). The secret stays pending, unusable for sign-in, until `TwoFactor/Confirm`. Signed in, or with the `challenge` of a forced set-up.',
        body: TwoFactorStartRequestSchema,
        response: { 200: TwoFactorStartResponseSchema },
      },
    },
    async (request) => {
      const userId = await setupUser(request, request.body.challenge);
      if (await fastify.twoFactor.isEnabled(userId)) throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
      const user = await fastify.users.getById(userId);
      if (!user?.isActive) throw new HttpError(403, MESSAGES.auth.inactive);
      return fastify.twoFactor.start(userId, user.username);
    },
  );

  fastify.post(
    '/TwoFactor/Confirm',
    {
      config: { access: 'optional', rule: 'own account, or the challenge of a forced set-up', rateLimit: perIp },
      schema: {
        summary:
          'Turns two-factor sign-in on with a code of the pending secret; answers ten single-use recovery codes, shown this once. With the `challenge` of a forced set-up it also finishes the sign-in (`user`, as `Authenticate` answers it).',
        body: TwoFactorConfirmRequestSchema,
        response: { 200: TwoFactorConfirmResponseSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const userId = await setupUser(request, challenge);
      await attempt(userId, challenge);
      const outcome = await fastify.twoFactor.confirm(userId, code);
      if (outcome === 'not-started') throw new HttpError(409, TWO_FACTOR_MESSAGES.notStarted);
      if (outcome === 'invalid') {
        await audit(request, userId, { action: 'two-factor-setup-failed' });
        throw fieldError('code', TWO_FACTOR_MESSAGES.codeInvalid);
      }
      await succeeded(userId);
      await audit(request, userId, { action: 'two-factor-enabled' });
      if (challenge === undefined) return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: outcome };
      // The forced set-up proved the password (the challenge) and the new factor: the sign-in is done.
      if (!(await fastify.twoFactor.consumeChallenge(challenge, 'setup'))) throw challengeInvalid();
      const user = await fastify.users.getById(userId);
      if (!user?.isActive) throw new HttpError(403, MESSAGES.auth.inactive);
      const answer = await signedIn(fastify, request, user);
      await audit(request, userId, { action: 'sign-in', changes: { secondFactor: { from: null, to: 'set-up' } } });
      return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: outcome, user: answer };
    },
  );

  fastify.post(
    '/TwoFactor/Disable',
    {
      config: { access: 'staff', rule: 'own account; not while required for all staff', rateLimit: perIp },
      schema: {
        summary: 'Turns two-factor sign-in off, with the password or a current code (a recovery code too). 409 while an admin requires it for all staff.',
        body: TwoFactorProofRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { userId } = staffViewer(request);
      if (!(await fastify.twoFactor.isEnabled(userId))) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      if ((await fastify.securitySettings.get()).requireTwoFactor) throw new HttpError(409, TWO_FACTOR_MESSAGES.requiredBySettings);
      await requireProof(request, userId, request.body);
      await fastify.twoFactor.disable(userId);
      await audit(request, userId, { action: 'two-factor-disabled' });
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );

  fastify.post(
    '/TwoFactor/RegenerateRecoveryCodes',
    {
      config: { access: 'staff', rule: 'own account', rateLimit: perIp },
      schema: {
        summary: 'Replaces the recovery codes with ten new ones (shown this once), with the password or a current code.',
        body: TwoFactorProofRequestSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request) => {
      const { userId } = staffViewer(request);
      if (!(await fastify.twoFactor.isEnabled(userId))) throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled);
      await requireProof(request, userId, request.body);
      const recoveryCodes = await fastify.twoFactor.regenerate(userId);
      await audit(request, userId, { action: 'recovery-codes-regenerated' });
      return { message: TWO_FACTOR_MESSAGES.regenerated, recoveryCodes };
    },
  );

  fastify.post(
    '/VerifyTwoFactor',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        summary:
          "Finishes a sign-in that `Authenticate` answered with `twoFactorRequired`: the challenge (single use, 5 minutes) and a code from the authenticator or a recovery code (each works once). Answers what `Authenticate` answers users without two-factor.",
        body: VerifyTwoFactorRequestSchema,
        response: { 200: SignedInUserSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const userId = await fastify.twoFactor.peekChallenge(challenge, 'verify');
      if (userId === null) throw challengeInvalid();
      await attempt(userId, challenge);
      const factor = await fastify.twoFactor.verify(userId, code);
      if (!factor) {
        await audit(request, userId, { action: 'sign-in-two-factor-failed' });
        throw new HttpError(401, TWO_FACTOR_MESSAGES.codeInvalid);
      }
      if (!(await fastify.twoFactor.consumeChallenge(challenge, 'verify'))) throw challengeInvalid();
      await succeeded(userId);
      const user = await fastify.users.getById(userId);
      if (!user) throw challengeInvalid();
      if (!user.isActive) throw new HttpError(403, MESSAGES.auth.inactive);
      const answer = await signedIn(fastify, request, user);
      if (factor === 'recovery') await audit(request, userId, { action: 'recovery-code-used' });
      await audit(request, userId, { action: 'sign-in', changes: { secondFactor: { from: null, to: factor } } });
      return answer;
    },
  );

  fastify.get(
    '/Sessions',
    {
      config: { access: 'staff', rule: 'own sessions' },
      schema: { summary: "The caller's live sign-in sessions (device, IP, created, last used), `current` marking the one asking.", response: { 200: Type.Array(SessionSchema) } },
    },
    async (request) => {
      const viewer = staffViewer(request);
      return fastify.sessions.list(viewer.userId, viewer.sessionId);
    },
  );

  fastify.post(
    '/EndSession',
    {
      config: { access: 'staff', rule: 'own sessions', personal: true },
      schema: { summary: "Ends one of the caller's sessions: its refresh token and access tokens stop working at once.", body: EndSessionRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const { userId } = staffViewer(request);
      if (!(await fastify.sessions.end(userId, request.body.id))) throw new HttpError(404, TWO_FACTOR_MESSAGES.sessionNotFound);
      await audit(request, userId, { action: 'session-ended', recordType: 'session' });
      return { message: TWO_FACTOR_MESSAGES.sessionEnded };
    },
  );

  fastify.post(
    '/EndAllSessions',
    {
      config: { access: 'staff', rule: 'own sessions', personal: true },
      schema: { summary: "Ends every session of the caller; with `keepCurrent` all but the one asking.", body: EndAllSessionsRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const viewer = staffViewer(request);
      await fastify.sessions.endAll(viewer.userId, request.body.keepCurrent ? viewer.sessionId : undefined);
      await audit(request, viewer.userId, { action: 'sessions-ended', recordType: 'session' });
      return { message: TWO_FACTOR_MESSAGES.sessionsEnded };
    },
  );

  fastify.post(
    '/EndUserSessions',
    {
      config: { access: 'admin' },
      schema: { summary: "Ends every session of a user (admins): they must sign in again.", body: EndUserSessionsRequestSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const { userId } = request.body;
      if (!(await fastify.users.getById(userId))) throw new HttpError(404, USER_MESSAGES.notFound);
      await fastify.sessions.endAll(userId);
      await fastify.audit.recordNow(request, { action: 'sessions-ended', recordType: 'session', recordId: userId });
      return { message: TWO_FACTOR_MESSAGES.sessionsEnded };
    },
  );

  fastify.get(
    '/SecuritySettings',
    {
      config: { access: 'admin' },
      schema: { summary: 'The security settings: whether two-factor sign-in is required for every staff account.', response: { 200: SecuritySettingsSchema } },
    },
    async () => fastify.securitySettings.get(),
  );

  fastify.put(
    '/SecuritySettings',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Saves the security settings. Requiring two-factor leads staff without it through set-up at their next sign-in.',
        body: SecuritySettingsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.securitySettings.save(request.body, staffViewer(request).userId, fastify.audit.trail(request));
      return { message: TWO_FACTOR_MESSAGES.settingsSaved };
    },
  );
};

export default twoFactorRoutes;
