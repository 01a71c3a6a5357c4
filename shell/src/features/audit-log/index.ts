// What the audit-log feature offers the admin area: the audit log page, loaded on demand as a
// chunk of its own.
export const loadAuditLogPage = () => import('./AuditLogPage');
