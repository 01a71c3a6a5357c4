// What pages and blogs share: they are one table in the API with the same calls under two
// controllers, and one form (spec 2 §2). Each feature defines its kind and columns.
export { defineDocumentKind, CMS, COMPONENT_TYPE_LABELS, bannerEditPath, contentSectionEditPath, type DocumentKind, type DocumentKindConfig, type DocumentTexts } from './kind';
export { documentApi, type DocumentApi, type DocumentCalls, type DocumentFields, type PageListItem, type Page, type PageComponent, type PageSnapshot, type EditorialState, type PreviewLink } from './api';
export { editableSnapshot, editorialOf, documentFieldLabels } from './editorial';
export { documentSchema, initialValues, toFields, type DocumentFormValues } from './schema';
export { DocumentListPage } from './DocumentListPage';
export { DocumentFormPage, PREVIEW_PATH, type PreviewState } from './DocumentFormPage';
export { PublishingBar, EditorialTags } from './PublishingBar';
export { formatDateTime, yesNo, orDash, YES_NO_FILTER, DATE_TIME_FORMAT } from './format';
