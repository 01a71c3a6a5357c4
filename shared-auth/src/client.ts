// `@deals/shared-auth/client`: the API client (axios with refresh-and-retry) and sign-in/out.
// A separate shared singleton from the package root so pages that only read the session (the
// visitor site) never download axios.
export { api, navigation, refreshSession, loadLatestRecord } from './http';
export { signIn, signOut } from './auth';
export { toFormData, type FormFieldValue } from './form-data';
export { downloadFromApi } from './download';
export { knownVersion, forgetVersions, allowOverwrite, editConflictOf, recordOfRequest, type RecordRef, type EditConflictInfo } from './record-versions';
