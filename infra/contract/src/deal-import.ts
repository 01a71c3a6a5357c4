/**
 * Bulk import of deals from CSV (`POST ProductImport/Preview` and `ProductImport/Import`):
 * the columns an affiliate feed export carries, the file's limits, the texts, and the answers. The
 * rows are checked by the deal form's own rules and messages; stores and product categories are
 * matched by name, never created.
 */
import { Type, type Static } from '@sinclair/typebox';

export interface DealImportColumn {
  /** The deal field the column fills (`store` and `productTypes` are matched by name). */
  key: DealImportKey;
  /** The header the template and the screen use (the deals table's own where it has one, so an export imports back). */
  header: string;
  /** Other headers feeds use for it, compared without case, spaces or punctuation. */
  aliases: readonly string[];
  required: boolean;
}

export const DEAL_IMPORT_KEYS = [
  'name',
  'store',
  'productTypes',
  'currentPrice',
  'previousPrice',
  'promoCode',
  'link',
  'dealStartsIn',
  'dealExpiresIn',
  'keywords',
  'badgeText',
  'badgeColor',
  'imageUrl',
  'additionalInformation',
  'isActive',
  'isFeatured',
] as const;
export type DealImportKey = (typeof DEAL_IMPORT_KEYS)[number];

export const DEAL_IMPORT_COLUMNS: readonly DealImportColumn[] = [
  { key: 'name', header: 'Product Name', aliases: ['name', 'title', 'product', 'product title', 'deal name'], required: true },
  { key: 'store', header: 'Store', aliases: ['store name', 'merchant', 'merchant name', 'advertiser', 'advertiser name', 'program name', 'programme name', 'retailer', 'brand'], required: true },
  { key: 'productTypes', header: 'Product Category', aliases: ['product categories', 'categories', 'category'], required: true },
  { key: 'currentPrice', header: 'Current Price', aliases: ['price', 'sale price', 'deal price'], required: true },
  { key: 'previousPrice', header: 'Previous Price', aliases: ['original price', 'regular price', 'list price', 'was price', 'rrp', 'msrp'], required: true },
  { key: 'promoCode', header: 'Promo Code', aliases: ['code', 'coupon', 'coupon code', 'voucher', 'voucher code', 'discount code'], required: false },
  { key: 'link', header: 'Link', aliases: ['url', 'deal url', 'deal link', 'product url', 'affiliate link', 'affiliate url', 'tracking link', 'click url'], required: true },
  { key: 'dealStartsIn', header: 'Starts On', aliases: ['start', 'starts', 'start date', 'deal start', 'valid from', 'starts in'], required: false },
  { key: 'dealExpiresIn', header: 'Expires In', aliases: ['expiry', 'expires', 'expires on', 'expiry date', 'expiration date', 'end date', 'valid until', 'deal expiry'], required: false },
  { key: 'keywords', header: 'Keywords', aliases: ['tags'], required: false },
  { key: 'badgeText', header: 'Badge Text', aliases: ['badge'], required: false },
  { key: 'badgeColor', header: 'Badge Color', aliases: ['badge colour'], required: false },
  { key: 'imageUrl', header: 'Image URL', aliases: ['image', 'image link', 'picture', 'picture url', 'thumbnail', 'thumbnail url'], required: false },
  { key: 'additionalInformation', header: 'Additional Information', aliases: ['description', 'details', 'info'], required: false },
  { key: 'isActive', header: 'Is Active?', aliases: ['active', 'enabled'], required: false },
  { key: 'isFeatured', header: 'Is Featured?', aliases: ['featured'], required: false },
];

/** A header as it is compared: lower case, letters and digits only. */
export const importHeaderKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Several product categories in one cell are separated by `|` or `;` (names may hold commas). */
export const IMPORT_LIST_SEPARATOR = /[|;]/;

export const DEAL_IMPORT_LIMITS = {
  /** The file's size: 10,000 feed rows take about 5 MB. */
  maxBytes: 25 * 1024 * 1024,
  maxRows: 20_000,
  /** Row problems an answer lists (the counts cover all of them). */
  maxProblems: 500,
  /** Unknown store and category names an answer lists. */
  maxUnknownNames: 100,
  /** Images fetched at once, and the time one may take. */
  imageConcurrency: 8,
  imageTimeoutMs: 10_000,
  maxImageRedirects: 3,
  imageUrlLength: 2048,
} as const;

