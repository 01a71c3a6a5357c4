/**
 * Editorial drafts and publishing (`fastify.editorial`), one mechanism for every kind of record
 * that has drafts (pages and blogs now; content sections and banners register the same way).
 *
 * - A record's own columns are what is published: the public site and its caches read them and
 *   never see a draft. `draft` holds the unpublished edits as a snapshot of the editable fields.
 * - Save keeps a draft (a draft equal to the published record is no draft). Publish copies the
 *   draft into the record (without a draft: makes the record active) and keeps a revision;
 *   Unpublish makes it inactive and keeps a revision. Restore makes a revision the draft.
 * - Schedules: `publish_at`/`unpublish_at`, each with one job in the job queue, stored in the
 *   transaction that sets it (its id derived from the record and the instant, so changing the
 *   instant cancels exactly the old job). When the job runs it acts only if the record still
 *   waits for that instant: a stale job does nothing. pg-boss gives each job to one instance and
 *   keeps it across restarts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REVISION_MESSAGES, type EditorialState, type RevisionRecordType, type ScheduleBody } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { fieldError, HttpError } from '../../errors.js';
import { fieldChanges, type FieldChanges } from './audit.js';
import { deterministicJobId } from './job-queue.js';
import { actorOf } from './revisions.js';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Snapshot = Record<string, unknown> & { isActive: boolean };

export interface EditorialKind<S extends Snapshot> {
  recordType: Exclude<RevisionRecordType, 'deal'>;
  /** The table; it has the editorial columns (schema.ts `editorial()`). */
  table: PgTable;
  /** What else a row of this kind satisfies (pages and blogs share a table). */
  scope?: SQL;
  notFound(): HttpError;
  /** The published snapshot of a row the caller has locked. */
  read(tx: Tx, id: number): Promise<S>;
  /** Writes a snapshot into the published columns (checking what the database cannot word). */
  write(tx: Tx, id: number, snapshot: S): Promise<void>;
}

interface EditorialRow {
  draft: Snapshot | null;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
  publishedAt: string | null;
}

