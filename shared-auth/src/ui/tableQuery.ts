import { useCallback, useRef } from 'react';
import { toast } from '@deals/shared-auth';

// The admin tables filter, sort and page on the client: their list calls return every row
// (spec: `GetAll…?isActive=`). ProTable hands its search form values and sort order to `request`;
// these helpers turn them into the rows to show, one rule per column.

/** The table's sort, as ProTable passes it: `{ [column]: 'ascend' | 'descend' }`. */
export type TableSort = Record<string, 'ascend' | 'descend' | null | undefined>;

/** Whether a row passes one search field; `value` is what the form holds (never empty here). */
export type RowMatcher<Row> = (row: Row, value: unknown) => boolean;

export type SortValue = string | number | boolean | null | undefined;

export interface TableQuery<Row> {
  /** Search-form field → its rule. Fields without a rule are ignored (paging, for one). */
  filters: Record<string, RowMatcher<Row>>;
  /** Sortable column → the value it sorts by. */
  sorters: Record<string, (row: Row) => SortValue>;
  /** Ties (and the unsorted order) fall back on this; the list's own order when absent. */
  tieBreak?: (a: Row, b: Row) => number;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** Text containing the typed words, ignoring case. */
export const containsText =
  <Row>(get: (row: Row) => string | null | undefined): RowMatcher<Row> =>
  (row, value) =>
    (get(row) ?? '').toLowerCase().includes(String(value).trim().toLowerCase());

/** A Yes/No select: the form holds 'true' or 'false'. */
export const flagIs =
  <Row>(get: (row: Row) => boolean): RowMatcher<Row> =>
  (row, value) =>
    String(get(row)) === String(value);

/** One of the chosen ids (a multi-select) or the one chosen id. */
export const idIn =
  <Row>(get: (row: Row) => number | readonly number[]): RowMatcher<Row> =>
  (row, value) => {
    const chosen = (Array.isArray(value) ? value : [value]).map(Number);
    const own = get(row);
    return (Array.isArray(own) ? own : [own]).some((id) => chosen.includes(id));
  };

/**
 * A date-range filter: the form holds two calendar days `[from, to]` (YYYY-MM-DD, either may be
 * empty) and a row matches when its timestamp falls on or between them in the viewer's time zone.
 */
export const withinDays =
  <Row>(get: (row: Row) => string | null | undefined): RowMatcher<Row> =>
  (row, value) => {
    const stamp = get(row);
    if (!stamp) return false;
    const [from, to] = (value as [string | undefined, string | undefined]) ?? [];
    const time = new Date(stamp).getTime();
    if (from && time < new Date(`${from}T00:00:00`).getTime()) return false;
    if (to && time >= new Date(`${to}T00:00:00`).getTime() + 24 * 60 * 60 * 1000) return false;
    return true;
  };

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareValues(left: SortValue, right: SortValue): number {
  // Empty cells sort as the smallest value: first ascending, last descending.
  if (left === right) return 0;
  if (left === null || left === undefined) return -1;
  if (right === null || right === undefined) return 1;
  if (typeof left === 'string' && typeof right === 'string') return collator.compare(left, right);
  return Number(left) - Number(right);
}

/** The rows the table shows for its search form and sort, in order (before paging). */
export function queryRows<Row>(rows: readonly Row[], params: Record<string, unknown>, sort: TableSort, query: TableQuery<Row>): Row[] {
  const active = Object.entries(query.filters).filter(([field]) => !isBlank(params[field]));
  const kept = rows.filter((row) => active.every(([field, matches]) => matches(row, params[field])));
  const [column, order] = Object.entries(sort).find(([, direction]) => direction) ?? [];
  const value = column ? query.sorters[column] : undefined;
  const direction = order === 'descend' ? -1 : 1;
  const tieBreak = query.tieBreak ?? (() => 0);
  if (!value) return query.tieBreak ? [...kept].sort(tieBreak) : kept;
  return [...kept].sort((a, b) => compareValues(value(a), value(b)) * direction || tieBreak(a, b));
}

/** What a ProTable `request` answers. */
export interface TableAnswer<Row> {
  data: Row[];
  success: boolean;
  total: number;
}

/**
 * A ProTable `request` over a list call: loads every row, keeps and orders the ones the search
 * form and sort ask for. A failed load is an error toast and an empty table.
 */
export async function loadTableRows<Row>(load: () => Promise<Row[]>, query: TableQuery<Row>, params: Record<string, unknown>, sort: TableSort): Promise<TableAnswer<Row>> {
  try {
    const rows = queryRows(await load(), params, sort, query);
    return { data: rows, success: true, total: rows.length };
  } catch (error) {
    toast.failure(error);
    return { data: [], success: false, total: 0 };
  }
}

/** `loadTableRows` as a ProTable `request`, reporting the rows it shows. Prefer `useClientTable` in components. */
export function clientTableRequest<Row>(load: () => Promise<Row[]>, query: TableQuery<Row>, onShown?: (rows: Row[]) => void) {
  return async (params: Record<string, unknown>, sort: TableSort) => {
    const answer = await loadTableRows(load, query, params, sort);
    onShown?.(answer.data);
    return answer;
  };
}

/**
 * The ProTable `request` of a client-side table and `shownRows()`, the rows it last showed (what
 * Download writes), kept outside React state so reading them never re-renders.
 */
export function useClientTable<Row>(load: () => Promise<Row[]>, query: TableQuery<Row>) {
  const shown = useRef<Row[]>([]);
  const request = useCallback(
    async (params: Record<string, unknown>, sort: TableSort) => {
      const answer = await loadTableRows(load, query, params, sort);
      shown.current = answer.data;
      return answer;
    },
    [load, query],
  );
  const shownRows = useCallback(() => shown.current, []);
  return { request, shownRows };
}
