/** The audit log of staff writes and the revisions of edited records. */
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per staff write (and sign-in, password change, push sent): who (kept by name too, so a
 * deleted user's entries still say who), when, what record, which fields changed from what to
 * what (secrets never), from which address. Append-only: a trigger (migration 0011) refuses
 * UPDATE and DELETE unless the retention purge sets `deals.audit_purge` for its transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: a row is never changed, not even when its user is deleted (the name stays). */
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    /** create, update, delete, sort, assign, sign-in, password-change, push-sent, write (a route without its own entry). */
    action: varchar('action', { length: 30 }).notNull(),
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: varchar('record_id', { length: 40 }),
    /** `{ field: { from, to } }`; null when the write has no field-level detail. */
    changes: jsonb('changes'),
    ip: varchar('ip', { length: 64 }),
    /** The API call, e.g. `PUT /api/Page/UpdatePage`. */
    route: varchar('route', { length: 200 }).notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_record_idx').on(table.recordType, table.at),
  ],
);

/**
 * Revision history: a snapshot of a record's editable fields each time a page, blog,
 * content section or banner is published (or unpublished, or a revision restored) and each time a
 * deal is saved. The list diffs each snapshot against the one before it. No foreign key: the
 * history of a deleted record stays readable, like the audit log.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** page, blog, contentSection, banner, deal */
    recordType: varchar('record_type', { length: 20 }).notNull(),
    recordId: integer('record_id').notNull(),
    /** create, save, publish, unpublish, restore */
    action: varchar('action', { length: 20 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    actorId: integer('actor_id'),
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('revisions_record_idx').on(table.recordType, table.recordId, table.id)],
);
