/**
 * Staff users, sign-in and sessions (spec §7 "Users/…"). Sign-in is throttled twice: per IP by
 * the rate limiter, and per username (see throttle.ts); both count across all instances.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { randomBytes } from 'node:crypto';
import {
  AuthenticateRequestSchema,
  EMAIL_LIMITS,
  EMAIL_MESSAGES,
  EmailAlertTokenBodySchema,
  PasswordTokenInfoSchema,
  RequestPasswordResetBodySchema,
  ResetPasswordBodySchema,
  ChangeUserPasswordQuerySchema,
  CreatedResponseSchema,
  ExportUsersQuerySchema,
  GetAllUsersQuerySchema,
  GetUserQuerySchema,
  MESSAGES,
  MessageResponseSchema,
  RefreshTokenFailureSchema,
  RefreshTokenRequestSchema,
  RefreshTokenResponseSchema,
  RegisterUserRequestSchema,
  SignedInUserSchema,
  UpdateUserRequestSchema,
  USER_MESSAGES,
  UserListItemSchema,
  UserSchema,
  TwoFactorChallengeSchema,
  type UserListItem,
} from '@deals/contract';
import { TablePageSchema } from '@deals/contract/tables';
import type { AdminTableQueryOf, AdminTableRow } from '../../../plugins/app/admin-tables.js';
import { fieldError, fieldErrors, HttpError } from '../../../errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../lib/passwords.js';
import { toUser } from '../../../plugins/app/users.js';
import { activeUsersByEmail, inspectPasswordToken, queuePasswordMail, resetPasswordByLink } from '../../../mail/password-links.js';
import { isAdmin, parseFlag, staffViewer } from '../../../plugins/app/viewer.js';
import { SignInThrottle } from './throttle.js';
import { originOf, signedIn } from './sign-in.js';
import twoFactorRoutes from './two-factor.js';

/** Per username: 5 failed sign-ins within 15 minutes lock it for the rest of the window. */
export const SIGN_IN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;
/** Per IP: sign-in attempts, refreshes and password changes per minute. */
export const PER_IP_PER_MINUTE = { authenticate: 20, refresh: 30, logout: 30, changePassword: 10 } as const;

const throttled = () => new HttpError(429, MESSAGES.auth.throttled);
const perIp = (max: number, message?: string) => ({
  max,
  timeWindow: 60_000,
  ...(message ? { errorResponseBuilder: () => new HttpError(429, message) } : {}),
});

/** Names never hold markup; other text is stored as typed and escaped by whoever renders it. */
const MARKUP = /[<>]/;
const optionalPhone = (phone: string | null | undefined) => phone?.trim() || null;

/** Keeps a list's contact details to admins (ordinary staff get email and phone as null). */
const listItem = (row: AdminTableRow<'users'>, withContact: boolean): UserListItem => {
  const user = toUser(row);
  return withContact ? user : { ...user, email: null, phone: null };
};

/**
 * The users table's query as the database reads it. Email is an admin's column: ordinary staff
 * filtering or sorting by it would learn what they may not see, so they are refused (403).
 */
function userTableFilter(request: FastifyRequest, query: Omit<AdminTableQueryOf<'users'>, 'isActive' | 'isAdmin'> & { isActive?: string | undefined; isAdmin?: string | undefined }): AdminTableQueryOf<'users'> {
  if (!isAdmin(request) && (query.email?.trim() || query.sortBy === 'email')) throw new HttpError(403, MESSAGES.auth.forbidden);
  return { ...query, isActive: parseFlag(query.isActive), isAdmin: parseFlag(query.isAdmin) };
}

/** The finer rule of GetUser and UpdateUser: a staff member may only touch their own record. */
function requireOwnOrAdmin(request: FastifyRequest, id: number): void {
  const viewer = staffViewer(request);
  if (!viewer.isAdmin && viewer.userId !== id) throw new HttpError(403, MESSAGES.auth.forbidden);
}

const usersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const throttle = new SignInThrottle(fastify.sharedCounters, SIGN_IN_THROTTLE);

  /** What a right password still owes: a second factor, a set-up of one, or nothing. */
  async function secondFactorOwed(userId: number): Promise<'verify' | 'setup' | null> {
    if (await fastify.twoFactor.isEnabled(userId)) return 'verify';
    return (await fastify.securitySettings.get()).requireTwoFactor ? 'setup' : null;
  }

  await fastify.register(twoFactorRoutes);

  fastify.post(
    '/Authenticate',
    {
      config: { access: 'public', rateLimit: perIp(PER_IP_PER_MINUTE.authenticate, MESSAGES.auth.throttled) },
      schema: {
        summary:
          'Sign in: the username goes in `email`. Answers the user with an access token and a refresh token; a user with two-factor sign-in on gets `{ twoFactorRequired, challenge }` for `VerifyTwoFactor` instead, and, while two-factor is required for all staff, one without it gets `{ twoFactorSetupRequired, challenge }` for `TwoFactor/Start` and `TwoFactor/Confirm`.',
        body: AuthenticateRequestSchema,
        response: { 200: Type.Union([SignedInUserSchema, TwoFactorChallengeSchema]) },
      },
    },
    async (request) => {
      const { email: username, password } = request.body;
      if (!(await throttle.attempt(username))) throw throttled();
      const user = await fastify.users.findForSignIn(username);
      // Unknown usernames cost the same time as wrong passwords.
      const valid = user ? await verifyPassword(user.passwordHash, password) : await burnPasswordCheck(password);
      if (!user || !valid) throw new HttpError(401, MESSAGES.auth.invalidCredentials);
      await throttle.succeeded(username);
      if (!user.isActive) throw new HttpError(403, MESSAGES.auth.inactive);
      const owed = await secondFactorOwed(user.id);
      if (owed) {
        await fastify.audit.recordNow(request, { action: owed === 'verify' ? 'sign-in-password' : 'sign-in-setup-required', recordType: 'session', recordId: user.id, actor: { id: user.id, name: user.username } });
        const challenge = await fastify.twoFactor.issueChallenge(user.id, owed);
        return owed === 'verify' ? { twoFactorRequired: true as const, challenge } : { twoFactorSetupRequired: true as const, challenge };
      }
      const answer = await signedIn(fastify, request, user);
      // The request is anonymous until now: the entry names the user who signed in.
      await fastify.audit.recordNow(request, { action: 'sign-in', recordType: 'session', recordId: user.id, actor: { id: user.id, name: user.username } });
      return answer;
    },
  );

  fastify.post(
    '/refreshToken',
    {
      config: { access: 'public', rateLimit: perIp(PER_IP_PER_MINUTE.refresh) },
      schema: {
        summary: 'Exchanges a refresh token (single use) for a new access token and a new refresh token.',
        body: RefreshTokenRequestSchema,
        response: { 200: RefreshTokenResponseSchema, 401: RefreshTokenFailureSchema },
      },
    },
    async (request, reply) => {
      const outcome = await fastify.sessions.rotate(request.body.refreshToken, originOf(request));
      const user = outcome.ok ? await fastify.users.getById(outcome.userId) : undefined;
      if (!outcome.ok || !user) {
        request.log.info({ reason: outcome.ok ? 'no user' : outcome.reason }, 'refresh refused');
        return reply.code(401).send({ success: false, message: MESSAGES.auth.invalidRefreshToken });
      }
      return {
        success: true as const,
        message: USER_MESSAGES.refreshed,
        user: { ...user, token: fastify.sessions.accessToken(user, outcome.sessionId), refreshToken: outcome.refreshToken },
      };
    },
  );

  fastify.post(
    '/Logout',
    {
      config: { access: 'public', rateLimit: perIp(PER_IP_PER_MINUTE.logout) },
      schema: {
        summary: 'Signs out: ends the refresh token and every token of its family. Unknown tokens answer the same.',
        body: RefreshTokenRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await fastify.sessions.revokeFamilyOf(request.body.refreshToken);
      return { message: USER_MESSAGES.loggedOut };
    },
  );

  fastify.post(
    '/Register',
    {
      config: { access: 'admin' },
      schema: { summary: 'Creates a staff user.', body: RegisterUserRequestSchema, response: { 200: CreatedResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const invite = body.sendInvite === true;
      const invalid = fieldErrors({
        ...(MARKUP.test(body.fullName) ? { fullName: USER_MESSAGES.fullNameInvalid } : {}),
        ...(!invite && body.password === undefined ? { password: MESSAGES.user.passwordRequired } : {}),
        ...(!invite && body.confirmPassword === undefined ? { confirmPassword: MESSAGES.user.confirmRequired } : {}),
        ...(!invite && body.password !== undefined && body.confirmPassword !== undefined && body.password !== body.confirmPassword
          ? { confirmPassword: MESSAGES.user.passwordsDoNotMatch }
          : {}),
      });
      if (invalid) throw invalid;
      const audit = fastify.audit.trail(request);
      const id = await fastify.users.create(
        {
          username: body.username,
          fullName: body.fullName.trim(),
          email: body.email,
          phone: optionalPhone(body.phone),
          // An invited user has no password anybody knows until they choose one by the link.
          passwordHash: await hashPassword(invite ? randomBytes(32).toString('base64url') : body.password!),
          isActive: body.isActive ?? true,
          isAdmin: body.isAdmin ?? false,
        },
        audit,
        invite
          ? async (tx, userId) => {
              await queuePasswordMail(tx, fastify.mail, { id: userId, username: body.username, email: body.email }, 'invite');
              await audit(tx, { action: 'invite', recordType: 'user', recordId: userId, changes: { email: { from: null, to: body.email } } });
            }
          : undefined,
      );
      if (invite) fastify.mail.wake();
      return { message: invite ? EMAIL_MESSAGES.invited : USER_MESSAGES.registered, id };
    },
  );

  fastify.get(
    '/GetUser',
    {
      config: { access: 'staff', rule: 'own record only' },
      schema: { summary: 'One user (staff: their own record only).', querystring: GetUserQuerySchema, response: { 200: UserSchema } },
      preHandler: async (request) => requireOwnOrAdmin(request, request.query.id),
    },
    async (request) => {
      const user = await fastify.users.getById(request.query.id);
      if (!user) throw new HttpError(404, USER_MESSAGES.notFound);
      return user;
    },
  );

  fastify.get(
    '/GetAllUsers',
    {
      config: { access: 'staff', rule: 'without email and phone, nor filtering or sorting by email' },
      schema: {
        summary:
          'Every user by username. Non-admin callers get email and phone as null. With `page` (or `pageSize`): one page of the users matching the filters, sorted by `sortBy`/`order`, and their total (`{ items, total, page, pageSize }`); only admins filter or sort by email.',
        querystring: GetAllUsersQuerySchema,
        response: { 200: Type.Union([Type.Array(UserListItemSchema), TablePageSchema(UserListItemSchema)]) },
      },
    },
    async (request) => {
      const withContact = isAdmin(request);
      const query = request.query;
      if (query.page === undefined && query.pageSize === undefined) return fastify.users.list({ withContact });
      const page = await fastify.adminTables.page('users', userTableFilter(request, query));
      return { ...page, items: page.items.map((row) => listItem(row, withContact)) };
    },
  );

  fastify.get(
    '/ExportUsersCsv',
    {
      config: { access: 'staff', rule: 'no filtering or sorting by email' },
      schema: {
        summary:
          'Download CSV of the users table: every user matching the filters (as `GetAllUsers` takes them), in the order asked, streamed; the columns the table shows (Username, Full Name, Is User Active?, Is User Admin?). Only admins filter or sort by email.',
        querystring: ExportUsersQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { timeZone, ...query } = request.query;
      return fastify.adminTables.sendCsv(reply, 'users', userTableFilter(request, query), timeZone);
    },
  );

  fastify.put(
    '/UpdateUser',
    {
      config: { access: 'staff', rule: 'own record only, cannot change isActive/isAdmin' },
      schema: {
        summary:
          'Updates a profile. Username is read-only. Only admins change isActive/isAdmin; at least one active admin must remain (409).',
        body: UpdateUserRequestSchema,
        response: { 200: MessageResponseSchema },
      },
      preHandler: async (request) => requireOwnOrAdmin(request, request.body.id),
    },
    async (request) => {
      const body = request.body;
      if (MARKUP.test(body.fullName)) throw fieldError('fullName', USER_MESSAGES.fullNameInvalid);
      const outcome = await fastify.users.update(
        body.id,
        { fullName: body.fullName.trim(), email: body.email, phone: optionalPhone(body.phone), isActive: body.isActive, isAdmin: body.isAdmin },
        { mayChangeRoles: staffViewer(request).isAdmin },
        fastify.audit.trail(request),
      );
      if (outcome === 'not-found') throw new HttpError(404, USER_MESSAGES.notFound);
      if (outcome === 'roles-forbidden') throw new HttpError(403, USER_MESSAGES.rolesAdminOnly);
      if (outcome === 'last-admin') throw new HttpError(409, USER_MESSAGES.lastAdmin);
      return { message: USER_MESSAGES.updated };
    },
  );

  fastify.post(
    '/RequestPasswordReset',
    {
      config: { access: 'public', rateLimit: perIp(EMAIL_LIMITS.resetPerIpPerMinute) },
      schema: {
        summary:
          'Recover Account: mails a link to set a new password (single use, 30 minutes) to every active user with this email address. Always the same answer, whether or not an account uses the address; at most 3 mails per user and hour.',
        body: RequestPasswordResetBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      for (const user of await activeUsersByEmail(fastify.db, request.body.email)) {
        if (!(await fastify.sharedCounters.reserve(`password-reset-mail:${user.id}`, 3_600_000, EMAIL_LIMITS.resetMailsPerUserPerHour))) continue;
        await fastify.db.transaction(async (tx) => {
          await queuePasswordMail(tx, fastify.mail, user, 'reset');
          await fastify.audit.record(tx, request, { action: 'password-reset-requested', recordType: 'user', recordId: user.id });
        });
      }
      fastify.mail.wake();
      return { message: EMAIL_MESSAGES.resetRequested };
    },
  );

  fastify.post(
    '/GetPasswordToken',
    {
      config: { access: 'public', rateLimit: perIp(EMAIL_LIMITS.resetPerIpPerMinute * 3) },
      schema: {
        summary: "Whose reset or invitation link this is (username, purpose, expiry), before the page asks for a password; 400 when it is invalid, used or expired.",
        body: EmailAlertTokenBodySchema,
        response: { 200: PasswordTokenInfoSchema },
      },
    },
    async (request) => {
      const info = await inspectPasswordToken(fastify.db, request.body.token);
      if (!info) throw new HttpError(400, EMAIL_MESSAGES.resetLinkInvalid);
      return { username: info.username, purpose: info.purpose, expiresAt: info.expiresAt };
    },
  );

  fastify.post(
    '/ResetPassword',
    {
      config: { access: 'public', rateLimit: perIp(EMAIL_LIMITS.resetPerIpPerMinute) },
      logLevel: 'warn',
      schema: {
        summary:
          "Sets a new password by a reset or invitation link (the new-user password rules and messages). The link is used up, every session of the user ends, and the change is audited; 400 for a link that is invalid, used or expired.",
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { token, password, confirmPassword } = request.body;
      if (password !== confirmPassword) throw fieldError('confirmPassword', MESSAGES.user.passwordsDoNotMatch);
      const done = await resetPasswordByLink(fastify.db, token, await hashPassword(password), fastify.audit.trail(request));
      if (!done) throw new HttpError(400, EMAIL_MESSAGES.resetLinkInvalid);
      return { message: EMAIL_MESSAGES.resetDone };
    },
  );

  fastify.put(
    '/ChangeUserPassword',
    {
      config: { access: 'staff', rule: 'own password only', rateLimit: perIp(PER_IP_PER_MINUTE.changePassword) },
      // The spec puts both passwords in the query string: keep this route's URLs out of the
      // info-level request logs.
      logLevel: 'warn',
      schema: {
        summary: "Changes the caller's own password (query `password` and `oldPassword`, empty body) and ends all their refresh sessions.",
        querystring: ChangeUserPasswordQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const viewer = staffViewer(request);
      const user = await fastify.users.findWithHash(viewer.userId);
      if (!user) throw new HttpError(401, MESSAGES.auth.invalidToken);
      if (!user.isActive) throw new HttpError(403, MESSAGES.auth.inactive);
      if (!(await verifyPassword(user.passwordHash, request.query.oldPassword))) {
        throw fieldError('oldPassword', MESSAGES.changePassword.oldIncorrect);
      }
      await fastify.users.setPassword(user.id, await hashPassword(request.query.password), fastify.audit.trail(request));
      return { message: USER_MESSAGES.passwordChanged };
    },
  );
};

export default usersRoutes;
