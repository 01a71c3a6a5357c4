/**
 * Deals ("Product" in the API) and their images, exposed as `fastify.deals`, plus the one
 * ownership guard of the deal routes, `fastify.dealOwnerOrAdmin(locate)`.
 *
 * Reads answer contract shapes in one database round each (product types and images aggregated
 * as JSON in the same query: no N+1). Writes run in one transaction and keep `search_text` fresh;
 * they never touch files: routes save uploads before and release dropped names after.
 *
 * Audit log and revisions: a create, update or delete of one deal records, in its own transaction, its audit
 * entry (the fields changed, from → to) and, unless it deletes, a revision: the deal's editable
 * fields as the form edits them (`DealSnapshot`), which the deal form's History lists and restores.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEAL_MESSAGES,
  DEAL_FORM_FIELDS,
  type DealFields,
  type RevisionAction,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { productImages, productProductTypes, products } from '../../db/schema.js';
import { refreshSearchText } from '../../db/search-text.js';
import type { GoLiveSchedule } from '../../push/deal-go-live.js';
import { announceLiveDeal } from '../../push/announce-deal.js';
import { HttpError } from '../../errors.js';
import { formColumns, isoOrNull } from '../../db/deal-columns.js';
import { createDealReads } from './deal-reads.js';
import { mayChangeDeal, type DealLocator } from './deal-ownership.js';
import { bulkUpdateDeals, type BulkOutcome, type BulkViewer } from '../../db/admin-tables/deal-bulk.js';
import type { BulkUpdateProductsBody } from '@deals/contract/deal-bulk';
import { fieldChanges, type AuditTrail } from './audit.js';
import { actorOf } from './revisions.js';
import { staffViewer } from './viewer.js';

/** The deal columns a create or update writes (the form's fields, already checked; dates as dates). */
export type DealValues = Omit<DealFields, 'productTypeIds' | 'dealStartsIn' | 'dealExpiresIn'> & { dealStartsIn: Date | null; dealExpiresIn: Date | null };

/**
 * A deal's editable fields as the form edits them, JSON-comparable: product type ids ascending,
 * dates as ISO text, prices as numbers. Each revision of a deal keeps one; audit entries diff two.
 */
export type DealSnapshot = DealFields & { [field: string]: unknown };


