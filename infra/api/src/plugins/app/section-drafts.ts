/**
 * Editorial drafts: content sections have drafts, schedules and revisions (`fastify.sectionDrafts`). The
 * published section is the row's own columns (what the public site renders); `ContentSectionSnapshot`
 * is the editable part of it, named as the row names it (see plugins/app/editorial.ts for the
 * mechanism). A section's origin (`pageId`/`blogId`) is where its editor returns to, not content:
 * it is no part of a snapshot.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { REVISION_MESSAGES, SECTION_MESSAGES, type ContentSectionSnapshot } from '@deals/contract';
import { contentSections, type ContentSectionRow } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import type { EditorialKind, Tx } from './editorial.js';

export const sectionNotFound = () => new HttpError(404, SECTION_MESSAGES.contentSectionNotFound);

const snapshotColumns = {
  name: contentSections.name,
  type: contentSections.type,
  isActive: contentSections.isActive,
  title: contentSections.title,
  description: contentSections.description,
  rawHtml: contentSections.rawHtml,
  imagePath: contentSections.imagePath,
  alignment: contentSections.alignment,
  isPadded: contentSections.isPadded,
  isFloatingCard: contentSections.isFloatingCard,
  hasRoundedCorners: contentSections.hasRoundedCorners,
  isTextOnly: contentSections.isTextOnly,
  primaryButtonText: contentSections.primaryButtonText,
  primaryButtonActionType: contentSections.primaryButtonActionType,
  primaryButtonLink: contentSections.primaryButtonLink,
  secondaryButtonText: contentSections.secondaryButtonText,
  secondaryButtonActionType: contentSections.secondaryButtonActionType,
  secondaryButtonLink: contentSections.secondaryButtonLink,
};

export const SECTION_SNAPSHOT_FIELDS = Object.keys(snapshotColumns) as (keyof ContentSectionSnapshot)[];

/** A stored snapshot (a revision may predate a field) laid over the current section; only snapshot fields. */
export function sectionSnapshotOver(current: ContentSectionSnapshot, stored: Record<string, unknown>): ContentSectionSnapshot {
  const merged: Record<string, unknown> = {};
  for (const field of SECTION_SNAPSHOT_FIELDS) merged[field] = field in stored ? stored[field] : current[field];
  return merged as unknown as ContentSectionSnapshot;
}

/** The row as publishing its draft would make it (the preview); the row itself without a draft. */
export function withSectionDraft(row: ContentSectionRow): ContentSectionRow {
  const draft = row.draft as Record<string, unknown> | null;
  if (!draft) return row;
  return { ...row, ...sectionSnapshotOver(row as unknown as ContentSectionSnapshot, draft) };
}

export async function readSectionSnapshot(tx: Tx, id: number): Promise<ContentSectionSnapshot | null> {
  const [row] = await tx.select(snapshotColumns).from(contentSections).where(eq(contentSections.id, id));
  return (row as ContentSectionSnapshot | undefined) ?? null;
}

export const SECTION_KIND: EditorialKind<ContentSectionSnapshot> = {
  recordType: 'contentSection',
  table: contentSections,
  notFound: sectionNotFound,
  async read(tx, id) {
    const snapshot = await readSectionSnapshot(tx, id);
    if (!snapshot) throw sectionNotFound();
    return snapshot;
  },
  async write(tx, id, snapshot) {
    // The snapshot was checked, sanitised and given its type's layout when it was saved.
    await tx.update(contentSections).set(sectionSnapshotOver(snapshot, {})).where(eq(contentSections.id, id));
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    sectionDrafts: typeof SECTION_KIND;
  }
}

export default fp(
  async (fastify) => {
    fastify.editorial.register(SECTION_KIND);
    fastify.revisions.register('contentSection', {
      // Content sections are admins' (the controller lets admins through before asking).
      mayAccess: async () => false,
      async restore(request, recordId, stored) {
        await fastify.db.transaction(async (tx) => {
          const current = await readSectionSnapshot(tx, recordId);
          if (!current) throw sectionNotFound();
          await fastify.editorial.saveDraftIn(tx, SECTION_KIND, request, recordId, sectionSnapshotOver(current, stored), 'restore');
        });
        return REVISION_MESSAGES.restoredAsDraft;
      },
    });
    fastify.decorate('sectionDrafts', SECTION_KIND);
  },
  { name: 'section-drafts', dependencies: ['editorial', 'revisions', 'content-sections'] },
);
