import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '@deals/contract/limits';
import type { TablePage } from '@deals/contract/tables';
import { toast } from '@deals/shared-auth';
import type { TableAnswer, TableSort } from './tableQuery';

// Server-side admin tables, so that a table stays fast however many records there are: ProTable's
// search form, sort and page become the list call's query (`page`, `pageSize`, `sortBy`, `order`
// and the filters), and all of it lives in the address bar, so a filtered view can be shared and
// survives a reload.

/**
 * How one search-form field reads and writes the URL and becomes API parameters:
 * - `text` (default): the typed text or a select's value, sent under the field's name;
 * - `ids`: a multi-select of ids (`storeIds=1,2` in the URL), sent as the repeated parameter;
 * - `days`: a date range of calendar days in the viewer's time zone, sent as `<prefix>From` and
 *   `<prefix>To` instants (the first day's start, the last day's end).
 */
export type ServerField = { kind?: 'text'; param?: string } | { kind: 'ids'; param?: string } | { kind: 'days'; prefix: string };

export interface ServerTableSpec {
  /** Search-form fields the table sends; others (paging, ProTable's own) are ignored. */
  fields: Record<string, ServerField>;
  /** Sortable column (its dataIndex) → the API's `sortBy` key; by default the same name. */
  sortKeys?: Record<string, string>;
  /**
   * API filters a link may set that the form has no field for (the dashboard's exact "expiring in
   * 48 h" window, "your deals"): read from the address once, sent with every load under the same
   * name (a form field of the same API name wins) and kept in the address until `clearLinked()`.
   */
  linked?: readonly string[];
}

export type TableParams = Record<string, string | number | boolean | readonly (string | number)[]>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The list call's query for ProTable's form values and sort (paging excluded). */
export function serverQuery(spec: ServerTableSpec, values: Record<string, unknown>, sort: TableSort): TableParams {
  const query: TableParams = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = values[name];
    if (isBlank(value)) continue;
    if (field.kind === 'days') {
      const [from, to] = (value as [string | undefined, string | undefined]) ?? [];
      if (from) query[`${field.prefix}From`] = dayStart(from);
      if (to) query[`${field.prefix}To`] = dayEnd(to);
    } else if (field.kind === 'ids') {
      query[field.param ?? name] = (Array.isArray(value) ? value : [value]).map(Number);
    } else {
      query[field.param ?? name] = typeof value === 'string' ? value.trim() : String(value);
    }
  }
  const [column, direction] = Object.entries(sort).find(([, order]) => order) ?? [];
  if (column) {
    query.sortBy = spec.sortKeys?.[column] ?? column;
    query.order = direction === 'ascend' ? 'asc' : 'desc';
  }
  return query;
}

/** The table's state as the address bar holds it: form fields under their names, then page, pageSize and sort. */
export function stateToUrl(spec: ServerTableSpec, values: Record<string, unknown>, sort: TableSort, page: number, pageSize: number): URLSearchParams {
  const url = new URLSearchParams();
  for (const name of Object.keys(spec.fields)) {
    const value = values[name];
    if (isBlank(value)) continue;
    url.set(name, Array.isArray(value) ? value.map((item) => item ?? '').join(',') : String(value));
  }
  const [column, direction] = Object.entries(sort).find(([, order]) => order) ?? [];
  if (column) url.set('sort', `${column}.${direction === 'ascend' ? 'asc' : 'desc'}`);
  if (page > 1) url.set('page', String(page));
  if (pageSize !== PAGE_SIZE.adminTables) url.set('pageSize', String(pageSize));
  return url;
}

export interface TableUrlState {
  values: Record<string, unknown>;
  sort: TableSort;
  page: number;
  pageSize: number;
}

const PAGE_SIZES = [25, 50, 100];

