import { api, downloadFromApi } from '@deals/shared-auth/client';
import type { AuditActor, AuditLogRow, TablePage } from '@deals/contract';

export type { AuditActor, AuditLogRow };

/**
 * The table's query as the API takes it: the When range arrives as `atFrom`/`atTo` (the first
 * day's start and the last day's end in the viewer's zone, see the spec's `days` field) and is
 * sent as the API's inclusive `from`/`to`.
 */
export function auditLogApiQuery(query: Record<string, unknown>): Record<string, unknown> {
  const { atFrom, atTo, ...rest } = query;
  return { ...rest, ...(atFrom ? { from: atFrom } : {}), ...(atTo ? { to: atTo } : {}) };
}

/** One page of the audit log, filtered and sorted by the server (newest first when unsorted). */
export async function fetchAuditLogPage(query: Record<string, unknown>): Promise<TablePage<AuditLogRow>> {
  const { data } = await api.get<TablePage<AuditLogRow>>('AuditLog/GetAuditLog', { params: auditLogApiQuery(query) });
  return data;
}

/** Download CSV: every entry matching the table's filters, written by the server in the viewer's time zone. */
export function downloadAuditLogCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('AuditLog/ExportAuditLogCsv', { ...auditLogApiQuery(query), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'audit-log.csv');
}

/** Everyone who appears in the log (deleted users included): the person filter's choices. */
export async function fetchAuditActors(): Promise<AuditActor[]> {
  const { data } = await api.get<AuditActor[]>('AuditLog/GetAuditActors');
  return data;
}

/** The record types in the log: the record-type filter's choices. */
export async function fetchAuditRecordTypes(): Promise<string[]> {
  const { data } = await api.get<string[]>('AuditLog/GetAuditRecordTypes');
  return data;
}
