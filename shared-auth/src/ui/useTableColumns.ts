import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColumnsState, ProColumns } from '@ant-design/pro-components';
import type { ColumnSettings, ColumnTable, TableColumnsResponse } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';

export type ColumnStateMap = Record<string, ColumnsState>;

/** A choice is saved this long after the last change (a drag in the settings sends several). */
const SAVE_DELAY_MS = 400;

const fromSettings = (settings: ColumnSettings): ColumnStateMap =>
  Object.fromEntries(
    Object.entries(settings).map(([key, { show, fixed, order }]) => [key, { ...(show === undefined ? {} : { show }), ...(fixed ? { fixed } : {}), ...(order === undefined ? {} : { order }) }]),
  );

const toSettings = (map: ColumnStateMap): ColumnSettings =>
  Object.fromEntries(Object.entries(map).map(([key, { show, fixed, order }]) => [key, { show: show ?? true, fixed: fixed ?? null, ...(order === undefined ? {} : { order }) }]));

/** Columns that stay shown and pinned left whatever the settings say (a row's actions, its name). */
function withLocked(map: ColumnStateMap, locked: readonly string[]): ColumnStateMap {
  const next = { ...map };
  for (const key of locked) next[key] = { ...next[key], show: true, fixed: 'left', disable: true };
  return next;
}

/**
 * Which columns an admin table shows, in what order and which are pinned, chosen in the table's
 * column settings and remembered per staff member by the API (so the choice follows them from
 * browser to browser). Until their setting arrives, and when it cannot be read, the screen's
 * defaults apply. Answers ProTable's `columnsState` and the map in force.
 */
export function useTableColumns(table: ColumnTable, defaults: ColumnStateMap, locked: readonly string[] = []) {
  const [value, setValue] = useState<ColumnStateMap>(() => withLocked(defaults, locked));
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const defaultsRef = useRef(defaults);
  const lockedRef = useRef(locked);

  useEffect(() => {
    let current = true;
    api.get<TableColumnsResponse>('Preferences/GetTableColumns', { params: { table } }).then(
      ({ data }) => {
        if (current && data.columns) setValue(withLocked({ ...defaultsRef.current, ...fromSettings(data.columns) }, lockedRef.current));
      },
      // The defaults serve; the table works either way.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [table]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const onChange = useCallback(
    (map: ColumnStateMap) => {
      const next = withLocked(map, lockedRef.current);
      setValue(next);
      clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        api.put('Preferences/SaveTableColumns', { table, columns: toSettings(next) }).catch((error: unknown) => toast.failure(error));
      }, SAVE_DELAY_MS);
    },
    [table],
  );

  return { columnsState: { value, onChange, defaultValue: withLocked(defaults, locked) }, shown: value };
}

/** The width the shown columns take (for the table's sideways scroll), plus `extra` (the selection column). */
export function visibleWidth<Row>(columns: readonly ProColumns<Row>[], shown: ColumnStateMap, extra = 0): number {
  return columns.reduce((sum, column) => {
    const key = String(column.key ?? column.dataIndex ?? '');
    if (column.hideInTable || shown[key]?.show === false) return sum;
    return sum + (typeof column.width === 'number' ? column.width : 120);
  }, extra);
}
