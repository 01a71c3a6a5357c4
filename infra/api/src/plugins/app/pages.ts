/**
 * Pages and blogs (one table, `is_blog`), their ordered components and their public rendering,
 * exposed as `fastify.pages`. Every call names the kind it expects, so a page id never reaches a
 * blog call (or the reverse): it answers 404 as if absent.
 */
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  CMS_MESSAGES,
  type Banner,
  type BannerItem,
  type ComponentType,
  type DynamicPage,
  type Page,
  type PageComponent,
  type PageListItem,
  type PageSnapshot,
  type RenderedComponent,
  type SortItems,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { bannerItems, banners, contentSections, pageComponents, pages, revisions, users } from '../../db/schema.js';
import type { Executor } from '../../db/search-text.js';
import { toBannerItem, toContentSection } from '../../db/section-rows.js';
import { fieldError, HttpError } from '../../errors.js';
import { editorialState, sameSnapshot } from './editorial.js';
import { bannerWithDraft } from './banner-drafts.js';
import { pageSnapshotOver, snapshotColumns } from './page-drafts.js';
import { isUrlConflict, pageNotFound, urlTaken, type PageFields, type PageKind } from './page-rules.js';
import { assertDistinctIds, writeSortOrders } from '../../db/sort-orders.js';
import { withSectionDraft } from './section-drafts.js';


const listColumns = {
  id: pages.id,
  name: pages.name,
  title: pages.title,
  url: pages.url,
  isBannerVisible: pages.isBannerVisible,
  bannerImageFilePath: pages.bannerImageFilePath,
  bannerColor: pages.bannerColor,
  keywords: pages.keywords,
  description: pages.description,
  isActive: pages.isActive,
  isBlog: pages.isBlog,
  addedById: pages.addedById,
  addedBy: users.fullName,
  addedOn: pages.addedOn,
};

const editorialColumns = {
  draft: pages.draft,
  draftSavedAt: pages.draftSavedAt,
  draftSavedBy: pages.draftSavedBy,
  publishAt: pages.publishAt,
  unpublishAt: pages.unpublishAt,
  publishedAt: pages.publishedAt,
};

/** "Changes not published" and the schedule, as the lists show them. */
const listEditorialColumns = {
  hasDraft: sql<boolean>`${pages.draft} IS NOT NULL`,
  publishAt: pages.publishAt,
  unpublishAt: pages.unpublishAt,
};

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

const withIsoDate = <T extends { addedOn: Date }>(row: T): Omit<T, 'addedOn'> & { addedOn: string } => ({ ...row, addedOn: row.addedOn.toISOString() });

const ofKind = (kind: PageKind, id?: number) => and(eq(pages.isBlog, kind === 'blog'), id === undefined ? undefined : eq(pages.id, id));

