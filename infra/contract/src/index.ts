/**
 * The API contract (`@deals/contract`): the one source of truth for entity shapes, field limits,
 * enums and messages, shared by the server (validation, serialization, OpenAPI) and the frontends.
 *
 * Pure on purpose: TypeBox and nothing else, no Node or server imports, so any bundler can take it
 * and a frontend team builds against it without the server. Files import each other with their
 * `.ts` names: the bundlers, Jest and tsx read these sources (the `deals-source` export condition),
 * and `tsc` rewrites the names to `.js` in `dist/`, which Node runs.
 */
export * from './limits.ts';
export * from './enums.ts';
export * from './messages.ts';
export * from './common.ts';
export * from './operations.ts';
export * from './users.ts';
export * from './catalog.ts';
export * from './deals.ts';
export * from './sections.ts';
export * from './pages.ts';
export * from './push.ts';
export * from './site.ts';
export * from './assets.ts';
export * from './search.ts';
export * from './ssr.ts';
export * from './csp-report.ts';
export * from './visitor-urls.ts';
export * from './tables.ts';
export * from './deal-bulk.ts';
export * from './page-table.ts';
export * from './section-table.ts';
export * from './banner-table.ts';
export * from './user-table.ts';
export * from './push-history-table.ts';
export * from './deal-import.ts';
export * from './section-deals-table.ts';
export * from './deal-follows.ts';
export * from './dashboard.ts';
export * from './revisions.ts';
export * from './banner-drafts.ts';
export * from './audit.ts';
export * from './preferences.ts';
export * from './trust.ts';
export * from './two-factor.ts';
export * from './text-input.ts';
export * from './versions.ts';
export * from './affiliate-links.ts';
export * from './commissions.ts';
export * from './money-format.ts';
export * from './feeds.ts';
export * from './email-alerts.ts';
