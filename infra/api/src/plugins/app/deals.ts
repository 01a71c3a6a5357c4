/**
 * Deals ("Product" in the API) and their images, exposed as `fastify.deals`, plus the one
 * ownership guard of the deal routes, `fastify.dealOwnerOrAdmin(locate)`.
 *
 * Reads answer contract shapes in one database round each (product types and images aggregated
 * as JSON in the same query: no N+1). Writes run in one transaction and keep `search_text` fresh;
 * they never touch files: routes save uploads before and release dropped names after.
 *
 * Issue 20: a create, update or delete of one deal records, in its own transaction, its audit
 * entry (the fields changed, from → to) and, unless it deletes, a revision: the deal's editable
 * fields as the form edits them (`DealSnapshot`), which the deal form's History lists and restores.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DASHBOARD_PAGE_SIZE,
  DEAL_MESSAGES,
  DEAL_PICKER_LIMIT,
  type DealCard,
  type DealDetail,
  type Product,
  type ProductImage,
  type ProductSearchItem,
  type ProductTypeRef,
  type RevisionAction,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { categories, productImages, productProductTypes, productTypes, products, users } from '../../db/schema.js';
import { refreshSearchText } from '../../db/search-text.js';
import type { GoLiveSchedule } from '../../push/deal-go-live.js';
import { announceLiveDeal } from '../../push/announce-deal.js';
import { HttpError } from '../../errors.js';
import { fieldChanges } from './audit.js';
import type { ImageStore } from './images.js';
import { actorOf } from './revisions.js';
import { staffViewer } from './viewer.js';

/** The deal columns a create or update writes (the form's fields, already checked). */
export interface DealValues {
  categoryId: number;
  name: string;
  additionalInformation: string | null;
  isFeatured: boolean;
  currentPrice: number;
  previousPrice: number;
  promoCode: string | null;
  dealStartsIn: Date | null;
  dealExpiresIn: Date | null;
  link: string;
  keywords: string | null;
  badgeText: string | null;
  badgeColor: string;
  isActive: boolean;
}

/**
 * A deal's editable fields as the form edits them, JSON-comparable: product type ids ascending,
 * dates as ISO text, prices as numbers. Each revision of a deal keeps one; audit entries diff two.
 */
export interface DealSnapshot {
  [field: string]: unknown;
  categoryId: number;
  productTypeIds: number[];
  name: string;
  additionalInformation: string | null;
  isFeatured: boolean;
  currentPrice: number;
  previousPrice: number;
  promoCode: string | null;
  dealStartsIn: string | null;
  dealExpiresIn: string | null;
  link: string;
  keywords: string | null;
  badgeText: string | null;
  badgeColor: string;
  isActive: boolean;
}

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

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The whole percent saved, rounded up (spec §3); 0 without a previous price. `alias` is the products table's. */
const ceilDiscount = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.previous_price > 0 THEN ceil((${alias}.previous_price - ${alias}.current_price) * 100 / ${alias}.previous_price) ELSE 0 END`);
const discountPercent = sql<number>`${ceilDiscount('products')}`.mapWith(Number);

/** A timestamp column as the ISO text `Date#toISOString` writes (UTC, milliseconds), in SQL. */
const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The deal's product types as `[{ productTypeId, name }]`, in the product types' sort order. */
const productTypesJson = sql<ProductTypeRef[]>`coalesce((
  SELECT json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id)
  FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id
  WHERE ppt.product_id = ${products.id}), '[]'::json)`;

/** The deal's images as `[{ id, filePath, isPreviewImage }]`: preview first, then oldest first. */
const imagesJson = sql<ProductImage[]>`coalesce((
  SELECT json_agg(json_build_object('id', i.id, 'filePath', i.file_path, 'isPreviewImage', i.is_preview_image)
    ORDER BY i.is_preview_image DESC, i.created_at, i.id)
  FROM product_images i WHERE i.product_id = ${products.id}), '[]'::json)`;

