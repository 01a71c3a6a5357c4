/**
 * Staff password links (`password_tokens`): a reset (EMAIL_LIMITS.resetMinutes) or an invitation
 * (EMAIL_LIMITS.inviteHours). The token is 256 random bits that only the mail carries; the table
 * holds its SHA-256, so a copy of the database opens no account. A link works once, and a newer
 * link of the same user makes the older ones void.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMAIL_LIMITS, type PasswordTokenInfo, type PasswordTokenPurpose } from '@deals/contract';
import type { Database } from '../db/client.js';
import type { SecretBox } from '../lib/secret-box.js';
import { REDACTED, type AuditTrail } from '../plugins/app/audit.js';
import type { Mail } from '../plugins/app/mail.js';
import { revokeUserSessions } from '../plugins/app/sessions.js';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const hashOf = (token: string) => createHash('sha256').update(token.trim()).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const lifetimeMs = (purpose: PasswordTokenPurpose) => (purpose === 'reset' ? EMAIL_LIMITS.resetMinutes * 60_000 : EMAIL_LIMITS.inviteHours * 3_600_000);

/** Makes a link for the user (voiding their earlier ones); answers the token and its expiry. */
export async function issuePasswordToken(tx: Executor, userId: number, purpose: PasswordTokenPurpose): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetimeMs(purpose));
  await tx.execute(sql`UPDATE password_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`);
  await tx.execute(sql`
    INSERT INTO password_tokens (user_id, token_hash, purpose, expires_at)
    VALUES (${userId}, ${hashOf(token)}, ${purpose}, ${expiresAt.toISOString()}::timestamptz)`);
  return { token, expiresAt };
}

/** Whose unused, unexpired link this is (an active user's), or null. */
export async function inspectPasswordToken(db: Executor, token: string): Promise<(PasswordTokenInfo & { userId: number }) | null> {
  if (!TOKEN.test(token.trim())) return null;
  const [row] = rowsOf<{ user_id: number; username: string; purpose: PasswordTokenPurpose; expires_at: string }>(
    await db.execute(sql`
      SELECT t.user_id, u.username, t.purpose, t.expires_at FROM password_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = ${hashOf(token)} AND t.used_at IS NULL AND t.expires_at > now() AND u.is_active`),
  );
  return row ? { userId: Number(row.user_id), username: row.username, purpose: row.purpose, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/** Uses the link up (in the caller's transaction); answers its user and purpose, or null. */
export async function consumePasswordToken(tx: Executor, token: string): Promise<{ userId: number; username: string; purpose: PasswordTokenPurpose } | null> {
  if (!TOKEN.test(token.trim())) return null;
  const [row] = rowsOf<{ user_id: number; username: string; purpose: PasswordTokenPurpose }>(
    await tx.execute(sql`
      UPDATE password_tokens t SET used_at = now() FROM users u
      WHERE u.id = t.user_id AND t.token_hash = ${hashOf(token)} AND t.used_at IS NULL AND t.expires_at > now() AND u.is_active
      RETURNING t.user_id, u.username, t.purpose`),
  );
  return row ? { userId: Number(row.user_id), username: row.username, purpose: row.purpose } : null;
}

/** Drops links that can no longer be used (a day after they ended, kept that long for support questions). */
export async function sweepPasswordTokens(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM password_tokens WHERE expires_at < now() - interval '1 day'`);
}

/** What a password mail needs of its user. */
export interface PasswordMailUser {
  id: number;
  username: string;
  email: string;
}

const dayOf = (date = new Date()) => date.toISOString().slice(0, 10);

/**
 * Issues a link and plans its mail in the caller's transaction; the token travels to the sender
 * sealed (the outbox never holds it readable) and is dropped from the row once sent.
 */
export async function queuePasswordMail(
  tx: Executor,
  deps: { queue: Mail['queue']; box: () => Promise<SecretBox> },
  user: PasswordMailUser,
  purpose: PasswordTokenPurpose,
): Promise<void> {
  const { token, expiresAt } = await issuePasswordToken(tx, user.id, purpose);
  const kind = purpose === 'reset' ? 'password-reset' : 'invitation';
  const day = dayOf();
  await deps.queue(
    tx,
    { kind, key: `${kind}:${day}`, title: `${purpose === 'reset' ? 'Password resets' : 'Invitations'} of ${day}` },
    {
      key: `${purpose}:${hashOf(token).slice(0, 40)}`,
      to: user.email,
      template: 'password',
      userId: user.id,
      data: { sealedToken: (await deps.box()).seal(token), purpose, expiresAt: expiresAt.toISOString() },
    },
  );
}

/** The active users with this email address (addresses are not unique among staff: each gets a link). */
export async function activeUsersByEmail(db: Executor, email: string): Promise<PasswordMailUser[]> {
  return rowsOf<PasswordMailUser>(
    await db.execute(sql`SELECT id, username, email FROM users WHERE lower(email) = ${email.trim().toLowerCase()} AND is_active ORDER BY id`),
  ).map((u) => ({ ...u, id: Number(u.id) }));
}

/**
 * Sets the password of the link's user and uses the link up, in one transaction; every session
 * of the user ends. Answers the user, or null for a link that is not (or no longer) valid.
 */
export async function resetPasswordByLink(db: Database, token: string, passwordHash: string, audit: AuditTrail): Promise<{ userId: number } | null> {
  return db.transaction(async (tx) => {
    const used = await consumePasswordToken(tx, token);
    if (!used) return null;
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${used.userId}`);
    await revokeUserSessions(tx, used.userId);
    await audit(tx, {
      action: 'password-reset',
      recordType: 'user',
      recordId: used.userId,
      changes: { password: { from: REDACTED, to: REDACTED }, link: { from: null, to: used.purpose } },
      actor: { id: used.userId, name: used.username },
    });
    return { userId: used.userId };
  });
}
