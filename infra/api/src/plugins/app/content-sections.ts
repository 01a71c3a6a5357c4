/**
 * Content sections, exposed as `fastify.contentSections`, plus the write rules they share with
 * banner items (type-driven layout, buttons, rich-text sanitising).
 */
import { and, asc, eq, isNotNull, notInArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  DESCRIPTION_OPTIONAL_TYPES,
  IMAGE_OPTIONAL_TYPES,
  MESSAGES,
  SECTION_MESSAGES,
  TITLE_OPTIONAL_TYPES,
  buttonErrors,
  layoutForType,
  type Alignment,
  type ButtonFields,
  type ComponentOption,
  type ComponentType,
  type ContentSectionDetail,
  type ContentSectionListItem,
  type ContentSectionSnapshot,
  type ContentSectionType,
  type CreateContentSection,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { banners, contentSections, pageComponents, pages, revisions, type ContentSectionRow } from '../../db/schema.js';
import { isBlankHtml, sanitizeCustomHtml, sanitizeRichText, storedImageNames } from '../../lib/sanitize.js';
import { created, deleted, updated, type AuditTrail } from './audit.js';
import { editorialState, type Tx } from './editorial.js';
import { isUpload, type ImageStore } from './images.js';
import { toContentSection } from '../../db/section-rows.js';

// ---------------------------------------------------------------------------------------------
// Write rules shared with banner items
// ---------------------------------------------------------------------------------------------

/** Trimmed text, or null when absent or blank. */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Sanitised rich text, or null when it shows nothing. */
export function cleanRichText(value: string | null | undefined): string | null {
  if (!value) return null;
  const html = sanitizeRichText(value);
  return isBlankHtml(html) ? null : html;
}

export interface LayoutInput extends ButtonFields {
  type: ContentSectionType;
  alignment?: Alignment | null | undefined;
  hasRoundedCorners?: boolean | undefined;
}

export interface LayoutValues {
  alignment: Alignment;
  isPadded: boolean;
  isFloatingCard: boolean;
  isTextOnly: boolean;
  hasRoundedCorners: boolean;
  primaryButtonText: string | null;
  primaryButtonActionType: string | null;
  primaryButtonLink: string | null;
  secondaryButtonText: string | null;
  secondaryButtonActionType: string | null;
  secondaryButtonLink: string | null;
}

/**
 * Layout flags and alignment from the type (§4: whatever flags the client sent), the required
 * alignment where the type does not lock it, and the button rules (§5). Failures go to `errors`.
 */
export function layoutAndButtons(input: LayoutInput, errors: Record<string, string>): LayoutValues {
  const layout = layoutForType(input.type);
  const alignment = layout.lockedAlignment ?? input.alignment ?? null;
  if (!alignment) errors.alignment = MESSAGES.contentSection.alignmentRequired;
  Object.assign(errors, buttonErrors(input));
  return {
    alignment: alignment ?? 'LEFT',
    isPadded: layout.isPadded,
    isFloatingCard: layout.isFloatingCard,
    isTextOnly: layout.isTextOnly,
    hasRoundedCorners: input.hasRoundedCorners ?? false,
    primaryButtonText: cleanText(input.primaryButtonText),
    primaryButtonActionType: cleanText(input.primaryButtonActionType),
    primaryButtonLink: cleanText(input.primaryButtonLink),
    secondaryButtonText: cleanText(input.secondaryButtonText),
    secondaryButtonActionType: cleanText(input.secondaryButtonActionType),
    secondaryButtonLink: cleanText(input.secondaryButtonLink),
  };
}

export type ContentSectionValues = LayoutValues & {
  name: string;
  type: ContentSectionType;
  isActive: boolean;
  title: string | null;
  description: string | null;
  rawHtml: string | null;
};

/**
 * Checks a content-section form against §5 and the type rules and answers the values to store
 * (text trimmed, HTML sanitised, flags from the type). `hasImage`: an upload was sent or the
 * section already has one. Failures are collected in `errors`.
 */
export function prepareContentSection(
  body: Omit<CreateContentSection, 'image' | 'pageId' | 'blogId'>,
  hasImage: boolean,
  errors: Record<string, string>,
): ContentSectionValues {
  const type = body.type;
  const title = cleanText(body.title);
  if (!title && !TITLE_OPTIONAL_TYPES.includes(type)) errors.title = MESSAGES.contentSection.titleRequired;
  const description = cleanRichText(body.description);
  if (!description && !DESCRIPTION_OPTIONAL_TYPES.includes(type)) errors.description = MESSAGES.contentSection.descriptionRequired;
  // Raw HTML belongs to Custom sections only; the routes that accept it are admin-only.
  const rawHtml = type === 'CONTENT_SECTION_CUSTOM' && body.rawHTML ? sanitizeCustomHtml(body.rawHTML) : null;
  if (!hasImage && !IMAGE_OPTIONAL_TYPES.includes(type)) errors.image = MESSAGES.contentSection.imageRequired;
  return {
    ...layoutAndButtons(body, errors),
    name: body.name.trim(),
    type,
    isActive: body.isActive ?? true,
    title,
    description,
    rawHtml: rawHtml && !isBlankHtml(rawHtml) ? rawHtml : null,
  };
}

/** The stored files a section (or a snapshot of one) refers to: its image and the uploads inside its HTML. */
export function sectionImages(row: Pick<ContentSectionRow, 'imagePath' | 'description' | 'rawHtml'> | null | undefined): string[] {
  if (!row) return [];
  return [row.imagePath, ...storedImageNames(row.description), ...storedImageNames(row.rawHtml)].filter((name): name is string => Boolean(name));
}

/**
 * Stores the uploaded files among `uploads` (fields without bytes are skipped), then runs `write`
 * with their stored names. Call it after every other check passed; if a later upload or the write
 * fails, the new files are released again, so a rejected request leaves nothing behind.
 */
export async function withUploads<K extends string, T>(
  images: ImageStore,
  uploads: Partial<Record<K, unknown>>,
  write: (saved: Partial<Record<K, string>>) => Promise<T>,
): Promise<T> {
  const saved: Partial<Record<K, string>> = {};
  try {
    for (const [field, value] of Object.entries(uploads) as [K, unknown][]) {
      if (isUpload(value)) saved[field] = await images.save(value);
    }
    return await write(saved);
  } catch (error) {
    await images.release(Object.values(saved) as string[]).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------


export type ContentSectionWrite = ContentSectionValues & { imagePath: string | null; pageId?: number | null; blogId?: number | null };

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/** The published section as the admin list shows it: with "Changes not published" and the schedule. */
export function toContentSectionListItem(row: ContentSectionRow): ContentSectionListItem {
  return { ...toContentSection(row), hasDraft: row.draft !== null, publishAt: isoOrNull(row.publishAt), unpublishAt: isoOrNull(row.unpublishAt) };
}

export function createContentSectionsRepository(db: Database) {
  return {
    /** `isActive` undefined lists every section; ordered by name. */
    async list(filter: { isActive?: boolean | undefined }): Promise<ContentSectionListItem[]> {
      const rows = await db
        .select()
        .from(contentSections)
        .where(filter.isActive === undefined ? undefined : eq(contentSections.isActive, filter.isActive))
        .orderBy(asc(contentSections.name), asc(contentSections.id));
      return rows.map(toContentSectionListItem);
    },

    /** The published section with its draft (what the editor edits) and its editorial state. */
    async get(id: number): Promise<ContentSectionDetail | null> {
      const row = await this.row(id);
      if (!row) return null;
      const draft = row.draft as ContentSectionSnapshot | null;
      const editorial = editorialState({
        draft,
        draftSavedAt: isoOrNull(row.draftSavedAt),
        draftSavedBy: row.draftSavedBy,
        publishAt: isoOrNull(row.publishAt),
        unpublishAt: isoOrNull(row.unpublishAt),
        publishedAt: isoOrNull(row.publishedAt),
      });
      return { ...toContentSectionListItem(row), draft, editorial };
    },

    async row(id: number): Promise<ContentSectionRow | null> {
      const [row] = await db.select().from(contentSections).where(eq(contentSections.id, id));
      return row ?? null;
    },

    /** Creates a published section; `onCreated` runs in the same transaction (its first revision). */
    async create(values: ContentSectionWrite, audit: AuditTrail, onCreated?: (tx: Tx, id: number) => Promise<void>): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contentSections)
          .values({ ...values, publishedAt: new Date() })
          .returning();
        if (!row) throw new Error('content section insert returned nothing');
        await audit(tx, created('contentSection', row));
        await onCreated?.(tx, row.id);
        return row.id;
      });
    },

    /**
     * Sets the page or blog a section was created from (undefined keeps one), in the caller's
     * transaction: its editor's way back, not content, so it never waits in a draft.
     */
    async setOrigin(tx: Tx, id: number, origin: { pageId?: number | null | undefined; blogId?: number | null | undefined }, audit: AuditTrail): Promise<void> {
      const set = { ...(origin.pageId !== undefined && { pageId: origin.pageId }), ...(origin.blogId !== undefined && { blogId: origin.blogId }) };
      if (Object.keys(set).length === 0) return;
      const [before] = await tx.select({ id: contentSections.id, pageId: contentSections.pageId, blogId: contentSections.blogId }).from(contentSections).where(eq(contentSections.id, id));
      if (!before || Object.entries(set).every(([key, value]) => before[key as keyof typeof set] === value)) return;
      await tx.update(contentSections).set(set).where(eq(contentSections.id, id));
      await audit(tx, updated('contentSection', before, set));
    },

    /**
     * Deletes the section (its page/blog assignments cascade) and its revisions (nothing is left to
     * restore them to; the audit log keeps what happened). Answers the deleted row and every file
     * it, its draft and its revisions named, for the caller to release.
     */
    async delete(id: number, audit: AuditTrail): Promise<{ row: ContentSectionRow; images: string[] } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(contentSections).where(eq(contentSections.id, id)).returning();
        if (!row) return null;
        await audit(tx, deleted('contentSection', row));
        const history = await tx
          .delete(revisions)
          .where(and(eq(revisions.recordType, 'contentSection'), eq(revisions.recordId, id)))
          .returning({ snapshot: revisions.snapshot });
        const images = [row, row.draft as ContentSectionSnapshot | null, ...history.map((entry) => entry.snapshot as ContentSectionSnapshot)].flatMap((named) => sectionImages(named));
        return { row, images: [...new Set(images)] };
      });
    },

    /**
     * Choices of the Add Content modal for a page or blog: active content sections or active
     * banners not yet assigned to it, by name.
     */
    async options(pageId: number, type: ComponentType): Promise<ComponentOption[]> {
      if (type === 'CONTENTSECTION') {
        const assigned = db
          .select({ id: pageComponents.contentSectionId })
          .from(pageComponents)
          .where(and(eq(pageComponents.pageId, pageId), isNotNull(pageComponents.contentSectionId)));
        return db
          .select({ value: contentSections.id, label: contentSections.name })
          .from(contentSections)
          .where(and(eq(contentSections.isActive, true), notInArray(contentSections.id, assigned)))
          .orderBy(asc(contentSections.name), asc(contentSections.id));
      }
      const assigned = db
        .select({ id: pageComponents.bannerId })
        .from(pageComponents)
        .where(and(eq(pageComponents.pageId, pageId), isNotNull(pageComponents.bannerId)));
      return db
        .select({ value: banners.id, label: banners.name })
        .from(banners)
        .where(and(eq(banners.isActive, true), notInArray(banners.id, assigned)))
        .orderBy(asc(banners.name), asc(banners.id));
    },

    /** Whether `id` is a page (`isBlog` false) or a blog (`isBlog` true). */
    async pageExists(id: number, isBlog: boolean): Promise<boolean> {
      const [row] = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.id, id), eq(pages.isBlog, isBlog)));
      return Boolean(row);
    },

    /**
     * §3 pageId/blogId: the page or blog a section or banner was created from must exist and be
     * of that kind. Failures go to `errors`.
     */
    async checkOrigin(origin: { pageId?: number | null | undefined; blogId?: number | null | undefined }, errors: Record<string, string>): Promise<void> {
      if (origin.pageId && !(await this.pageExists(origin.pageId, false))) errors.pageId = SECTION_MESSAGES.pageNotFound;
      if (origin.blogId && !(await this.pageExists(origin.blogId, true))) errors.blogId = SECTION_MESSAGES.blogNotFound;
    },
  };
}

export type ContentSectionsRepository = ReturnType<typeof createContentSectionsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    contentSections: ContentSectionsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('contentSections', createContentSectionsRepository(fastify.db));
  },
  { name: 'content-sections', dependencies: ['database'] },
);