export function createPagesRepository(db: Database) {
  /** The page's components in page order, named after their section or banner. */
  async function components(pageId: number): Promise<PageComponent[]> {
    const rows = await db
      .select({
        id: pageComponents.id,
        type: pageComponents.type,
        bannerId: pageComponents.bannerId,
        contentSectionId: pageComponents.contentSectionId,
        sortOrder: pageComponents.sortOrder,
        sectionName: contentSections.name,
        bannerName: banners.name,
      })
      .from(pageComponents)
      .leftJoin(contentSections, eq(contentSections.id, pageComponents.contentSectionId))
      .leftJoin(banners, eq(banners.id, pageComponents.bannerId))
      .where(eq(pageComponents.pageId, pageId))
      .orderBy(asc(pageComponents.sortOrder), asc(pageComponents.id));
    return rows.map(({ sectionName, bannerName, ...row }) => ({ ...row, type: row.type as ComponentType, name: sectionName ?? bannerName ?? '' }));
  }

  return {
    /** Pages by name; blogs newest first (the list shows Added On). `isActive` undefined lists all. */
    async list(kind: PageKind, isActive: boolean | undefined): Promise<PageListItem[]> {
      const rows = await db
        .select({ ...listColumns, ...listEditorialColumns })
        .from(pages)
        .leftJoin(users, eq(users.id, pages.addedById))
        .where(and(ofKind(kind), isActive === undefined ? undefined : eq(pages.isActive, isActive)))
        .orderBy(...(kind === 'blog' ? [desc(pages.addedOn), desc(pages.id)] : [asc(pages.name), asc(pages.id)]));
      return rows.map(({ publishAt, unpublishAt, ...row }) => ({ ...withIsoDate(row), publishAt: isoOrNull(publishAt), unpublishAt: isoOrNull(unpublishAt) }));
    },

    /** The page with its components, its draft (what the editor edits) and its editorial state. */
    async get(kind: PageKind, id: number): Promise<Page | null> {
      const [row] = await db
        .select({ ...listColumns, ...editorialColumns })
        .from(pages)
        .leftJoin(users, eq(users.id, pages.addedById))
        .where(ofKind(kind, id));
      if (!row) return null;
      const { draft, draftSavedAt, draftSavedBy, publishAt, unpublishAt, publishedAt, ...page } = row;
      const editorial = editorialState({
        draft: draft as PageSnapshot | null,
        draftSavedAt: isoOrNull(draftSavedAt),
        draftSavedBy,
        publishAt: isoOrNull(publishAt),
        unpublishAt: isoOrNull(unpublishAt),
        publishedAt: isoOrNull(publishedAt),
      });
      return {
        ...withIsoDate(page),
        hasDraft: editorial.hasDraft,
        publishAt: editorial.publishAt,
        unpublishAt: editorial.unpublishAt,
        contentSections: await components(id),
        draft: draft as PageSnapshot | null,
        editorial,
      };
    },

    async exists(kind: PageKind, id: number): Promise<boolean> {
      const [row] = await db.select({ id: pages.id }).from(pages).where(ofKind(kind, id));
      return row !== undefined;
    },

    /** Whether another page or blog already has this url (case-insensitively). */
    async urlInUse(url: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(sql`lower(${pages.url}) = lower(${url})`, exceptId === undefined ? undefined : ne(pages.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    /** Creates a published page or blog; `onCreated` runs in the same transaction (its first revision). */
    async create(
      kind: PageKind,
      fields: PageFields,
      bannerImageFilePath: string | null,
      addedById: number,
      onCreated?: (tx: Executor & Pick<Database, 'insert'>, id: number) => Promise<void>,
    ): Promise<number> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(pages)
            .values({
              isBlog: kind === 'blog',
              name: fields.name,
              title: fields.title,
              url: fields.url,
              keywords: fields.keywords,
              description: fields.description,
              isBannerVisible: fields.isBannerVisible ?? true,
              bannerColor: fields.bannerColor ?? '#000000',
              isActive: fields.isActive ?? true,
              bannerImageFilePath,
              addedById,
              publishedAt: new Date(),
            })
            .returning({ id: pages.id });
          if (!row) throw new Error('page insert returned nothing');
          await onCreated?.(tx, row.id);
          return row.id;
        });
      } catch (error) {
        throw isUrlConflict(error) ? urlTaken() : error;
      }
    },

    /**
     * Deletes the page or blog: its component assignments go with it, menu items pointing to it
     * lose their page and content sections or banners created from it stay (foreign keys). Its
     * revisions go too (nothing is left to restore them to; the audit log keeps what happened).
     * Answers the banner images it and its draft and revisions named, for the caller to release.
     */
    async remove(kind: PageKind, id: number): Promise<{ images: Array<string | null> }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(pages).where(ofKind(kind, id)).returning({ image: pages.bannerImageFilePath, draft: pages.draft });
        if (!row) throw pageNotFound(kind);
        const history = await tx
          .delete(revisions)
          .where(and(eq(revisions.recordType, kind), eq(revisions.recordId, id)))
          .returning({ image: sql<string | null>`${revisions.snapshot}->>'bannerImageFilePath'` });
        const draftImage = (row.draft as PageSnapshot | null)?.bannerImageFilePath ?? null;
        return { images: [row.image, draftImage, ...history.map((entry) => entry.image)] };
      });
    },

    /**
     * Removes the banner image, from the published page and from its draft alike (a draft left
     * with the image would bring it back on Publish); answers the removed names for the caller to
     * release. A draft that differed only by its image is then no draft.
     */
    async clearBannerImage(kind: PageKind, id: number): Promise<{ images: Array<string | null> }> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ ...snapshotColumns, draft: pages.draft }).from(pages).where(ofKind(kind, id)).for('update');
        if (!current) throw pageNotFound(kind);
        const { draft, ...published } = current;
        const stored = draft as PageSnapshot | null;
        const nextDraft = stored && { ...stored, bannerImageFilePath: null };
        const keepDraft = nextDraft !== null && !sameSnapshot({ ...published, bannerImageFilePath: null }, nextDraft);
        await tx
          .update(pages)
          .set({ bannerImageFilePath: null, ...(stored ? (keepDraft ? { draft: nextDraft } : { draft: null, draftSavedAt: null, draftSavedBy: null }) : {}) })
          .where(eq(pages.id, id));
        return { images: [published.bannerImageFilePath, stored?.bannerImageFilePath ?? null] };
      });
    },

    /** Appends a content section or a banner to the page's components; answers the assignment id. */
    async assign(kind: PageKind, pageId: number, type: ComponentType, targetId: number): Promise<number> {
      return db.transaction(async (tx) => {
        // Locking the page serialises assignments to it: the duplicate check and "append at the end" hold.
        const [owner] = await tx.select({ id: pages.id }).from(pages).where(ofKind(kind, pageId)).for('update');
        if (!owner) throw pageNotFound(kind);
        const target =
          type === 'BANNER'
            ? await tx.select({ id: banners.id }).from(banners).where(eq(banners.id, targetId)).for('share')
            : await tx.select({ id: contentSections.id }).from(contentSections).where(eq(contentSections.id, targetId)).for('share');
        if (target.length === 0) throw new HttpError(404, type === 'BANNER' ? CMS_MESSAGES.bannerNotFound : CMS_MESSAGES.contentSectionNotFound);

        const targetColumn = type === 'BANNER' ? pageComponents.bannerId : pageComponents.contentSectionId;
        const [duplicate] = await tx
          .select({ id: pageComponents.id })
          .from(pageComponents)
          .where(and(eq(pageComponents.pageId, pageId), eq(targetColumn, targetId)))
          .limit(1);
        if (duplicate) throw fieldError('contentSectionId', CMS_MESSAGES.componentAlreadyAssigned);

        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${pageComponents.sortOrder}) + 1, 0)`.mapWith(Number) })
          .from(pageComponents)
          .where(eq(pageComponents.pageId, pageId));
        const [row] = await tx
          .insert(pageComponents)
          .values({
            pageId,
            type,
            contentSectionId: type === 'CONTENTSECTION' ? targetId : null,
            bannerId: type === 'BANNER' ? targetId : null,
            sortOrder: last?.next ?? 0,
          })
          .returning({ id: pageComponents.id });
        if (!row) throw new Error('component insert returned nothing');
        return row.id;
      });
    },

    async unassign(kind: PageKind, assignmentId: number): Promise<void> {
      const rows = await db
        .delete(pageComponents)
        .where(and(eq(pageComponents.id, assignmentId), inArray(pageComponents.pageId, db.select({ id: pages.id }).from(pages).where(ofKind(kind)))))
        .returning({ id: pageComponents.id });
      if (rows.length === 0) throw new HttpError(404, CMS_MESSAGES.componentNotFound);
    },

    /** New component order of one page or blog, in one transaction; any foreign id writes nothing. */
    async sortComponents(kind: PageKind, items: SortItems): Promise<void> {
      if (items.length === 0) return;
      assertDistinctIds(items);
      await db.transaction(async (tx) => {
        const owners = await tx
          .select({ pageId: pageComponents.pageId })
          .from(pageComponents)
          .innerJoin(pages, eq(pages.id, pageComponents.pageId))
          .where(and(inArray(pageComponents.id, items.map((item) => item.id)), ofKind(kind)));
        // An unknown id, or one of the other kind (a blog's component in a page call), writes nothing.
        if (owners.length !== items.length) throw new HttpError(400, CMS_MESSAGES.sortUnknown);
        if (new Set(owners.map((owner) => owner.pageId)).size > 1) throw new HttpError(400, CMS_MESSAGES.sortMixed);
        await writeSortOrders(tx, pageComponents, items);
      });
    },

    /**
     * An active page or blog as the public site renders it (with `drafts`, also an inactive one
     * and its inactive components, for the editor's preview): three queries whatever the number of
     * components (the page, its active components with their section or banner, the items of
     * those banners).
     */
    async render(kind: PageKind, id: number, { drafts = false }: { drafts?: boolean } = {}): Promise<DynamicPage | null> {
      const [page] = await db
        .select(listColumns)
        .from(pages)
        .leftJoin(users, eq(users.id, pages.addedById))
        .where(and(ofKind(kind, id), drafts ? undefined : eq(pages.isActive, true)));
      if (!page) return null;
      if (drafts) {
        // The preview shows the draft exactly as publishing it would.
        const [row] = await db.select({ draft: pages.draft }).from(pages).where(eq(pages.id, id));
        if (row?.draft) Object.assign(page, pageSnapshotOver(page as unknown as PageSnapshot, row.draft as Record<string, unknown>));
      }

      const [componentRows, itemRows] = await Promise.all([
        db
          .select({ component: pageComponents, section: contentSections, banner: banners })
          .from(pageComponents)
          .leftJoin(contentSections, eq(contentSections.id, pageComponents.contentSectionId))
          .leftJoin(banners, eq(banners.id, pageComponents.bannerId))
          .where(and(eq(pageComponents.pageId, id), drafts ? undefined : or(eq(contentSections.isActive, true), eq(banners.isActive, true))))
          .orderBy(asc(pageComponents.sortOrder), asc(pageComponents.id)),
        db
          .select()
          .from(bannerItems)
          .where(inArray(bannerItems.bannerId, db.select({ id: pageComponents.bannerId }).from(pageComponents).where(eq(pageComponents.pageId, id))))
          .orderBy(asc(bannerItems.bannerId), asc(bannerItems.sortOrder), asc(bannerItems.id)),
      ]);

      const itemsByBanner = new Map<number, BannerItem[]>();
      for (const item of itemRows) {
        const list = itemsByBanner.get(item.bannerId) ?? [];
        list.push(toBannerItem(item));
        itemsByBanner.set(item.bannerId, list);
      }
      const bannerOut = (row: typeof banners.$inferSelect): Banner => ({
        id: row.id,
        name: row.name,
        isActive: row.isActive,
        pageId: row.pageId,
        blogId: row.blogId,
        bannerItems: itemsByBanner.get(row.id) ?? [],
      });
      const rendered: RenderedComponent[] = componentRows.map(({ component, section, banner }) => ({
        id: component.id,
        type: component.type as ComponentType,
        bannerId: component.bannerId,
        banner: banner ? (drafts ? bannerWithDraft(bannerOut(banner), banner.draft) : bannerOut(banner)) : null,
        contentSectionId: component.contentSectionId,
        // The preview shows each section's draft (the row, `draft` included, is selected whole).
        contentSection: section ? toContentSection(drafts ? withSectionDraft(section) : section) : null,
      }));

      const { isActive: _isActive, addedById: _addedById, ...shown } = withIsoDate(page);
      return { ...shown, pageContentSectionBanners: rendered };
    },
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    pages: PagesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('pages', createPagesRepository(fastify.db));
  },
  { name: 'pages', dependencies: ['database'] },
);
