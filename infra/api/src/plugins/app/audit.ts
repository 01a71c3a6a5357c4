/**
 * Issue 20, the audit log (`fastify.audit`), work in progress on the `issue-20` branch.
 *
 * - A write that knows what it changed records it itself, in its own transaction:
 *   `fastify.audit.record(tx, request, { action, recordType, recordId, changes })`, with
 *   `fieldChanges(before, after)` for the field-by-field diff (secrets never written).
 * - Every other successful staff write is still logged, by the safety net below (action `write`,
 *   the route, the record id when the call names one): no staff write goes unrecorded while the
 *   routes gain their field-level entries one by one.
 * - The table is append-only (a trigger, migration 0011); `purgeOlderThan` is the retention.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

type Executor = Pick<Database, 'insert' | 'execute'>;

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditEntry {
  action: string;
  recordType: string;
  recordId?: string | number | null;
  changes?: FieldChanges | null;
}

/** Field names whose values are never written to the log (only that they changed). */
const SECRET_FIELD = /password|secret|token|hash|key/i;
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
      /** Deletes the entries older than `days` days; answers how many. */
      purgeOlderThan(days: number): Promise<number>;
    };
  }
}

export default fp(
  async (fastify) => {
    async function insert(executor: Executor, request: FastifyRequest, entry: AuditEntry): Promise<void> {
      const viewer = request.viewer;
      await executor.insert(auditLog).values({
        actorId: viewer.kind === 'staff' ? viewer.userId : null,
        actorName: viewer.kind === 'staff' ? viewer.username : 'anonymous',
        action: entry.action,
        recordType: entry.recordType,
        recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
        changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
        ip: request.ip,
        route: routeOf(request),
      });
    }

    fastify.decorate('audit', {
      async record(executor, request, entry) {
        await insert(executor, request, entry);
        request.audited = true;
      },
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
      if (request.viewer?.kind !== 'staff' || !request.url.startsWith('/api/')) return;
      try {
        await insert(fastify.db, request, { action: 'write', recordType: recordTypeOf(request), recordId: recordIdOf(request) });
      } catch (error) {
        request.log.error({ err: error }, 'audit entry not written');
      }
    });
  },
  { name: 'audit', dependencies: ['database', 'viewer'] },
);