/** Reads what `stateToUrl` wrote; anything malformed falls back to the table's defaults. */
export function stateFromUrl(spec: ServerTableSpec, url: URLSearchParams, sortable: readonly string[]): TableUrlState {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const raw = url.get(name);
    if (!raw) continue;
    if (field.kind === 'ids') {
      const ids = raw.split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
      if (ids.length) values[name] = ids;
    } else if (field.kind === 'days') {
      const days = raw.split(',').map((day) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined));
      if (days.some(Boolean)) values[name] = [days[0], days[1]];
    } else values[name] = raw;
  }
  const [column, direction] = (url.get('sort') ?? '').split('.');
  const sort: TableSort = column && sortable.includes(column) && (direction === 'asc' || direction === 'desc') ? { [column]: direction === 'asc' ? 'ascend' : 'descend' } : {};
  const page = Number(url.get('page'));
  const pageSize = Number(url.get('pageSize'));
  return {
    values,
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : PAGE_SIZE.adminTables,
  };
}

/** The linked filters the address sets (see `ServerTableSpec.linked`); blank or over-long values are ignored. */
export function linkedFromUrl(spec: ServerTableSpec, url: URLSearchParams): Record<string, string> {
  const linked: Record<string, string> = {};
  for (const name of spec.linked ?? []) {
    const value = url.get(name)?.trim();
    if (value && value.length <= 100) linked[name] = value;
  }
  return linked;
}

/** A ProTable column as far as the URL state cares: its data index and whether it sorts. */
interface SortableColumn {
  dataIndex?: unknown;
  sorter?: unknown;
  defaultSortOrder?: 'ascend' | 'descend' | null;
}

/**
 * A server-side ProTable: `request` loads the page the form, sort and pager ask for and writes
 * them to the URL; `initial` seeds the table from the URL on the first draw (form values, page,
 * the sorted column); `query()` is the last query sent (without paging), for Download CSV and
 * bulk actions; `linked` holds the linked filters in force, `clearLinked()` drops them (reload the
 * table after it).
 */
export function useServerTable<Row>(spec: ServerTableSpec, load: (query: TableParams) => Promise<TablePage<Row>>) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL is read once: afterwards the table owns the state and the URL follows it.
  const [initialUrl] = useState(searchParams);
  const lastQuery = useRef<TableParams>({});
  // State for the page to show, and a ref that `request` reads without changing identity.
  const [linked, setLinked] = useState(() => linkedFromUrl(spec, initialUrl));
  const linkedNow = useRef(linked);
  // A ref, so `request` keeps one identity: ProTable reloads whenever `request` changes, and the
  // router's setter changes with every URL it writes.
  const writeUrl = useRef(setSearchParams);
  useEffect(() => {
    writeUrl.current = setSearchParams;
  }, [setSearchParams]);

  const request = useCallback(
    async (params: Record<string, unknown>, sort: TableSort): Promise<TableAnswer<Row>> => {
      const page = Number(params.current) || 1;
      const pageSize = Number(params.pageSize) || PAGE_SIZE.adminTables;
      const query = { ...linkedNow.current, ...serverQuery(spec, params, sort) };
      lastQuery.current = query;
      const url = stateToUrl(spec, params, sort, page, pageSize);
      for (const [name, value] of Object.entries(linkedNow.current)) url.set(name, value);
      writeUrl.current(url, { replace: true });
      try {
        const answer = await load({ ...query, page, pageSize });
        return { data: answer.items, success: true, total: answer.total };
      } catch (error) {
        toast.failure(error);
        return { data: [], success: false, total: 0 };
      }
    },
    [spec, load],
  );

  /** Columns with the URL's sort as their default order (ProTable sends it with the first request). */
  const withUrlSort = useCallback(
    <C extends SortableColumn>(columns: C[]): C[] => {
      const sortable = columns.filter((column) => column.sorter && typeof column.dataIndex === 'string').map((column) => column.dataIndex as string);
      const { sort } = stateFromUrl(spec, initialUrl, sortable);
      if (!Object.keys(sort).length) return columns;
      return columns.map((column) => (typeof column.dataIndex === 'string' && column.sorter ? { ...column, defaultSortOrder: sort[column.dataIndex] ?? null } : column));
    },
    [spec, initialUrl],
  );

  const initial = useMemo(() => stateFromUrl(spec, initialUrl, []), [spec, initialUrl]);
  const query = useCallback(() => lastQuery.current, []);
  const clearLinked = useCallback(() => {
    linkedNow.current = {};
    setLinked({});
  }, []);
  return { request, initial, withUrlSort, query, linked, clearLinked };
}
