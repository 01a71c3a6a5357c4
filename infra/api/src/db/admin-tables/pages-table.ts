/**
 * The admin Pages and Blogs tables (`GET Page/GetAllPages?page=…`, `Blog/GetAllBlogs?page=…` and
 * their CSV exports): filters, sorts and row JSON (`PageListItem`, as the unpaged spec call writes
 * it). Pages and blogs are one database table (`is_blog`); each kind is its own AdminTable.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import type { PageListItem } from '@deals/contract/pages';
import type { PageTableQuery, PageTableSortKey } from '@deals/contract/page-table';
import { yesNo } from '../../lib/csv-export.js';
import type { PageKind } from '../../plugins/app/page-rules.js';
import { containsPattern, isoText, type AdminTable } from './table.js';

export type PageTableFilter = PageTableQuery & { isActive?: boolean | undefined };

function pagesWhere(kind: PageKind, query: PageTableFilter): SQL {
  const conditions: SQL[] = [sql`p.is_blog = ${kind === 'blog'}`];
  if (query.isActive !== undefined) conditions.push(sql`p.is_active = ${query.isActive}`);
  if (query.name?.trim()) conditions.push(sql`p.name ILIKE ${containsPattern(query.name.trim())}`);
  if (query.title?.trim()) conditions.push(sql`p.title ILIKE ${containsPattern(query.title.trim())}`);
  if (query.url?.trim()) conditions.push(sql`p.url ILIKE ${containsPattern(query.url.trim())}`);
  if (query.addedBy?.trim()) conditions.push(sql`EXISTS (SELECT 1 FROM users a WHERE a.id = p.added_by_id AND a.full_name ILIKE ${containsPattern(query.addedBy.trim())})`);
  if (query.addedFrom) conditions.push(sql`p.added_on >= ${query.addedFrom}::timestamptz`);
  if (query.addedTo) conditions.push(sql`p.added_on <= ${query.addedTo}::timestamptz`);
  return sql.join(conditions, sql` AND `);
}

/** The table of one kind: pages default to name order, blogs to newest first (as the spec calls list them). */
function pagesTable(kind: PageKind): AdminTable<PageTableFilter, PageTableSortKey> {
  return {
    id: sql`p.id`,
    from: (query, sortBy) => sql`FROM pages p
      ${sortBy === 'addedBy' ? sql`LEFT JOIN users u ON u.id = p.added_by_id` : sql``}
      WHERE ${pagesWhere(kind, query)}`,
    sort: {
      name: sql`lower(p.name)`,
      title: sql`lower(p.title)`,
      url: sql`lower(p.url)`,
      addedBy: sql`lower(u.full_name)`,
      addedOn: sql`p.added_on`,
      isActive: sql`p.is_active`,
    },
    nullable: ['title', 'addedBy'],
    defaultSort: kind === 'blog' ? 'addedOn' : 'name',
    defaultOrder: kind === 'blog' ? 'desc' : 'asc',
    rowsJson: (page) => sql`
      SELECT coalesce(json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'title', p.title, 'url', p.url,
        'isBannerVisible', p.is_banner_visible, 'bannerImageFilePath', p.banner_image_file_path, 'bannerColor', p.banner_color,
        'keywords', p.keywords, 'description', p.description, 'isActive', p.is_active, 'isBlog', p.is_blog,
        'addedById', p.added_by_id, 'addedBy', u.full_name, 'addedOn', ${isoText('p.added_on')},
        'hasDraft', p.draft IS NOT NULL, 'publishAt', ${isoText('p.publish_at')}, 'unpublishAt', ${isoText('p.unpublish_at')}
      ) ORDER BY page.n), '[]'::json)
      FROM ${page}
      JOIN pages p ON p.id = page.id
      LEFT JOIN users u ON u.id = p.added_by_id`,
  };
}

export const PAGES_TABLE = pagesTable('page');
export const BLOGS_TABLE = pagesTable('blog');

/** Download CSV of the Pages table: the columns as shown (no Actions). */
export function pageCsvColumns(): CsvColumn<PageListItem>[] {
  return [
    { title: 'Id', value: (page) => page.id },
    { title: 'Page Name', value: (page) => page.name },
    { title: 'Title', value: (page) => page.title },
    { title: 'Url', value: (page) => page.url },
    { title: 'Is Active?', value: (page) => yesNo(page.isActive) },
  ];
}

/** Download CSV of the Blogs table: the columns as shown (no Actions) and the url, dates in the viewer's zone. */
export function blogCsvColumns(dateTime: (stamp: string | null) => string): CsvColumn<PageListItem>[] {
  return [
    { title: 'Id', value: (blog) => blog.id },
    { title: 'Blog Name', value: (blog) => blog.name },
    { title: 'Url', value: (blog) => blog.url },
    { title: 'Added By', value: (blog) => blog.addedBy },
    { title: 'Added On', value: (blog) => dateTime(blog.addedOn) },
    { title: 'Is Active?', value: (blog) => yesNo(blog.isActive) },
  ];
}
