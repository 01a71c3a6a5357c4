/**
 * Sessions, exposed as `fastify.sessions`: short access tokens (JWT) and long refresh tokens.
 *
 * A refresh token is 32 random bytes (base64url) shown to the client once; only its SHA-256 is
 * stored. Every sign-in starts a family; every refresh marks the presented token rotated and
 * issues a successor in the same family. Presenting a rotated token again means someone kept a
 * copy (the thief or the victim), so the whole family is revoked and both must sign in again.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';
import type { AccessClaims } from '../external/jwt.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The database or a transaction: both run the same queries. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type RefreshFailure = 'unknown' | 'revoked' | 'reused' | 'expired' | 'inactive';
export type RefreshOutcome = { ok: true; userId: number; refreshToken: string } | { ok: false; reason: RefreshFailure };

/** Ends every session of a user (password change, deactivation), in the caller's transaction. */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

async function insertToken(db: Executor, userId: number, familyId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

export function createSessionsRepository(db: Database, sign: (claims: AccessClaims) => string) {
  return {
    /** A signed access token for the user as they are now. */
    accessToken(user: { id: number; username: string; isAdmin: boolean }): string {
      return sign({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: user.isAdmin ? 'True' : 'False' });
    },

    /** Starts a new family (a sign-in) and answers its first refresh token. */
    async start(userId: number): Promise<string> {
      // Expired rows can no longer be used or reused; dropping them keeps the table bounded.
      await db.delete(refreshTokens).where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, new Date())));
      return insertToken(db, userId, randomUUID());
    },

    /**
     * Exchanges a refresh token for its successor. The row lock makes two concurrent refreshes
     * with the same token queue up: the second sees it rotated and revokes the family.
     */
    async rotate(token: string): Promise<RefreshOutcome> {
      const tokenHash = hashRefreshToken(token);
      return db.transaction(async (tx): Promise<RefreshOutcome> => {
        const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt) return { ok: false, reason: 'revoked' };
        if (row.rotatedAt) {
          await revokeFamily(tx, row.familyId);
          return { ok: false, reason: 'reused' };
        }
        if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
        const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId));
        if (!user?.isActive) {
          await revokeFamily(tx, row.familyId);
          return { ok: false, reason: 'inactive' };
        }
        await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        return { ok: true, userId: row.userId, refreshToken: await insertToken(tx, row.userId, row.familyId) };
      });
    },

    /** Signs out: revokes the token's whole family. Unknown tokens are ignored (nothing to end). */
    async revokeFamilyOf(token: string): Promise<void> {
      const family = sql`(SELECT ${refreshTokens.familyId} FROM ${refreshTokens} WHERE ${refreshTokens.tokenHash} = ${hashRefreshToken(token)})`;
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(sql`${refreshTokens.familyId} = ${family}`, isNull(refreshTokens.revokedAt)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'sessions',
      createSessionsRepository(fastify.db, (claims) => fastify.accessTokens.sign(claims)),
    );
  },
  { name: 'sessions', dependencies: ['database', 'jwt'] },
);
