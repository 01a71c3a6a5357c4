/** Column shapes several tables share. */
import { boolean, jsonb, numeric, timestamp, varchar } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * Editorial drafts and scheduled publishing: the record's own columns are what is published (what
 * the public site and its caches read, unchanged); `draft` holds the unpublished edits as a
 * snapshot of the editable fields (null: nothing unpublished, "Changes not published" otherwise).
 * `publish_at`/`unpublish_at` are the scheduled publish and unpublish, run by the job queue.
 */
export const editorial = () => ({
  draft: jsonb('draft'),
  draftSavedAt: timestamp('draft_saved_at', { withTimezone: true }),
  draftSavedBy: varchar('draft_saved_by', { length: 200 }),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

/** Prices as exact decimals; node-postgres and PGlite hand them over as strings, mapped to numbers. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
export const layoutFlags = () => ({
  isPadded: boolean('is_padded').notNull().default(false),
  isFloatingCard: boolean('is_floating_card').notNull().default(false),
  hasRoundedCorners: boolean('has_rounded_corners').notNull().default(false),
  isTextOnly: boolean('is_text_only').notNull().default(false),
});
export const buttons = () => ({
  primaryButtonText: varchar('primary_button_text', { length: 50 }),
  primaryButtonActionType: varchar('primary_button_action_type', { length: 500 }),
  primaryButtonLink: varchar('primary_button_link', { length: 500 }),
  secondaryButtonText: varchar('secondary_button_text', { length: 50 }),
  secondaryButtonActionType: varchar('secondary_button_action_type', { length: 500 }),
  secondaryButtonLink: varchar('secondary_button_link', { length: 500 }),
});
