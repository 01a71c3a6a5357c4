import type { ProColumns } from '@ant-design/pro-components';
import type { CsvColumn } from '@deals/shared-auth';
import { containsText, flagIs, type TableQuery } from '@deals/shared-auth/ui';
import { DocumentListPage, orDash, yesNo, YES_NO_FILTER, type PageListItem } from '../../components/document';
import { PAGE_KIND } from './pageKind';

const COLUMNS: ProColumns<PageListItem>[] = [
  { title: 'Page Name', dataIndex: 'name', sorter: true, width: 220, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Title', dataIndex: 'title', sorter: true, width: 240, ellipsis: true, render: (_, page) => orDash(page.title) },
  { title: 'Url', dataIndex: 'url', sorter: true, width: 220, ellipsis: true, fieldProps: { placeholder: 'Part of a url' } },
  { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, page) => yesNo(page.isActive) },
];

const CSV_COLUMNS: CsvColumn<PageListItem>[] = [
  { title: 'Page Name', value: (page) => page.name },
  { title: 'Title', value: (page) => page.title },
  { title: 'Url', value: (page) => page.url },
  { title: 'Is Active?', value: (page) => yesNo(page.isActive) },
];

/** Filter (name, title, url, active) and sort (every column) on the client; otherwise by name. */
const QUERY: TableQuery<PageListItem> = {
  filters: {
    name: containsText((page) => page.name),
    title: containsText((page) => page.title),
    url: containsText((page) => page.url),
    isActive: flagIs((page) => page.isActive),
  },
  sorters: { name: (page) => page.name, title: (page) => page.title, url: (page) => page.url, isActive: (page) => page.isActive },
};

/** `/cms/management/pages` (spec 2 §2): the pages with View and Remove, and New Page. */
export default function PagesPage() {
  return <DocumentListPage kind={PAGE_KIND} columns={COLUMNS} csvColumns={CSV_COLUMNS} query={QUERY} scrollX={960} />;
}
