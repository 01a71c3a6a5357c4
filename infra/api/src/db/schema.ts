/**
 * The database schema (one for both drivers). Migrations in ../../drizzle are generated from this
 * file with `npm run db:generate`; keep the SQL to what PostgreSQL 15 and PGlite both accept.
 */
export * from './schema/staff.js';
export * from './schema/catalog.js';
export * from './schema/content.js';
export * from './schema/push.js';
export * from './schema/deployment.js';
export * from './schema/clicks.js';
export * from './schema/history.js';
export * from './schema/trust.js';
export * from './schema/security.js';
export * from './schema/versions.js';
export * from './schema/affiliate.js';
export * from './schema/feeds.js';
export * from './schema/email.js';

import { type bannerItems, type contentSections, type pages, type siteAssets } from './schema/content.js';
import { type categories, type products } from './schema/catalog.js';
import { type users } from './schema/staff.js';

export type SiteAssetRow = typeof siteAssets.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type ContentSectionRow = typeof contentSections.$inferSelect;
export type BannerItemRow = typeof bannerItems.$inferSelect;
