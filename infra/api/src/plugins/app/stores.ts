/** Store ("Category") queries, exposed as `fastify.stores`. */
import { asc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { SiteInfo, Store } from '../../contract/index.js';
import type { Database } from '../../db/client.js';
import { categories } from '../../db/schema.js';

/** Public lists order stores by their sort order; the name and id make ties stable. */
const storeOrder = [asc(categories.sortOrder), asc(categories.name), asc(categories.id)];

export function createStoresRepository(db: Database) {
  return {
    /** `isActive` undefined lists every store. */
    async list(filter: { isActive?: boolean | undefined }): Promise<Store[]> {
      return db
        .select({
          id: categories.id,
          name: categories.name,
          imageFilePath: categories.imageFilePath,
          isActive: categories.isActive,
          notifyImmediately: categories.notifyImmediately,
          sortOrder: categories.sortOrder,
        })
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
    fastify.decorate('stores', createStoresRepository(fastify.db));
  },
  { name: 'stores', dependencies: ['database'] },
);