/** Visible to anonymous callers: active, started, not expired. */
const isLive = sql`${products.isActive}
  AND (${products.dealStartsIn} IS NULL OR ${products.dealStartsIn} <= now())
  AND (${products.dealExpiresIn} IS NULL OR ${products.dealExpiresIn} > now())`;

const previewJoin = and(eq(productImages.productId, products.id), eq(productImages.isPreviewImage, true));

/** `%`, `_` and `\` typed by a person match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createDealsRepository(db: Database, goLive: GoLiveSchedule, journal: DealJournal) {
  /** The deal's snapshot as stored (locking its row for the rest of the transaction), or null when it is gone. */
  async function snapshotOf(tx: Tx, productId: number): Promise<DealSnapshot | null> {
    const [row] = await tx
      .select({
        categoryId: products.categoryId,
        name: products.name,
        additionalInformation: products.additionalInformation,
        isFeatured: products.isFeatured,
        currentPrice: products.currentPrice,
        previousPrice: products.previousPrice,
        promoCode: products.promoCode,
        dealStartsIn: products.dealStartsIn,
        dealExpiresIn: products.dealExpiresIn,
        link: products.link,
        keywords: products.keywords,
        badgeText: products.badgeText,
        badgeColor: products.badgeColor,
        isActive: products.isActive,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row) return null;
    const types = await tx
      .select({ id: productProductTypes.productTypeId })
      .from(productProductTypes)
      .where(eq(productProductTypes.productId, productId))
      .orderBy(asc(productProductTypes.productTypeId));
    return {
      categoryId: row.categoryId,
      productTypeIds: types.map((type) => type.id),
      name: row.name,
      additionalInformation: row.additionalInformation,
      isFeatured: row.isFeatured,
      currentPrice: Number(row.currentPrice),
      previousPrice: Number(row.previousPrice),
      promoCode: row.promoCode,
      dealStartsIn: isoOrNull(row.dealStartsIn),
      dealExpiresIn: isoOrNull(row.dealExpiresIn),
      link: row.link,
      keywords: row.keywords,
      badgeText: row.badgeText,
      badgeColor: row.badgeColor,
      isActive: row.isActive,
    };
  }

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
    /**
     * The admin deals table as JSON text: every deal (or those with the given `isActive`), newest
     * first. At 100,000 deals, building the rows in Node (parse, map, serialize) costs several
     * times the query itself, so PostgreSQL writes the whole `ProductListItem[]` document and the
     * route sends it as it is. Product types are aggregated once in a grouped subquery (no per-row
     * lookups). The shape is the contract's `ProductListItemSchema` (the route tests check it).
     */
    async listAdminJson(filter: { isActive?: boolean | undefined }): Promise<string> {
      const where = filter.isActive === undefined ? sql`` : sql`WHERE p.is_active = ${filter.isActive}`;
      const result = await db.execute<{ body: string }>(sql`
        SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'name', p.name, 'categoryId', p.category_id, 'category', c.name,
          'productTypes', coalesce(t.list, '[]'::json), 'promoCode', p.promo_code,
          'discount', ${ceilDiscount('p')}, 'currentPrice', p.current_price, 'previousPrice', p.previous_price,
          'addedById', p.added_by_id, 'addedBy', u.full_name,
          'dateTimeAdded', ${isoText('p.date_time_added')}, 'dateTimeModified', ${isoText('p.date_time_modified')},
          'dealStartsIn', ${isoText('p.deal_starts_in')}, 'dealExpiresIn', ${isoText('p.deal_expires_in')},
          'isActive', p.is_active, 'imageUrl', img.file_path, 'clicks7d', coalesce(dp.clicks_7d, 0)
        ) ORDER BY p.date_time_added DESC, p.id DESC), '[]'::json)::text AS body
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN users u ON u.id = p.added_by_id
        LEFT JOIN product_images img ON img.product_id = p.id AND img.is_preview_image
        LEFT JOIN deal_popularity dp ON dp.product_id = p.id
        LEFT JOIN (
          SELECT ppt.product_id, json_agg(json_build_object('productTypeId', pt.id, 'name', pt.name) ORDER BY pt.sort_order, pt.name, pt.id) AS list
          FROM product_product_types ppt JOIN product_types pt ON pt.id = ppt.product_type_id
          GROUP BY ppt.product_id
        ) t ON t.product_id = p.id
        ${where}`);
      // Both drivers answer `{ rows }`.
      return (result as unknown as { rows: Array<{ body: string }> }).rows[0]?.body ?? '[]';
    },

    /** The whole deal for the edit form, or null. */
    async getById(productId: number): Promise<Product | null> {
      const [row] = await db
        .select({
          id: products.id,
          categoryId: products.categoryId,
          name: products.name,
          additionalInformation: products.additionalInformation,
          isFeatured: products.isFeatured,
          currentPrice: products.currentPrice,
          previousPrice: products.previousPrice,
          discount: discountPercent,
          promoCode: products.promoCode,
          dealStartsIn: products.dealStartsIn,
          dealExpiresIn: products.dealExpiresIn,
          link: products.link,
          keywords: products.keywords,
          badgeText: products.badgeText,
          badgeColor: products.badgeColor,
          isActive: products.isActive,
          likes: products.likes,
          addedById: products.addedById,
          addedBy: users.fullName,
          category: categories.name,
          productTypes: productTypesJson,
          productImages: imagesJson,
          dateTimeAdded: products.dateTimeAdded,
          dateTimeModified: products.dateTimeModified,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(users, eq(users.id, products.addedById))
        .where(eq(products.id, productId));
      if (!row) return null;
      return {
        ...row,
        productTypeIds: row.productTypes.map((type) => type.productTypeId),
        imageUrl: row.productImages.find((image) => image.isPreviewImage)?.filePath ?? null,
        dealStartsIn: isoOrNull(row.dealStartsIn),
        dealExpiresIn: isoOrNull(row.dealExpiresIn),
        dateTimeAdded: iso(row.dateTimeAdded),
        dateTimeModified: iso(row.dateTimeModified),
      };
    },

    /** The featured-section deal picker: names containing the term (any case), newest first. */
    async searchByName(term: string): Promise<ProductSearchItem[]> {
      const trimmed = term.trim();
      return db
        .select({ id: products.id, name: products.name, imageUrl: productImages.filePath, category: categories.name, promoCode: products.promoCode })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(productImages, previewJoin)
        .where(trimmed ? sql`${products.name} ILIKE ${`%${escapeLike(trimmed)}%`}` : undefined)
        .orderBy(desc(products.dateTimeAdded), desc(products.id))
        .limit(DEAL_PICKER_LIMIT);
    },

    /** The dashboard's latest deals as cards, `DASHBOARD_PAGE_SIZE` from `skip`. */
    async dashboard(skip: number): Promise<DealCard[]> {
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          filePath: productImages.filePath,
          badgeText: products.badgeText,
          badgeColor: products.badgeColor,
          likes: products.likes,
          promoCode: products.promoCode,
          dealExpiresIn: products.dealExpiresIn,
          currentPrice: products.currentPrice,
          previousPrice: products.previousPrice,
          link: products.link,
        })
        .from(products)
        .leftJoin(productImages, previewJoin)
        .orderBy(desc(products.dateTimeAdded), desc(products.id))
        .limit(DASHBOARD_PAGE_SIZE)
        .offset(skip);
      return rows.map((row) => ({ ...row, dealExpiresIn: isoOrNull(row.dealExpiresIn) }));
    },

    /** The public deal detail, or null; `liveOnly` hides inactive, future and expired deals. */
    async detail(productId: number, { liveOnly }: { liveOnly: boolean }): Promise<DealDetail | null> {
      const [row] = await db
        .select({
          id: products.id,
          name: products.name,
          badgeText: products.badgeText,
          badgeColor: products.badgeColor,
          likes: products.likes,
          promoCode: products.promoCode,
          dealStartsIn: products.dealStartsIn,
          dealExpiresIn: products.dealExpiresIn,
          currentPrice: products.currentPrice,
          previousPrice: products.previousPrice,
          discount: discountPercent,
          link: products.link,
          categoryId: products.categoryId,
          category: categories.name,
          productTypes: productTypesJson,
          additionalInformation: products.additionalInformation,
          dateTimeAdded: products.dateTimeAdded,
          images: imagesJson,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(products.id, productId), liveOnly ? isLive : undefined));
      if (!row) return null;
      return {
        ...row,
        filePath: row.images.find((image) => image.isPreviewImage)?.filePath ?? row.images[0]?.filePath ?? null,
        productType: row.productTypes.map((type) => type.name).join(', '),
        dealStartsIn: isoOrNull(row.dealStartsIn),
        dealExpiresIn: isoOrNull(row.dealExpiresIn),
        dateTimeAdded: iso(row.dateTimeAdded),
      };
    },

    /** Who added the deal (null when that user is gone), or null when the deal does not exist. */
    async ownerOf(productId: number): Promise<{ addedById: number | null } | null> {
      const [row] = await db.select({ addedById: products.addedById }).from(products).where(eq(products.id, productId));
      return row ?? null;
    },

    /** The deal an image belongs to, or null when the image does not exist. */
    async productIdOfImage(imageId: number): Promise<number | null> {
      const [row] = await db.select({ productId: productImages.productId }).from(productImages).where(eq(productImages.id, imageId));
      return row?.productId ?? null;
    },

    /** Which of these references are missing: the store, and any of the product types. */
    async missingReferences(categoryId: number, productTypeIds: readonly number[]): Promise<{ store: boolean; productTypes: boolean }> {
      const [store] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
      const found = await db.select({ id: productTypes.id }).from(productTypes).where(inArray(productTypes.id, [...productTypeIds]));
      return { store: !store, productTypes: found.length !== new Set(productTypeIds).size };
    },

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

export type DealsRepository = ReturnType<typeof createDealsRepository>;

/** The `config.rule` of every route guarded by `dealOwnerOrAdmin` (printed in the README matrix). */
export const OWN_DEAL_RULE = 'own deal unless admin';

/** Finds the deal a request is about (from its validated query or body); null when there is none. */
export type DealLocator = (request: FastifyRequest) => number | null | Promise<number | null>;

/** Reads a validated id field of the query or body, e.g. `idFrom('query', 'productId')`. */
export function idFrom(source: 'query' | 'body', field: string): (request: FastifyRequest) => number | null {
  return (request) => {
    const value = (request[source] as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'number' && Number.isInteger(value) ? value : null;
  };
}

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

/**
 * Stores uploads (each checked by the image store: 415/413 on a bad one), then runs `write` with
 * their names. When a file is refused or `write` fails, the names stored so far are released, so a
 * rejected request leaves no file behind.
 */
export async function withStoredImages<T>(images: ImageStore, uploads: readonly Buffer[], write: (names: string[]) => Promise<T>): Promise<T> {
  const names: string[] = [];
  try {
    for (const upload of uploads) names.push(await images.save(upload));
    return await write(names);
  } catch (error) {
    await images.release(names);
    throw error;
  }
}

/** The ownership rule itself, apart from any request. */
export function mayChangeDeal(viewer: { userId: number; isAdmin: boolean }, deal: { addedById: number | null }): boolean {
  return viewer.isAdmin || (deal.addedById !== null && deal.addedById === viewer.userId);
}

export default fp(
  async (fastify) => {
    // Issue 20: each write's audit entry ('create', 'update' or 'restore', 'delete') and revision.
    const journal: DealJournal = async (tx, { request, revision = 'save' }, productId, before, after) => {
      const action = before === null ? 'create' : after === null ? 'delete' : revision === 'restore' ? 'restore' : 'update';
      await fastify.audit.record(tx, request, { action, recordType: 'deal', recordId: productId, changes: fieldChanges(before, after) });
      if (after) {
        await fastify.revisions.record(tx, { recordType: 'deal', recordId: productId, action: before === null ? 'create' : revision, snapshot: after, actor: actorOf(request) });
      }
    };
    const deals = createDealsRepository(fastify.db, fastify.dealGoLive, journal);
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
