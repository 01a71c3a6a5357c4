/**
 * Editorial drafts: pages and blogs have drafts, schedules and revisions (`fastify.pageDrafts`). The
 * published page is the row's own columns; `PageSnapshot` is the editable part of it (see
 * plugins/app/editorial.ts for the mechanism).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { MESSAGES, REVISION_MESSAGES, type PageSnapshot } from '@deals/contract';
import { pages } from '../../db/schema.js';
import { fieldError } from '../../errors.js';
import { createPreviewTokens, type PreviewTokens } from '../../lib/preview-tokens.js';
import type { AppOptions } from '../../options.js';
import type { EditorialKind, Tx } from './editorial.js';
import { isUrlConflict, pageNotFound, urlTaken, type PageKind } from './page-rules.js';

export const snapshotColumns = {
  name: pages.name,
  title: pages.title,
  url: pages.url,
  keywords: pages.keywords,
  description: pages.description,
  isBannerVisible: pages.isBannerVisible,
  bannerColor: pages.bannerColor,
  isActive: pages.isActive,
  bannerImageFilePath: pages.bannerImageFilePath,
};

const PAGE_SNAPSHOT_FIELDS = Object.keys(snapshotColumns) as (keyof PageSnapshot)[];

/** A stored snapshot (a revision may predate a field) laid over the current page. */
export function pageSnapshotOver(current: PageSnapshot, stored: Record<string, unknown>): PageSnapshot {
  const merged: Record<string, unknown> = { ...current };
  for (const field of PAGE_SNAPSHOT_FIELDS) if (field in stored) merged[field] = stored[field];
  return merged as unknown as PageSnapshot;
}

export async function readPageSnapshot(tx: Tx, kind: PageKind, id: number): Promise<PageSnapshot | null> {
  const [row] = await tx
    .select(snapshotColumns)
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.isBlog, kind === 'blog')));
  return row ?? null;
}

function pageKind(kind: PageKind): EditorialKind<PageSnapshot> {
  return {
    recordType: kind,
    table: pages,
    scope: sql`t.is_blog = ${kind === 'blog'}`,
    notFound: () => pageNotFound(kind),
    async read(tx, id) {
      const snapshot = await readPageSnapshot(tx, kind, id);
      if (!snapshot) throw pageNotFound(kind);
      return snapshot;
    },
    async write(tx, id, snapshot) {
      // A draft's url may have been taken by another page since it was saved.
      const [clash] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(sql`lower(${pages.url}) = lower(${snapshot.url})`, ne(pages.id, id)))
        .limit(1);
      if (clash) throw fieldError('url', MESSAGES.page.urlTaken);
      try {
        await tx.update(pages).set(pageSnapshotOver(snapshot, {})).where(eq(pages.id, id));
      } catch (error) {
        // Two saves raced past the check above: the unique index refused the second.
        throw isUrlConflict(error) ? urlTaken() : error;
      }
    },
  };
}

export const PAGE_KINDS: Record<PageKind, EditorialKind<PageSnapshot>> = { page: pageKind('page'), blog: pageKind('blog') };

declare module 'fastify' {
  interface FastifyInstance {
    pageDrafts: typeof PAGE_KINDS;
    previewTokens: PreviewTokens;
  }
}

export default fp<AppOptions>(
  async (fastify, opts) => {
    fastify.decorate('previewTokens', createPreviewTokens(fastify.db, opts.dataDir));
    for (const kind of ['page', 'blog'] as const) {
      const editorialKind = PAGE_KINDS[kind];
      fastify.editorial.register(editorialKind);
      fastify.revisions.register(kind, {
        // Pages and blogs are admins' (the controller lets admins through before asking).
        mayAccess: async () => false,
        async restore(request, recordId, stored) {
          await fastify.db.transaction(async (tx) => {
            const current = await readPageSnapshot(tx, kind, recordId);
            if (!current) throw pageNotFound(kind);
            await fastify.editorial.saveDraftIn(tx, editorialKind, request, recordId, pageSnapshotOver(current, stored), 'restore');
          });
          return REVISION_MESSAGES.restoredAsDraft;
        },
      });
    }
    fastify.decorate('pageDrafts', PAGE_KINDS);
  },
  { name: 'page-drafts', dependencies: ['editorial', 'revisions', 'pages'] },
);
