/**
 * Staff users, sign-in and sessions (`Users/…`).
 *
 * Shapes the spec leaves open, as designed here:
 * - A user in a response never carries a password hash. `firstName`/`lastName` are `fullName`
 *   split at its first space (the session stores them).
 * - `GetAllUsers` answers every field to admins; ordinary staff get `email` and `phone` as null.
 * - `Authenticate` answers the user plus `token` (JWT, about 15 minutes) and `refreshToken`
 *   (opaque, about 30 days, single use: every refresh rotates it).
 * - `refreshToken` answers `{ success: true, message, user }` where `user` has the same shape as
 *   the sign-in answer; a refused refresh answers 401 `{ success: false, message }`.
 * - `Logout` (beyond the spec) ends the refresh token's whole family.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Email, Flag, IdQuery, IdSchema, Nullable, RequiredText } from './common.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES, tooLongMessage } from './messages.ts';

/** Messages of the Users calls that the spec does not word. */
export const USER_MESSAGES = {
  registered: 'User registered successfully',
  updated: 'User updated successfully',
  passwordChanged: 'Password changed successfully. Please sign in again on your other devices.',
  refreshed: 'Session refreshed',
  loggedOut: 'Signed out successfully',
  notFound: 'User not found',
  usernameInvalid: 'Username may contain only letters, digits and . _ - @ +',
  fullNameInvalid: 'Full Name cannot contain < or >',
  phoneInvalid: 'Please enter a valid phone number',
  passwordMax: tooLongMessage('Password', LIMITS.user.passwordMax),
  refreshTokenRequired: 'Refresh token is required',
  rolesAdminOnly: 'Only an administrator can change whether a user is active or an administrator.',
  lastAdmin: 'At least one active administrator must remain. Make another user an active administrator first.',
} as const;

/** Letters, digits and a few separators: usernames appear in URLs, logs and tokens. */
export const USERNAME_PATTERN = '^[A-Za-z0-9._@+-]+$';
/** Digits and the characters of the (999) 999-9999 mask or an international number. */
export const PHONE_PATTERN = '^[0-9()+. -]*$';

const password = (required: string, min: string) =>
  Type.String({
    minLength: LIMITS.user.passwordMin,
    maxLength: LIMITS.user.passwordMax,
    messages: { required, minLength: min, maxLength: USER_MESSAGES.passwordMax, type: required },
  });

const fullName = RequiredText({ label: 'Full Name', max: LIMITS.user.fullName, required: MESSAGES.user.fullNameRequired });

