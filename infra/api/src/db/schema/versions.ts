/**
 * The edit version of each staff-edited record, kept apart from the records' own tables so one
 * mechanism (plugins/app/record-versions.ts) guards every record type. A missing row is version 0.
 * `lockToken` is the lease of the one write in flight: it makes "check the version, then write"
 * a single step across instances, because a write only starts once its claim has won.
 */
import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './staff.js';

export const recordVersions = pgTable(
  'record_versions',
  {
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: integer('record_id').notNull(),
    version: integer('version').notNull().default(0),
    // Kept when the user goes, so a conflict can still say when the record changed.
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }),
    lockToken: varchar('lock_token', { length: 40 }),
    lockedAt: timestamp('locked_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [primaryKey({ columns: [table.recordType, table.recordId] }), index('record_versions_changed_by_idx').on(table.changedById)],
);
