import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Flex, Space } from 'antd';
import { DeleteOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, sessionAtom, toast, type CsvColumn } from '@deals/shared-auth';
import { AdminTable, containsText, flagIs, PageHeader, SortItemsModal, Thumbnail, type TableQuery, useClientTable } from '@deals/shared-auth/ui';
import { formatDateTime, yesNo, YES_NO_FILTER } from '../../lib/format';
import { deleteFeaturedSection, fetchFeaturedSections, sortFeaturedSections, type FeaturedSection } from './api';
import { NEW_PATH, editPath } from './paths';

const CSV_COLUMNS: CsvColumn<FeaturedSection>[] = [
  { title: 'Featured Section Name', value: (row) => row.name },
  { title: 'Created On', value: (row) => formatDateTime(row.dateCreated) },
  { title: 'Last Updated', value: (row) => formatDateTime(row.dateUpdated) },
  { title: 'Is Active?', value: (row) => yesNo(row.isActive) },
];

const stamp = (value: string) => new Date(value).getTime();

/** Filter (name, active) and sort (name, dates, active) on the client; otherwise the sort order. */
const TABLE_QUERY: TableQuery<FeaturedSection> = {
  filters: { name: containsText((row) => row.name), isActive: flagIs((row) => row.isActive) },
  sorters: {
    name: (row) => row.name,
    dateCreated: (row) => stamp(row.dateCreated),
    dateUpdated: (row) => stamp(row.dateUpdated),
    isActive: (row) => row.isActive,
  },
  tieBreak: (a, b) => a.sortOrder - b.sortOrder || a.id - b.id,
};

/**
 * Featured sections (spec 2 §2): every staff member sees the list and opens a section; admins
 * also create, remove and sort them (the API refuses those to others).
 */
export default function FeaturedSectionsPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const [sorting, setSorting] = useState(false);

  const { request, shownRows } = useClientTable(fetchFeaturedSections, TABLE_QUERY);

  const closeSort = useCallback((saved: boolean) => {
    setSorting(false);
    if (saved) void table.current?.reload();
  }, [setSorting]);

  const remove = async (section: FeaturedSection) => {
    const removed = await confirmAction({
      title: 'Remove Featured Section',
      text: `Remove the featured section "${section.name}"? Its deals stay; only the section and its links to them are deleted.`,
      rightBtnText: 'Remove',
      action: async () => {
        const { message } = await deleteFeaturedSection(section.id);
        toast.success(message);
      },
    });
    if (removed) void table.current?.reload();
  };

  const columns: ProColumns<FeaturedSection>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: isAdmin ? 170 : 90,
      render: (_, section) => (
        <Space size="small">
          <Link to={editPath(section.id)} aria-label={`View ${section.name}`}>
            <EyeOutlined /> View
          </Link>
          {isAdmin && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(section)} aria-label={`Remove ${section.name}`}>
              Remove
            </Button>
          )}
        </Space>
      ),
    },
    { title: 'Featured Section Name', dataIndex: 'name', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
    { title: 'Created On', dataIndex: 'dateCreated', sorter: true, hideInSearch: true, width: 160, render: (_, section) => formatDateTime(section.dateCreated) },
    { title: 'Last Updated', dataIndex: 'dateUpdated', sorter: true, hideInSearch: true, width: 160, render: (_, section) => formatDateTime(section.dateUpdated) },
    { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, section) => yesNo(section.isActive) },
  ];

  return (
    <>
      <PageHeader
        title="Featured Sections"
        extra={
          isAdmin && (
            <>
              <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
                Sort Sections
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(NEW_PATH)}>
                New Featured Section
              </Button>
            </>
          )
        }
      />
      <AdminTable<FeaturedSection>
        actionRef={table}
        columns={columns}
        request={request}
        scrollX={820}
        csv={{ fileName: 'featured-sections', columns: CSV_COLUMNS, rows: shownRows }}
      />
      {sorting && (
        <SortItemsModal<FeaturedSection>
          title="Sort Sections"
          load={fetchFeaturedSections}
          render={(section) => (
            <Flex align="center" gap={12}>
              <Thumbnail path={section.imageFilePath} size={40} />
              <span>{section.name}</span>
            </Flex>
          )}
          label={(section) => section.name}
          save={sortFeaturedSections}
          onClose={closeSort}
        />
      )}
    </>
  );
}
