/**
 * Rows for the public search and site-info tests, inserted directly with Drizzle (search_text
 * refreshed as the deals service would), so those tests do not depend on the write routes.
 */
import type { FastifyInstance } from 'fastify';
import {
  categories,
  featuredSectionProducts,
  featuredSections,
  productImages,
  productProductTypes,
  productTypes,
  products,
} from '../db/schema.js';
import { refreshSearchText } from '../db/search-text.js';

const HOUR = 3_600_000;
/** A fixed "added" clock: deal n of a test is added n hours after it, so newest-first is predictable. */
export const BASE_TIME = Date.parse('2025-01-01T00:00:00.000Z');

export async function addStore(app: FastifyInstance, name: string, options: { isActive?: boolean; sortOrder?: number; imageFilePath?: string } = {}) {
  const [row] = await app.db
    .insert(categories)
    .values({ name, isActive: options.isActive ?? true, sortOrder: options.sortOrder ?? 0, imageFilePath: options.imageFilePath ?? null })
    .returning({ id: categories.id });
  return row!.id;
}

export async function addProductType(app: FastifyInstance, name: string, options: { isActive?: boolean; sortOrder?: number; imageFilePath?: string } = {}) {
  const [row] = await app.db
    .insert(productTypes)
    .values({ name, isActive: options.isActive ?? true, sortOrder: options.sortOrder ?? 0, imageFilePath: options.imageFilePath ?? null })
    .returning({ id: productTypes.id });
  return row!.id;
}

export interface DealSeed {
  storeId: number;
  name: string;
  typeIds?: number[];
  keywords?: string | null;
  currentPrice?: number;
  previousPrice?: number;
  isActive?: boolean;
  dealStartsIn?: Date | null;
  dealExpiresIn?: Date | null;
  /** Hours after BASE_TIME. */
  addedHour?: number;
  promoCode?: string | null;
  badgeText?: string | null;
  likes?: number;
  /** Preview image name; `null` for none. Default `<name-ish>.webp`. */
  image?: string | null;
}

/** Inserts a deal with its product types and preview image; answers its id. */
export async function addDeal(app: FastifyInstance, seed: DealSeed): Promise<number> {
  const [row] = await app.db
    .insert(products)
    .values({
      categoryId: seed.storeId,
      name: seed.name,
      keywords: seed.keywords ?? null,
      currentPrice: seed.currentPrice ?? 10,
      previousPrice: seed.previousPrice ?? 20,
      isActive: seed.isActive ?? true,
      dealStartsIn: seed.dealStartsIn ?? null,
      dealExpiresIn: seed.dealExpiresIn ?? null,
      dateTimeAdded: new Date(BASE_TIME + (seed.addedHour ?? 0) * HOUR),
      link: 'https://shop.example/deal',
      promoCode: seed.promoCode ?? null,
      badgeText: seed.badgeText ?? null,
      likes: seed.likes ?? 0,
    })
    .returning({ id: products.id });
  const id = row!.id;
  if (seed.typeIds?.length) await app.db.insert(productProductTypes).values(seed.typeIds.map((productTypeId) => ({ productId: id, productTypeId })));
  const image = seed.image === undefined ? `deal-${id}.webp` : seed.image;
  if (image !== null) await app.db.insert(productImages).values({ productId: id, filePath: image, isPreviewImage: true });
  await refreshSearchText(app.db, { productIds: [id] });
  return id;
}

export async function addFeaturedSection(
  app: FastifyInstance,
  name: string,
  dealIds: number[],
  options: { isActive?: boolean; sortOrder?: number } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(featuredSections)
    .values({ name, isActive: options.isActive ?? true, sortOrder: options.sortOrder ?? 0, imageFilePath: `${name}.webp` })
    .returning({ id: featuredSections.id });
  const id = row!.id;
  if (dealIds.length > 0) {
    await app.db.insert(featuredSectionProducts).values(dealIds.map((productId, index) => ({ featuredSectionId: id, productId, sortOrder: index })));
  }
  return id;
}

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR);
