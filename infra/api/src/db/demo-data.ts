/**
 * Believable demo content for an empty database (`DEMO_DATA=true`): company settings with a logo
 * and icon, 12 stores, 10 product categories, 300 deals with pictures, 4 featured sections, two
 * pages and three blogs built from content sections and a dynamic banner, the menu and the footer
 * (content in ./demo/).
 *
 * Rules:
 * - Only an empty database is seeded; one with any catalogue or site content is never touched.
 * - Idempotent and race-safe: the single settings row doubles as the "already seeded" marker.
 *   Inserting it first serialises concurrent starters on its primary key, and the loser seeds
 *   nothing.
 * - Pictures are drawn locally (no network) and stored through the image store BEFORE the one
 *   transaction that writes every row; if that transaction does not seed, they are released.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { DEMO_SETTINGS, DEMO_STORE_NAMES } from './demo/catalog.js';
import { buildDemoDeals } from './demo/deals.js';
import { createDemoImages, imageOf, type DemoImageStore } from './demo/images.js';
import { insertCatalog, type Transaction } from './demo/insert-catalog.js';
import { insertSite } from './demo/insert-site.js';
import { siteAssets, users } from './schema.js';

export const DEMO_STORE_COUNT = DEMO_STORE_NAMES.length;

export interface SeedResult {
  seeded: boolean;
}

/** True when the database already holds content of its own (users do not count). */
async function hasContent(db: Pick<Database, 'execute'>): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM site_assets) OR EXISTS (SELECT 1 FROM categories)
      OR EXISTS (SELECT 1 FROM product_types) OR EXISTS (SELECT 1 FROM products)
      OR EXISTS (SELECT 1 FROM featured_sections) OR EXISTS (SELECT 1 FROM pages)
      OR EXISTS (SELECT 1 FROM content_sections) OR EXISTS (SELECT 1 FROM banners)
      OR EXISTS (SELECT 1 FROM menu_items) OR EXISTS (SELECT 1 FROM footer_items) AS has_content`);
  // Both drivers answer `{ rows }`.
  const [row] = (result as unknown as { rows: { has_content: boolean }[] }).rows;
  return row?.has_content === true;
}

/** The deals' and pages' author: the first active admin, when one exists. */
async function firstAdminId(tx: Transaction): Promise<number | null> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.id ?? null;
}

export async function seedDemoData(db: Database, images: DemoImageStore, now = new Date()): Promise<SeedResult> {
  // The usual start (content exists) costs one query and draws nothing.
  if (await hasContent(db)) return { seeded: false };

  const pictures = await createDemoImages(images);
  let seeded = false;
  try {
    seeded = await db.transaction(async (tx) => {
      if (await hasContent(tx)) return false;
      const inserted = await tx
        .insert(siteAssets)
        .values({ ...DEMO_SETTINGS, companyLogoPath: imageOf(pictures, 'logo'), companyIconPath: imageOf(pictures, 'icon') })
        .onConflictDoNothing({ target: siteAssets.id })
        .returning({ id: siteAssets.id });
      if (inserted.length === 0) return false;

      const addedById = await firstAdminId(tx);
      await insertCatalog(tx, pictures, buildDemoDeals(now), addedById);
      await insertSite(tx, pictures, addedById, now);
      return true;
    });
  } finally {
    // Not seeded (another starter won, or the transaction failed): drop the files nobody refers to.
    if (!seeded) await images.release(pictures.values());
  }
  return { seeded };
}
