/**
 * Edit versions of staff-edited records (`record_versions`), applied to the calls the contract
 * lists in `VERSIONED_CALLS`, so no route or repository repeats it:
 *
 * - A read of one record answers its version as a strong `ETag`.
 * - A write first claims the record's lease (one atomic UPDATE that only succeeds when no other
 *   write holds it), then compares `If-Match` with the version; a mismatch answers 409 with who made
 *   the current version and when, and releases the lease before anything is written. A write that
 *   succeeds bumps the version and records its author in the same statement that releases the
 *   lease, and answers the new `ETag`.
 * - Because every write of a record holds its lease from the check until its version is bumped,
 *   two writes with the same `If-Match` cannot both pass, on one instance or many; a read that
 *   overlaps a write reports the version from before it, so its next write is refused, never lost.
 * - Without `If-Match` (or with `*`) writes work as before; they still take the lease and bump.
 *
 * Reads take the version after the record, which is what makes the last point hold.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EditConflictSchema, SINGLETON_RECORD_ID, VERSION_MESSAGES, versionedCall, type EditConflict, type RecordType, type VersionedCall } from '@deals/contract';
import type { Database } from '../../db/client.js';

/** A lease older than this belongs to a write whose instance died mid-way; the next write may take it. */
export const LEASE_STALE_SECONDS = 15;
/**
 * How long a write waits for another write of the same record to finish before answering 409:
 * longer than a dead instance's lease lasts, so a crash mid-save delays the next save, never refuses it.
 */
export const LEASE_WAIT_MS = (LEASE_STALE_SECONDS + 5) * 1000;
const LEASE_POLL_MS = 15;

export interface RecordVersion {
  version: number;
  changedBy: string | null;
  changedAt: string | null;
}

/** The strong validator of one version of one record; opaque to clients. */
export function etagOf(record: RecordType, id: number, version: number): string {
  return `"${record}.${id}.${version}"`;
}

/** Whether `If-Match` (a list, possibly weak tags, or `*`) names the given tag. */
export function ifMatchAllows(header: string, etag: string): boolean {
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

interface Row {
  version: number | string;
  changed_at: Date | string | null;
  changed_by?: string | null;
}

function rowsOf(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

function asVersion(row: Row | undefined): RecordVersion {
  if (!row) return { version: 0, changedBy: null, changedAt: null };
  return { version: Number(row.version), changedBy: row.changed_by ?? null, changedAt: row.changed_at == null ? null : new Date(row.changed_at).toISOString() };
}

export function createRecordVersions(db: Database) {
  const ensure = (record: RecordType, id: number) =>
    db.execute(sql`INSERT INTO record_versions (record_type, record_id) VALUES (${record}, ${id}) ON CONFLICT DO NOTHING`);

  return {
    async current(record: RecordType, id: number): Promise<RecordVersion> {
      const result = await db.execute(sql`
        SELECT v.version, v.changed_at, COALESCE(NULLIF(u.full_name, ''), u.username) AS changed_by
        FROM record_versions v LEFT JOIN users u ON u.id = v.changed_by_id
        WHERE v.record_type = ${record} AND v.record_id = ${id}`);
      return asVersion(rowsOf(result)[0]);
    },

    /** Takes the record's write lease; false while another live write holds it. */
    async claim(record: RecordType, id: number, token: string): Promise<boolean> {
      await ensure(record, id);
      const result = await db.execute(sql`
        UPDATE record_versions SET lock_token = ${token}, locked_at = now()
        WHERE record_type = ${record} AND record_id = ${id}
          AND (lock_token IS NULL OR locked_at < now() - make_interval(secs => ${LEASE_STALE_SECONDS}))
        RETURNING version`);
      return rowsOf(result).length > 0;
    },

    /** Records a successful write by `userId` and lets the lease go; answers the new version. */
    async bump(record: RecordType, id: number, token: string, userId: number | null): Promise<number> {
      await ensure(record, id);
      const result = await db.execute(sql`
        UPDATE record_versions
        SET version = version + 1, changed_by_id = ${userId}, changed_at = now(),
            lock_token = CASE WHEN lock_token = ${token} THEN NULL ELSE lock_token END,
            locked_at = CASE WHEN lock_token = ${token} THEN NULL ELSE locked_at END
        WHERE record_type = ${record} AND record_id = ${id}
        RETURNING version`);
      return Number(rowsOf(result)[0]?.version ?? 0);
    },

    /**
     * Lets the lease go without a new version (the write was refused or failed). A row that was
     * never written (version 0) is dropped instead: a write to an id no record has would otherwise
     * leave one behind, and anyone could grow the table with made-up ids.
     */
    async release(record: RecordType, id: number, token: string): Promise<void> {
      await db.execute(sql`
        DELETE FROM record_versions
        WHERE record_type = ${record} AND record_id = ${id} AND lock_token = ${token} AND version = 0`);
      await db.execute(sql`
        UPDATE record_versions SET lock_token = NULL, locked_at = NULL
        WHERE record_type = ${record} AND record_id = ${id} AND lock_token = ${token}`);
    },
  };
}

export type RecordVersions = ReturnType<typeof createRecordVersions>;

interface Lease {
  record: RecordType;
  id: number;
  token: string;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    recordVersions: RecordVersions;
  }
  interface FastifyRequest {
    recordLease: Lease | null;
  }
}

const READS = new Set(['GET', 'HEAD']);

/** The record a request of a versioned call names, or null when it names none (the route answers 400/404 itself). */
function recordOf(call: VersionedCall, request: FastifyRequest): number | null {
  if (call.id.in === 'singleton') return SINGLETON_RECORD_ID;
  const source = (call.id.in === 'query' ? request.query : request.body) as Record<string, unknown> | null | undefined;
  const value = source?.[call.id.name];
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const callOf = (request: FastifyRequest) => versionedCall(request.method, request.routeOptions.url ?? '');

const IF_MATCH_HEADERS = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The `ETag` the record had when the form loaded it. If the record changed since, nothing is written and the answer is 409 `{ message, changedBy, changedAt }`. `*` or no header: write whatever the version.',
    }),
  ),
});

