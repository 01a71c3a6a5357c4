import type { EditorialState, Page, PageListItem, PageSnapshot } from './api';
import type { DocumentKind } from './kind';

// Drafts and publishing: a page's or blog's drafts, publishing and schedules as the editor and the lists read
// them. `GetPageById` answers the published fields at the top level and the unpublished edits in
// `draft`: the editor works on the draft when there is one.

/** What the editor edits: the draft when there is one, else the published fields. */
export function editableSnapshot(record: Page): PageSnapshot {
  return record.draft ?? record;
}

/** The record's editorial state (derived from the list fields when the API left it out). */
export function editorialOf(record: Page | PageListItem): EditorialState {
  if ('editorial' in record && record.editorial) return record.editorial;
  const draft = 'draft' in record ? record.draft : undefined;
  return {
    hasDraft: record.hasDraft ?? Boolean(draft),
    draftSavedAt: null,
    draftSavedBy: null,
    publishAt: record.publishAt ?? null,
    unpublishAt: record.unpublishAt ?? null,
    publishedAt: null,
  };
}

/** The revision history's field labels: the form's own labels, in the form's order. */
export function documentFieldLabels(kind: Pick<DocumentKind, 'texts' | 'hasTitle'>): Record<string, string> {
  return {
    name: kind.texts.nameLabel,
    ...(kind.hasTitle ? { title: 'Title' } : {}),
    url: 'Url',
    isActive: 'Is Active?',
    isBannerVisible: 'Is Banner Visible?',
    bannerColor: 'Banner Color',
    bannerImageFilePath: 'Banner Image',
    keywords: 'Keywords',
    description: 'Description',
  };
}

/** Fields the history shows as a word diff. */
export const DOCUMENT_RICH_TEXT_FIELDS = ['description'] as const;
