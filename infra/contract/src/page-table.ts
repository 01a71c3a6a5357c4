/**
 * The admin Pages and Blogs tables as server-side tables: `GET Page/GetAllPages` and
 * `GET Blog/GetAllBlogs` with `page` (or `pageSize`) answer one page of the rows matching these
 * filters, sorted by these keys; `Page/ExportPagesCsv` and `Blog/ExportBlogsCsv` stream them all.
 * Pages and blogs are one table with the same calls, so they share one query.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IsActiveQuerySchema } from './common.ts';
import { DateFilter, TextFilter, tableExportQuerySchema, tableQuerySchema, type TableQuery } from './tables.ts';

/** Sorting keys of the pages and blogs tables (the list columns). */
export const PAGE_TABLE_SORT_KEYS = ['name', 'title', 'url', 'addedBy', 'addedOn', 'isActive'] as const;
export type PageTableSortKey = (typeof PAGE_TABLE_SORT_KEYS)[number];

const PageTableFilters = Type.Object({
  name: TextFilter(),
  title: TextFilter(),
  url: TextFilter(),
  /** Added by: part of the author's full name. */
  addedBy: TextFilter(),
  addedFrom: DateFilter(),
  addedTo: DateFilter(),
});
export const PAGE_TABLE_FILTERS = PageTableFilters.properties;
export type PageTableQuery = TableQuery<PageTableSortKey> & Static<typeof PageTableFilters>;

/** `GET Page/GetAllPages`, `GET Blog/GetAllBlogs`: the spec's `isActive`, and the table's query. */
export const GetAllPagesQuerySchema = tableQuerySchema(PAGE_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...PAGE_TABLE_FILTERS });
export type GetAllPagesQuery = Static<typeof GetAllPagesQuerySchema>;

/** Download CSV of the pages or blogs table (`Page/ExportPagesCsv`, `Blog/ExportBlogsCsv`). */
export const ExportPagesQuerySchema = tableExportQuerySchema(PAGE_TABLE_SORT_KEYS, { ...IsActiveQuerySchema.properties, ...PAGE_TABLE_FILTERS });
export type ExportPagesQuery = Static<typeof ExportPagesQuerySchema>;
