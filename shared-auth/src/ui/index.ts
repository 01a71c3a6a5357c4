// antd pieces shared by the admin screens of the shell and every admin remote. Bundled into each
// consumer (only `@deals/shared-auth` itself is a singleton); the state they draw is the singleton's.
export { FeedbackHost } from './FeedbackHost';
export { FormModal } from './FormModal';
export { LeaveGuard } from './LeaveGuard';
export { TextField, PasswordField, PhoneField, SwitchField, FormField, ColorField, maskPhone, PHONE_MASK } from './fields';
export { applyServerErrors, saveForm } from './forms';
export { SortItemsModal, renumberByPosition, type SortableItem, type SortOrderList } from './SortItemsModal';
export { ImageUploadField, imageFileProblem, IMAGE_TYPES } from './ImageUploadField';
export { loadTableRows, clientTableRequest, useClientTable, queryRows, containsText, flagIs, idIn, withinDays, type TableQuery, type TableAnswer, type TableSort, type RowMatcher, type SortValue } from './tableQuery';
export { ADMIN_THEME } from './adminTheme';
export { PageHeader, AdminOnly, Thumbnail, Truncated, FormFooter, RowAction } from './AdminPage';
export { useTableColumns, visibleWidth, type ColumnStateMap } from './useTableColumns';
export { AdminTable, type AdminTableProps, type TableCsv } from './AdminTable';
export { useRecord, recordProblem, recordId, RecordSpinner, type RecordLoad, type RecordHandle } from './RecordScreen';
export { useServerTable, serverQuery, stateToUrl, stateFromUrl, type ServerTableSpec, type ServerField, type TableParams, type TableUrlState } from './serverTable';
export { RevisionHistory, REVISION_ACTION_LABELS, htmlToText, valueText, type RevisionHistoryProps } from './RevisionHistory';
export { PickRecordsModal, type PickRecordsModalProps, type PickRecordsList, type PickRecordsSearch } from './PickRecordsModal';
export { ConflictDialog } from './ConflictDialog';
export { resolveEditConflict, conflictRows, shownValue, formConflict, type ConflictHandling } from './conflict-save';
