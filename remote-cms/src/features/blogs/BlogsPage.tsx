import type { ProColumns } from '@ant-design/pro-components';
import type { CsvColumn } from '@deals/shared-auth';
import { containsText, flagIs, withinDays, type TableQuery } from '@deals/shared-auth/ui';
import { DocumentListPage, formatDateTime, orDash, yesNo, YES_NO_FILTER, type PageListItem } from '../../components/document';
import { BLOG_KIND } from './blogKind';

const COLUMNS: ProColumns<PageListItem>[] = [
  { title: 'Blog Name', dataIndex: 'name', sorter: true, width: 260, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Added By', dataIndex: 'addedBy', sorter: true, width: 180, ellipsis: true, render: (_, blog) => orDash(blog.addedBy), fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Added On', dataIndex: 'addedOn', sorter: true, hideInSearch: true, width: 160, render: (_, blog) => formatDateTime(blog.addedOn) },
  { title: 'Added On', dataIndex: 'addedOnRange', valueType: 'dateRange', hideInTable: true },
  { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, blog) => yesNo(blog.isActive) },
];

const CSV_COLUMNS: CsvColumn<PageListItem>[] = [
  { title: 'Blog Name', value: (blog) => blog.name },
  { title: 'Url', value: (blog) => blog.url },
  { title: 'Added By', value: (blog) => blog.addedBy },
  { title: 'Added On', value: (blog) => formatDateTime(blog.addedOn) },
  { title: 'Is Active?', value: (blog) => yesNo(blog.isActive) },
];

const stamp = (value: string) => new Date(value).getTime();

/** Filter (name, author, date range, active) and sort on the client; otherwise newest first. */
const QUERY: TableQuery<PageListItem> = {
  filters: {
    name: containsText((blog) => blog.name),
    addedBy: containsText((blog) => blog.addedBy),
    addedOnRange: withinDays((blog) => blog.addedOn),
    isActive: flagIs((blog) => blog.isActive),
  },
  sorters: { name: (blog) => blog.name, addedBy: (blog) => blog.addedBy, addedOn: (blog) => stamp(blog.addedOn), isActive: (blog) => blog.isActive },
  tieBreak: (a, b) => stamp(b.addedOn) - stamp(a.addedOn) || b.id - a.id,
};

/** `/cms/management/blogs` (spec 2 §2): the blogs with View and Remove, and New Blog. */
export default function BlogsPage() {
  return <DocumentListPage kind={BLOG_KIND} columns={COLUMNS} csvColumns={CSV_COLUMNS} query={QUERY} scrollX={900} />;
}