/** Who writes a deal: the request its audit entry and revision are recorded for, and why. */
export interface DealWrite {
  request: FastifyRequest;
  /** An update's revision: a save from the form (the default) or a revision restored. */
  revision?: Extract<RevisionAction, 'save' | 'restore'>;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Records a deal write in its transaction: `before` null is a create, `after` null a delete.
 * The plugin's journal writes the audit entry and the revision (see the default export).
 */
export type DealJournal = (tx: Tx, write: DealWrite, productId: number, before: DealSnapshot | null, after: DealSnapshot | null) => Promise<void>;

/** The deal's snapshot as stored (locking its row for the rest of the transaction), or null when it is gone. */
export async function snapshotOf(tx: Tx, productId: number): Promise<DealSnapshot | null> {
  const [row] = await tx.select(formColumns).from(products).where(eq(products.id, productId)).for('update');
  if (!row) return null;
  const types = await tx
    .select({ id: productProductTypes.productTypeId })
    .from(productProductTypes)
    .where(eq(productProductTypes.productId, productId))
    .orderBy(asc(productProductTypes.productTypeId));
  const fields: DealFields = {
    ...row,
    productTypeIds: types.map((type) => type.id),
    currentPrice: Number(row.currentPrice),
    previousPrice: Number(row.previousPrice),
    dealStartsIn: isoOrNull(row.dealStartsIn),
    dealExpiresIn: isoOrNull(row.dealExpiresIn),
  };
  // In the form's order, as every snapshot is kept.
  return Object.fromEntries(DEAL_FORM_FIELDS.map((field) => [field, fields[field]])) as DealSnapshot;
}

export function createDealsRepository(db: Database, goLive: GoLiveSchedule, journal: DealJournal) {
  /** The snapshot just written (read back, so it is what the deal now holds). */
  async function written(tx: Tx, productId: number): Promise<DealSnapshot> {
    const snapshot = await snapshotOf(tx, productId);
    if (!snapshot) throw new Error(`deal ${productId} vanished inside its own transaction`);
    return snapshot;
  }

  /** Locks the deal row for the rest of the transaction and stamps it modified; false when it is gone. */
  async function touch(tx: Tx, productId: number): Promise<boolean> {
    const rows = await tx.update(products).set({ dateTimeModified: sql`now()` }).where(eq(products.id, productId)).returning({ id: products.id });
    return rows.length > 0;
  }

  async function hasPreview(tx: Tx, productId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.isPreviewImage, true)));
    return rows.length > 0;
  }

  async function replaceProductTypes(tx: Tx, productId: number, productTypeIds: readonly number[]): Promise<void> {
    await tx.delete(productProductTypes).where(eq(productProductTypes.productId, productId));
    await tx.insert(productProductTypes).values(productTypeIds.map((productTypeId) => ({ productId, productTypeId })));
  }

  return {
    ...createDealReads(db),

    /**
     * Inserts a deal with its product types and its first (preview) image, and queues its
     * new-deal alert when its category asks for one; answers its id.
     */
    async create(values: DealValues, productTypeIds: readonly number[], imagePath: string, addedById: number, write: DealWrite): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ ...values, addedById })
          .returning({ id: products.id });
        if (!row) throw new Error('deal insert returned nothing');
        await tx.insert(productProductTypes).values(productTypeIds.map((productTypeId) => ({ productId: row.id, productTypeId })));
        await tx.insert(productImages).values({ productId: row.id, filePath: imagePath, isPreviewImage: true });
        await refreshSearchText(tx, { productIds: [row.id] });
        // A live deal is announced now (its category's alert, visitors following its words or store),
        // one starting later when it starts; both are queued with the deal.
        await announceLiveDeal(tx, row.id);
        await goLive.after(tx, sql`p.id = ${row.id}`, new Map());
        await journal(tx, write, row.id, null, await written(tx, row.id));
        return row.id;
      });
    },

    /**
     * Rewrites the deal's fields and product types; `imagePath`, when given, is added as a new
     * image (the preview if the deal has none). False when the deal does not exist.
     */
    async update(productId: number, values: DealValues, productTypeIds: readonly number[], imagePath: string | null, write: DealWrite): Promise<boolean> {
      return db.transaction(async (tx) => {
        const before = await snapshotOf(tx, productId);
        if (!before) return false;
        const thisDeal = sql`p.id = ${productId}`;
        const waiting = await goLive.before(tx, thisDeal);
        const updated = await tx
          .update(products)
          .set({ ...values, dateTimeModified: sql`now()` })
          .where(eq(products.id, productId))
          .returning({ id: products.id });
        if (updated.length === 0) return false;
        await replaceProductTypes(tx, productId, productTypeIds);
        if (imagePath) {
          await tx.insert(productImages).values({ productId, filePath: imagePath, isPreviewImage: !(await hasPreview(tx, productId)) });
        }
        await refreshSearchText(tx, { productIds: [productId] });
        await goLive.after(tx, thisDeal, waiting);
        await journal(tx, write, productId, before, await written(tx, productId));
        return true;
      });
    },

    /** Deletes the deal (its images, product types and featured-section links cascade); answers its image names, or null when it did not exist. */
    async delete(productId: number, write: DealWrite): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const before = await snapshotOf(tx, productId);
        if (!before) return null;
        const images = await tx.select({ filePath: productImages.filePath }).from(productImages).where(eq(productImages.productId, productId));
        const thisDeal = sql`p.id = ${productId}`;
        const waiting = await goLive.before(tx, thisDeal);
        const deleted = await tx.delete(products).where(eq(products.id, productId)).returning({ id: products.id });
        await goLive.after(tx, thisDeal, waiting);
        if (deleted.length === 0) return null;
        await journal(tx, write, productId, before, null);
        return images.map((image) => image.filePath);
      });
    },

    /**
     * Adds images to a deal, skipping names it already shows; the first becomes the preview when
     * the deal has none. False when the deal does not exist.
     */
    async addImages(productId: number, filePaths: readonly string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await touch(tx, productId))) return false;
        const existing = await tx
          .select({ filePath: productImages.filePath, isPreviewImage: productImages.isPreviewImage })
          .from(productImages)
          .where(eq(productImages.productId, productId));
        const known = new Set(existing.map((image) => image.filePath));
        const fresh = [...new Set(filePaths)].filter((path) => !known.has(path));
        if (fresh.length === 0) return true;
        const needsPreview = !existing.some((image) => image.isPreviewImage);
        await tx.insert(productImages).values(fresh.map((filePath, index) => ({ productId, filePath, isPreviewImage: needsPreview && index === 0 })));
        return true;
      });
    },

    /** Makes this image its deal's only preview. False when the image does not exist. */
    async setPreview(imageId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [image] = await tx.select({ productId: productImages.productId }).from(productImages).where(eq(productImages.id, imageId));
        // Lock the deal first (as every image change does) so concurrent changes queue, never deadlock.
        if (!image || !(await touch(tx, image.productId))) return false;
        // Two statements: the one-preview unique index is checked row by row.
        await tx
          .update(productImages)
          .set({ isPreviewImage: false })
          .where(and(eq(productImages.productId, image.productId), eq(productImages.isPreviewImage, true)));
        const set = await tx
          .update(productImages)
          .set({ isPreviewImage: true })
          .where(and(eq(productImages.id, imageId), eq(productImages.productId, image.productId)))
          .returning({ id: productImages.id });
        return set.length > 0;
      });
    },

    /**
     * Deletes an image; when it was the preview, the oldest remaining image takes over. The last
     * image may go too (the deal then shows no image). Answers the dropped name, or null when the
     * image did not exist.
     */
    async deleteImage(imageId: number): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ productId: productImages.productId }).from(productImages).where(eq(productImages.id, imageId));
        if (!found || !(await touch(tx, found.productId))) return null;
        const [image] = await tx
          .delete(productImages)
          .where(eq(productImages.id, imageId))
          .returning({ filePath: productImages.filePath, isPreviewImage: productImages.isPreviewImage });
        if (!image) return null;
        if (image.isPreviewImage) {
          const [next] = await tx
            .select({ id: productImages.id })
            .from(productImages)
            .where(eq(productImages.productId, found.productId))
            .orderBy(asc(productImages.createdAt), asc(productImages.id))
            .limit(1);
          if (next) await tx.update(productImages).set({ isPreviewImage: true }).where(eq(productImages.id, next.id));
        }
        return image.filePath;
      });
    },
  };
}

