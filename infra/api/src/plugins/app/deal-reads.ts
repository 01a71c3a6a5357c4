/**
 * The deal reads of `fastify.deals`: the admin table and edit form, the pickers, the dashboard and
 * the public detail. Each answers a contract shape in one database round (product types and
 * images aggregated as JSON in the same query: no N+1).
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DASHBOARD_PAGE_SIZE,
  DEAL_PICKER_LIMIT,
  type DealCard,
  type DealDetail,
  type Product,
  type ProductSearchItem,
} from '@deals/contract';
import type { Database } from '../../db/client.js';
import { categories, dealPopularity, productImages, productTypes, products, users } from '../../db/schema.js';
import { oncePerRender } from '../../lib/render-scope.js';
import { dealCardText, jsonArrayText, PREVIEW_IMAGE_JOIN } from '../../db/deal-search-sql.js';
import { earningsJson } from '../../db/admin-tables/deals-table.js';
import { ceilDiscount, discountPercent, escapeLike, formColumns, imageColumns, imagesJson, iso, isoOrNull, isoText, isLive, previewJoin, productTypesJson, type DealImageRow } from '../../db/deal-columns.js';

export function createDealReads(db: Database) {
  /**
   * A deal in any state with whether it is live, read once per server render (the expired-deal
   * page asks for the detail, then for the availability).
   */
  function detailOf(productId: number): Promise<{ deal: DealDetail; live: boolean } | null> {
    return oncePerRender(`deal-detail:${productId}`, async () => {
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
          live: sql<boolean>`${isLive}`.mapWith(Boolean),
          verifiedAt: products.verifiedAt,
          successRate: dealPopularity.successRate,
          feedbackCount: dealPopularity.votes30d,
          lastWorkedAt: dealPopularity.lastWorkedAt,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(dealPopularity, eq(dealPopularity.productId, products.id))
        .where(eq(products.id, productId));
      if (!row) return null;
      const { live, ...deal } = row;
      return {
        live,
        deal: {
          ...deal,
          filePath: deal.images.find((image) => image.isPreviewImage)?.filePath ?? deal.images[0]?.filePath ?? null,
          productType: deal.productTypes.map((type) => type.name).join(', '),
          dealStartsIn: isoOrNull(deal.dealStartsIn),
          dealExpiresIn: isoOrNull(deal.dealExpiresIn),
          dateTimeAdded: iso(deal.dateTimeAdded),
          verifiedAt: isoOrNull(deal.verifiedAt),
          feedbackCount: deal.feedbackCount ?? 0,
          lastWorkedAt: isoOrNull(deal.lastWorkedAt),
        },
      };
    });
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
          'isActive', p.is_active, 'imageUrl', img.file_path, 'clicks7d', coalesce(dp.clicks_7d, 0),
          ${earningsJson}
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
          ...formColumns,
          discount: discountPercent,
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

    /** The dashboard's latest deals (any state) as cards, `DASHBOARD_PAGE_SIZE` from `skip`. */
    async dashboard(skip: number): Promise<DealCard[]> {
      const newest = sql`p.date_time_added DESC, p.id DESC`;
      const result = await db.execute(sql`SELECT ${jsonArrayText(dealCardText({ hot: false }), newest)} AS body
        FROM (SELECT p.* FROM products p ORDER BY ${newest} LIMIT ${DASHBOARD_PAGE_SIZE} OFFSET ${skip}) p ${PREVIEW_IMAGE_JOIN}`);
      // Both drivers answer `{ rows }`.
      return JSON.parse((result as unknown as { rows: Array<{ body: string }> }).rows[0]?.body ?? '[]') as DealCard[];
    },

    /** The public deal detail, or null; `liveOnly` hides inactive, future and expired deals. */
    async detail(productId: number, { liveOnly }: { liveOnly: boolean }): Promise<DealDetail | null> {
      const found = await detailOf(productId);
      if (!found || (liveOnly && !found.live)) return null;
      return found.deal;
    },

    /** Any deal that exists, with whether it is live (active, started, not expired); null when none has this id. */
    async availability(productId: number): Promise<{ deal: DealDetail; live: boolean } | null> {
      return detailOf(productId);
    },

    /** Who added the deal (null when that user is gone), or null when the deal does not exist. */
    async ownerOf(productId: number): Promise<{ addedById: number | null } | null> {
      const [row] = await db.select({ addedById: products.addedById }).from(products).where(eq(products.id, productId));
      return row ?? null;
    },

    /** One image of a deal, as the audit log records it. */
    async image(imageId: number): Promise<DealImageRow | null> {
      const [row] = await db.select(imageColumns).from(productImages).where(eq(productImages.id, imageId));
      return row ?? null;
    },

    async images(productId: number): Promise<DealImageRow[]> {
      return db.select(imageColumns).from(productImages).where(eq(productImages.productId, productId));
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
  };
}
