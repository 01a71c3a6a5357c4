/**
 * The content-sections screen's table (`GET ContentSection/GetAllContentSections?page=…` and
 * `ContentSection/ExportContentSectionsCsv`): content sections and banners in one list. The id
 * query reads both as one set, a banner's id negated so ids stay unique (`s.id`); the rows are read
 * back from each table by its primary key. Editorial drafts: each row also says whether it has unpublished
 * changes (`hasDraft`) and its schedule.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvColumn } from '@deals/contract/csv';
import { CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import { SECTION_TABLE_BANNER_TYPE, type SectionTableKind, type SectionTableQuery, type SectionTableRow, type SectionTableSortKey } from '@deals/contract/section-table';
import { yesNo } from '../../lib/csv-export.js';
import { containsPattern, isoText, type AdminTable } from './table.js';

export type SectionTableFilter = SectionTableQuery & { isActive?: boolean | undefined };
/** `listOrder` is the default (content sections first, each kind by name); the query cannot ask for it by name. */
export type SectionTableOrder = SectionTableSortKey | 'listOrder';

export const SECTION_KIND_LABELS: Record<SectionTableKind, string> = { CONTENT_SECTION: 'Content Section', BANNER: 'Banner' };

const BOTH_KINDS = sql`(
  SELECT cs.id AS id, 'CONTENT_SECTION' AS kind, cs.name AS name, cs.type AS type, cs.is_active AS is_active FROM content_sections cs
  UNION ALL
  SELECT -b.id, 'BANNER', b.name, ${SECTION_TABLE_BANNER_TYPE}::varchar, b.is_active FROM banners b
) s`;

/** A type's label, as the screen shows and sorts it. */
const typeLabel = sql`CASE s.type ${sql.join(
  Object.entries(CONTENT_SECTION_TYPE_LABELS).map(([type, label]) => sql`WHEN ${type} THEN ${label}`),
  sql` `,
)} ELSE s.type END`;
const kindLabel = sql`CASE s.kind WHEN 'BANNER' THEN ${SECTION_KIND_LABELS.BANNER} ELSE ${SECTION_KIND_LABELS.CONTENT_SECTION} END`;

function sectionsWhere(query: SectionTableFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.isActive !== undefined) conditions.push(sql`s.is_active = ${query.isActive}`);
  if (query.kind) conditions.push(sql`s.kind = ${query.kind}`);
  if (query.name?.trim()) conditions.push(sql`s.name ILIKE ${containsPattern(query.name.trim())}`);
  if (query.type) conditions.push(sql`s.type = ${query.type}`);
  return sql.join(conditions, sql` AND `);
}

export const SECTIONS_TABLE: AdminTable<SectionTableFilter, SectionTableOrder> = {
  id: sql`s.id`,
  from: (query) => sql`FROM ${BOTH_KINDS} WHERE ${sectionsWhere(query)}`,
  sort: {
    // A row value sorts by its fields in turn, both ways.
    listOrder: sql`(s.kind = 'BANNER', lower(s.name))`,
    kind: sql`(${kindLabel}, lower(s.name))`,
    name: sql`lower(s.name)`,
    type: sql`(${typeLabel}, lower(s.name))`,
    isActive: sql`s.is_active`,
  },
  nullable: [],
  defaultSort: 'listOrder',
  defaultOrder: 'asc',
  rowsJson: (page) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'kind', CASE WHEN cs.id IS NOT NULL THEN 'CONTENT_SECTION' ELSE 'BANNER' END,
      'id', coalesce(cs.id, b.id), 'name', coalesce(cs.name, b.name),
      'type', coalesce(cs.type, ${SECTION_TABLE_BANNER_TYPE}::varchar), 'isActive', coalesce(cs.is_active, b.is_active),
      'hasDraft', CASE WHEN cs.id IS NOT NULL THEN cs.draft IS NOT NULL ELSE b.draft IS NOT NULL END,
      'publishAt', ${isoText('coalesce(cs.publish_at, b.publish_at)')}, 'unpublishAt', ${isoText('coalesce(cs.unpublish_at, b.unpublish_at)')}
    ) ORDER BY page.n), '[]'::json)
    FROM ${page}
    LEFT JOIN content_sections cs ON page.id > 0 AND cs.id = page.id
    LEFT JOIN banners b ON page.id < 0 AND b.id = -page.id
    WHERE cs.id IS NOT NULL OR b.id IS NOT NULL`,
};

/** Download CSV of the content-sections screen: its columns as shown (no Actions). */
export function sectionCsvColumns(): CsvColumn<SectionTableRow>[] {
  return [
    { title: 'Kind', value: (row) => SECTION_KIND_LABELS[row.kind] },
    { title: 'Id', value: (row) => row.id },
    { title: 'Name', value: (row) => row.name },
    { title: 'Type', value: (row) => CONTENT_SECTION_TYPE_LABELS[row.type] ?? row.type },
    { title: 'Is Active?', value: (row) => yesNo(row.isActive) },
  ];
}
