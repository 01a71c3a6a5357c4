import { useMemo, type JSX } from 'react';
import { EditorialTags as RecordEditorialTags, PublishingBar as RecordPublishingBar, type EditorialCalls } from '../publishing';
import type { Page } from './api';
import { DOCUMENT_RICH_TEXT_FIELDS, documentFieldLabels, editorialOf } from './editorial';
import type { DocumentKind } from './kind';

// Drafts and publishing: the generic publishing bar (components/publishing) bound to a page or blog: its calls
// (with Share Preview Link), its revision type and the form's field labels.

interface DocumentPublishingBarProps {
  kind: DocumentKind;
  record: Page;
  /** Reloads the record (and with it the form) after the state changed. */
  onChanged: () => void;
}

/** The status tags of a page or blog. */
export function EditorialTags({ kind, record }: { kind: DocumentKind; record: Page }): JSX.Element {
  return <RecordEditorialTags noun={kind.texts.noun.toLowerCase()} isActive={record.isActive} editorial={editorialOf(record)} />;
}

/** The bar above the page or blog form (edit mode). */
export function PublishingBar({ kind, record, onChanged }: DocumentPublishingBarProps): JSX.Element {
  const { api } = kind;
  const id = record.id;
  const calls = useMemo<EditorialCalls>(
    () => ({
      publish: () => api.publish(id),
      unpublish: () => api.unpublish(id),
      discardDraft: () => api.discardDraft(id),
      schedule: (body) => api.schedule(id, body),
      createPreviewLink: () => api.createPreviewLink(id),
    }),
    [api, id],
  );
  const historyLabels = useMemo(() => documentFieldLabels(kind), [kind]);
  return (
    <RecordPublishingBar
      noun={kind.texts.noun.toLowerCase()}
      recordType={kind.isBlog ? 'blog' : 'page'}
      recordId={id}
      isActive={record.isActive}
      editorial={editorialOf(record)}
      calls={calls}
      historyLabels={historyLabels}
      richTextFields={[...DOCUMENT_RICH_TEXT_FIELDS]}
      onChanged={onChanged}
    />
  );
}
