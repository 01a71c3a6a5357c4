/**
 * Two-factor sign-in, exposed as `fastify.twoFactor`: TOTP secrets (RFC 6238 through `otpauth`:
 * SHA1, 6 digits, 30-second steps, one step of drift either side), single-use recovery codes and
 * the sign-in challenges that bridge the password and the second factor.
 *
 * Every state lives in the database, so a sign-in begun on one instance finishes on any other.
 * Challenges and recovery codes are stored as SHA-256 hashes; a secret only becomes usable for
 * sign-in once Confirm proved the authenticator holds it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { recoveryCodes, signInChallenges, userTwoFactor } from '../../db/schema.js';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export type ChallengeKind = 'verify' | 'setup';
export type SecondFactor = 'totp' | 'recovery';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a valid code belongs to, or null when the code is not valid now. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  return TOTP.counter({ period: TWO_FACTOR.periodSeconds, timestamp: now }) + delta;
}

/** Ten codes like `3f9a-c1d2-7b`: 40 random bits each, easy to read out and type. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(normalizeRecoveryCode(code)) })));
  return codes;
}

/**
 * Takes a TOTP step for the user unless it (or a later one) was already used: the conditional
 * update is atomic, so the same code presented twice at once, on two instances, passes once.
 */
async function claimStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastStep: step })
    .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step))))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export function createTwoFactorRepository(db: Database) {
  async function row(userId: number) {
    const [found] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    return found;
  }

  return {
    async isEnabled(userId: number): Promise<boolean> {
      return !!(await row(userId))?.secret;
    },

    async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const enabled = !!(await row(userId))?.secret;
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { enabled, recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0 };
    },

    /** A fresh pending secret (replacing any earlier unconfirmed one) and its otpauth:// URI. */
    async start(userId: number, label: string): Promise<{ secret: string; uri: string }> {
      const secret = new Secret({ size: 20 }).base32;
      await db
        .insert(userTwoFactor)
        .values({ userId, pendingSecret: secret })
        .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret: secret } });
      return { secret, uri: totpOf(secret, label).toString() };
    },

    /**
     * Turns two-factor on when `code` is valid for the pending secret; answers the new recovery
     * codes, 'not-started' without a pending secret, or 'invalid'.
     */
    async confirm(userId: number, code: string): Promise<string[] | 'not-started' | 'invalid'> {
      const current = await row(userId);
      if (!current?.pendingSecret) return 'not-started';
      const step = totpStep(current.pendingSecret, code);
      if (step === null) return 'invalid';
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(userTwoFactor)
          .set({ secret: current.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastStep: step })
          .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecret, current.pendingSecret!)))
          .returning({ userId: userTwoFactor.userId });
        if (updated.length === 0) return 'not-started' as const;
        return replaceRecoveryCodes(tx, userId);
      });
    },

    /**
     * Checks a second factor: a TOTP code of the enabled secret (each step once) or an unused
     * recovery code (spent now). Null when neither.
     */
    async verify(userId: number, code: string): Promise<SecondFactor | null> {
      const current = await row(userId);
      if (!current?.secret) return null;
      const step = totpStep(current.secret, code);
      if (step !== null) return (await claimStep(db, userId, step)) ? 'totp' : null;
      const normalized = normalizeRecoveryCode(code);
      if (!/^[0-9a-f]{10}$/.test(normalized)) return null;
      const spent = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalized)), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return spent.length > 0 ? 'recovery' : null;
    },

    /** A new set of recovery codes; the old ones stop working. */
    async regenerate(userId: number): Promise<string[]> {
      return db.transaction((tx) => replaceRecoveryCodes(tx, userId));
    },

    async disable(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },

    /** A single-use challenge of `kind` for the user, valid a few minutes; answers the token. */
    async issueChallenge(userId: number, kind: ChallengeKind): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // Dead challenges are of no use to anyone: dropping them keeps the table small.
      await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, sql`now() - interval '1 day'`));
      await db.insert(signInChallenges).values({
        userId,
        kind,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + TWO_FACTOR.challengeMinutes * 60_000),
      });
      return token;
    },

    /** The user a live challenge of `kind` belongs to, without using it up. */
    async peekChallenge(token: string, kind: ChallengeKind): Promise<number | null> {
      const [found] = await db
        .select({ userId: signInChallenges.userId })
        .from(signInChallenges)
        .where(and(eq(signInChallenges.tokenHash, sha256(token)), eq(signInChallenges.kind, kind), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())));
      return found?.userId ?? null;
    },

    /** Uses the challenge up; false when it was already used (by any instance) or has expired. */
    async consumeChallenge(token: string, kind: ChallengeKind): Promise<boolean> {
      const used = await db
        .update(signInChallenges)
        .set({ usedAt: new Date() })
        .where(and(eq(signInChallenges.tokenHash, sha256(token)), eq(signInChallenges.kind, kind), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, new Date())))
        .returning({ id: signInChallenges.id });
      return used.length > 0;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    twoFactor: TwoFactorRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('twoFactor', createTwoFactorRepository(fastify.db));
  },
  { name: 'two-factor', dependencies: ['database'] },
);
