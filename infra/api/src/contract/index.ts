/**
 * The API contract: the one source of truth for entity shapes, field limits, enums and messages,
 * shared by the server (validation, serialization, OpenAPI) and the frontends
 * (`@deals/api/contract`).
 *
 * Pure on purpose: no Node or server imports, so any bundler can take it. Files import each other
 * NodeNext-style (`./x.js`); Rspack (extensionAlias) and Jest (moduleNameMapper) map that to `.ts`.
 */
export * from './limits.js';
export * from './enums.js';
export * from './messages.js';
export * from './common.js';
export * from './users.js';
export * from './catalog.js';
export * from './deals.js';
export * from './sections.js';
export * from './pages.js';
export * from './push.js';
export * from './site.js';
export * from './assets.js';
export * from './search.js';
export * from './ssr.js';
export * from './visitor-urls.js';
export * from './tables.js';
export * from './deal-bulk.js';
export * from './page-table.js';
export * from './section-table.js';
export * from './banner-table.js';
export * from './user-table.js';
export * from './push-history-table.js';
export * from './deal-import.js';
export * from './section-deals-table.js';
export * from './deal-follows.js';
export * from './dashboard.js';
export * from './revisions.js';
export * from './banner-drafts.js';
export * from './audit.js';
export * from './preferences.js';
