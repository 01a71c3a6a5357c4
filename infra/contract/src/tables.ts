/**
 * Server-side admin tables (catalogue scale): the query every growing admin list accepts on top of its
 * spec call. Without `page` a call answers exactly as the spec says (every row); with it, one page
 * and the total, so the back office stays fast at hundreds of thousands of rows.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';

/** Rows a page may hold: the table's choices (25, 50, 100) and a bound for scripts. */
export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
export const TABLE_MAX_PAGE_SIZE = 500;
export const TABLE_DEFAULT_PAGE_SIZE = 100;

export const TABLE_MESSAGES = {
  page: 'page must be a whole number from 1',
  pageSize: `pageSize must be a whole number from 1 to ${TABLE_MAX_PAGE_SIZE}`,
  order: 'order must be asc or desc',
  sortBy: (keys: readonly string[]) => `sortBy must be one of ${keys.join(', ')}`,
  date: 'Must be a date and time (ISO 8601)',
  timeZone: 'timeZone must be a time zone name such as Europe/London',
} as const;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const sortProperties = <K extends string>(sortKeys: readonly K[]) => ({
  sortBy: Type.Optional(Type.Unsafe<K>(Type.String({ enum: [...sortKeys], messages: { enum: TABLE_MESSAGES.sortBy(sortKeys), type: TABLE_MESSAGES.sortBy(sortKeys) } }))),
  order: Type.Optional(Type.Unsafe<SortOrder>(Type.String({ enum: [...SORT_ORDERS], messages: { enum: TABLE_MESSAGES.order, type: TABLE_MESSAGES.order } }))),
});

/** A table's query: paging, sorting by the columns it may sort by, and its filters. */
export function tableQuerySchema<K extends string, P extends TProperties>(sortKeys: readonly K[], filters: P) {
  return Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, messages: { type: TABLE_MESSAGES.page, minimum: TABLE_MESSAGES.page, maximum: TABLE_MESSAGES.page } })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TABLE_MAX_PAGE_SIZE, messages: { type: TABLE_MESSAGES.pageSize, minimum: TABLE_MESSAGES.pageSize, maximum: TABLE_MESSAGES.pageSize } }),
    ),
    ...sortProperties(sortKeys),
    ...filters,
  });
}

/**
 * A table's Download CSV query: every row matching the filters, in the sort asked for, with dates
 * written in `timeZone` (the viewer's IANA zone, as the table shows them; UTC when absent).
 */
export function tableExportQuerySchema<K extends string, P extends TProperties>(sortKeys: readonly K[], filters: P) {
  return Type.Object({
    ...sortProperties(sortKeys),
    timeZone: Type.Optional(Type.String({ maxLength: 64, messages: { maxLength: TABLE_MESSAGES.timeZone, type: TABLE_MESSAGES.timeZone } })),
    ...filters,
  });
}

/** A filter on a text column: rows whose value contains it, case-insensitively. */
export const TextFilter = (maxLength = 200) => Type.Optional(Type.String({ maxLength, messages: { maxLength: `Must be at most ${maxLength} characters` } }));
export const DateFilter = () => Type.Optional(Type.String({ format: 'date-time', messages: { format: TABLE_MESSAGES.date, type: TABLE_MESSAGES.date } }));
const idOf = (label: string) => Type.Integer({ minimum: 1, maximum: 2147483647, messages: { type: `${label} must be a number`, minimum: `${label} is invalid`, maximum: `${label} is invalid` } });
export const IdFilter = (label: string) => Type.Optional(idOf(label));
/** Any of these ids: the parameter repeated (`storeIds=1&storeIds=2`) or given once. */
export const IdsFilter = (label: string) =>
  Type.Optional(Type.Array(idOf(label), { maxItems: 200, messages: { maxItems: `At most 200 ${label}`, type: `${label} must be numbers` } }));

/** One page of a table and how many rows match its filters in all. */
export const TablePageSchema = <T extends TObject>(row: T) => Type.Object({ items: Type.Array(row), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
export interface TablePage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Sorting keys of the admin deals table (`GET Product/GetAllProducts?page=…`). */
export const DEAL_TABLE_SORT_KEYS = [
  'name',
  'category',
  'productTypes',
  'promoCode',
  'discount',
  'currentPrice',
  'previousPrice',
  'addedBy',
  'dateTimeAdded',
  'dateTimeModified',
  'dealStartsIn',
  'dealExpiresIn',
  'isActive',
  'clicks7d',
  'commission30d',
  'epc30d',
] as const;
export type DealTableSortKey = (typeof DEAL_TABLE_SORT_KEYS)[number];

export type TableQuery<K extends string> = { page?: number; pageSize?: number; sortBy?: K; order?: SortOrder };
export type DealTableQuery = TableQuery<DealTableSortKey> & Static<typeof DealTableFilters>;

/** The deals table's filters (with `isActive` of the spec call). */
const DealTableFilters = Type.Object({
  name: TextFilter(),
  promoCode: TextFilter(),
  /** Posted by: part of the poster's full name. */
  addedBy: TextFilter(),
  addedById: IdFilter('addedById'),
  storeIds: IdsFilter('storeIds'),
  productTypeIds: IdsFilter('productTypeIds'),
  addedFrom: DateFilter(),
  addedTo: DateFilter(),
  updatedFrom: DateFilter(),
  updatedTo: DateFilter(),
  expiresFrom: DateFilter(),
  expiresTo: DateFilter(),
});
export const DEAL_TABLE_FILTERS = DealTableFilters.properties;