export const DEAL_IMPORT_MESSAGES = {
  contentType: 'Upload the file as text/csv',
  empty: 'The file is empty',
  tooLarge: `The file is too large: at most ${DEAL_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `The file has too many rows: at most ${DEAL_IMPORT_LIMITS.maxRows.toLocaleString('en-US')}`,
  encoding: 'The file must be UTF-8 text (in Excel: Save As "CSV UTF-8")',
  notCsv: (reason: string) => `The file is not valid CSV: ${reason}`,
  missingColumns: (headers: readonly string[]) => `The file lacks the required column${headers.length > 1 ? 's' : ''} ${headers.join(', ')}`,
  duplicateColumn: (header: string) => `The column ${header} appears twice`,
  unknownStore: (name: string) => `Unknown store "${name}"`,
  unknownProductType: (names: readonly string[]) => `Unknown product categor${names.length > 1 ? 'ies' : 'y'} ${names.map((name) => `"${name}"`).join(', ')}`,
  number: (label: string) => `${label} must be a number`,
  flag: (label: string) => `${label} must be Yes or No`,
  imageUrl: 'Image URL must be a web address starting with http:// or https://',
  imageFailed: (reason: string) => `The image could not be fetched: ${reason}`,
  nothingToImport: 'No row can be imported: fix the problems shown and upload the file again',
  imported: (count: number, skipped: number) =>
    `${count.toLocaleString('en-US')} deal${count === 1 ? '' : 's'} imported` + (skipped ? `; ${skipped.toLocaleString('en-US')} row${skipped === 1 ? '' : 's'} skipped` : ''),
  failed: 'The import failed and nothing was saved. Please try again.',
} as const;

/** `Preview` and `Import` take the time zone dates without one are read in, and whether to fetch images. */
export const DealImportQuerySchema = Type.Object({
  timeZone: Type.Optional(Type.String({ maxLength: 64, messages: { maxLength: 'timeZone must be a time zone name such as Europe/London' } })),
  images: Type.Optional(Type.Boolean({ default: true, messages: { type: 'images must be true or false' } })),
});
export type DealImportQuery = Static<typeof DealImportQuerySchema>;

/** One row that cannot be imported: its line in the file, its name, and a message per column key. */
export const DealImportProblemSchema = Type.Object({
  line: Type.Integer(),
  name: Type.String(),
  errors: Type.Record(Type.String(), Type.String()),
});
export type DealImportProblem = Static<typeof DealImportProblemSchema>;

const reportProperties = {
  rows: Type.Integer({ description: 'Data rows in the file' }),
  valid: Type.Integer({ description: 'Rows that pass every rule' }),
  invalid: Type.Integer(),
  problems: Type.Array(DealImportProblemSchema, { description: `The first ${DEAL_IMPORT_LIMITS.maxProblems} rows with problems` }),
  unknownStores: Type.Array(Type.String()),
  unknownProductTypes: Type.Array(Type.String()),
};
export const DealImportReportSchema = Type.Object(reportProperties);
export type DealImportReport = Static<typeof DealImportReportSchema>;

/** `Preview`: what an import would do, nothing saved. */
export const DealImportPreviewSchema = Type.Object({
  ...reportProperties,
  columns: Type.Array(Type.String({ description: 'Column keys recognised, in file order' })),
  ignoredColumns: Type.Array(Type.String({ description: 'Headers no deal field takes' })),
  withImages: Type.Integer({ description: 'Valid rows with an image URL' }),
});
export type DealImportPreview = Static<typeof DealImportPreviewSchema>;

/**
 * `Import` answers NDJSON, one event per line: progress while it runs (`checking` the rows,
 * fetching `images`, `saving`), then `done` or `failed` (nothing saved).
 */
export type DealImportEvent =
  | { type: 'progress'; stage: 'checking' | 'images' | 'saving'; done: number; total: number }
  | ({ type: 'done'; imported: number; message: string } & DealImportReport)
  | { type: 'failed'; message: string };
