/** Banners and their ordered banner items, exposed as `fastify.banners`. */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  MESSAGES,
  SECTION_MESSAGES,
  type Banner,
  type BannerListItem,
  type CreateBannerItem,
  type SortItems,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { bannerItems, banners, type BannerItemRow } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { storedImageNames } from '../../lib/sanitize.js';
import { toBannerItem } from '../../db/section-rows.js';
import { auditedSort, created, deleted, updated, type AuditTrail } from './audit.js';
import type { BannerWriteHook } from './banner-drafts.js';
import type { Tx } from './editorial.js';
import { cleanRichText, cleanText, layoutAndButtons, type LayoutValues } from './content-sections.js';

export interface BannerValues {
  name: string;
  isActive: boolean;
  pageId?: number | null;
  blogId?: number | null;
}

export type BannerItemValues = LayoutValues & {
  name: string | null;
  type: string;
  title: string | null;
  description: string | null;
};

/**
 * Checks a banner-item form (§5: type and alignment required, button rules, a new item needs an
 * image) and answers the values to store. Failures are collected in `errors`.
 */
export function prepareBannerItem(
  body: Omit<CreateBannerItem, 'image' | 'bannerId'>,
  hasImage: boolean,
  errors: Record<string, string>,
): BannerItemValues {
  if (!hasImage) errors.image = MESSAGES.bannerItem.imageRequired;
  return {
    ...layoutAndButtons(body, errors),
    name: cleanText(body.name),
    type: body.type,
    title: cleanText(body.title),
    description: cleanRichText(body.description),
  };
}

/** The stored files a banner item refers to. */
export function bannerItemImages(row: Pick<BannerItemRow, 'imagePath' | 'description'>): string[] {
  return [row.imagePath, ...storedImageNames(row.description)].filter((name): name is string => Boolean(name));
}


const itemOrder = [asc(bannerItems.sortOrder), asc(bannerItems.id)];

