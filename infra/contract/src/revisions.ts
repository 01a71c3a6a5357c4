/**
 * Revision history, editorial drafts and scheduled publishing.
 *
 * - **Revisions** (`Revisions/GetRevisions`, `Revisions/RestoreRevision`): a snapshot of a record's
 *   editable fields each time a page, blog, content section or banner is published, unpublished or
 *   restored, and each time a deal is saved. The list answers, for each revision, the fields that
 *   differ from the revision before it. Restore makes a revision the record's new draft (deals,
 *   which have no drafts: a new save).
 * - **Drafts**: saving in the editor keeps a draft (`…/Save…Draft`); Publish copies it into the
 *   published record that the public site reads; `hasDraft` is "Changes not published".
 * - **Schedules**: publish at one instant, unpublish at another, run by the job queue.
 * - **Preview links**: a signed link to the draft that needs no sign-in and expires.
 */
import { Type, type Static } from '@sinclair/typebox';

export const REVISION_RECORD_TYPES = ['page', 'blog', 'contentSection', 'banner', 'deal'] as const;
export type RevisionRecordType = (typeof REVISION_RECORD_TYPES)[number];

export const REVISION_ACTIONS = ['create', 'save', 'publish', 'unpublish', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** How long a shareable preview link works, in hours, unless the caller asks for less. */
export const PREVIEW_LINK_HOURS = { default: 72, max: 24 * 14 } as const;

export const REVISION_MESSAGES = {
  notFound: 'Revision not found',
  restoredAsDraft: 'Revision restored as the draft. Publish it to make it public.',
  restored: 'Revision restored',
  nothingToPublish: 'There are no changes to publish.',
  published: 'Published successfully',
  unpublished: 'Unpublished successfully',
  draftSaved: 'Draft saved',
  draftDiscarded: 'Draft discarded',
  scheduleSaved: 'Schedule saved',
  scheduleInPast: 'Please choose a date and time in the future',
  scheduleOrder: 'Unpublish must come after publish',
  previewLinkInvalid: 'This preview link is invalid or has expired.',
} as const;

const instant = () => Type.String({ format: 'date-time' });
const nullableInstant = () => Type.Union([instant(), Type.Null()]);

const FieldChangeSchema = Type.Object({ from: Type.Unknown(), to: Type.Unknown() });
export const FieldChangesSchema = Type.Record(Type.String(), FieldChangeSchema);
export type FieldChanges = Static<typeof FieldChangesSchema>;

export const RevisionSchema = Type.Object({
  id: Type.Integer(),
  recordType: Type.Unsafe<RevisionRecordType>(Type.String({ enum: [...REVISION_RECORD_TYPES] })),
  recordId: Type.Integer(),
  action: Type.Unsafe<RevisionAction>(Type.String({ enum: [...REVISION_ACTIONS] })),
  actorName: Type.String(),
  at: instant(),
  /** The fields that differ from the revision before (all fields, from null, for the first). */
  changes: FieldChangesSchema,
});
export type Revision = Static<typeof RevisionSchema>;

export const GetRevisionsQuerySchema = Type.Object({
  recordType: Type.Unsafe<RevisionRecordType>(Type.String({ enum: [...REVISION_RECORD_TYPES] })),
  recordId: Type.Integer({ minimum: 1 }),
});
export type GetRevisionsQuery = Static<typeof GetRevisionsQuerySchema>;

export const RestoreRevisionQuerySchema = Type.Object({ revisionId: Type.Integer({ minimum: 1 }) });
export type RestoreRevisionQuery = Static<typeof RestoreRevisionQuerySchema>;

/** The editorial state of a page, blog, content section or banner (its list and editor show it). */
export const EditorialStateSchema = Type.Object({
  /** "Changes not published": a draft differs from what is public. */
  hasDraft: Type.Boolean(),
  draftSavedAt: nullableInstant(),
  draftSavedBy: Type.Union([Type.String(), Type.Null()]),
  /** The scheduled publish of the draft (or of the record, made active), if any. */
  publishAt: nullableInstant(),
  /** The scheduled unpublish (the record made inactive), if any. */
  unpublishAt: nullableInstant(),
  /** When it was last published. */
  publishedAt: nullableInstant(),
});
export type EditorialState = Static<typeof EditorialStateSchema>;

/** Sets or clears (null) both instants at once; the editor always sends both. */
export const ScheduleBodySchema = Type.Object({
  publishAt: nullableInstant(),
  unpublishAt: nullableInstant(),
});
export type ScheduleBody = Static<typeof ScheduleBodySchema>;

export const PreviewLinkQuerySchema = Type.Object({
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: PREVIEW_LINK_HOURS.max })),
});

export const PreviewLinkSchema = Type.Object({
  /** The public site's path to open, `/preview/shared/{token}`. */
  path: Type.String(),
  token: Type.String(),
  expiresAt: instant(),
});
export type PreviewLink = Static<typeof PreviewLinkSchema>;
