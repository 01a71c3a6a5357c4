/**
 * The audit log screen (admins only). `GET AuditLog/GetAuditLog?page=…` is one
 * page of the log, newest first, filtered by person, record type, action and day range;
 * `GET AuditLog/ExportAuditLogCsv` streams every matching entry; `GET AuditLog/GetAuditActors`
 * and `GET AuditLog/GetAuditRecordTypes` fill the screen's filters. The entries are written by
 * the API itself (`fastify.audit`, plugins/app/audit.ts) and never changed; the retention
 * (`AUDIT_RETENTION_DAYS`, default 365) deletes the old ones once a day.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { IdFilter, tableExportQuerySchema, tableQuerySchema, TABLE_MESSAGES, type TableQuery } from './tables.ts';

/** How long entries are kept when `AUDIT_RETENTION_DAYS` is not set. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

/**
 * The actions the API records (the log's `action` column). `write` is the safety net's: a staff
 * write whose route records no field-level entry of its own.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sort',
  'assign',
  'unassign',
  'save-draft',
  'discard-draft',
  'publish',
  'unpublish',
  'schedule',
  'restore',
  'share-preview',
  'sign-in',
  'password-change',
  'password-reset-requested',
  'password-reset',
  'invite',
  'push-sent',
  'import',
  'bulk-activate',
  'bulk-deactivate',
  'bulk-delete',
  'bulk-set-expiry',
  'bulk-extend-expiry',
  'bulk-add-to-featured-section',
  'write',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  sort: 'Sort',
  assign: 'Assign',
  unassign: 'Unassign',
  'save-draft': 'Save draft',
  'discard-draft': 'Discard draft',
  publish: 'Publish',
  unpublish: 'Unpublish',
  schedule: 'Schedule',
  restore: 'Restore revision',
  'share-preview': 'Share preview link',
  'sign-in': 'Sign in',
  'password-change': 'Password change',
  'password-reset-requested': 'Password reset requested',
  'password-reset': 'Password set by email link',
  invite: 'Invitation sent',
  'push-sent': 'Push sent',
  import: 'Import',
  'bulk-activate': 'Bulk activate',
  'bulk-deactivate': 'Bulk deactivate',
  'bulk-delete': 'Bulk delete',
  'bulk-set-expiry': 'Bulk set expiry',
  'bulk-extend-expiry': 'Bulk extend expiry',
  'bulk-add-to-featured-section': 'Bulk add to featured section',
  write: 'Other write',
};

/** An action as the screen and the CSV name it (one added later shows as it is stored). */
export function auditActionText(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

/** One changed field of an entry: its value before and after (`'(hidden)'` for secrets, null for none). */
export const AuditFieldChangeSchema = Type.Object({ from: Type.Unknown(), to: Type.Unknown() });
export type AuditFieldChange = { from: unknown; to: unknown };
export type AuditChanges = Record<string, AuditFieldChange>;

/** One entry of the log, as the table and the CSV read it. */
export const AuditLogRowSchema = Type.Object({
  id: Type.Integer(),
  /** When, ISO 8601 in UTC. */
  at: Type.String({ format: 'date-time' }),
  /** The user who wrote, null when nobody was signed in; the user may since have been deleted. */
  actorId: Nullable(Type.Integer()),
  /** The user's username when they wrote (kept when the user is renamed or deleted). */
  actorName: Type.String(),
  action: Type.String(),
  /** What kind of record: the API controller (`Page`, `Product`…) or the entity the write names. */
  recordType: Type.String(),
  recordId: Nullable(Type.String()),
  /** `{ field: { from, to } }`; null when the write has no field-level detail. */
  changes: Nullable(Type.Record(Type.String(), AuditFieldChangeSchema)),
  ip: Nullable(Type.String()),
  /** The API call, e.g. `PUT /api/Page/UpdatePage`. */
  route: Type.String(),
});
export interface AuditLogRow {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  action: string;
  recordType: string;
  recordId: string | null;
  changes: AuditChanges | null;
  ip: string | null;
  route: string;
}

/** Sorting keys of the log table; unsorted, newest first. */
export const AUDIT_LOG_SORT_KEYS = ['at', 'actorName', 'action', 'recordType'] as const;
export type AuditLogSortKey = (typeof AUDIT_LOG_SORT_KEYS)[number];

export const AUDIT_MESSAGES = {
  day: 'Must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  action: 'action must be at most 30 characters',
  recordType: 'recordType must be at most 40 characters',
} as const;

/**
 * A bound of the day range: a calendar day (`2026-05-01`, the whole day in `timeZone`, UTC when
 * absent) or an instant (ISO 8601 date-time). Both ends are inclusive.
 */
const DayOrInstant = () =>
  Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
      messages: { pattern: AUDIT_MESSAGES.day, type: AUDIT_MESSAGES.day },
    }),
  );

