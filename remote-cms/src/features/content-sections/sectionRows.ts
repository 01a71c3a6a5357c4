import { CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import type { SectionTableKind, SectionTableRow } from '@deals/contract/section-table';
import type { TablePage } from '@deals/contract/tables';
import type { ServerTableSpec } from '@deals/shared-auth/ui';
import { bannerEditPath, contentSectionEditPath } from '../../components/section-fields/paths';
import { fetchSectionTablePage } from './api';

// The content-sections screen lists content sections and banners in one table (spec 2 §2), paged,
// filtered and sorted by the API (`GET ContentSection/GetAllContentSections?page=…`).

export type SectionKind = SectionTableKind;

export const KIND_LABELS: Record<SectionKind, string> = { CONTENT_SECTION: 'Content Section', BANNER: 'Banner' };

export interface SectionRow {
  /** Unique across both kinds. */
  key: string;
  kind: SectionKind;
  id: number;
  name: string;
  /** The type as the pickers show it; banners are Dynamic Banners (§4). */
  typeLabel: string;
  isActive: boolean;
  /** The editorial tags: "Changes not published", and the scheduled publish and unpublish. */
  hasDraft?: boolean;
  publishAt?: string | null;
  unpublishAt?: string | null;
}

export const sectionRow = (row: SectionTableRow): SectionRow => ({
  key: `${row.kind === 'BANNER' ? 'banner' : 'section'}-${row.id}`,
  kind: row.kind,
  id: row.id,
  name: row.name,
  typeLabel: CONTENT_SECTION_TYPE_LABELS[row.type] ?? row.type,
  isActive: row.isActive,
  hasDraft: row.hasDraft,
  publishAt: row.publishAt,
  unpublishAt: row.unpublishAt,
});

/** One page of the table (both kinds), as the screen's rows. */
export async function fetchSectionRowsPage(query: Record<string, unknown>): Promise<TablePage<SectionRow>> {
  const page = await fetchSectionTablePage(query);
  return { ...page, items: page.items.map(sectionRow) };
}

/**
 * The search form as the API takes it: kind, name, type (the select's value is the stored type)
 * and the active flag; the Type column sorts by the API's `type` key (by label).
 */
export const SECTION_TABLE_SPEC: ServerTableSpec = {
  fields: { kind: {}, name: {}, typeLabel: { param: 'type' }, isActive: {} },
  sortKeys: { typeLabel: 'type' },
};

export const editPathOf = (row: SectionRow) => (row.kind === 'BANNER' ? bannerEditPath(row.id) : contentSectionEditPath(row.id));

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
