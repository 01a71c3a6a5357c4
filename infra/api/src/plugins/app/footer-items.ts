/** Footer links (label and target), exposed as `fastify.footerItems`. */
import { asc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { CMS_MESSAGES, type FooterItem, type SortItems } from '@deals/contract';
import type { Database } from '../../db/client.js';
import { footerItems } from '../../db/schema.js';
import { HttpError } from '../../errors.js';
import { auditedSort, created, deleted, updated, type AuditTrail } from './audit.js';
import { writeSortOrders } from '../../db/sort-orders.js';

export interface FooterItemFields {
  label: string;
  to: string;
}

const columns = { id: footerItems.id, label: footerItems.label, to: footerItems.to, sortOrder: footerItems.sortOrder };
const notFound = () => new HttpError(404, CMS_MESSAGES.footerItemNotFound);

export function createFooterItemsRepository(db: Database) {
  return {
    /** In footer order. */
    async list(): Promise<FooterItem[]> {
      return db.select(columns).from(footerItems).orderBy(asc(footerItems.sortOrder), asc(footerItems.id));
    },

    async get(id: number): Promise<FooterItem | null> {
      const [row] = await db.select(columns).from(footerItems).where(eq(footerItems.id, id));
      return row ?? null;
    },

    /** Appends the item at the end of the footer; answers its id. */
    async create(fields: FooterItemFields, audit: AuditTrail): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(footerItems)
          .values({ ...fields, sortOrder: sql`(SELECT coalesce(max(sort_order) + 1, 0) FROM footer_items)` })
          .returning();
        if (!row) throw new Error('footer item insert returned nothing');
        await audit(tx, created('footerItem', row));
        return row.id;
      });
    },

    async update(id: number, fields: FooterItemFields, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(footerItems).where(eq(footerItems.id, id)).for('update');
        if (!before) throw notFound();
        await tx.update(footerItems).set(fields).where(eq(footerItems.id, id));
        await audit(tx, updated('footerItem', before, { ...fields }));
      });
    },

    async remove(id: number, audit: AuditTrail): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(footerItems).where(eq(footerItems.id, id)).returning();
        if (!row) throw notFound();
        await audit(tx, deleted('footerItem', row));
      });
    },

    /** New order in one transaction; an unknown id writes nothing. */
    async sort(items: SortItems, audit: AuditTrail): Promise<void> {
      await db.transaction((tx) => auditedSort(tx, audit, footerItems, 'footerItem', items, () => writeSortOrders(tx, footerItems, items)));
    },
  };
}

export type FooterItemsRepository = ReturnType<typeof createFooterItemsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    footerItems: FooterItemsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('footerItems', createFooterItemsRepository(fastify.db));
  },
  { name: 'footer-items', dependencies: ['database'] },
);
