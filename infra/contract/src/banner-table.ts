/**
 * The banners alone as a server-side table: `GET Banner/GetAllBanners` with `page` (or
 * `pageSize`) answers one page of the banners matching these filters, sorted by these keys;
 * `Banner/ExportBannersCsv` streams them all. (The content-sections screen lists banners with the
 * content sections, through `ContentSection/GetAllContentSections`.)
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsActiveQuerySchema } from './common.ts';
import { TextFilter, tableExportQuerySchema, tableQuerySchema, type TableQuery } from './tables.ts';

export const BANNER_TABLE_SORT_KEYS = ['name', 'bannerItemCount', 'isActive'] as const;
export type BannerTableSortKey = (typeof BANNER_TABLE_SORT_KEYS)[number];

const BannerTableFilters = Type.Object({ name: TextFilter() });
export const BANNER_TABLE_FILTERS = BannerTableFilters.properties;
export type BannerTableQuery = TableQuery<BannerTableSortKey> & Static<typeof BannerTableFilters>;

/** `GET Banner/GetAllBanners`: the `isActive` flag, and the table's query. */
export const GetAllBannersQuerySchema = tableQuerySchema(BANNER_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...BANNER_TABLE_FILTERS });
export type GetAllBannersQuery = Static<typeof GetAllBannersQuerySchema>;

/** Download CSV of the banners (`GET Banner/ExportBannersCsv`). */
export const ExportBannersQuerySchema = tableExportQuerySchema(BANNER_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...BANNER_TABLE_FILTERS });
export type ExportBannersQuery = Static<typeof ExportBannersQuerySchema>;
