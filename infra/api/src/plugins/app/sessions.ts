/**
 * Sessions, exposed as `fastify.sessions`: short access tokens (JWT) and long refresh tokens.
 *
 * A refresh token is 32 random bytes (base64url) shown to the client once; only its SHA-256 is
 * stored. Every sign-in starts a family, recorded as a session (`user_sessions`, keyed by the
 * family id, which access tokens carry as `sid`); every refresh marks the presented token rotated
 * and issues a successor in the same family. Presenting a rotated token again means someone kept a
 * copy (the thief or the victim), so the whole family is revoked and both must sign in again.
 * Ending a session (sign-out, "end session", deactivation, password change) stamps `ended_at`,
 * which the viewer hook reads, so even unexpired access tokens of it stop working at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Session } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { refreshTokens, users, userSessions } from '../../db/schema.js';
import type { AccessClaims } from '../external/jwt.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The database or a transaction: both run the same queries. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type RefreshFailure = 'unknown' | 'revoked' | 'reused' | 'expired' | 'inactive';
export type RefreshOutcome = { ok: true; userId: number; sessionId: string; refreshToken: string } | { ok: false; reason: RefreshFailure };

/** Where a sign-in came from, as the sessions list shows it. */
export interface SessionOrigin {
  device: string;
  ip: string;
}

/** Ends every session of a user (password change, deactivation), in the caller's transaction. */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: string): Promise<void> {
  const now = new Date();
  const keep = exceptSessionId === undefined ? undefined : ne(refreshTokens.familyId, exceptSessionId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep));
  await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt), exceptSessionId === undefined ? undefined : ne(userSessions.id, exceptSessionId)));
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  const now = new Date();
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(and(eq(userSessions.id, familyId), isNull(userSessions.endedAt)));
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

/** "Chrome on Windows"-style summary of a User-Agent header; the raw header is not kept. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /Chrome\/|Chromium\/|CriOS\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : /curl\//i.test(ua) ? 'curl'
    : '';
  const os =
    /Windows/.test(ua) ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /Android/.test(ua) ? 'Android'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || (ua ? ua.slice(0, 60) : 'Unknown device');
}

export function createSessionsRepository(db: Database, sign: (claims: AccessClaims) => string) {
  return {
    /** A signed access token for the user as they are now, in the session `sessionId`. */
    accessToken(user: { id: number; username: string; isAdmin: boolean }, sessionId: string): string {
      return sign({ sub: String(user.id), id: user.id, username: user.username, IsAdmin: user.isAdmin ? 'True' : 'False', sid: sessionId });
    },

    /** Starts a new family (a sign-in) and its session; answers the session id and first refresh token. */
    async start(userId: number, origin: SessionOrigin): Promise<{ sessionId: string; refreshToken: string }> {
      // Expired rows can no longer be used or reused; dropping them keeps the table bounded.
      await db.delete(refreshTokens).where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, new Date())));
      const sessionId = randomUUID();
      await db.insert(userSessions).values({ id: sessionId, userId, device: origin.device.slice(0, 200), ip: origin.ip.slice(0, 64) });
      return { sessionId, refreshToken: await insertToken(db, userId, sessionId) };
    },

    /**
     * Exchanges a refresh token for its successor. The row lock makes two concurrent refreshes
     * with the same token queue up: the second sees it rotated and revokes the family.
     */
    async rotate(token: string, origin?: SessionOrigin): Promise<RefreshOutcome> {
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
        const [session] = await tx.select({ endedAt: userSessions.endedAt }).from(userSessions).where(eq(userSessions.id, row.familyId));
        if (session?.endedAt) return { ok: false, reason: 'revoked' };
        await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        // The refresh is what "last used" means: once per access token, not once per request.
        if (session) await tx.update(userSessions).set({ lastUsedAt: new Date(), ...(origin ? { ip: origin.ip.slice(0, 64) } : {}) }).where(eq(userSessions.id, row.familyId));
        else await tx.insert(userSessions).values({ id: row.familyId, userId: row.userId, device: origin?.device.slice(0, 200) ?? 'Unknown device', ip: origin?.ip.slice(0, 64) ?? '' });
        return { ok: true, userId: row.userId, sessionId: row.familyId, refreshToken: await insertToken(tx, row.userId, row.familyId) };
      });
    },

    /** Signs out: revokes the token's whole family. Unknown tokens are ignored (nothing to end). */
    async revokeFamilyOf(token: string): Promise<void> {
      const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
      if (row) await revokeFamily(db, row.familyId);
    },

    /** True while the session exists, belongs to the user and has not ended (one primary-key read). */
    async isLive(sessionId: string, userId: number): Promise<boolean> {
      const [row] = await db.select({ userId: userSessions.userId, endedAt: userSessions.endedAt }).from(userSessions).where(eq(userSessions.id, sessionId));
      return !!row && row.userId === userId && row.endedAt === null;
    },

    /** The user's live sessions, most recently used first. */
    async list(userId: number, currentId: string | undefined): Promise<Session[]> {
      const rows = await db
        .select()
        .from(userSessions)
        .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
        .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.createdAt));
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.id === currentId,
      }));
    },

    /** Ends one of the user's own sessions; false when they have no such live session. */
    async end(userId: number, sessionId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: userSessions.id }).from(userSessions).where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.endedAt)));
        if (!row) return false;
        await revokeFamily(tx, sessionId);
        return true;
      });
    },

    /** Ends every session of the user, but `exceptSessionId` when given. */
    async endAll(userId: number, exceptSessionId?: string): Promise<void> {
      await db.transaction(async (tx) => revokeUserSessions(tx, userId, exceptSessionId));
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
