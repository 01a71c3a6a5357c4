/** Featured sections and their ordered deals, exposed as `fastify.featuredSections`. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import {
  CATALOG_MESSAGES,
  type FeaturedSection,
  type FeaturedSectionDetail,
  type FeaturedSectionProduct,
  type SortItems,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { categories, featuredSectionProducts, featuredSections, productImages, productProductTypes, products, productTypes } from '../../db/schema.js';
import { fieldError, HttpError } from '../../errors.js';
import { created, deleted, updated, type AuditTrail } from './audit.js';
import type { ImageStore } from './images.js';
import { activeOnlyCondition, applySortOrder, nextSortOrder, writeWithImage } from './stores.js';

const sectionOrder = [asc(featuredSections.sortOrder), asc(featuredSections.name), asc(featuredSections.id)];

const sectionColumns = {
  id: featuredSections.id,
  name: featuredSections.name,
  imageFilePath: featuredSections.imageFilePath,
  isActive: featuredSections.isActive,
  sortOrder: featuredSections.sortOrder,
  dateCreated: featuredSections.dateCreated,
  dateUpdated: featuredSections.dateUpdated,
};

type SectionRow = Omit<FeaturedSection, 'dateCreated' | 'dateUpdated'> & { dateCreated: Date; dateUpdated: Date };

const toSection = (row: SectionRow): FeaturedSection => ({
  ...row,
  dateCreated: row.dateCreated.toISOString(),
  dateUpdated: row.dateUpdated.toISOString(),
});

/** The deal's preview image, else its first one. */
const dealImage = sql<string | null>`(
  SELECT pi.file_path FROM ${productImages} AS pi
  WHERE pi.product_id = ${products.id}
  ORDER BY pi.is_preview_image DESC, pi.id
  LIMIT 1)`;

/** Fields of the featured section form; absent ones take their default on create and stay as they are on update. */
export interface FeaturedSectionInput {
  name: string;
  isActive?: boolean | undefined;
  sortOrder?: number | undefined;
  image?: Buffer | undefined;
}

