import type { ProColumns } from '@ant-design/pro-components';
import type { ServerTableSpec } from '@deals/shared-auth/ui';
import { DocumentListPage, orDash, yesNo, YES_NO_FILTER, type PageListItem } from '../../components/document';
import { PAGE_KIND } from './pageKind';

const COLUMNS: ProColumns<PageListItem>[] = [
  { title: 'Page Name', dataIndex: 'name', sorter: true, width: 220, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
  { title: 'Title', dataIndex: 'title', sorter: true, width: 240, ellipsis: true, render: (_, page) => orDash(page.title) },
  { title: 'Url', dataIndex: 'url', sorter: true, width: 220, ellipsis: true, fieldProps: { placeholder: 'Part of a url' } },
  { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, page) => yesNo(page.isActive) },
];

/**
 * The search form as the API takes it (`GET Page/GetAllPages?page=…`): name, title, url and the
 * active flag; every column sorts, by the API (by name otherwise). Download CSV is the server's
 * (`Page/ExportPagesCsv`: Id, Page Name, Title, Url, Is Active?).
 */
const SPEC: ServerTableSpec = { fields: { name: {}, title: {}, url: {}, isActive: {} } };

/** `/cms/management/pages` (spec 2 §2): the pages with View and Remove, and New Page. */
export default function PagesPage() {
  return <DocumentListPage kind={PAGE_KIND} columns={COLUMNS} spec={SPEC} scrollX={960} />;
}
