/** Product type ("Product Category" in the interface) queries and writes, exposed as `fastify.productTypes`. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { CATALOG_MESSAGES, type ProductType, type SortItems } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { productProductTypes, productTypes } from '../../db/schema.js';
import { refreshSearchText } from '../../db/search-text.js';
import { HttpError } from '../../errors.js';
import { created, deleted, updated, type AuditTrail } from './audit.js';
import type { ImageStore } from './images.js';
import { activeOnlyCondition, applySortOrder, deleteUnlessUsed, nextSortOrder, type Selector, writeWithImage } from './stores.js';

const productTypeOrder = [asc(productTypes.sortOrder), asc(productTypes.name), asc(productTypes.id)];

const productTypeColumns = {
  id: productTypes.id,
  name: productTypes.name,
  imageFilePath: productTypes.imageFilePath,
  notifyImmediately: productTypes.notifyImmediately,
  isActive: productTypes.isActive,
  sortOrder: productTypes.sortOrder,
};

/** Fields of the product category form; absent ones take their default on create and stay as they are on update. */
export interface ProductTypeInput {
  name: string;
  isActive?: boolean | undefined;
  notifyImmediately?: boolean | undefined;
  sortOrder?: number | undefined;
  image?: Buffer | undefined;
}

/** How many deals, whatever their state, carry a product type (a deal links a type at most once). */
async function dealsOfProductType(db: Selector, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productProductTypes).where(eq(productProductTypes.productTypeId, id));
  return row?.n ?? 0;
}

export function createProductTypesRepository(db: Database, images: ImageStore, log: FastifyBaseLogger) {
  return {
    /** `isActive` undefined lists every product type. */
    async list(filter: { isActive?: boolean | undefined }): Promise<ProductType[]> {
      return db
        .select(productTypeColumns)
        .from(productTypes)
        .where(filter.isActive === undefined ? undefined : eq(productTypes.isActive, filter.isActive))
        .orderBy(...productTypeOrder);
    },

    /** One product type, or null (also when `activeOnly` and it is inactive). */
    async get(id: number, { activeOnly }: { activeOnly: boolean }): Promise<ProductType | null> {
      const [row] = await db
        .select(productTypeColumns)
        .from(productTypes)
        .where(and(eq(productTypes.id, id), activeOnlyCondition(productTypes.isActive, activeOnly)));
      return row ?? null;
    },

    /** Creates a product type with its image (required by the route); answers its id. */
    async create(input: ProductTypeInput & { image: Buffer }, audit: AuditTrail): Promise<number> {
      return writeWithImage(images, log, input.image, async (imageFilePath) => {
        const id = await db.transaction(async (tx) => {
          const sortOrder = input.sortOrder ?? (await nextSortOrder(tx, productTypes));
          const [row] = await tx
            .insert(productTypes)
            .values({ name: input.name, imageFilePath, isActive: input.isActive ?? true, notifyImmediately: input.notifyImmediately ?? false, sortOrder })
            .returning();
          if (!row) throw new Error('product type insert returned nothing');
          await audit(tx, created('productType', row));
          return row.id;
        });
        return { result: id };
      });
    },

    /**
     * Updates a product type; a new image replaces the old one (released after the commit) and a
     * rename rewrites the search text of its deals in the same transaction.
     */
    async update(id: number, input: ProductTypeInput, audit: AuditTrail): Promise<void> {
      await writeWithImage(images, log, input.image, async (imageFilePath) =>
        db.transaction(async (tx) => {
          const [old] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
          if (!old) throw new HttpError(404, CATALOG_MESSAGES.productType.notFound);
          const set = { name: input.name, isActive: input.isActive, notifyImmediately: input.notifyImmediately, sortOrder: input.sortOrder, imageFilePath };
          await tx.update(productTypes).set(set).where(eq(productTypes.id, id));
          await audit(tx, updated('productType', old, set));
          if (old.name !== input.name) await refreshSearchText(tx, { productTypeId: id });
          return { result: undefined, dropped: imageFilePath ? old.imageFilePath : null };
        }),
      );
    },

    async sort(items: SortItems, audit: AuditTrail): Promise<void> {
      await applySortOrder(db, productTypes, items, { label: 'product categories', recordType: 'productType', audit });
    },

    /** Deletes a product type no deal carries (404 unknown, 409 in use); its image file goes once the delete committed. */
    async delete(id: number, audit: AuditTrail): Promise<void> {
      await deleteUnlessUsed(images, log, {
        countDeals: () => dealsOfProductType(db, id),
        inUse: CATALOG_MESSAGES.productType.inUse,
        remove: () =>
          db.transaction(async (tx) => {
            const [row] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
            if (!row) throw new HttpError(404, CATALOG_MESSAGES.productType.notFound);
            const deals = await dealsOfProductType(tx, id);
            if (deals > 0) throw new HttpError(409, CATALOG_MESSAGES.productType.inUse(deals));
            await tx.delete(productTypes).where(eq(productTypes.id, id));
            await audit(tx, deleted('productType', row));
            return row.imageFilePath;
          }),
      });
    },
  };
}

export type ProductTypesRepository = ReturnType<typeof createProductTypesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    productTypes: ProductTypesRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('productTypes', createProductTypesRepository(fastify.db, fastify.images, fastify.log));
  },
  { name: 'product-types', dependencies: ['database', 'images'] },
);
