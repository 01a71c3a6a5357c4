/**
 * The audit log as a server-side table (`GET AuditLog/GetAuditLog?page=…`,
 * `AuditLog/ExportAuditLogCsv`): its filters, sorts and row JSON (`AuditLogRow`), and the
 * choices of the screen's person and record-type filters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { auditActionText, auditChangesText, type AuditActor, type AuditLogQuery, type AuditLogRow, type AuditLogSortKey } from '@deals/contract/audit';
import type { CsvColumn } from '@deals/contract/csv';
import type { Database } from '../client.js';
import { isoText, type AdminTable } from './table.js';

const isDay = (value: string) => value.length === 10;

/**
 * The filters. A day bound covers the whole day in the query's time zone (UTC when absent): from
 * its first instant, to (excluded) the next day's; an instant bound is inclusive.
 */
export function auditLogWhere(query: AuditLogQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  const zone = query.timeZone || 'UTC';
  if (query.actorId !== undefined) conditions.push(sql`a.actor_id = ${query.actorId}`);
  if (query.recordType) conditions.push(sql`a.record_type = ${query.recordType}`);
  if (query.action) conditions.push(sql`a.action = ${query.action}`);
  if (query.from) conditions.push(isDay(query.from) ? sql`a.at >= ((${query.from}::date)::timestamp AT TIME ZONE ${zone})` : sql`a.at >= ${query.from}::timestamptz`);
  if (query.to) conditions.push(isDay(query.to) ? sql`a.at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${zone})` : sql`a.at <= ${query.to}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

export const AUDIT_LOG_TABLE: AdminTable<AuditLogQuery, AuditLogSortKey> = {
  id: sql`a.id`,
  from: (query) => sql`FROM audit_log a WHERE ${auditLogWhere(query)}`,
  sort: {
    // Newest first by default (the index audit_log_at_idx; with a person or a record type,
    // audit_log_actor_idx and audit_log_record_idx).
    at: sql`a.at`,
    actorName: sql`lower(a.actor_name)`,
    action: sql`a.action`,
    recordType: sql`a.record_type`,
  },
  nullable: [],
  defaultSort: 'at',
  defaultOrder: 'desc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'at', ${isoText('a.at')}, 'actorId', a.actor_id, 'actorName', a.actor_name,
      'action', a.action, 'recordType', a.record_type, 'recordId', a.record_id,
      'changes', a.changes, 'ip', a.ip, 'route', a.route
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN audit_log a ON a.id = page.id`,
};

/** Download CSV of the log: dates in the viewer's zone, the changes as "field: from → to; …". */
export function auditLogCsvColumns(dateTime: (stamp: string | null) => string): CsvColumn<AuditLogRow>[] {
  return [
    { title: 'When', value: (row) => dateTime(row.at) },
    { title: 'Who', value: (row) => row.actorName },
    { title: 'Action', value: (row) => auditActionText(row.action) },
    { title: 'Record Type', value: (row) => row.recordType },
    { title: 'Record Id', value: (row) => row.recordId ?? '' },
    { title: 'Changes', value: (row) => auditChangesText(row.changes) },
    { title: 'IP', value: (row) => row.ip ?? '' },
    { title: 'Call', value: (row) => row.route },
  ];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Everyone who appears in the log, deleted users included (the log keeps their id and name):
 * the distinct actor ids read by skipping through audit_log_actor_idx (one index probe per
 * person, however long the log), each with the username of their latest entry and their full
 * name now. Sorted by the name shown.
 */
export async function auditActors(db: Database): Promise<AuditActor[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE actor AS (
      (SELECT actor_id AS id FROM audit_log WHERE actor_id IS NOT NULL ORDER BY actor_id LIMIT 1)
      UNION ALL
      SELECT (SELECT l.actor_id FROM audit_log l WHERE l.actor_id > actor.id ORDER BY l.actor_id LIMIT 1) FROM actor WHERE actor.id IS NOT NULL
    )
    SELECT actor.id AS "actorId",
      (SELECT l.actor_name FROM audit_log l WHERE l.actor_id = actor.id ORDER BY l.at DESC, l.id DESC LIMIT 1) AS "actorName",
      u.full_name AS "fullName",
      (u.id IS NULL) AS deleted
    FROM actor LEFT JOIN users u ON u.id = actor.id
    WHERE actor.id IS NOT NULL`);
  const actors = rowsOf<AuditActor>(result).map((actor) => ({ ...actor, actorId: Number(actor.actorId), deleted: Boolean(actor.deleted) }));
  const shown = (actor: AuditActor) => (actor.fullName ?? actor.actorName).toLowerCase();
  return actors.sort((a, b) => shown(a).localeCompare(shown(b)) || a.actorId - b.actorId);
}

/** The record types in the log, alphabetically (skipping through audit_log_record_idx). */
export async function auditRecordTypes(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE kind AS (
      (SELECT record_type AS name FROM audit_log ORDER BY record_type LIMIT 1)
      UNION ALL
      SELECT (SELECT l.record_type FROM audit_log l WHERE l.record_type > kind.name ORDER BY l.record_type LIMIT 1) FROM kind WHERE kind.name IS NOT NULL
    )
    SELECT name FROM kind WHERE name IS NOT NULL`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}