export default fp(
  async (fastify: FastifyInstance) => {
    const versions = createRecordVersions(fastify.db);
    fastify.decorate('recordVersions', versions);
    fastify.decorateRequest('recordLease', null);

    // Documents the headers on every versioned call (OpenAPI) and validates If-Match as a string.
    fastify.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const call = methods.map((method) => versionedCall(String(method), route.url)).find(Boolean);
      if (!call) return;
      const schema = { ...(route.schema ?? {}) } as Record<string, unknown>;
      const read = methods.every((method) => READS.has(String(method)));
      const note = read
        ? ' Answers the record’s version in `ETag`; send it back as `If-Match` when saving or deleting.'
        : ' Accepts `If-Match` (the `ETag` of the record as loaded): 409 `{ message, changedBy, changedAt }` and no change when the record changed since. Answers the new `ETag`.';
      schema.description = `${typeof schema.description === 'string' ? schema.description : ''}${note}`.trim();
      if (!read) {
        if (!schema.headers) schema.headers = IF_MATCH_HEADERS;
        const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
        response[409] ??= EditConflictSchema;
        schema.response = response;
      }
      route.schema = schema;
    });

    async function conflict(reply: FastifyReply, message: string, current: RecordVersion): Promise<FastifyReply> {
      const body: EditConflict = { message, changedBy: current.changedBy, changedAt: current.changedAt };
      return reply.code(409).send(body);
    }

    fastify.addHook('preHandler', async (request, reply) => {
      if (READS.has(request.method)) return;
      const call = callOf(request);
      const id = call ? recordOf(call, request) : null;
      if (!call || id === null) return;
      const token = randomUUID();
      const deadline = Date.now() + LEASE_WAIT_MS;
      while (!(await versions.claim(call.record, id, token))) {
        if (Date.now() > deadline) return conflict(reply, VERSION_MESSAGES.busy, await versions.current(call.record, id));
        await sleep(LEASE_POLL_MS);
      }
      request.recordLease = { record: call.record, id, token, settled: false };
      const ifMatch = request.headers['if-match'];
      if (ifMatch === undefined || ifMatch.trim() === '') return;
      const current = await versions.current(call.record, id);
      if (ifMatchAllows(ifMatch, etagOf(call.record, id, current.version))) return;
      // Released before answering, so the next write need not wait for this one's reply.
      request.recordLease.settled = true;
      await versions.release(call.record, id, token);
      return conflict(reply, VERSION_MESSAGES.conflict, current);
    });

    fastify.addHook('onSend', async (request, reply, payload) => {
      if (READS.has(request.method)) {
        if (reply.statusCode !== 200) return payload;
        const call = callOf(request);
        const id = call ? recordOf(call, request) : null;
        if (call && id !== null) reply.header('etag', etagOf(call.record, id, (await versions.current(call.record, id)).version));
        return payload;
      }
      const lease = request.recordLease;
      if (!lease || lease.settled) return payload;
      lease.settled = true;
      if (reply.statusCode < 300) {
        const userId = request.viewer?.kind === 'staff' ? request.viewer.userId : null;
        reply.header('etag', etagOf(lease.record, lease.id, await versions.bump(lease.record, lease.id, lease.token, userId)));
      } else {
        await versions.release(lease.record, lease.id, lease.token);
      }
      return payload;
    });

    // A reply that never went through onSend must not keep the record leased until it goes stale.
    fastify.addHook('onResponse', async (request) => {
      const lease = request.recordLease;
      if (!lease || lease.settled) return;
      lease.settled = true;
      await versions.release(lease.record, lease.id, lease.token);
    });
  },
  { name: 'record-versions', dependencies: ['database', 'viewer'] },
);
