/**
 * Revision history (`fastify.revisions`): each kind of record that keeps revisions
 * registers how its revisions are read (who may) and restored; the `Revisions` controller serves
 * them all. A revision is written by the feature itself, in the transaction of the write it
 * describes (`record(tx, …)`), so history and record never disagree.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Revision, RevisionAction, RevisionRecordType } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { revisions } from '../../db/schema.js';
import { fieldChanges } from './audit.js';

type Executor = Pick<Database, 'insert'>;

export interface RevisionKind {
  /** Whether the signed-in caller may read and restore this record's revisions (admins always may). */
  mayAccess(request: FastifyRequest, recordId: number): Promise<boolean>;
  /** Makes the snapshot the record's new draft (or, without drafts, saves it); answers the message. */
  restore(request: FastifyRequest, recordId: number, snapshot: Record<string, unknown>): Promise<string>;
}

export interface RevisionActor {
  id: number | null;
  name: string;
}

/** The signed-in staff member, or the job queue for a scheduled publish. */
export function actorOf(request: FastifyRequest | null): RevisionActor {
  const viewer = request?.viewer;
  return viewer?.kind === 'staff' ? { id: viewer.userId, name: viewer.username } : { id: null, name: 'Scheduled' };
}

declare module 'fastify' {
  interface FastifyInstance {
    revisions: {
      register(recordType: RevisionRecordType, kind: RevisionKind): void;
      kind(recordType: RevisionRecordType): RevisionKind | undefined;
      record(
        tx: Executor,
        entry: { recordType: RevisionRecordType; recordId: number; action: RevisionAction; snapshot: Record<string, unknown>; actor: RevisionActor },
      ): Promise<void>;
      /** Newest first, each with the fields that differ from the revision before it. */
      list(recordType: RevisionRecordType, recordId: number): Promise<Revision[]>;
      get(id: number): Promise<{ recordType: RevisionRecordType; recordId: number; snapshot: Record<string, unknown> } | null>;
    };
  }
}

export default fp(
  async (fastify) => {
    const kinds = new Map<RevisionRecordType, RevisionKind>();
    fastify.decorate('revisions', {
      register(recordType, kind) {
        kinds.set(recordType, kind);
      },
      kind: (recordType) => kinds.get(recordType),
      async record(tx, { recordType, recordId, action, snapshot, actor }) {
        await tx.insert(revisions).values({ recordType, recordId, action, snapshot, actorId: actor.id, actorName: actor.name });
      },
      async list(recordType, recordId) {
        const rows = await fastify.db
          .select()
          .from(revisions)
          .where(and(eq(revisions.recordType, recordType), eq(revisions.recordId, recordId)))
          .orderBy(asc(revisions.id));
        let before: Record<string, unknown> | null = null;
        const listed: Revision[] = [];
        for (const row of rows) {
          const snapshot = row.snapshot as Record<string, unknown>;
          listed.push({
            id: row.id,
            recordType: row.recordType as RevisionRecordType,
            recordId: row.recordId,
            action: row.action as RevisionAction,
            actorName: row.actorName,
            at: row.at.toISOString(),
            changes: fieldChanges(before, snapshot),
          });
          before = snapshot;
        }
        return listed.reverse();
      },
      async get(id) {
        const [row] = await fastify.db.select().from(revisions).where(eq(revisions.id, id));
        return row ? { recordType: row.recordType as RevisionRecordType, recordId: row.recordId, snapshot: row.snapshot as Record<string, unknown> } : null;
      },
    });
  },
  { name: 'revisions', dependencies: ['database'] },
);
