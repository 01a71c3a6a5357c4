/**
 * Deal fixtures for route tests: a store, product types and deals inserted straight into the
 * database (no image processing), e.g.
 *
 *   const store = await insertStore(app);
 *   const type = await insertProductType(app, { name: 'Laptops' });
 *   const id = await insertDeal(app, { categoryId: store, productTypeIds: [type], addedById: staff.id });
 *
 * Every insert answers the new id; `insertDeal` creates a store and a product type when none is
 * given and refreshes the deal's search text as the API does.
 */
import type { FastifyInstance } from 'fastify';
import { categories, productImages, productProductTypes, productTypes, products } from '../db/schema.js';
import { refreshSearchText } from '../db/search-text.js';

let sequence = 0;
const next = () => ++sequence;

export async function insertStore(app: FastifyInstance, overrides: Partial<typeof categories.$inferInsert> = {}): Promise<number> {
  await app.ready();
  const [row] = await app.db
    .insert(categories)
    .values({ name: `Store ${next()}`, ...overrides })
    .returning({ id: categories.id });
  if (!row) throw new Error('store insert returned nothing');
  return row.id;
}

export async function insertProductType(app: FastifyInstance, overrides: Partial<typeof productTypes.$inferInsert> = {}): Promise<number> {
  await app.ready();
  const [row] = await app.db
    .insert(productTypes)
    .values({ name: `Product type ${next()}`, ...overrides })
    .returning({ id: productTypes.id });
  if (!row) throw new Error('product type insert returned nothing');
  return row.id;
}

export type DealOverrides = Partial<Omit<typeof products.$inferInsert, 'discount' | 'searchText'>> & {
  productTypeIds?: number[];
  /** Stored image names (`<32 hex>.<ext>`); the first becomes the preview unless `previewIndex` says otherwise (-1: none). */
  images?: string[];
  previewIndex?: number;
};

/** A live deal by default: active, no start or expiry, $80 down from $100. */
export async function insertDeal(app: FastifyInstance, overrides: DealOverrides = {}): Promise<number> {
  await app.ready();
  const { productTypeIds, images = [], previewIndex = 0, ...fields } = overrides;
  const categoryId = fields.categoryId ?? (await insertStore(app));
  const typeIds = productTypeIds ?? [await insertProductType(app)];
  const n = next();
  const [row] = await app.db
    .insert(products)
    .values({ name: `Deal ${n}`, currentPrice: 80, previousPrice: 100, link: `https://example.com/deal/${n}`, ...fields, categoryId })
    .returning({ id: products.id });
  if (!row) throw new Error('deal insert returned nothing');
  if (typeIds.length > 0) await app.db.insert(productProductTypes).values(typeIds.map((productTypeId) => ({ productId: row.id, productTypeId })));
  if (images.length > 0) {
    await app.db.insert(productImages).values(images.map((filePath, index) => ({ productId: row.id, filePath, isPreviewImage: index === previewIndex })));
  }
  await refreshSearchText(app.db, { productIds: [row.id] });
  return row.id;
}

/** A stored-looking image name (not a real file) for rows that only need a path. */
export function fakeImageName(seed: number | string = next()): string {
  const hex = Buffer.from(String(seed)).toString('hex').padEnd(32, '0').slice(0, 32);
  return `${hex}.png`;
}
