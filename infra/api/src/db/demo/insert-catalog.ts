/** Inserts the demo catalogue: stores, product types, deals with images, featured sections. */
import type { Database } from '../client.js';
import { refreshSearchText } from '../search-text.js';
import {
  categories,
  featuredSectionProducts,
  featuredSections,
  productImages,
  productProductTypes,
  products,
  productTypes,
} from '../schema.js';
import { DEMO_CATEGORIES, DEMO_STORE_NAMES } from './catalog.js';
import type { DemoDeal } from './deals.js';
import { dealImageKey, featuredImageKey, imageOf, productTypeImageKey, storeImageKey, type DemoImages } from './images.js';
import { DEMO_FEATURED_SECTIONS } from './site-content.js';

/** The transaction handed to `db.transaction`'s callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Stores and categories whose new deals notify at once (a few, as a real site would set). */
const NOTIFYING_STORES = new Set(['Amazon', 'Best Buy']);
const NOTIFYING_CATEGORIES = new Set(['Electronics']);

/** Ids in insertion order: serial ids are drawn row by row, so sorting restores the VALUES order. */
const idsInOrder = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

export async function insertCatalog(
  tx: Transaction,
  images: DemoImages,
  deals: readonly DemoDeal[],
  addedById: number | null,
): Promise<{ productIds: number[] }> {
  const storeIds = idsInOrder(
    await tx
      .insert(categories)
      .values(
        DEMO_STORE_NAMES.map((name, i) => ({
          name,
          imageFilePath: imageOf(images, storeImageKey(i)),
          isActive: true,
          notifyImmediately: NOTIFYING_STORES.has(name),
          sortOrder: i + 1,
        })),
      )
      .returning({ id: categories.id }),
  );

  const typeIds = idsInOrder(
    await tx
      .insert(productTypes)
      .values(
        DEMO_CATEGORIES.map((category, i) => ({
          name: category.name,
          imageFilePath: imageOf(images, productTypeImageKey(i)),
          isActive: true,
          notifyImmediately: NOTIFYING_CATEGORIES.has(category.name),
          sortOrder: i + 1,
        })),
      )
      .returning({ id: productTypes.id }),
  );

  const categoryIndex = (name: string) => DEMO_CATEGORIES.findIndex((c) => c.name === name);
  const featured = DEMO_FEATURED_SECTIONS.map((section) => section.pick(deals, categoryIndex));
  const featuredDeals = new Set(featured.flat());

  const productIds = idsInOrder(
    await tx
      .insert(products)
      .values(
        deals.map((deal, i) => ({
          categoryId: storeIds[deal.storeIndex] as number,
          name: deal.name,
          additionalInformation: deal.additionalInformation,
          isFeatured: featuredDeals.has(i),
          currentPrice: deal.currentPrice,
          previousPrice: deal.previousPrice,
          promoCode: deal.promoCode,
          dealStartsIn: deal.dealStartsIn,
          dealExpiresIn: deal.dealExpiresIn,
          link: deal.link,
          keywords: deal.keywords,
          badgeText: deal.badgeText,
          badgeColor: deal.badgeColor,
          isActive: deal.isActive,
          likes: deal.likes,
          addedById,
          dateTimeAdded: deal.dateTimeAdded,
          dateTimeModified: deal.dateTimeAdded,
        })),
      )
      .returning({ id: products.id }),
  );

  await tx.insert(productProductTypes).values(
    deals.flatMap((deal, i) => deal.categoryIndexes.map((c) => ({ productId: productIds[i] as number, productTypeId: typeIds[c] as number }))),
  );
  await tx.insert(productImages).values(
    deals.flatMap((deal, i) =>
      deal.pictures.map((variant, n) => ({
        productId: productIds[i] as number,
        filePath: imageOf(images, dealImageKey(deal.categoryIndexes[0] as number, variant)),
        isPreviewImage: n === 0,
        createdAt: deal.dateTimeAdded,
      })),
    ),
  );

  const sectionIds = idsInOrder(
    await tx
      .insert(featuredSections)
      .values(DEMO_FEATURED_SECTIONS.map((section, i) => ({ name: section.name, imageFilePath: imageOf(images, featuredImageKey(i)), isActive: true, sortOrder: i + 1 })))
      .returning({ id: featuredSections.id }),
  );
  await tx.insert(featuredSectionProducts).values(
    featured.flatMap((dealIndexes, s) =>
      dealIndexes.map((dealIndex, order) => ({ featuredSectionId: sectionIds[s] as number, productId: productIds[dealIndex] as number, sortOrder: order + 1 })),
    ),
  );

  await refreshSearchText(tx, { productIds });
  return { productIds };
}
