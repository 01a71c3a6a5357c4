import { CONTENT_SECTION_TYPE_LABELS, BANNER_PICKER_TYPES } from '@deals/api/contract/section-rules';
import type { CsvColumn } from '@deals/shared-auth';
import { containsText, flagIs, type TableQuery } from '@deals/shared-auth/ui';
import { bannerEditPath, contentSectionEditPath } from '../../components/section-fields/paths';
import { fetchBanners, fetchContentSections, type BannerSummary, type ContentSection } from './api';

// The content-sections screen lists content sections and banners in one table (spec 2 §2).

export type SectionKind = 'CONTENT_SECTION' | 'BANNER';

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
}

const BANNER_TYPE_LABEL = CONTENT_SECTION_TYPE_LABELS[BANNER_PICKER_TYPES[0] ?? 'CONTENT_SECTION_DYNAMIC_BANNER'];

export const sectionRow = (section: ContentSection): SectionRow => ({
  key: `section-${section.id}`,
  kind: 'CONTENT_SECTION',
  id: section.id,
  name: section.name,
  typeLabel: CONTENT_SECTION_TYPE_LABELS[section.type] ?? section.type,
  isActive: section.isActive,
});

export const bannerRow = (banner: BannerSummary): SectionRow => ({
  key: `banner-${banner.id}`,
  kind: 'BANNER',
  id: banner.id,
  name: banner.name,
  typeLabel: BANNER_TYPE_LABEL,
  isActive: banner.isActive,
});

/** Both lists, content sections first, each by name (as the API orders them). */
export async function fetchSectionRows(): Promise<SectionRow[]> {
  const [sections, banners] = await Promise.all([fetchContentSections(), fetchBanners()]);
  return [...sections.map(sectionRow), ...banners.map(bannerRow)];
}

export const editPathOf = (row: SectionRow) => (row.kind === 'BANNER' ? bannerEditPath(row.id) : contentSectionEditPath(row.id));

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const SECTION_TABLE_QUERY: TableQuery<SectionRow> = {
  filters: {
    kind: (row, value) => row.kind === value,
    name: containsText((row) => row.name),
    typeLabel: (row, value) => row.typeLabel === value,
    isActive: flagIs((row) => row.isActive),
  },
  sorters: {
    kind: (row) => KIND_LABELS[row.kind],
    name: (row) => row.name,
    typeLabel: (row) => row.typeLabel,
    isActive: (row) => row.isActive,
  },
};

export const SECTION_CSV_COLUMNS: CsvColumn<SectionRow>[] = [
  { title: 'Kind', value: (row) => KIND_LABELS[row.kind] },
  { title: 'Name', value: (row) => row.name },
  { title: 'Type', value: (row) => row.typeLabel },
  { title: 'Is Active?', value: (row) => yesNo(row.isActive) },
];