const phone = Type.Optional(
  Nullable(
    Type.String({
      maxLength: LIMITS.user.phone,
      pattern: PHONE_PATTERN,
      messages: { maxLength: tooLongMessage('Phone', LIMITS.user.phone), pattern: USER_MESSAGES.phoneInvalid, type: USER_MESSAGES.phoneInvalid },
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const userFields = {
  id: Type.Integer(),
  username: Type.String(),
  fullName: Type.String(),
  /** `fullName` up to its first space. */
  firstName: Type.String(),
  /** `fullName` after its first space ('' for a single name). */
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  isActive: Type.Boolean(),
  isAdmin: Type.Boolean(),
};

/** One user (`GetUser`, and the user part of the sign-in answer). */
export const UserSchema = Type.Object(userFields);
export type User = Static<typeof UserSchema>;

/** An item of `GetAllUsers`: `email` and `phone` are null unless the caller is an admin. */
export const UserListItemSchema = Type.Object({
  ...userFields,
  email: Nullable(Type.String({ description: 'null for non-admin callers' })),
  phone: Nullable(Type.String({ description: 'null for non-admin callers, or when not set' })),
});
export type UserListItem = Static<typeof UserListItemSchema>;

/** The sign-in answer: the user plus both tokens. */
export const SignedInUserSchema = Type.Object({
  ...userFields,
  /** JWT access token (HS256, about 15 minutes); claims sub, id, username, IsAdmin ('True'|'False'). */
  token: Type.String(),
  /** Opaque refresh token (about 30 days, single use). */
  refreshToken: Type.String(),
});
export type SignedInUser = Static<typeof SignedInUserSchema>;

export const RefreshTokenResponseSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  user: SignedInUserSchema,
});
export type RefreshTokenResponse = Static<typeof RefreshTokenResponseSchema>;

/** 401 of `refreshToken`: unknown, expired, revoked or reused token, or an inactive user. */
export const RefreshTokenFailureSchema = Type.Object({ success: Type.Literal(false), message: Type.String() });
export type RefreshTokenFailure = Static<typeof RefreshTokenFailureSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `Users/Authenticate`: the username travels in `email` (spec §7). */
export const AuthenticateRequestSchema = Type.Object({
  email: RequiredText({ label: 'Username', max: LIMITS.user.username, required: MESSAGES.login.usernameRequired }),
  password: Type.String({
    minLength: 1,
    maxLength: LIMITS.user.passwordMax,
    messages: { required: MESSAGES.login.passwordRequired, minLength: MESSAGES.login.passwordRequired, maxLength: USER_MESSAGES.passwordMax, type: MESSAGES.login.passwordRequired },
  }),
});
export type AuthenticateRequest = Static<typeof AuthenticateRequestSchema>;

/** Body of `refreshToken` and `Logout`. */
export const RefreshTokenRequestSchema = Type.Object({
  refreshToken: Type.String({
    minLength: 1,
    maxLength: 200,
    messages: { required: USER_MESSAGES.refreshTokenRequired, minLength: USER_MESSAGES.refreshTokenRequired, maxLength: MESSAGES.auth.invalidRefreshToken, type: USER_MESSAGES.refreshTokenRequired },
  }),
});
export type RefreshTokenRequest = Static<typeof RefreshTokenRequestSchema>;

/** `Users/Register` (admins only). */
export const RegisterUserRequestSchema = Type.Object({
  username: Type.String({
    minLength: 1,
    maxLength: LIMITS.user.username,
    pattern: USERNAME_PATTERN,
    messages: {
      required: MESSAGES.user.usernameRequired,
      minLength: MESSAGES.user.usernameRequired,
      maxLength: tooLongMessage('Username', LIMITS.user.username),
      pattern: USER_MESSAGES.usernameInvalid,
      type: MESSAGES.user.usernameRequired,
    },
  }),
  fullName,
  email: Email({ max: LIMITS.user.email, required: MESSAGES.user.emailRequired, invalid: MESSAGES.user.emailInvalid }),
  phone,
  /** Required (with the spec's messages) unless `sendInvite` is true. */
  password: Type.Optional(password(MESSAGES.user.passwordRequired, MESSAGES.user.passwordMin)),
  confirmPassword: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: LIMITS.user.passwordMax,
      messages: { required: MESSAGES.user.confirmRequired, minLength: MESSAGES.user.confirmRequired, maxLength: MESSAGES.user.passwordsDoNotMatch, type: MESSAGES.user.confirmRequired },
    }),
  ),
  isActive: Type.Optional(Flag('Is Active')),
  isAdmin: Type.Optional(Flag('Is Admin')),
  /**
   * Instead of a typed password, mail the user an invitation to set their own (a link that works
   * for EMAIL_LIMITS.inviteHours hours); `password` and `confirmPassword` are then ignored.
   */
  sendInvite: Type.Optional(Flag('Send Invitation')),
}, {
  // Without an invitation both passwords are required, worded as the spec words them.
  if: { properties: { sendInvite: { const: true } }, required: ['sendInvite'] },
  then: {},
  else: {
    required: ['password', 'confirmPassword'],
    properties: {
      password: { messages: { required: MESSAGES.user.passwordRequired } },
      confirmPassword: { messages: { required: MESSAGES.user.confirmRequired } },
    },
  },
});
export type RegisterUserRequest = Static<typeof RegisterUserRequestSchema>;

/**
 * `Users/UpdateUser` (own record, or any as admin). `username` is read-only and ignored if sent.
 * `isActive`/`isAdmin` left out keep their value; a non-admin sending a different value gets 403.
 */
export const UpdateUserRequestSchema = Type.Object({
  id: IdSchema('id'),
  fullName,
  email: Email({ max: LIMITS.user.email, required: MESSAGES.editUser.emailRequired, invalid: MESSAGES.editUser.emailInvalid, label: 'Email Address' }),
  phone,
  isActive: Type.Optional(Flag('Is Active')),
  isAdmin: Type.Optional(Flag('Is Admin')),
});
export type UpdateUserRequest = Static<typeof UpdateUserRequestSchema>;

/** `Users/ChangeUserPassword?password={new}&oldPassword={old}`: always the caller's own password. */
export const ChangeUserPasswordQuerySchema = Type.Object({
  password: password(MESSAGES.changePassword.newRequired, MESSAGES.user.passwordMin),
  oldPassword: password(MESSAGES.changePassword.oldRequired, MESSAGES.changePassword.oldMin),
});
export type ChangeUserPasswordQuery = Static<typeof ChangeUserPasswordQuerySchema>;

export const GetUserQuerySchema = IdQuery('id');
export type GetUserQuery = Static<typeof GetUserQuerySchema>;
