/**
 * Store ("Category") queries and writes, exposed as `fastify.stores`, plus the pieces every
 * catalogue repository shares (product types, featured sections): sort-order writes, the image
 * lifecycle of a write and the delete that the deals using a row refuse.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { type AffiliateNetwork, CATALOG_MESSAGES, type SiteInfo, type SortItems, type Store } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { categories, type featuredSections, products, type productTypes } from '../../db/schema.js';
import { refreshSearchText, type Executor } from '../../db/search-text.js';
import { databaseErrorCode, FOREIGN_KEY_VIOLATION, HttpError } from '../../errors.js';
import { auditedSort, created, deleted, updated, type AuditTrail } from './audit.js';
import type { ImageStore } from './images.js';

// ---------------------------------------------------------------------------------------------
// Shared by the catalogue repositories
// ---------------------------------------------------------------------------------------------

/** Tables ordered by a `sort_order` column that the Sort… calls rewrite. */
export type SortableTable = typeof categories | typeof productTypes | typeof featuredSections;

/** Both drivers answer raw queries as `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The sort order that puts a new row after the last one. */
export async function nextSortOrder(db: Executor, table: SortableTable): Promise<number> {
  const rows = rowsOf<{ next: number | string }>(await db.execute(sql`SELECT coalesce(max(sort_order) + 1, 0) AS next FROM ${table}`));
  return Number(rows[0]?.next ?? 0);
}

/**
 * Writes the new sort orders of a Sort… call in one statement inside one transaction, with its
 * audit entry: when any id is unknown (or listed twice) nothing is written.
 */