export function createBannersRepository(db: Database) {
  return {
    /** `isActive` undefined lists every banner; ordered by name, with the number of items. */
    async list(filter: { isActive?: boolean | undefined }): Promise<BannerListItem[]> {
      const rows = await db
        .select({
          id: banners.id,
          name: banners.name,
          isActive: banners.isActive,
          pageId: banners.pageId,
          blogId: banners.blogId,
          bannerItemCount: count(bannerItems.id),
          hasDraft: sql<boolean>`${banners.draft} IS NOT NULL`,
          publishAt: banners.publishAt,
          unpublishAt: banners.unpublishAt,
        })
        .from(banners)
        .leftJoin(bannerItems, eq(bannerItems.bannerId, banners.id))
        .where(filter.isActive === undefined ? undefined : eq(banners.isActive, filter.isActive))
        .groupBy(banners.id)
        .orderBy(asc(banners.name), asc(banners.id));
      return rows.map((row) => ({ ...row, publishAt: row.publishAt?.toISOString() ?? null, unpublishAt: row.unpublishAt?.toISOString() ?? null }));
    },

    /** The banner with its items in their sort order. */
    async get(id: number): Promise<Banner | null> {
      const [banner] = await db
        .select({ id: banners.id, name: banners.name, isActive: banners.isActive, pageId: banners.pageId, blogId: banners.blogId })
        .from(banners)
        .where(eq(banners.id, id));
      if (!banner) return null;
      const items = await db
        .select()
        .from(bannerItems)
        .where(eq(bannerItems.bannerId, id))
        .orderBy(...itemOrder);
      return { ...banner, bannerItems: items.map(toBannerItem) };
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: banners.id }).from(banners).where(eq(banners.id, id));
      return Boolean(row);
    },

    /**
     * Sets where the banner was made from (`pageId`/`blogId`, absent keeps it) inside the caller's
     * transaction: bookkeeping the public site does not show, so a draft save stores it at once.
     */
    async setOrigin(tx: Tx, id: number, origin: Pick<BannerValues, 'pageId' | 'blogId'>, audit: AuditTrail): Promise<void> {
      if (Object.keys(origin).length === 0) return;
      const [row] = await tx.select().from(banners).where(eq(banners.id, id));
      await tx.update(banners).set(origin).where(eq(banners.id, id));
      if (row) await audit(tx, updated('banner', row, origin));
    },

    /** `created`: runs in the insert's transaction (the first revision). */
    async create(values: BannerValues, audit: AuditTrail, onCreated?: (tx: Tx, id: number) => Promise<void>): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(banners).values(values).returning();
        if (!row) throw new Error('banner insert returned nothing');
        await audit(tx, created('banner', row));
        await onCreated?.(tx, row.id);
        return row.id;
      });
    },

    /**
     * False when the banner no longer exists. `hook` (the direct write's revision and draft, see
     * banner-drafts.ts) locks the banner before the write and finishes after it; so do the item calls.
     */
    async update(id: number, values: BannerValues, audit: AuditTrail, hook?: BannerWriteHook): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [exists] = await tx.select({ id: banners.id }).from(banners).where(eq(banners.id, id));
        if (!exists) return false;
        const finish = await hook?.(tx, id);
        const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
        if (!before) return false;
        await tx.update(banners).set(values).where(eq(banners.id, id));
        await audit(tx, updated('banner', before, { ...values }));
        await finish?.();
        return true;
      });
    },

    /**
     * Deletes the banner; its items and page/blog assignments cascade. Answers the files its items
     * referred to (to release after the commit), or null when there was no such banner.
     */
    async delete(id: number, audit: AuditTrail, removeHistory?: (tx: Tx, id: number) => Promise<string[]>): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const items = await tx.select().from(bannerItems).where(eq(bannerItems.bannerId, id));
        // Its draft and revisions go with it; their images are released with the items'.
        const history = (await removeHistory?.(tx, id)) ?? [];
        const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
        if (!row) return null;
        // Its items go by cascade: each keeps its own entry, so their values stay readable too.
        for (const entry of [deleted('banner', row), ...items.map((item) => deleted('bannerItem', item))]) await audit(tx, entry);
        return [...items.flatMap(bannerItemImages), ...history];
      });
    },

    async itemRow(id: number): Promise<BannerItemRow | null> {
      const [row] = await db.select().from(bannerItems).where(eq(bannerItems.id, id));
      return row ?? null;
    },

    /** Adds an item after the banner's last one. */
    async createItem(bannerId: number, values: BannerItemValues & { imagePath: string }, audit: AuditTrail, hook?: BannerWriteHook): Promise<number> {
      return db.transaction(async (tx) => {
        const [exists] = await tx.select({ id: banners.id }).from(banners).where(eq(banners.id, bannerId));
        if (!exists) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
        const finish = await hook?.(tx, bannerId);
        // Locks the banner row so two concurrent adds do not take the same position.
        const locked = await tx.select({ id: banners.id }).from(banners).where(eq(banners.id, bannerId)).for('update');
        if (locked.length === 0) throw new HttpError(404, SECTION_MESSAGES.bannerNotFound);
        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${bannerItems.sortOrder}) + 1, 0)`.mapWith(Number) })
          .from(bannerItems)
          .where(eq(bannerItems.bannerId, bannerId));
        const [row] = await tx
          .insert(bannerItems)
          .values({ ...values, bannerId, sortOrder: last?.next ?? 0 })
          .returning();
        if (!row) throw new Error('banner item insert returned nothing');
        await audit(tx, created('bannerItem', row));
        await finish?.();
        return row.id;
      });
    },

    /** False when the item no longer exists. */
    async updateItem(id: number, values: BannerItemValues & { imagePath: string | null }, audit: AuditTrail, hook?: BannerWriteHook): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The banner is locked before the item (as Publish does), so the two never deadlock.
        const [owner] = await tx.select({ bannerId: bannerItems.bannerId }).from(bannerItems).where(eq(bannerItems.id, id));
        if (!owner) return false;
        const finish = await hook?.(tx, owner.bannerId);
        const [before] = await tx.select().from(bannerItems).where(eq(bannerItems.id, id)).for('update');
        if (!before) return false;
        await tx.update(bannerItems).set(values).where(eq(bannerItems.id, id));
        await audit(tx, updated('bannerItem', before, values));
        await finish?.();
        return true;
      });
    },

    async deleteItem(id: number, audit: AuditTrail, hook?: BannerWriteHook): Promise<BannerItemRow | null> {
      return db.transaction(async (tx) => {
        const [owner] = await tx.select({ bannerId: bannerItems.bannerId }).from(bannerItems).where(eq(bannerItems.id, id));
        if (!owner) return null;
        const finish = await hook?.(tx, owner.bannerId);
        const [row] = await tx.delete(bannerItems).where(eq(bannerItems.id, id)).returning();
        if (row) await audit(tx, deleted('bannerItem', row));
        await finish?.();
        return row ?? null;
      });
    },

    /**
     * Saves a new order in one transaction. Every id must be an item, all of one banner, each
     * once; otherwise nothing changes.
     */
    async sortItems(items: SortItems, audit: AuditTrail, hook?: BannerWriteHook): Promise<void> {
      const ids = items.map((item) => item.id);
      if (ids.length === 0) throw new HttpError(400, SECTION_MESSAGES.sortEmpty);
      if (new Set(ids).size !== ids.length) throw new HttpError(400, SECTION_MESSAGES.sortDuplicate);
      await db.transaction(async (tx) => {
        const owners = await tx.select({ bannerId: bannerItems.bannerId }).from(bannerItems).where(inArray(bannerItems.id, ids));
        const finish = owners.length === ids.length && new Set(owners.map((row) => row.bannerId)).size === 1 ? await hook?.(tx, owners[0]!.bannerId) : undefined;
        const rows = await tx
          .select({ id: bannerItems.id, bannerId: bannerItems.bannerId })
          .from(bannerItems)
          .where(inArray(bannerItems.id, ids))
          .for('update');
        if (rows.length !== ids.length) throw new HttpError(404, SECTION_MESSAGES.bannerItemNotFound);
        if (new Set(rows.map((row) => row.bannerId)).size !== 1) throw new HttpError(400, SECTION_MESSAGES.sortOneBanner);
        await auditedSort(tx, audit, bannerItems, 'bannerItem', items, async () => {
          for (const item of items) {
            await tx.update(bannerItems).set({ sortOrder: item.sortOrder }).where(eq(bannerItems.id, item.id));
          }
        });
        await finish?.();
      });
    },
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    banners: BannersRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('banners', createBannersRepository(fastify.db));
  },
  { name: 'banners', dependencies: ['database'] },
);
