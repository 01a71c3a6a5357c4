import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { PAGE_SIZE } from '@deals/api/contract/limits';
import { downloadCsv, toast, type CsvColumn } from '@deals/shared-auth';
import type { TableUrlState } from './serverTable';

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
  ...table
}: AdminTableProps<Row, Params>) {
  const [downloading, setDownloading] = useState(false);
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
      {...(initial ? { form: { initialValues: initial.values } } : {})}
      {...table}
      {...(table.rowSelection ? { rowSelection: { ...table.rowSelection, columnTitle: (node: ReactNode) => <OutsideMeasureRow>{node}</OutsideMeasureRow> } } : {})}
      search={{ labelWidth: 'auto', filterType: 'query', searchText: 'Filter', resetText: 'Clear', ...(filtersCollapsed && !Object.keys(initial?.values ?? {}).length ? { defaultCollapsed: true } : {}) }}
      pagination={{
        defaultPageSize: initial?.pageSize ?? PAGE_SIZE.adminTables,
        defaultCurrent: initial?.page ?? 1,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showQuickJumper: jumpToPage,
        showTotal: (total, [first, last]) => `${first}–${last} of ${total.toLocaleString('en-US')}`,
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