export type DealsRepository = ReturnType<typeof createDealsRepository> & { bulkUpdate: (viewer: BulkViewer, body: BulkUpdateProductsBody, audit: AuditTrail) => Promise<BulkOutcome> };

declare module 'fastify' {
  interface FastifyInstance {
    deals: DealsRepository;
    /**
     * preHandler for "own deal unless admin" routes: 404 when the deal (or, with a custom
     * `notFoundMessage`, the record leading to it) does not exist; 403 unless the caller added the
     * deal or is an admin. Declare it with `config: { access: 'staff', rule: 'own deal unless admin' }`.
     */
    dealOwnerOrAdmin(locate: DealLocator, notFoundMessage?: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async (fastify) => {
    // Each write's audit entry ('create', 'update' or 'restore', 'delete') and revision.
    const journal: DealJournal = async (tx, { request, revision = 'save' }, productId, before, after) => {
      const action = before === null ? 'create' : after === null ? 'delete' : revision === 'restore' ? 'restore' : 'update';
      await fastify.audit.record(tx, request, { action, recordType: 'deal', recordId: productId, changes: fieldChanges(before, after) });
      if (after) {
        await fastify.revisions.record(tx, { recordType: 'deal', recordId: productId, action: before === null ? 'create' : revision, snapshot: after, actor: actorOf(request) });
      }
    };
    const deals = {
      ...createDealsRepository(fastify.db, fastify.dealGoLive, journal),
      /** The deals table's bulk actions (activate, deactivate, delete, schedule) on the chosen deals. */
      bulkUpdate: (viewer: BulkViewer, body: BulkUpdateProductsBody, audit: AuditTrail) => bulkUpdateDeals(fastify.db, fastify.dealGoLive, viewer, body, audit),
    };
    fastify.decorate('deals', deals);
    fastify.decorate('dealOwnerOrAdmin', (locate: DealLocator, notFoundMessage: string = DEAL_MESSAGES.notFound) => {
      return async function dealOwnerOrAdmin(request: FastifyRequest): Promise<void> {
        const viewer = staffViewer(request);
        const productId = await locate(request);
        if (productId === null) throw new HttpError(404, notFoundMessage);
        const deal = await deals.ownerOf(productId);
        if (!deal) throw new HttpError(404, DEAL_MESSAGES.notFound);
        if (!mayChangeDeal(viewer, deal)) throw new HttpError(403, DEAL_MESSAGES.notOwner);
      };
    });
  },
  { name: 'deals', dependencies: ['database', 'viewer', 'deal-go-live', 'audit', 'revisions'] },
);
