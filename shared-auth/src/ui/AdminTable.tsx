import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, InputNumber, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { PAGE_SIZE } from '@deals/contract/limits';
import { downloadCsv, toast, type CsvColumn } from '@deals/shared-auth';
import type { TableUrlState } from './serverTable';
import './admin-page.css';

/**
 * What Download CSV writes: the rows a client-side table shows (see useClientTable), or for a
 * server-side table every row matching its filters, streamed by the API (`download`).
 */
export type TableCsv<Row> = { fileName: string; columns: readonly CsvColumn<Row>[]; rows: () => readonly Row[] } | { download: () => Promise<void> };

/**
 * antd copies the header into a hidden measuring row (`aria-hidden`), select-all checkbox included:
 * a focusable control inside aria-hidden (axe: aria-hidden-focus). The copy is dropped there.
 */
function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) setMeasuring(true);
  }, []);
  return <span ref={ref}>{measuring ? null : children}</span>;
}

/**
 * Go to page N: the spec's jump-to-page box, shown whatever the page count (antd's own quick
 * jumper hides itself while the table has one page).
 */
function JumpToPage({ pages, onJump }: { pages: number; onJump: (page: number) => void }) {
  const [page, setPage] = useState<number | null>(null);
  const jump = () => {
    if (page === null) return;
    onJump(Math.min(Math.max(1, Math.trunc(page)), pages));
    setPage(null);
  };
  // The words "Go to page" are drawn by CSS (admin-page.css): the pagination's total text stays
  // the range alone ("1–100 of 305"), and the box is named by its own label.
  return (
    <span className="deals-jump">
      <InputNumber
        size="small"
        min={1}
        max={pages}
        precision={0}
        value={page}
        onChange={setPage}
        onPressEnter={jump}
        onBlur={jump}
        aria-label={`Go to page (1 to ${pages})`}
        style={{ width: 64 }}
      />
    </span>
  );
}

/** Both refs get the table's actions: the screen's (reload) and the table's own (jump to a page). */
function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

// ProTable's own bound: any record type, interfaces included.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TableRow = Record<string, any>;

export type AdminTableProps<Row extends TableRow, Params extends ParamsType> = Omit<
  ProTableProps<Row, Params>,
  'search' | 'pagination' | 'options' | 'scroll' | 'toolBarRender'
> & {
  csv: TableCsv<Row>;
  /** The table's least width before it scrolls sideways (phones). */
  scrollX: number;
  /** Pagination's jump-to-page box (spec 2 §9 names the screens that have it); on by default. */
  jumpToPage?: boolean;
  /** Starts with the filter form folded to its first row (for tables with many filters), unless the URL sets filters. */
  filtersCollapsed?: boolean;
  /** Buttons before Download CSV. */
  tools?: ReactNode[];
  /** A server-side table's first state, read from the URL (see useServerTable). */
  initial?: TableUrlState;
};

/**
 * Every back-office list: ProTable with the filter form (Filter / Clear), 100 rows a page with
 * 25/50/100, column settings and reload, and Download CSV of what the filters show. Server-side
 * tables pass `initial` (their URL state) and a `csv.download` of the API's export.
 */
export function AdminTable<Row extends TableRow, Params extends ParamsType = ParamsType>({
  csv,
  scrollX,
  jumpToPage = true,
  filtersCollapsed,
  tools = [],
  initial,
  actionRef,
  ...table
}: AdminTableProps<Row, Params>) {
  const [downloading, setDownloading] = useState(false);
  const actions = useRef<ActionType | null>(null);
  const bothRefs = useCallback(
    (value: ActionType | null) => {
      actions.current = value;
      assignRef(actionRef as Ref<ActionType> | undefined, value);
    },
    [actionRef],
  );
  const download = async () => {
    if (!('download' in csv)) return downloadCsv(csv.fileName, csv.columns, csv.rows());
    setDownloading(true);
    try {
      await csv.download();
    } catch (error) {
      toast.failure(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <ProTable<Row, Params>
      rowKey="id"
      actionRef={bothRefs}
      {...(initial ? { form: { initialValues: initial.values } } : {})}
      {...table}
      {...(table.rowSelection ? { rowSelection: { ...table.rowSelection, columnTitle: (node: ReactNode) => <OutsideMeasureRow>{node}</OutsideMeasureRow> } } : {})}
      search={{ labelWidth: 'auto', filterType: 'query', searchText: 'Filter', resetText: 'Clear', ...(filtersCollapsed && !Object.keys(initial?.values ?? {}).length ? { defaultCollapsed: true } : {}) }}
      pagination={{
        defaultPageSize: initial?.pageSize ?? PAGE_SIZE.adminTables,
        defaultCurrent: initial?.page ?? 1,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showTotal: (total, [first, last]) => {
          const range = `${first}–${last} of ${total.toLocaleString('en-US')}`;
          if (!jumpToPage) return range;
          const pageSize = actions.current?.pageInfo?.pageSize ?? initial?.pageSize ?? PAGE_SIZE.adminTables;
          return (
            <>
              {range}
              <JumpToPage pages={Math.max(1, Math.ceil(total / pageSize))} onJump={(current) => actions.current?.setPageInfo?.({ current })} />
            </>
          );
        },
      }}
      options={{ density: false, setting: true, reload: true }}
      scroll={{ x: scrollX }}
      toolBarRender={() => [
        ...tools,
        <Tooltip key="download" title="Download the filtered list as CSV">
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            Download CSV
          </Button>
        </Tooltip>,
      ]}
    />
  );
}
