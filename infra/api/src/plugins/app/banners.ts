/** Banners and their ordered banner items, exposed as `fastify.banners`. */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  MESSAGES,
  SECTION_MESSAGES,
  type Banner,
  type BannerSummary,
  type CreateBannerItem,
  type SortItems,
} from '../../contract/index.js';
import type { Database } from '../../db/client.js';
import { bannerItems, banners, type BannerItemRow } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { storedImageNames } from '../../lib/sanitize.js';
import { toBannerItem } from '../../db/section-rows.js';
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
    async list(filter: { isActive?: boolean | undefined }): Promise<BannerSummary[]> {
      return db
        .select({
          id: banners.id,
          name: banners.name,
          isActive: banners.isActive,
          pageId: banners.pageId,
          blogId: banners.blogId,
          bannerItemCount: count(bannerItems.id),
        })
        .from(banners)
        .leftJoin(bannerItems, eq(bannerItems.bannerId, banners.id))
        .where(filter.isActive === undefined ? undefined : eq(banners.isActive, filter.isActive))
        .groupBy(banners.id)
        .orderBy(asc(banners.name), asc(banners.id));
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

    async create(values: BannerValues): Promise<number> {
      const [row] = await db.insert(banners).values(values).returning({ id: banners.id });
      if (!row) throw new Error('banner insert returned nothing');
      return row.id;
    },

    /** False when the banner no longer exists. */
    async update(id: number, values: BannerValues): Promise<boolean> {
      const rows = await db.update(banners).set(values).where(eq(banners.id, id)).returning({ id: banners.id });
      return rows.length > 0;
    },

    /**
     * Deletes the banner; its items and page/blog assignments cascade. Answers the files its items
     * referred to (to release after the commit), or null when there was no such banner.
     */
    async delete(id: number): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const items = await tx
          .select({ imagePath: bannerItems.imagePath, description: bannerItems.description })
          .from(bannerItems)
          .where(eq(bannerItems.bannerId, id));
        const deleted = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
        return deleted.length > 0 ? items.flatMap(bannerItemImages) : null;
      });
    },

    async itemRow(id: number): Promise<BannerItemRow | null> {
      const [row] = await db.select().from(bannerItems).where(eq(bannerItems.id, id));
      return row ?? null;
    },

    /** Adds an item after the banner's last one. */
    async createItem(bannerId: number, values: BannerItemValues & { imagePath: string }): Promise<number> {
      return db.transaction(async (tx) => {
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
          .returning({ id: bannerItems.id });
        if (!row) throw new Error('banner item insert returned nothing');
        return row.id;
      });
    },

    /** False when the item no longer exists. */
    async updateItem(id: number, values: BannerItemValues & { imagePath: string | null }): Promise<boolean> {
      const rows = await db.update(bannerItems).set(values).where(eq(bannerItems.id, id)).returning({ id: bannerItems.id });
      return rows.length > 0;
    },

    async deleteItem(id: number): Promise<BannerItemRow | null> {
      const [row] = await db.delete(bannerItems).where(eq(bannerItems.id, id)).returning();
      return row ?? null;
    },

    /**
     * Saves a new order in one transaction. Every id must be an item, all of one banner, each
     * once; otherwise nothing changes.
     */
    async sortItems(items: SortItems): Promise<void> {
      const ids = items.map((item) => item.id);
      if (ids.length === 0) throw new HttpError(400, SECTION_MESSAGES.sortEmpty);
      if (new Set(ids).size !== ids.length) throw new HttpError(400, SECTION_MESSAGES.sortDuplicate);
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: bannerItems.id, bannerId: bannerItems.bannerId })
          .from(bannerItems)
          .where(inArray(bannerItems.id, ids))
          .for('update');
        if (rows.length !== ids.length) throw new HttpError(404, SECTION_MESSAGES.bannerItemNotFound);
        if (new Set(rows.map((row) => row.bannerId)).size !== 1) throw new HttpError(400, SECTION_MESSAGES.sortOneBanner);
        for (const item of items) {
          await tx.update(bannerItems).set({ sortOrder: item.sortOrder }).where(eq(bannerItems.id, item.id));
        }
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
