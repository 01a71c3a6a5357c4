import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { PAGE_SIZE } from '@deals/api/contract/limits';
import { downloadCsv, type CsvColumn } from '@deals/shared-auth';

/** The rows Download CSV writes: the table's filtered and sorted rows (see useClientTable). */
export interface TableCsv<Row> {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  rows: () => readonly Row[];
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
  /** Starts with the filter form folded to its first row (for tables with many filters). */
  filtersCollapsed?: boolean;
  /** Buttons before Download CSV. */
  tools?: ReactNode[];
};

/**
 * Every back-office list: ProTable with the filter form (Filter / Clear), 100 rows a page with
 * 25/50/100, column settings and reload, and Download CSV of what the filters show.
 */
export function AdminTable<Row extends TableRow, Params extends ParamsType = ParamsType>({
  csv,
  scrollX,
  jumpToPage = true,
  filtersCollapsed,
  tools = [],
  ...table
}: AdminTableProps<Row, Params>) {
  return (
    <ProTable<Row, Params>
      rowKey="id"
      {...table}
      search={{ labelWidth: 'auto', filterType: 'query', searchText: 'Filter', resetText: 'Clear', ...(filtersCollapsed ? { defaultCollapsed: true } : {}) }}
      pagination={{ defaultPageSize: PAGE_SIZE.adminTables, showSizeChanger: true, pageSizeOptions: [25, 50, 100], showQuickJumper: jumpToPage }}
      options={{ density: false, setting: true, reload: true }}
      scroll={{ x: scrollX }}
      toolBarRender={() => [
        ...tools,
        <Tooltip key="download" title="Download the filtered list as CSV">
          <Button icon={<DownloadOutlined />} onClick={() => downloadCsv(csv.fileName, csv.columns, csv.rows())}>
            Download CSV
          </Button>
        </Tooltip>,
      ]}
    />
  );
}
