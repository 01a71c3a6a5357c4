import type { FormFieldValue } from '@deals/shared-auth/client';
import { layoutAndButtonFields, type SectionFormValues } from '../../components/section-fields/sectionForm';

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