export async function applySortOrder(
  db: Database,
  table: SortableTable,
  items: SortItems,
  { label, recordType, audit }: { label: string; recordType: string; audit: AuditTrail },
): Promise<void> {
  const ids = items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) throw new HttpError(400, CATALOG_MESSAGES.sortDuplicate);
  if (items.length === 0) return;
  await db.transaction((tx) => auditedSort(tx, audit, table, recordType, items, async () => {
    const values = sql.join(
      items.map((item) => sql`(${item.id}::integer, ${item.sortOrder}::integer)`),
      sql`, `,
    );
    const updated = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE ${table} AS t SET sort_order = v.sort_order
        FROM (VALUES ${values}) AS v(id, sort_order)
        WHERE t.id = v.id
        RETURNING t.id`),
    );
    if (updated.length !== ids.length) {
      const found = new Set(updated.map((row) => Number(row.id)));
      // Throwing rolls the transaction back: the known ids keep their old order too.
      throw new HttpError(404, CATALOG_MESSAGES.sortUnknown(label, ids.filter((id) => !found.has(id))));
    }
  }));
}

/** What a write that may replace an image reports: its result and the file it stopped using. */
export interface ImageWriteOutcome<T> {
  result: T;
  dropped?: string | null | undefined;
}

/**
 * The image lifecycle of a catalogue write: the upload is checked and stored before the
 * transaction (a fake or oversized image answers 415/413 and writes nothing), released again when
 * the write fails, and the file the write stopped referencing is released once it committed.
 */
export async function writeWithImage<T>(
  images: ImageStore,
  log: FastifyBaseLogger,
  upload: Buffer | undefined,
  write: (savedPath: string | undefined) => Promise<ImageWriteOutcome<T>>,
): Promise<T> {
  const saved = upload ? await images.save(upload) : undefined;
  let outcome: ImageWriteOutcome<T>;
  try {
    outcome = await write(saved);
  } catch (error) {
    if (saved) await images.release([saved]).catch((releaseError: unknown) => log.warn({ err: releaseError }, 'could not release an unused upload'));
    throw error;
  }
  if (outcome.dropped && outcome.dropped !== saved) {
    // The write has committed; a file left behind is only disk space, never a failed request.
    await images.release([outcome.dropped]).catch((error: unknown) => log.warn({ err: error }, 'could not release a replaced image'));
  }
  return outcome.result;
}

/** Where a count of the deals using a row can run: the database or an open transaction. */
export type Selector = Pick<Database, 'select'>;

/**
 * The delete of a store or product type, which deals keep by a restricting foreign key. `remove`
 * locks the row (`FOR UPDATE`), counts its deals (409 with `inUse` when there are any) and deletes
 * it in one transaction, answering its image; the file is released once that committed. A deal
 * saved with the row meanwhile needs a key-share lock on it for its foreign key, so it waits for
 * the lock and the count cannot go stale. Should the foreign key refuse all the same, the deals
 * are counted again for the same 409 instead of the generic one.
 */
export async function deleteUnlessUsed(
  images: ImageStore,
  log: FastifyBaseLogger,
  { remove, countDeals, inUse }: { remove: () => Promise<string | null>; countDeals: () => Promise<number>; inUse: (count: number) => string },
): Promise<void> {
  await writeWithImage(images, log, undefined, async () => {
    try {
      return { result: undefined, dropped: await remove() };
    } catch (error) {
      if (databaseErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
      const deals = await countDeals();
      throw deals > 0 ? new HttpError(409, inUse(deals)) : error;
    }
  });
}

/** A visibility filter: anonymous callers ask for active rows only. */
export function activeOnlyCondition(column: typeof categories.isActive | typeof productTypes.isActive | typeof featuredSections.isActive, activeOnly: boolean): SQL | undefined {
  return activeOnly ? eq(column, true) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------------

/** Public lists order stores by their sort order; the name and id make ties stable. */
const storeOrder = [asc(categories.sortOrder), asc(categories.name), asc(categories.id)];

const storeColumns = {
  id: categories.id,
  name: categories.name,
  imageFilePath: categories.imageFilePath,
  isActive: categories.isActive,
  notifyImmediately: categories.notifyImmediately,
  sortOrder: categories.sortOrder,
};
/** What signed-in staff read besides: the affiliate settings (they show the publisher's account ids). */
const staffStoreColumns = { ...storeColumns, affiliateNetwork: categories.affiliateNetwork, affiliateLinkTemplate: categories.affiliateLinkTemplate };
const columnsFor = (staff: boolean | undefined) => (staff ? staffStoreColumns : storeColumns);

/** Fields of the store form; absent ones take their default on create and stay as they are on update. */
export interface StoreInput {
  name: string;
  isActive?: boolean | undefined;
  notifyImmediately?: boolean | undefined;
  sortOrder?: number | undefined;
  /** Checked by the route: NONE comes with a null template. */
  affiliateNetwork?: AffiliateNetwork | undefined;
  affiliateLinkTemplate?: string | null | undefined;
  /** A new logo's bytes (checked and stored by the image store). */
  logo?: Buffer | undefined;
}

/** How many deals, whatever their state, belong to a store. */
async function dealsOfStore(db: Selector, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return row?.n ?? 0;
}

export function createStoresRepository(db: Database, images: ImageStore, log: FastifyBaseLogger) {
  return {
    /** `isActive` undefined lists every store; `staff` adds the affiliate settings. */
    async list(filter: { isActive?: boolean | undefined; staff?: boolean }): Promise<Store[]> {
      return db
        .select(columnsFor(filter.staff))
        .from(categories)
        .where(filter.isActive === undefined ? undefined : eq(categories.isActive, filter.isActive))
        .orderBy(...storeOrder);
    },

    /** The site-info store tiles: active stores only. */
    async listForSiteInfo(): Promise<SiteInfo['stores']> {
      return db
        .select({ id: categories.id, name: categories.name, imageFilePath: categories.imageFilePath })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(...storeOrder);
    },

    /** One store, or null (also when `activeOnly` and the store is inactive). */
    async get(id: number, { activeOnly, staff }: { activeOnly: boolean; staff?: boolean }): Promise<Store | null> {
      const [row] = await db
        .select(columnsFor(staff))
        .from(categories)
        .where(and(eq(categories.id, id), activeOnlyCondition(categories.isActive, activeOnly)));
      return row ?? null;
    },

    /** Creates a store with its logo (required by the route); answers its id. */
    async create(input: StoreInput & { logo: Buffer }, audit: AuditTrail): Promise<number> {
      return writeWithImage(images, log, input.logo, async (imageFilePath) => {
        const id = await db.transaction(async (tx) => {
          const sortOrder = input.sortOrder ?? (await nextSortOrder(tx, categories));
          const [row] = await tx
            .insert(categories)
            .values({
              name: input.name,
              imageFilePath,
              isActive: input.isActive ?? true,
              notifyImmediately: input.notifyImmediately ?? false,
              sortOrder,
              affiliateNetwork: input.affiliateNetwork ?? 'NONE',
              affiliateLinkTemplate: input.affiliateLinkTemplate ?? null,
            })
            .returning();
          if (!row) throw new Error('store insert returned nothing');
          await audit(tx, created('store', row));
          return row.id;
        });
        return { result: id };
      });
    },

    /**
     * Updates a store; a new logo replaces the old one (whose file is released after the commit)
     * and a rename rewrites the search text of the store's deals in the same transaction.
     */
    async update(id: number, input: StoreInput, audit: AuditTrail): Promise<void> {
      await writeWithImage(images, log, input.logo, async (imageFilePath) =>
        db.transaction(async (tx) => {
          const [old] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
          if (!old) throw new HttpError(404, CATALOG_MESSAGES.store.notFound);
          const set = {
            name: input.name,
            isActive: input.isActive,
            notifyImmediately: input.notifyImmediately,
            sortOrder: input.sortOrder,
            imageFilePath,
            affiliateNetwork: input.affiliateNetwork,
            affiliateLinkTemplate: input.affiliateLinkTemplate,
          };
          await tx.update(categories).set(set).where(eq(categories.id, id));
          await audit(tx, updated('store', old, set));
          if (old.name !== input.name) await refreshSearchText(tx, { categoryId: id });
          return { result: undefined, dropped: imageFilePath ? old.imageFilePath : null };
        }),
      );
    },

    async sort(items: SortItems, audit: AuditTrail): Promise<void> {
      await applySortOrder(db, categories, items, { label: 'stores', recordType: 'store', audit });
    },

    /** Deletes a store no deal uses (404 unknown, 409 in use); its logo file goes once the delete committed. */
    async delete(id: number, audit: AuditTrail): Promise<void> {
      await deleteUnlessUsed(images, log, {
        countDeals: () => dealsOfStore(db, id),
        inUse: CATALOG_MESSAGES.store.inUse,
        remove: () =>
          db.transaction(async (tx) => {
            const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
            if (!row) throw new HttpError(404, CATALOG_MESSAGES.store.notFound);
            const deals = await dealsOfStore(tx, id);
            if (deals > 0) throw new HttpError(409, CATALOG_MESSAGES.store.inUse(deals));
            await tx.delete(categories).where(eq(categories.id, id));
            await audit(tx, deleted('store', row));
            return row.imageFilePath;
          }),
      });
    },
  };
}

export type StoresRepository = ReturnType<typeof createStoresRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    stores: StoresRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('stores', createStoresRepository(fastify.db, fastify.images, fastify.log));
  },
  { name: 'stores', dependencies: ['database', 'images'] },
);
