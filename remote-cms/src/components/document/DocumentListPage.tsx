import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Space } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, toast } from '@deals/shared-auth';
import { AdminTable, PageHeader, Truncated, useServerTable, type ServerTableSpec } from '@deals/shared-auth/ui';
import type { PageListItem } from './api';
import { ListEditorialTags } from '../publishing';
import type { DocumentKind } from './kind';

/** The name column with the row's editorial tags under the name (cut to one line, not the tags). */
const withEditorialTags = (column: ProColumns<PageListItem>): ProColumns<PageListItem> =>
  column.dataIndex === 'name'
    ? {
        ...column,
        ellipsis: false,
        render: (_, row) => (
          <>
            <Truncated text={row.name} />
            <ListEditorialTags hasDraft={row.hasDraft} publishAt={row.publishAt} unpublishAt={row.unpublishAt} />
          </>
        ),
      }
    : column;

interface DocumentListPageProps {
  kind: DocumentKind;
  /** The data columns after Actions (with their filters); module-level. */
  columns: ProColumns<PageListItem>[];
  /** How the search form becomes the list call's query; module-level (the table's request keeps its identity). */
  spec: ServerTableSpec;
  /** The table's width, past which phones scroll it. */
  scrollX: number;
}

/**
 * The Pages and Blogs lists (spec 2 §2): paged, filtered and sorted by the API (so long lists stay light), the
 * state in the URL; Download CSV streams every matching row from the server. View opens the edit
 * screen, Remove deletes after a confirm. The name says when there are unpublished changes or a
 * schedule, so editors see what the site does not show yet.
 */
export function DocumentListPage({ kind, columns, spec, scrollX }: DocumentListPageProps) {
  const { texts, paths, api } = kind;
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const { request, initial, withUrlSort, query } = useServerTable(spec, api.listPage);

  // Memoised: a new columns array makes ProTable redraw every row.
  const allColumns = useMemo<ProColumns<PageListItem>[]>(() => {
    const remove = async (row: PageListItem) => {
      const removed = await confirmAction({
        title: `Remove ${texts.noun}`,
        text: `Remove the ${texts.noun.toLowerCase()} "${row.name}" (${row.url})? Its content sections and banners stay; menu items pointing to it lose their link. This cannot be undone.`,
        rightBtnText: 'Remove',
        // Spec 2 §8: a failed delete is an error.
        failureState: 'error',
        action: async () => {
          const { message } = await api.remove(row.id);
          toast.success(message);
        },
      });
      if (removed) void table.current?.reload();
    };

    return withUrlSort<ProColumns<PageListItem>>([
      {
        title: 'Actions',
        key: 'actions',
        valueType: 'option',
        width: 170,
        render: (_, row) => (
          <Space size="small" wrap={false}>
            <Link to={paths.edit(row.id)} aria-label={`View ${row.name}`} style={{ whiteSpace: 'nowrap' }}>
              <EyeOutlined /> View
            </Link>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)} aria-label={`Remove ${row.name}`}>
              Remove
            </Button>
          </Space>
        ),
      },
      ...columns.map(withEditorialTags),
    ]);
  }, [api, columns, paths, texts, withUrlSort]);

  return (
    <>
      <PageHeader
        title={texts.listTitle}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.create)}>
            {texts.newButton}
          </Button>
        }
      />
      <AdminTable<PageListItem, Record<string, unknown>>
        actionRef={table}
        columns={allColumns}
        request={request}
        initial={initial}
        scrollX={scrollX}
        csv={{ download: () => api.downloadCsv(query(), texts.csvName) }}
      />
    </>
  );
}
