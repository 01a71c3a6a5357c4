import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Space } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { CONTENT_SECTION_PICKER_TYPES, CONTENT_SECTION_TYPE_LABELS, BANNER_PICKER_TYPES } from '@deals/contract/section-rules';
import { confirmAction, toast } from '@deals/shared-auth';
import { AdminTable, PageHeader, Truncated, useServerTable } from '@deals/shared-auth/ui';
import { ListEditorialTags } from '../../components/publishing';
import { NEW_BANNER_PATH, NEW_CONTENT_SECTION_PATH } from '../../components/section-fields/paths';
import { deleteBanner, deleteContentSection, downloadSectionsCsv } from './api';
import { editPathOf, fetchSectionRowsPage, KIND_LABELS, SECTION_TABLE_SPEC, yesNo, type SectionRow } from './sectionRows';

const YES_NO_FILTER = { true: { text: 'Yes' }, false: { text: 'No' } };
const KIND_FILTER = { CONTENT_SECTION: { text: KIND_LABELS.CONTENT_SECTION }, BANNER: { text: KIND_LABELS.BANNER } };
/** The Type filter: the stored type (what the API filters on) shown by its label. */
const TYPE_FILTER = Object.fromEntries([...CONTENT_SECTION_PICKER_TYPES, ...BANNER_PICKER_TYPES].map((type) => [type, { text: CONTENT_SECTION_TYPE_LABELS[type] }]));

/** What Delete says and calls for each kind. */
const DELETE = {
  CONTENT_SECTION: {
    title: 'Delete Content Section',
    text: (name: string) => `Delete the content section "${name}"? It is also removed from every page and blog that shows it.`,
    call: deleteContentSection,
  },
  BANNER: {
    title: 'Delete Banner',
    text: (name: string) => `Delete the banner "${name}" and its items? It is also removed from every page and blog that shows it.`,
    call: deleteBanner,
  },
} as const;

/**
 * Content sections and banners (spec 2 §2): one list of both, with View, Delete, filter, sort and
 * CSV, paged, filtered and sorted by the API (so long lists stay light), the state in the URL. The name says when
 * there are unpublished changes or a schedule, so editors see what the site does not show yet.
 */
export default function ContentSectionsPage() {
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const { request, initial, withUrlSort, query } = useServerTable(SECTION_TABLE_SPEC, fetchSectionRowsPage);

  // Memoised: a new columns array makes ProTable redraw every row.
  const columns = useMemo<ProColumns<SectionRow>[]>(() => {
    const remove = async (row: SectionRow) => {
      const texts = DELETE[row.kind];
      const deleted = await confirmAction({
        title: texts.title,
        text: texts.text(row.name),
        rightBtnText: 'Delete',
        // Spec §8: delete failures are errors.
        failureState: 'error',
        action: async () => {
          const { message } = await texts.call(row.id);
          toast.success(message);
        },
      });
      if (deleted) void table.current?.reload();
    };

    return withUrlSort<ProColumns<SectionRow>>([
      {
        title: 'Actions',
        key: 'actions',
        valueType: 'option',
        width: 170,
        render: (_, row) => (
          <Space size="small">
            <Link to={editPathOf(row)} aria-label={`View ${row.name}`}>
              <EyeOutlined /> View
            </Link>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)} aria-label={`Delete ${row.name}`}>
              Delete
            </Button>
          </Space>
        ),
      },
      { title: 'Kind', dataIndex: 'kind', sorter: true, width: 150, valueType: 'select', valueEnum: KIND_FILTER, render: (_, row) => KIND_LABELS[row.kind] },
      {
        title: 'Name',
        dataIndex: 'name',
        sorter: true,
        fieldProps: { placeholder: 'Part of a name' },
        // The name cut to one line, with its editorial tags (draft, schedule) under it.
        render: (_, row) => (
          <>
            <Truncated text={row.name} />
            <ListEditorialTags hasDraft={row.hasDraft} publishAt={row.publishAt} unpublishAt={row.unpublishAt} />
          </>
        ),
      },
      { title: 'Type', dataIndex: 'typeLabel', sorter: true, width: 170, valueType: 'select', valueEnum: TYPE_FILTER, render: (_, row) => row.typeLabel },
      { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, row) => yesNo(row.isActive) },
    ]);
  }, [withUrlSort]);

  return (
    <>
      <PageHeader
        title="Content Sections"
        extra={
          <>
            <Button icon={<PlusOutlined />} onClick={() => void navigate(NEW_BANNER_PATH)}>
              New Banner
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(NEW_CONTENT_SECTION_PATH)}>
              New Content Section
            </Button>
          </>
        }
      />
      <AdminTable<SectionRow>
        rowKey="key"
        actionRef={table}
        columns={columns}
        request={request}
        initial={initial}
        scrollX={820}
        csv={{ download: () => downloadSectionsCsv(query()) }}
      />
    </>
  );
}