export const SCHEDULE_QUEUE = 'cms-schedule';
export interface ScheduleJob {
  recordType: Exclude<RevisionRecordType, 'deal'>;
  recordId: number;
  action: 'publish' | 'unpublish';
  /** The instant it was scheduled for, ISO: the job acts only while the record still says so. */
  at: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (column: string) => sql.raw(`to_json(${column})#>>'{}'`);
const toIso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export const sameSnapshot = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(fieldChanges(a, b)).length === 0;

export function scheduleJobId(job: Omit<ScheduleJob, 'at'> & { at: string }): string {
  return deterministicJobId(`${SCHEDULE_QUEUE}:${job.recordType}:${job.recordId}:${job.action}:${new Date(job.at).toISOString()}`);
}

export function editorialState(row: EditorialRow): EditorialState {
  return {
    hasDraft: row.draft !== null,
    draftSavedAt: toIso(row.draftSavedAt),
    draftSavedBy: row.draftSavedBy,
    publishAt: toIso(row.publishAt),
    unpublishAt: toIso(row.unpublishAt),
    publishedAt: toIso(row.publishedAt),
  };
}

export function createEditorial(fastify: FastifyInstance) {
  const kinds = new Map<string, EditorialKind<Snapshot>>();

  async function lock<S extends Snapshot>(tx: Tx, kind: EditorialKind<S>, id: number): Promise<EditorialRow> {
    const [row] = rowsOf<{ draft: Snapshot | null; saved_at: string | null; saved_by: string | null; publish_at: string | null; unpublish_at: string | null; published_at: string | null }>(
      await tx.execute(sql`
        SELECT t.draft, ${iso('t.draft_saved_at')} AS saved_at, t.draft_saved_by AS saved_by, ${iso('t.publish_at')} AS publish_at,
          ${iso('t.unpublish_at')} AS unpublish_at, ${iso('t.published_at')} AS published_at
        FROM ${kind.table} t WHERE t.id = ${id} ${kind.scope ? sql`AND ${kind.scope}` : sql``} FOR UPDATE`),
    );
    if (!row) throw kind.notFound();
    return {
      draft: row.draft,
      draftSavedAt: row.saved_at,
      draftSavedBy: row.saved_by,
      publishAt: row.publish_at,
      unpublishAt: row.unpublish_at,
      publishedAt: row.published_at,
    };
  }

  /** The audit entry of an editorial step; a scheduled step (no request) is the job queue's. */
  async function audit(tx: Tx, request: FastifyRequest | null, kind: EditorialKind<Snapshot>, id: number, action: string, changes: FieldChanges | null) {
    if (request) {
      await fastify.audit.record(tx, request, { action, recordType: kind.recordType, recordId: id, changes });
      return;
    }
    await tx.insert(auditLog).values({
      actorId: null,
      actorName: actorOf(null).name,
      action,
      recordType: kind.recordType,
      recordId: String(id),
      changes: changes && Object.keys(changes).length > 0 ? changes : null,
      ip: null,
      route: `job ${SCHEDULE_QUEUE}`,
    });
  }

  async function cancelJob(tx: Tx, job: ScheduleJob) {
    await fastify.jobs.boss.cancel(SCHEDULE_QUEUE, [scheduleJobId(job)], { db: fastify.jobs.in(tx) });
  }

  async function setColumns(tx: Tx, kind: EditorialKind<Snapshot>, id: number, set: SQL) {
    await tx.execute(sql`UPDATE ${kind.table} SET ${set} WHERE id = ${id}`);
  }

  const editorial = {
    register<S extends Snapshot>(kind: EditorialKind<S>) {
      kinds.set(kind.recordType, kind as unknown as EditorialKind<Snapshot>);
    },

    /** The editorial state and draft of a record (unlocked read, for the editor and lists). */
    async state<S extends Snapshot>(kind: EditorialKind<S>, id: number): Promise<{ state: EditorialState; draft: S | null } | null> {
      return fastify.db.transaction(async (tx) => {
        try {
          const row = await lock(tx, kind, id);
          return { state: editorialState(row), draft: row.draft as S | null };
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          throw error;
        }
      });
    },

    /** Locks the record for the caller's transaction; answers its draft and editorial state. */
    async lockIn<S extends Snapshot>(tx: Tx, kind: EditorialKind<S>, id: number): Promise<{ state: EditorialState; draft: S | null }> {
      const row = await lock(tx, kind, id);
      return { state: editorialState(row), draft: row.draft as S | null };
    },

    /** Keeps `snapshot` as the draft (none when it equals what is published). */
    async saveDraftIn<S extends Snapshot>(tx: Tx, kind: EditorialKind<S>, request: FastifyRequest, id: number, snapshot: S, action = 'save-draft') {
      const row = await lock(tx, kind, id);
      const published = await kind.read(tx, id);
      const unchanged = sameSnapshot(published, snapshot);
      const by = actorOf(request).name;
      await setColumns(
        tx,
        kind as unknown as EditorialKind<Snapshot>,
        id,
        unchanged
          ? sql`draft = NULL, draft_saved_at = NULL, draft_saved_by = NULL`
          : sql`draft = ${JSON.stringify(snapshot)}::jsonb, draft_saved_at = now(), draft_saved_by = ${by}`,
      );
      await audit(tx, request, kind as unknown as EditorialKind<Snapshot>, id, action, fieldChanges(row.draft ?? published, snapshot));
    },

    /**
     * Copies the draft into the record (no draft: makes the record active) and keeps a revision.
     * `request` null: the scheduled publish (nothing to publish is then no error).
     */
    async publishIn<S extends Snapshot>(tx: Tx, kind: EditorialKind<S>, request: FastifyRequest | null, id: number) {
      const row = await lock(tx, kind, id);
      const published = await kind.read(tx, id);
      const next = (row.draft as S | null) ?? { ...published, isActive: true };
      if (row.draft === null && published.isActive && request) throw new HttpError(400, REVISION_MESSAGES.nothingToPublish);
      await kind.write(tx, id, next);
      await setColumns(
        tx,
        kind as unknown as EditorialKind<Snapshot>,
        id,
        sql`draft = NULL, draft_saved_at = NULL, draft_saved_by = NULL, publish_at = NULL, published_at = now()`,
      );
      if (row.publishAt) await cancelJob(tx, { recordType: kind.recordType, recordId: id, action: 'publish', at: row.publishAt });
      await fastify.revisions.record(tx, { recordType: kind.recordType, recordId: id, action: 'publish', snapshot: next, actor: actorOf(request) });
      await audit(tx, request, kind as unknown as EditorialKind<Snapshot>, id, 'publish', fieldChanges(published, next));
    },

    /** Makes the record inactive (its draft stays) and keeps a revision. */
    async unpublishIn<S extends Snapshot>(tx: Tx, kind: EditorialKind<S>, request: FastifyRequest | null, id: number) {
      const row = await lock(tx, kind, id);
      const published = await kind.read(tx, id);
      const next = { ...published, isActive: false };
      if (published.isActive) await kind.write(tx, id, next);
      await setColumns(tx, kind as unknown as EditorialKind<Snapshot>, id, sql`unpublish_at = NULL`);
      if (row.unpublishAt) await cancelJob(tx, { recordType: kind.recordType, recordId: id, action: 'unpublish', at: row.unpublishAt });
      await fastify.revisions.record(tx, { recordType: kind.recordType, recordId: id, action: 'unpublish', snapshot: next, actor: actorOf(request) });
      await audit(tx, request, kind as unknown as EditorialKind<Snapshot>, id, 'unpublish', fieldChanges(published, next));
    },

    /**
     * Runs `work` in one transaction with the record locked, given its draft and its published
     * version: an editor's save composes the draft (and more writes of its own) in there.
     */
    async edit<S extends Snapshot, T>(kind: EditorialKind<S>, id: number, work: (tx: Tx, current: { draft: S | null; published: S }) => Promise<T>): Promise<T> {
      return fastify.db.transaction(async (tx) => {
        const row = await lock(tx, kind, id);
        return work(tx, { draft: row.draft as S | null, published: await kind.read(tx, id) });
      });
    },

    /** `publishIn` in a transaction of its own. */
    async publish<S extends Snapshot>(kind: EditorialKind<S>, request: FastifyRequest, id: number): Promise<void> {
      await fastify.db.transaction((tx) => editorial.publishIn(tx, kind, request, id));
    },

    /** `unpublishIn` in a transaction of its own. */
    async unpublish<S extends Snapshot>(kind: EditorialKind<S>, request: FastifyRequest, id: number): Promise<void> {
      await fastify.db.transaction((tx) => editorial.unpublishIn(tx, kind, request, id));
    },

    async discardDraft<S extends Snapshot>(kind: EditorialKind<S>, request: FastifyRequest, id: number) {
      await fastify.db.transaction(async (tx) => {
        const row = await lock(tx, kind, id);
        if (row.draft === null) return;
        await setColumns(tx, kind as unknown as EditorialKind<Snapshot>, id, sql`draft = NULL, draft_saved_at = NULL, draft_saved_by = NULL`);
        await audit(tx, request, kind as unknown as EditorialKind<Snapshot>, id, 'discard-draft', fieldChanges(row.draft, await kind.read(tx, id)));
      });
    },

    /** Sets both scheduled instants (null clears one); each instant has its job. */
    async schedule<S extends Snapshot>(kind: EditorialKind<S>, request: FastifyRequest, id: number, body: ScheduleBody) {
      const publishAt = body.publishAt === null ? null : new Date(body.publishAt);
      const unpublishAt = body.unpublishAt === null ? null : new Date(body.unpublishAt);
      const now = Date.now();
      if (publishAt && publishAt.getTime() <= now) throw fieldError('publishAt', REVISION_MESSAGES.scheduleInPast);
      if (unpublishAt && unpublishAt.getTime() <= now) throw fieldError('unpublishAt', REVISION_MESSAGES.scheduleInPast);
      if (publishAt && unpublishAt && unpublishAt <= publishAt) throw fieldError('unpublishAt', REVISION_MESSAGES.scheduleOrder);
      await fastify.db.transaction(async (tx) => {
        const row = await lock(tx, kind, id);
        if (publishAt && row.draft === null && (await kind.read(tx, id)).isActive) throw fieldError('publishAt', REVISION_MESSAGES.nothingToPublish);
        const before = { publish: toIso(row.publishAt), unpublish: toIso(row.unpublishAt) };
        const after = { publish: publishAt?.toISOString() ?? null, unpublish: unpublishAt?.toISOString() ?? null };
        await setColumns(tx, kind as unknown as EditorialKind<Snapshot>, id, sql`publish_at = ${after.publish}::timestamptz, unpublish_at = ${after.unpublish}::timestamptz`);
        const db = fastify.jobs.in(tx);
        for (const action of ['publish', 'unpublish'] as const) {
          if (before[action] === after[action]) continue;
          const old = before[action];
          if (old) await fastify.jobs.boss.cancel(SCHEDULE_QUEUE, [scheduleJobId({ recordType: kind.recordType, recordId: id, action, at: old })], { db });
          const at = after[action];
          if (!at) continue;
          const job: ScheduleJob = { recordType: kind.recordType, recordId: id, action, at };
          const jobId = scheduleJobId(job);
          await fastify.jobs.boss.insert([{ id: jobId, name: SCHEDULE_QUEUE, data: job, startAfter: new Date(at) }], { db });
          // An instant moved away and back finds its earlier job cancelled: revive it.
          await fastify.jobs.boss.resume(SCHEDULE_QUEUE, [jobId], { db });
        }
        await audit(tx, request, kind as unknown as EditorialKind<Snapshot>, id, 'schedule', fieldChanges({ publishAt: before.publish, unpublishAt: before.unpublish }, { publishAt: after.publish, unpublishAt: after.unpublish }));
      });
    },

    /** Runs a due scheduled job (see `SCHEDULE_QUEUE`); answers whether it changed anything. */
    async runScheduled(job: ScheduleJob): Promise<boolean> {
      const kind = kinds.get(job.recordType);
      if (!kind) return false;
      return fastify.db.transaction(async (tx) => {
        let row: EditorialRow;
        try {
          row = await lock(tx, kind, job.recordId);
        } catch (error) {
          if (error instanceof HttpError) return false; // deleted since
          throw error;
        }
        const due = job.action === 'publish' ? row.publishAt : row.unpublishAt;
        if (!due || toIso(due) !== new Date(job.at).toISOString()) return false; // rescheduled or cleared since
        if (job.action === 'publish') await editorial.publishIn(tx, kind, null, job.recordId);
        else await editorial.unpublishIn(tx, kind, null, job.recordId);
        return true;
      });
    },
  };
  return editorial;
}

export type Editorial = ReturnType<typeof createEditorial>;

declare module 'fastify' {
  interface FastifyInstance {
    editorial: Editorial;
  }
}

export default fp(
  async (fastify) => {
    const editorial = createEditorial(fastify);
    fastify.decorate('editorial', editorial);
    await fastify.jobs.define<ScheduleJob>(SCHEDULE_QUEUE, { retryLimit: 10, retryDelay: 30, retryBackoff: true }, async (job) => {
      try {
        if (await editorial.runScheduled(job)) await fastify.contentVersion.bump();
      } catch (error) {
        // A publish the rules refuse now (its url taken since): retrying cannot help; the editor shows it still waits.
        if (error instanceof HttpError && error.statusCode < 500) {
          fastify.log.warn({ err: error, job }, 'scheduled publishing refused');
          return;
        }
        throw error;
      }
    });
  },
  { name: 'editorial', dependencies: ['database', 'job-queue', 'revisions', 'audit', 'content-version'] },
);
