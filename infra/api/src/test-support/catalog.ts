/**
 * Catalogue fixtures for the Category, ProductType and FeaturedSection tests: rows inserted straight
 * into the database (answering their ids), a deal with its types and images, and a look at the
 * uploads folder to prove what was (not) written.
 */
import type { FastifyInstance } from 'fastify';
import { isStored, storedKeys } from './uploads.js';
import { categories, featuredSectionProducts, featuredSections, productImages, productProductTypes, products, productTypes } from '../db/schema.js';

let sequence = 0;

export async function addStore(app: FastifyInstance, values: Partial<typeof categories.$inferInsert> = {}): Promise<number> {
  await app.ready();
  const [row] = await app.db
    .insert(categories)
    .values({ name: `Fixture store ${++sequence}`, ...values })
    .returning({ id: categories.id });
  if (!row) throw new Error('store insert returned nothing');
  return row.id;
}

export async function addProductType(app: FastifyInstance, values: Partial<typeof productTypes.$inferInsert> = {}): Promise<number> {
  await app.ready();
  const [row] = await app.db
    .insert(productTypes)
    .values({ name: `Fixture type ${++sequence}`, ...values })
    .returning({ id: productTypes.id });
  if (!row) throw new Error('product type insert returned nothing');
  return row.id;
}

export async function addFeaturedSection(app: FastifyInstance, values: Partial<typeof featuredSections.$inferInsert> = {}): Promise<number> {
  await app.ready();
  const [row] = await app.db
    .insert(featuredSections)
    .values({ name: `Fixture section ${++sequence}`, ...values })
    .returning({ id: featuredSections.id });
  if (!row) throw new Error('featured section insert returned nothing');
  return row.id;
}

export interface DealFixture extends Partial<Omit<typeof products.$inferInsert, 'discount' | 'searchText' | 'categoryId'>> {
  categoryId: number;
  productTypeIds?: number[];
  images?: Array<{ filePath: string; isPreviewImage?: boolean }>;
}

/** A deal with its product types and images (file paths only: no files are written). */
export async function addDeal(app: FastifyInstance, { productTypeIds = [], images = [], ...values }: DealFixture): Promise<number> {
  await app.ready();
  const n = ++sequence;
  const [row] = await app.db
    .insert(products)
    .values({ name: `Fixture deal ${n}`, currentPrice: 10, previousPrice: 20, link: `https://example.com/${n}`, ...values })
    .returning({ id: products.id });
  if (!row) throw new Error('deal insert returned nothing');
  if (productTypeIds.length > 0) await app.db.insert(productProductTypes).values(productTypeIds.map((productTypeId) => ({ productId: row.id, productTypeId })));
  if (images.length > 0) await app.db.insert(productImages).values(images.map((image) => ({ productId: row.id, filePath: image.filePath, isPreviewImage: image.isPreviewImage ?? false })));
  return row.id;
}

/** Links deals to a section directly, in the given order. */
export async function linkDeals(app: FastifyInstance, featuredSectionId: number, productIds: number[]): Promise<void> {
  await app.db.insert(featuredSectionProducts).values(productIds.map((productId, sortOrder) => ({ featuredSectionId, productId, sortOrder })));
}

/** The keys in the uploads store, sorted. */
export const storedFiles = storedKeys;

/** Whether a stored image (by its name) is in the uploads store. */
export const fileExists = isStored;
