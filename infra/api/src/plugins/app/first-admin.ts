/**
 * The first admin: on a database without users, creates an active admin from `ADMIN_USERNAME`
 * (default "admin") and `ADMIN_PASSWORD`. Without a configured password a strong one is generated
 * and printed once, on this start only (it is stored hashed, so it can never be shown again). A
 * configured password is never printed. `ADMIN_EMAIL` optionally sets the account's email.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { LIMITS, USERNAME_PATTERN } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AppOptions, Env } from '../../options.js';

export const DEFAULT_ADMIN_USERNAME = 'admin';
/** Key of the advisory lock that serialises first-admin creation across processes. */
const FIRST_ADMIN_LOCK = 7_300_417_001;

export type FirstAdminResult =
  | { created: false }
  | { created: true; id: number; username: string; /** Set only when the password was generated. */ generatedPassword?: string };

interface FirstAdminSettings {
  username: string;
  password: string | undefined;
  email: string;
}

/** Reads and checks the settings; a bad value stops the start with a clear error. */
export function firstAdminSettings(env: Env): FirstAdminSettings {
  const username = env.ADMIN_USERNAME?.trim() || DEFAULT_ADMIN_USERNAME;
  if (username.length > LIMITS.user.username || !new RegExp(USERNAME_PATTERN).test(username)) {
    throw new Error(`ADMIN_USERNAME must be at most ${LIMITS.user.username} letters, digits or . _ - @ +`);
  }
  const password = env.ADMIN_PASSWORD || undefined;
  if (password !== undefined && (password.length < LIMITS.user.passwordMin || password.length > LIMITS.user.passwordMax)) {
    throw new Error(`ADMIN_PASSWORD must be ${LIMITS.user.passwordMin} to ${LIMITS.user.passwordMax} characters (leave it unset to generate one)`);
  }
  const email = env.ADMIN_EMAIL?.trim() || (username.includes('@') ? username : 'admin@example.com');
  return { username, password, email };
}

/** 144 random bits, in characters that survive copying from a terminal. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

/**
 * Creates the first admin when the users table is empty. Safe when several processes start at
 * once: the check and the insert run under one advisory lock, and the insert tolerates a
 * conflict; only the process whose row was inserted reports (and prints) the password.
 */
export async function ensureFirstAdmin(db: Database, env: Env): Promise<FirstAdminResult> {
  const settings = firstAdminSettings(env);
  // The usual start (users exist) costs one indexed read and no hashing.
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return { created: false };

  const password = settings.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx): Promise<FirstAdminResult> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK}::bigint)`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return { created: false };
    const [row] = await tx
      .insert(users)
      .values({ username: settings.username, fullName: 'Administrator', email: settings.email, passwordHash, isActive: true, isAdmin: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) return { created: false };
    return settings.password === undefined
      ? { created: true, id: row.id, username: settings.username, generatedPassword: password }
      : { created: true, id: row.id, username: settings.username };
  });
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    const result = await ensureFirstAdmin(fastify.db, opts.env ?? process.env);
    if (!result.created) return;
    if (result.generatedPassword === undefined) {
      fastify.log.info({ username: result.username }, 'first admin created from ADMIN_USERNAME and ADMIN_PASSWORD');
      return;
    }
    const line = `First admin created: username "${result.username}", password "${result.generatedPassword}". It is shown only this once: sign in and change it (or set ADMIN_PASSWORD before the first start).`;
    // Through the logger only: on a terminal it reads as a plain line, and the JSON log of a
    // production start stays one JSON object per line.
    fastify.log.warn(line);
  },
  { name: 'first-admin', dependencies: ['database'] },
);