const AuditLogFilters = Type.Object({
  /** Entries by this user (also one since deleted; see `GetAuditActors`). */
  actorId: IdFilter('actorId'),
  /** Entries about this kind of record, exactly (see `GetAuditRecordTypes`). */
  recordType: Type.Optional(Type.String({ maxLength: 40, messages: { maxLength: AUDIT_MESSAGES.recordType, type: AUDIT_MESSAGES.recordType } })),
  /** Entries of this action, exactly (`AUDIT_ACTIONS`). */
  action: Type.Optional(Type.String({ maxLength: 30, messages: { maxLength: AUDIT_MESSAGES.action, type: AUDIT_MESSAGES.action } })),
  /** On or after: a day (from its start) or an instant. */
  from: DayOrInstant(),
  /** On or before: a day (to its end) or an instant. */
  to: DayOrInstant(),
  /** The time zone of the days in `from`/`to` (and of the CSV's dates): an IANA name; UTC when absent. */
  timeZone: Type.Optional(Type.String({ maxLength: 64, messages: { maxLength: TABLE_MESSAGES.timeZone, type: TABLE_MESSAGES.timeZone } })),
});
export const AUDIT_LOG_FILTERS = AuditLogFilters.properties;
export type AuditLogFilters = Static<typeof AuditLogFilters>;
export type AuditLogQuery = TableQuery<AuditLogSortKey> & AuditLogFilters;

/** `GET AuditLog/GetAuditLog`: one page (`page` 1 and 100 rows by default) and the total. */
export const GetAuditLogQuerySchema = tableQuerySchema(AUDIT_LOG_SORT_KEYS, AUDIT_LOG_FILTERS);
export type GetAuditLogQuery = Static<typeof GetAuditLogQuerySchema>;

/** `GET AuditLog/ExportAuditLogCsv`: every matching entry, in the order asked. */
export const ExportAuditLogQuerySchema = tableExportQuerySchema(AUDIT_LOG_SORT_KEYS, AUDIT_LOG_FILTERS);
export type ExportAuditLogQuery = Static<typeof ExportAuditLogQuerySchema>;

/** A person who appears in the log (the person filter's choices). */
export const AuditActorSchema = Type.Object({
  actorId: Type.Integer(),
  /** The username of their latest entry. */
  actorName: Type.String(),
  /** Their full name now; null when the user has been deleted. */
  fullName: Nullable(Type.String()),
  deleted: Type.Boolean(),
});
export type AuditActor = Static<typeof AuditActorSchema>;

/** `GET AuditLog/GetAuditActors`: everyone who appears in the log, by name. */
export const AuditActorsResponseSchema = Type.Array(AuditActorSchema);
/** `GET AuditLog/GetAuditRecordTypes`: the record types that appear in the log, alphabetically. */
export const AuditRecordTypesResponseSchema = Type.Array(Type.String());

/** How the person filter names someone: "Full Name (username)", or "username (deleted)". */
export function auditActorLabel(actor: AuditActor): string {
  if (actor.deleted) return `${actor.actorName} (deleted)`;
  return actor.fullName && actor.fullName !== actor.actorName ? `${actor.fullName} (${actor.actorName})` : actor.actorName;
}

/** A value of a change as text: strings as they are (`'(hidden)'` included), nothing as "(empty)", the rest as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One changed field: "name: from → to". */
export function auditChangeText(name: string, change: AuditFieldChange): string {
  return `${name}: ${auditValueText(change.from)} → ${auditValueText(change.to)}`;
}

/** Every changed field, "name: from → to; …" (the CSV's Changes column); empty for none. */
export function auditChangesText(changes: AuditChanges | null | undefined): string {
  return Object.entries(changes ?? {})
    .map(([name, change]) => auditChangeText(name, change))
    .join('; ');
}
