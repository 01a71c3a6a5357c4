/**
 * Scheduled go-live: a deal saved active with a start in the future is
 * announced when it starts, through one pg-boss job per (deal, start) stored in the transaction
 * that saves the deal. Moving the start replaces the job, deactivating or deleting the deal
 * cancels it, and a deal waiting to start whose start is moved to now goes live (and is
 * announced) at once.
 *
 * The job's id is derived from the deal and its start, so the job a deal waits on is known from
 * the deal alone (no bookkeeping table) and scheduling the same start twice stores one job.
 * Running it only asks the announcers, which check the deal is live at that moment and announce a
 * deal at most once (unique per deal and kind): a late, repeated or stale job announces nothing
 * more.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { deterministicJobId, type JobQueue } from '../plugins/app/job-queue.js';

export const GO_LIVE_QUEUE = 'deal-go-live';

export interface GoLiveJob {
  productId: number;
}

type Executor = Pick<Database, 'execute'>;

/** A deal waiting to go live: active, start in the future (by the database's clock). */
export type Waiting = Map<number, string>;

/** The job of a deal's start: a UUID (version 8, RFC 9562) from the deal id and the start instant. */
export function goLiveJobId(productId: number, startsAt: string): string {
  return deterministicJobId(`deal-go-live:${productId}:${new Date(startsAt).toISOString()}`);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Deals matching `where` (over `products p`) that wait to go live, with their start as ISO text. */
export async function waitingDeals(tx: Executor, where: SQL): Promise<Waiting> {
  const rows = rowsOf<{ id: number; starts_at: string }>(
    await tx.execute(sql`SELECT p.id, to_json(p.deal_starts_in)#>>'{}' AS starts_at FROM products p WHERE (${where}) AND p.is_active AND p.deal_starts_in > now()`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.starts_at]));
}

/** Of the deals that were waiting, those now active and started: they go live with this write. */
async function startedNow(tx: Executor, ids: readonly number[]): Promise<Waiting> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: number; starts_at: string }>(
    await tx.execute(
      sql`SELECT p.id, to_json(p.deal_starts_in)#>>'{}' AS starts_at FROM products p WHERE p.id = ANY(${sql.param(ids)}::int[]) AND p.is_active AND p.deal_starts_in <= now()`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.id), row.starts_at]));
}

export function createGoLiveSchedule(jobs: JobQueue) {
  return {
    /**
     * For writes selecting deals by a condition the write itself may change (a bulk activate of
     * "inactive deals"): the deals of `where` with a start in the future, as a fixed id list.
     */
    async startingLater(tx: Executor, where: SQL): Promise<SQL> {
      const rows = rowsOf<{ id: number }>(await tx.execute(sql`SELECT p.id FROM products p WHERE (${where}) AND p.deal_starts_in > now()`));
      return sql`p.id = ANY(${sql.param(rows.map((row) => Number(row.id)))}::int[])`;
    },

    /** Call before a write: which of the deals it may change are waiting to go live. */
    before: waitingDeals,

    /**
     * Call after the write, in its transaction, with the same selection and what `before`
     * answered: cancels the jobs of starts that no longer hold, stores the jobs of new ones.
     */
    async after(tx: Executor, where: SQL, before: Waiting): Promise<void> {
      const now = await waitingDeals(tx, where);
      const launched = await startedNow(
        tx,
        [...before.keys()].filter((id) => !now.has(id)),
      );
      const wanted = new Map([...now, ...launched]);
      const cancel = [...before].filter(([id, startsAt]) => wanted.get(id) !== startsAt).map(([id, startsAt]) => goLiveJobId(id, startsAt));
      const schedule = [...wanted].filter(([id, startsAt]) => before.get(id) !== startsAt);
      const db = jobs.in(tx);
      if (cancel.length > 0) await jobs.boss.cancel(GO_LIVE_QUEUE, cancel, { db });
      if (schedule.length === 0) return;
      const ids = schedule.map(([id, startsAt]) => goLiveJobId(id, startsAt));
      await jobs.boss.insert(
        schedule.map(([productId, startsAt], index) => ({ id: ids[index], name: GO_LIVE_QUEUE, data: { productId } satisfies GoLiveJob, startAfter: new Date(startsAt) })),
        { db },
      );
      // A start moved away and back finds its earlier job cancelled (the insert above kept it): revive it.
      await jobs.boss.resume(GO_LIVE_QUEUE, ids, { db });
    },
  };
}

export type GoLiveSchedule = ReturnType<typeof createGoLiveSchedule>;
