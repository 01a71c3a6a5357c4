import type { EditorialState } from '@deals/contract';
import { ALIGNMENT_LABELS, BUTTON_ACTION_TYPE_LABELS, CONTENT_SECTION_TYPE_LABELS } from '@deals/contract/section-rules';
import type { FormFieldValue } from '@deals/shared-auth/client';
import { layoutAndButtonFields, type SectionFormValues } from '../../components/section-fields/sectionForm';
import type { ContentSection, ContentSectionDetail } from './api';

/**
 * The content-section form as the multipart body of Create/UpdateContentSection: Custom sections
 * send their raw HTML, the others their rich-text description.
 */
export function contentSectionFields(values: SectionFormValues): Record<string, FormFieldValue> {
  const custom = values.type === 'CONTENT_SECTION_CUSTOM';
  return {
    name: values.name.trim(),
    isActive: values.isActive,
    title: values.title.trim(),
    description: custom ? '' : values.description,
    rawHTML: custom ? values.rawHTML : '',
    ...layoutAndButtonFields(values),
  };
}

// Drafts: `GetContentSectionById` answers the published fields at the top level and the
// unpublished edits in `draft` (its raw HTML named `rawHtml`, the record's `rawHTML`): the editor
// works on the draft when there is one.

/** What the editor edits: the draft over the published section when there is one, else the published section. */
export function editableSection(detail: ContentSectionDetail): ContentSection {
  const { draft } = detail;
  if (!draft) return detail;
  const { rawHtml, ...fields } = draft;
  return { ...detail, ...fields, rawHTML: rawHtml };
}

/** The section's editorial state (derived from the list fields when the API left it out). */
export function sectionEditorialOf(detail: ContentSectionDetail): EditorialState {
  return (
    detail.editorial ?? {
      hasDraft: detail.hasDraft ?? Boolean(detail.draft),
      draftSavedAt: null,
      draftSavedBy: null,
      publishAt: detail.publishAt ?? null,
      unpublishAt: detail.unpublishAt ?? null,
      publishedAt: null,
    }
  );
}

/** The revision history's field labels (the snapshot's names): the form's own labels, in the form's order. */
export const CONTENT_SECTION_HISTORY_LABELS: Record<string, string> = {
  name: 'Content Section Name',
  type: 'Type',
  isActive: 'Is Active?',
  title: 'Title',
  description: 'Content Details',
  rawHtml: 'Custom HTML',
  alignment: 'Alignment',
  isPadded: 'Is Padded?',
  isFloatingCard: 'Is Floating Card?',
  isTextOnly: 'Is Text Only?',
  hasRoundedCorners: 'Has Rounded Corners?',
  imagePath: 'Image',
  primaryButtonText: 'Primary Button Text',
  primaryButtonActionType: 'Primary Action Type',
  primaryButtonLink: 'Primary Action Link',
  secondaryButtonText: 'Secondary Button Text',
  secondaryButtonActionType: 'Secondary Action Type',
  secondaryButtonLink: 'Secondary Action Link',
};

/** Fields the history shows as a word diff. */
export const CONTENT_SECTION_RICH_TEXT_FIELDS = ['description', 'rawHtml'];

const VALUE_LABELS: Record<string, Record<string, string>> = {
  type: CONTENT_SECTION_TYPE_LABELS,
  alignment: ALIGNMENT_LABELS,
  primaryButtonActionType: BUTTON_ACTION_TYPE_LABELS,
  secondaryButtonActionType: BUTTON_ACTION_TYPE_LABELS,
};

/** The history's values as the form's pickers name them (type, alignment, action types). */
export function formatSectionHistoryValue(field: string, value: unknown): string | undefined {
  return typeof value === 'string' ? VALUE_LABELS[field]?.[value] : undefined;
}
