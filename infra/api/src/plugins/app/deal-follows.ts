/**
 * What browsers follow for keyword deal alerts (`fastify.dealFollows`). A browser
 * is its registered web device, named by its subscription endpoint; every method answers null when
 * no browser registered that token, and only ever reads or writes that browser's rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  DEAL_FOLLOW_MESSAGES,
  followWordProblem,
  LIMITS,
  normaliseFollowWord,
  type DealFollow,
  type DealFollowBody,
  type DealFollowKind,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { categories, dealFollows, pushDevices } from '../../db/schema.js';
import { fieldError, fieldErrors, type HttpError } from '../../errors.js';

type Executor = Pick<Database, 'select' | 'execute'>;

/** A word or a store to follow or unfollow, checked and normalised. */
export type FollowTarget = { word: string; storeId?: never } | { storeId: number; word?: never };

/** The body's `word` or `storeId` as a target, or the 400 saying what is wrong with it. */
export function followTarget(body: Pick<DealFollowBody, 'word' | 'storeId'>): FollowTarget | HttpError {
  const hasWord = body.word !== undefined;
  const hasStore = body.storeId !== undefined;
  if (hasWord && hasStore) return fieldErrors({ word: DEAL_FOLLOW_MESSAGES.wordOrStore })!;
  if (hasStore) return { storeId: body.storeId! };
  const word = normaliseFollowWord(body.word ?? '');
  const problem = followWordProblem(word);
  return problem ? fieldError('word', problem) : { word };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The browser's follows as the API shows them: words then stores, each alphabetical. */
async function followsOf(db: Executor, deviceId: number): Promise<DealFollow[]> {
  const rows = rowsOf<{ word: string | null; store_id: number | null; store_name: string | null }>(
    await db.execute(sql`
      SELECT f.word, f.store_id, s.name AS store_name
      FROM deal_follows f LEFT JOIN categories s ON s.id = f.store_id
      WHERE f.device_id = ${deviceId}::int
      ORDER BY f.word IS NULL, f.word, lower(s.name), f.store_id`),
  );
  return rows.map((row) => ({
    kind: (row.word !== null ? 'word' : 'store') satisfies DealFollowKind,
    word: row.word,
    storeId: row.store_id,
    label: row.word ?? row.store_name ?? '',
  }));
}

/** The web device registered with this endpoint, or null. */
async function webDeviceId(db: Pick<Database, 'select'>, token: string, lock = false): Promise<number | null> {
  const query = db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(and(eq(pushDevices.token, token.trim()), eq(pushDevices.platform, 'web')));
  // Follows of one browser are counted and added one at a time, so two at once cannot pass the limit.
  const [device] = lock ? await query.for('update') : await query;
  return device?.id ?? null;
}

export function createDealFollowsRepository(db: Database) {
  return {
    /** The browser's follows, or null for a token no browser registered. */
    async list(token: string): Promise<DealFollow[] | null> {
      const deviceId = await webDeviceId(db, token);
      return deviceId === null ? null : followsOf(db, deviceId);
    },

    /**
     * Adds the follow (nothing when already followed) and answers the browser's follows; null for
     * an unknown token. Throws a 400 for an unknown or hidden store, or past the per-browser limit.
     */
    async follow(token: string, target: FollowTarget): Promise<DealFollow[] | null> {
      return db.transaction(async (tx) => {
        const deviceId = await webDeviceId(tx, token, true);
        if (deviceId === null) return null;
        const same = target.word !== undefined ? eq(dealFollows.word, target.word) : eq(dealFollows.storeId, target.storeId);
        const [existing] = await tx.select({ id: dealFollows.id }).from(dealFollows).where(and(eq(dealFollows.deviceId, deviceId), same));
        if (existing) return followsOf(tx, deviceId);

        if (target.storeId !== undefined) {
          // Only stores the site shows can be followed (a hidden one reads as unknown, as on the site).
          const [store] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.id, target.storeId), eq(categories.isActive, true)));
          if (!store) throw fieldError('storeId', DEAL_FOLLOW_MESSAGES.storeUnknown);
        }
        const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM deal_follows WHERE device_id = ${deviceId}::int`));
        if (n >= LIMITS.dealFollow.perDevice) throw fieldError(target.word !== undefined ? 'word' : 'storeId', DEAL_FOLLOW_MESSAGES.tooMany);

        await tx
          .insert(dealFollows)
          .values(target.word !== undefined ? { deviceId, word: target.word } : { deviceId, storeId: target.storeId })
          .onConflictDoNothing();
        return followsOf(tx, deviceId);
      });
    },

    /** Removes the follow (nothing when not followed) and answers the browser's follows; null for an unknown token. */
    async unfollow(token: string, target: FollowTarget): Promise<DealFollow[] | null> {
      const deviceId = await webDeviceId(db, token);
      if (deviceId === null) return null;
      const same = target.word !== undefined ? eq(dealFollows.word, target.word) : eq(dealFollows.storeId, target.storeId);
      await db.delete(dealFollows).where(and(eq(dealFollows.deviceId, deviceId), same));
      return followsOf(db, deviceId);
    },
  };
}

export type DealFollowsRepository = ReturnType<typeof createDealFollowsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    dealFollows: DealFollowsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('dealFollows', createDealFollowsRepository(fastify.db));
  },
  { name: 'deal-follows', dependencies: ['database'] },
);
