/**
 * The audit log of staff writes (`fastify.audit`).
 *
 * - A write that knows what it changed records it itself, in its own transaction:
 *   `fastify.audit.record(tx, request, { action, recordType, recordId, changes })`, with
 *   `fieldChanges(before, after)` for the field-by-field diff (secrets never written).
 *   Repositories get the call bound to the request (`fastify.audit.trail(request)`) and build the
 *   usual entries with `created`, `updated`, `deleted` and `auditedSort`.
 * - Every other successful staff write is still logged, by the safety net below (action `write`,
 *   the route, the record id when the call names one): no staff write goes unrecorded while the
 *   routes gain their field-level entries one by one.
 * - The table is append-only (a trigger, migration 0011); `purgeOlderThan` is the retention.
 */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SortItems } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

type Executor = Pick<Database, 'insert' | 'execute'>;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditEntry {
  action: string;
  recordType: string;
  recordId?: string | number | null;
  changes?: FieldChanges | null;
  /** Who acted, when the request does not say yet: a sign-in is anonymous until it succeeds. */
  actor?: { id: number; name: string } | undefined;
}

/** `fastify.audit.record` bound to one request: what a repository write records its entry with. */
export type AuditTrail = (executor: Executor, entry: AuditEntry) => Promise<void>;

/** Field names whose values are never written to the log (only that they changed). */
// Anchored for "key" so that `keywords` stays readable while `key`, `apiKey`, `privateKey` are hidden.
const SECRET_FIELD = /[Pp]assword|[Ss]ecret|[Tt]oken|[Hh]ash|(^k|K)ey$/;
export const REDACTED = '(hidden)';

/** The fields whose values differ between two versions of a record (a missing side is null). */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChanges {
  const changes: FieldChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const from = before?.[name] ?? null;
    const to = after?.[name] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[name] = SECRET_FIELD.test(name) ? { from: REDACTED, to: REDACTED } : { from, to };
  }
  return changes;
}

/** A record's fields by name (a select's row, an insert's values). */
type Row = object;

/** Columns a table keeps for itself, never a field someone edited. */
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'dateCreated', 'dateUpdated']);
const edited = (row: Row, keep: (name: string) => boolean = () => true): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([name, value]) => !BOOKKEEPING.has(name) && value !== undefined && keep(name)));

/** A created record (the row as inserted): every field it was given. */
export const created = (recordType: string, row: Row & { id: number }): AuditEntry => ({
  action: 'create',
  recordType,
  recordId: row.id,
  changes: fieldChanges(null, edited(row)),
});

/**
 * An update: the fields `set` wrote (undefined ones keep their value), from `before` (the row
 * read in the write's transaction) to their new values; unchanged fields are left out.
 */
export const updated = (recordType: string, before: Row & { id: number }, set: Row): AuditEntry => {
  const after = edited(set);
  return { action: 'update', recordType, recordId: before.id, changes: fieldChanges(edited(before, (name) => name in after), after) };
};

/** A deleted record (the row as deleted): its values stay readable in the log. */
export const deleted = (recordType: string, row: Row & { id: number }): AuditEntry => ({
  action: 'delete',
  recordType,
  recordId: row.id,
  changes: fieldChanges(edited(row), null),
});

/**
 * Runs the write of a Sort… call (inside its transaction `tx`) and records it as one entry: a
 * field per record id whose sort order changed, from the old order to the new one.
 */
export async function auditedSort(tx: Executor, audit: AuditTrail, table: PgTable, recordType: string, items: SortItems, write: () => Promise<void>): Promise<void> {
  const ids = `{${items.map((item) => Math.trunc(item.id)).join(',')}}`;
  const result = (await tx.execute(sql`SELECT id, sort_order FROM ${table} WHERE id = ANY(${ids}::int[])`)) as unknown as { rows: { id: number; sort_order: number }[] };
  await write();
  const before = Object.fromEntries(result.rows.map((row) => [String(row.id), Number(row.sort_order)]));
  const after = Object.fromEntries(items.map((item) => [String(item.id), item.sortOrder]));
  await audit(tx, { action: 'sort', recordType, changes: fieldChanges(before, after) });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The call's record id, when it names one in its query (`id`, `productId`, `pageId`…). */
const RECORD_ID_PARAM = /^(id|[a-z]+Id)$/;

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}

/** `PUT /api/Page/UpdatePage` → `Page`. */
function recordTypeOf(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return path.split('/')[2] ?? path;
}

function recordIdOf(request: FastifyRequest): string | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) {
    if (RECORD_ID_PARAM.test(name) && (typeof value === 'string' || typeof value === 'number')) return String(value).slice(0, 40);
  }
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the handler recorded its own audit entry (the safety net then adds none). */
    audited?: boolean;
  }
  interface FastifyInstance {
    audit: {
      record(executor: Executor, request: FastifyRequest, entry: AuditEntry): Promise<void>;
      /** An entry of the site's own work (a scheduled job), with no request behind it: `actorName` says which. */
      recordSystem(executor: Executor, entry: AuditEntry & { actorName: string; route: string }): Promise<void>;
      /** `record` on its own, after the write it describes committed. */
      recordNow(request: FastifyRequest, entry: AuditEntry): Promise<void>;
      /** `record` bound to the request, for the repository that does the write. */
      trail(request: FastifyRequest): AuditTrail;
      /** Deletes the entries older than `days` days; answers how many. */
      purgeOlderThan(days: number): Promise<number>;
    };
  }
}

export default fp(
  async (fastify) => {
    async function insert(executor: Executor, request: FastifyRequest, entry: AuditEntry): Promise<void> {
      const viewer = request.viewer;
      const staff = viewer.kind === 'staff' ? { id: viewer.userId, name: viewer.username } : null;
      const actor = entry.actor ?? staff;
      await executor.insert(auditLog).values({
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? 'anonymous',
        action: entry.action,
        recordType: entry.recordType,
        recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
        changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
        ip: request.ip,
        route: routeOf(request),
      });
    }

    async function record(executor: Executor, request: FastifyRequest, entry: AuditEntry): Promise<void> {
      await insert(executor, request, entry);
      request.audited = true;
    }

    fastify.decorate('audit', {
      record,
      async recordSystem(executor, entry) {
        await executor.insert(auditLog).values({
          actorId: null,
          actorName: entry.actorName,
          action: entry.action,
          recordType: entry.recordType,
          recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
          changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
          ip: null,
          route: entry.route,
        });
      },
      recordNow: (request, entry) => record(fastify.db, request, entry),
      trail: (request) => (executor, entry) => record(executor, request, entry),
      async purgeOlderThan(days) {
        return fastify.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('deals.audit_purge', 'on', true)`);
          const result = (await tx.execute(
            sql`WITH gone AS (DELETE FROM audit_log WHERE at < now() - make_interval(days => ${days}::int) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          )) as unknown as { rows: { n: number }[] };
          return Number(result.rows[0]?.n ?? 0);
        });
      },
    });

    // The safety net: a successful staff write that recorded nothing itself.
    fastify.addHook('onResponse', async (request, reply) => {
      if (request.audited || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return;
      if (request.viewer?.kind !== 'staff' || !request.url.startsWith('/api/') || request.routeOptions.config.personal) return;
      try {
        await insert(fastify.db, request, { action: 'write', recordType: recordTypeOf(request), recordId: recordIdOf(request) });
      } catch (error) {
        request.log.error({ err: error }, 'audit entry not written');
      }
    });
  },
  { name: 'audit', dependencies: ['database', 'viewer'] },
);