export function createFeaturedSectionsRepository(db: Database, images: ImageStore, log: FastifyBaseLogger) {
  /** The deals of a section in their order; `activeOnly` hides inactive deals. */
  async function sectionProducts(sectionId: number, activeOnly: boolean): Promise<FeaturedSectionProduct[]> {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        category: categories.name,
        promoCode: products.promoCode,
        filePath: dealImage,
        isActive: products.isActive,
      })
      .from(featuredSectionProducts)
      .innerJoin(products, eq(products.id, featuredSectionProducts.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(featuredSectionProducts.featuredSectionId, sectionId), activeOnly ? eq(products.isActive, true) : undefined))
      .orderBy(asc(featuredSectionProducts.sortOrder), asc(featuredSectionProducts.createdAt), asc(products.id));
    if (rows.length === 0) return [];

    const types = await db
      .select({ productId: productProductTypes.productId, productTypeId: productTypes.id, name: productTypes.name })
      .from(productProductTypes)
      .innerJoin(productTypes, eq(productTypes.id, productProductTypes.productTypeId))
      .where(
        inArray(
          productProductTypes.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productTypes.sortOrder), asc(productTypes.name), asc(productTypes.id));
    const typesByProduct = new Map<number, FeaturedSectionProduct['productTypes']>();
    for (const { productId, productTypeId, name } of types) {
      const list = typesByProduct.get(productId) ?? [];
      list.push({ productTypeId, name });
      typesByProduct.set(productId, list);
    }
    return rows.map((row) => ({ ...row, productTypes: typesByProduct.get(row.id) ?? [] }));
  }

  return {
    /** `isActive` undefined lists every section. */
    async list(filter: { isActive?: boolean | undefined }): Promise<FeaturedSection[]> {
      const rows = await db
        .select(sectionColumns)
        .from(featuredSections)
        .where(filter.isActive === undefined ? undefined : eq(featuredSections.isActive, filter.isActive))
        .orderBy(...sectionOrder);
      return rows.map(toSection);
    },

    /** A section with its deals, or null; `activeOnly` (anonymous callers) hides inactive sections and deals. */
    async get(id: number, { activeOnly, withProducts = true }: { activeOnly: boolean; withProducts?: boolean }): Promise<FeaturedSectionDetail | null> {
      const [row] = await db
        .select(sectionColumns)
        .from(featuredSections)
        .where(and(eq(featuredSections.id, id), activeOnlyCondition(featuredSections.isActive, activeOnly)));
      if (!row) return null;
      return { ...toSection(row), products: withProducts ? await sectionProducts(id, activeOnly) : [] };
    },

    /** Creates a section with its image (required by the route); answers its id. */
    async create(input: FeaturedSectionInput & { image: Buffer }, audit: AuditTrail): Promise<number> {
      return writeWithImage(images, log, input.image, async (imageFilePath) => {
        const id = await db.transaction(async (tx) => {
          const sortOrder = input.sortOrder ?? (await nextSortOrder(tx, featuredSections));
          const [row] = await tx
            .insert(featuredSections)
            .values({ name: input.name, imageFilePath, isActive: input.isActive ?? true, sortOrder })
            .returning();
          if (!row) throw new Error('featured section insert returned nothing');
          await audit(tx, created('featuredSection', row));
          return row.id;
        });
        return { result: id };
      });
    },

    /** Updates a section's details; a new image replaces the old one (released after the commit). */
    async update(id: number, input: FeaturedSectionInput, audit: AuditTrail): Promise<void> {
      await writeWithImage(images, log, input.image, async (imageFilePath) =>
        db.transaction(async (tx) => {
          const [old] = await tx.select().from(featuredSections).where(eq(featuredSections.id, id)).for('update');
          if (!old) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);
          const set = { name: input.name, isActive: input.isActive, sortOrder: input.sortOrder, imageFilePath };
          await tx.update(featuredSections).set(set).where(eq(featuredSections.id, id));
          await audit(tx, updated('featuredSection', old, set));
          return { result: undefined, dropped: imageFilePath ? old.imageFilePath : null };
        }),
      );
    },

    async sort(items: SortItems, audit: AuditTrail): Promise<void> {
      await applySortOrder(db, featuredSections, items, { label: 'featured sections', recordType: 'featuredSection', audit });
    },

    /** Deletes a section; its deal links go by cascade, its image file once the delete committed. */
    async delete(id: number, audit: AuditTrail): Promise<void> {
      await writeWithImage(images, log, undefined, async () =>
        db.transaction(async (tx) => {
          const [row] = await tx.delete(featuredSections).where(eq(featuredSections.id, id)).returning();
          if (!row) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);
          await audit(tx, deleted('featuredSection', row));
          return { result: undefined, dropped: row.imageFilePath };
        }),
      );
    },

    /**
     * Links deals to a section after its last one, in the order given; deals already in it are
     * skipped. Unknown deals refuse the whole call. Answers the newly linked ids.
     */
    async addProducts(sectionId: number, productIds: readonly number[], audit: AuditTrail): Promise<number[]> {
      const wanted = [...new Set(productIds)];
      return db.transaction(async (tx) => {
        // Locking the section serialises concurrent appends, so their sort orders never collide.
        const [section] = await tx.select({ id: featuredSections.id }).from(featuredSections).where(eq(featuredSections.id, sectionId)).for('update');
        if (!section) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);

        const existing = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted))).map((row) => row.id));
        const unknown = wanted.filter((id) => !existing.has(id));
        if (unknown.length > 0) throw fieldError('productIds', CATALOG_MESSAGES.featuredSection.unknownProducts(unknown));

        const linked = new Set(
          (
            await tx
              .select({ id: featuredSectionProducts.productId })
              .from(featuredSectionProducts)
              .where(and(eq(featuredSectionProducts.featuredSectionId, sectionId), inArray(featuredSectionProducts.productId, wanted)))
          ).map((row) => row.id),
        );
        const added = wanted.filter((id) => !linked.has(id));
        // Recorded even when every deal was there already: the call is logged, its changes empty.
        await audit(tx, { action: 'assign', recordType: 'featuredSection', recordId: sectionId, changes: added.length > 0 ? { productIds: { from: null, to: added } } : null });
        if (added.length === 0) return [];

        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${featuredSectionProducts.sortOrder}) + 1, 0)`.mapWith(Number) })
          .from(featuredSectionProducts)
          .where(eq(featuredSectionProducts.featuredSectionId, sectionId));
        const start = last?.next ?? 0;
        await tx.insert(featuredSectionProducts).values(added.map((productId, index) => ({ featuredSectionId: sectionId, productId, sortOrder: start + index })));
        await tx.update(featuredSections).set({ dateUpdated: new Date() }).where(eq(featuredSections.id, sectionId));
        return added;
      });
    },

    /** Unlinks one deal from a section (the deal itself stays). */
    async removeProduct(sectionId: number, productId: number, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        const [section] = await tx.select({ id: featuredSections.id }).from(featuredSections).where(eq(featuredSections.id, sectionId)).for('update');
        if (!section) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.notFound);
        const removed = await tx
          .delete(featuredSectionProducts)
          .where(and(eq(featuredSectionProducts.featuredSectionId, sectionId), eq(featuredSectionProducts.productId, productId)))
          .returning({ productId: featuredSectionProducts.productId });
        if (removed.length === 0) throw new HttpError(404, CATALOG_MESSAGES.featuredSection.productNotInSection);
        await audit(tx, { action: 'unassign', recordType: 'featuredSection', recordId: sectionId, changes: { productIds: { from: [productId], to: null } } });
        await tx.update(featuredSections).set({ dateUpdated: new Date() }).where(eq(featuredSections.id, sectionId));
      });
    },
  };
}

export type FeaturedSectionsRepository = ReturnType<typeof createFeaturedSectionsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    featuredSections: FeaturedSectionsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('featuredSections', createFeaturedSectionsRepository(fastify.db, fastify.images, fastify.log));
  },
  { name: 'featured-sections', dependencies: ['database', 'images'] },
);
