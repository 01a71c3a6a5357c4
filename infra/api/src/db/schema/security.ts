/**
 * Two-factor sign-in and sign-in sessions of staff: TOTP secrets, recovery codes, the short-lived
 * challenges between the password and the second factor, the sessions themselves and the
 * deployment's security settings.
 */
import { bigint, boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './staff.js';

/**
 * One row per staff member who started or finished setting up TOTP. `pendingSecret` is only ever
 * checked by Confirm; sign-in reads `secret`, which is set (with `enabledAt`) once a code proved
 * the authenticator holds it. `lastStep` is the last 30-second step accepted, so a code cannot be
 * replayed within its window.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: varchar('secret', { length: 64 }),
  pendingSecret: varchar('pending_secret', { length: 64 }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, stored as SHA-256 hashes; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/**
 * What a right password earns a user who still owes a second factor (`verify`) or a set-up
 * (`setup`): a random token shown once, stored hashed, valid minutes and used once, so any
 * instance can finish the sign-in another began.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 10 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * A sign-in session: one refresh-token family (`id` is its family id and the access token's
 * `sid`). The viewer hook reads `ended_at` by primary key on every staff request.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: varchar('device', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('user_sessions_user_idx').on(table.userId)],
);

/** The deployment's security settings: a single row (id 1). */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey(),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedById: integer('updated_by_id'),
  updatedAt: updatedAt(),
});

