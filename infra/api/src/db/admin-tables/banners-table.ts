/**
 * The banners alone (`GET Banner/GetAllBanners?page=…`, `Banner/ExportBannersCsv`): filters, sorts
 * and row JSON (`BannerListItem`, as the unpaged call writes it).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import type { BannerTableQuery, BannerTableSortKey } from '@deals/contract/banner-table';
import type { BannerSummary } from '@deals/contract/sections';
import { yesNo } from '../../lib/csv-export.js';
import { containsPattern, isoText, type AdminTable } from './table.js';

export type BannerTableFilter = BannerTableQuery & { isActive?: boolean | undefined };

const itemCount = sql`(SELECT count(*) FROM banner_items i WHERE i.banner_id = b.id)::int`;

function bannersWhere(query: BannerTableFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.isActive !== undefined) conditions.push(sql`b.is_active = ${query.isActive}`);
  if (query.name?.trim()) conditions.push(sql`b.name ILIKE ${containsPattern(query.name.trim())}`);
  return sql.join(conditions, sql` AND `);
}

export const BANNERS_TABLE: AdminTable<BannerTableFilter, BannerTableSortKey> = {
  id: sql`b.id`,
  from: (query) => sql`FROM banners b WHERE ${bannersWhere(query)}`,
  sort: { name: sql`lower(b.name)`, bannerItemCount: itemCount, isActive: sql`b.is_active` },
  nullable: [],
  defaultSort: 'name',
  defaultOrder: 'asc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', b.id, 'name', b.name, 'isActive', b.is_active, 'pageId', b.page_id, 'blogId', b.blog_id, 'bannerItemCount', ${itemCount},
      'hasDraft', b.draft IS NOT NULL, 'publishAt', ${isoText('b.publish_at')}, 'unpublishAt', ${isoText('b.unpublish_at')}
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    JOIN banners b ON b.id = page.id`,
};

export function bannerCsvColumns(): CsvColumn<BannerSummary>[] {
  return [
    { title: 'Id', value: (banner) => banner.id },
    { title: 'Name', value: (banner) => banner.name },
    { title: 'Banner Items', value: (banner) => banner.bannerItemCount },
    { title: 'Is Active?', value: (banner) => yesNo(banner.isActive) },
  ];
}
