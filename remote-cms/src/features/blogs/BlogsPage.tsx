import type { ProColumns } from '@ant-design/pro-components';
import type { ServerTableSpec } from '@deals/shared-auth/ui';
import { DocumentListPage, formatDateTime, orDash, yesNo, YES_NO_FILTER, type PageListItem } from '../../components/document';
import { BLOG_KIND } from './blogKind';

const COLUMNS: ProColumns<PageListItem>[] = [
  { title: 'Blog Name', dataIndex: 'name', sorter: true, width: 260, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Added By', dataIndex: 'addedBy', sorter: true, width: 180, ellipsis: true, render: (_, blog) => orDash(blog.addedBy), fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Added On', dataIndex: 'addedOn', sorter: true, hideInSearch: true, width: 160, render: (_, blog) => formatDateTime(blog.addedOn) },
  { title: 'Added On', dataIndex: 'addedOnRange', valueType: 'dateRange', hideInTable: true },
  { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, blog) => yesNo(blog.isActive) },
];

/**
 * The search form as the API takes it (`GET Blog/GetAllBlogs?page=…`): name, author, the Added On
 * days and the active flag; the sortable columns' keys are the API's. Download CSV is the server's
 * (`Blog/ExportBlogsCsv`: Id, Blog Name, Url, Added By, Added On, Is Active?).
 */
const SPEC: ServerTableSpec = {
  fields: { name: {}, addedBy: {}, addedOnRange: { kind: 'days', prefix: 'added' }, isActive: {} },
};

/** `/cms/management/blogs` (spec 2 §2): the blogs with View and Remove, and New Blog. */
export default function BlogsPage() {
  return <DocumentListPage kind={BLOG_KIND} columns={COLUMNS} spec={SPEC} scrollX={900} />;
}
