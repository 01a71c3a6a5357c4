import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Flex, Space, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, toast, type CsvColumn } from '@deals/shared-auth';
import { AdminTable, containsText, flagIs, PageHeader, SortItemsModal, useClientTable, type TableQuery } from '@deals/shared-auth/ui';
import { deleteMenuItem, fetchMenuItems, sortMenuItems, type MenuItem } from './api';
import { dash, yesNo, YES_NO_FILTER } from './format';
import { editPath, NEW_PATH } from './paths';

// Empty cells stay empty in the file (a leading "-" would be escaped as a formula).
const CSV_COLUMNS: CsvColumn<MenuItem>[] = [
  { title: 'Name', value: (row) => row.name },
  { title: 'Page', value: (row) => row.pageName ?? '' },
  { title: 'Custom Link', value: (row) => row.customLink ?? '' },
  { title: 'Parent Menu Item', value: (row) => row.parentMenuItem ?? '' },
  { title: 'Open in New Tab?', value: (row) => yesNo(row.openInNewTab) },
  { title: 'Is Active?', value: (row) => yesNo(row.isActive) },
];

/** Filter and sort on the client; unsorted, the rows keep the menu order the server gives. */
const TABLE_QUERY: TableQuery<MenuItem> = {
  filters: {
    name: containsText((row) => row.name),
    pageName: containsText((row) => row.pageName),
    customLink: containsText((row) => row.customLink),
    parentMenuItem: containsText((row) => row.parentMenuItem),
    openInNewTab: flagIs((row) => row.openInNewTab),
    isActive: flagIs((row) => row.isActive),
  },
  sorters: {
    name: (row) => row.name,
    pageName: (row) => row.pageName,
    customLink: (row) => row.customLink,
    parentMenuItem: (row) => row.parentMenuItem,
    openInNewTab: (row) => row.openInNewTab,
    isActive: (row) => row.isActive,
  },
};

/** A row of the Sort Items list: children say which item they sit under. */
function SortRow({ item }: { item: MenuItem }) {
  return (
    <Flex align="baseline" gap={8} wrap style={item.parentMenuItemId === null ? undefined : { paddingLeft: 24 }}>
      <span>{item.name}</span>
      {item.parentMenuItem && <Typography.Text type="secondary">under {item.parentMenuItem}</Typography.Text>}
    </Flex>
  );
}

/** Menu items (spec 2 §2): the public site's menu, with View, Delete and Sort Items. */
export default function MenuItemsPage() {
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const [sorting, setSorting] = useState(false);
  const { request, shownRows } = useClientTable(fetchMenuItems, TABLE_QUERY);

  const closeSort = useCallback((saved: boolean) => {
    setSorting(false);
    if (saved) void table.current?.reload();
  }, []);

  const remove = async (item: MenuItem) => {
    const children = item.assignedMenuItems.length;
    const deleted = await confirmAction({
      title: 'Delete Menu Item',
      text: `Delete the menu item "${item.name}"?${children > 0 ? ` Its ${children} assigned menu item${children === 1 ? '' : 's'} will become top-level items.` : ''}`,
      rightBtnText: 'Delete',
      action: async () => {
        const { message } = await deleteMenuItem(item.id);
        toast.success(message);
      },
    });
    if (deleted) void table.current?.reload();
  };

  const columns: ProColumns<MenuItem>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 160,
      render: (_, item) => (
        <Space size="small">
          <Link to={editPath(item.id)} aria-label={`View ${item.name}`}>
            <EyeOutlined /> View
          </Link>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(item)} aria-label={`Delete ${item.name}`}>
            Delete
          </Button>
        </Space>
      ),
    },
    { title: 'Name', dataIndex: 'name', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
    { title: 'Page', dataIndex: 'pageName', sorter: true, ellipsis: true, render: (_, item) => dash(item.pageName) },
    { title: 'Custom Link', dataIndex: 'customLink', sorter: true, ellipsis: true, render: (_, item) => dash(item.customLink) },
    { title: 'Parent Menu Item', dataIndex: 'parentMenuItem', sorter: true, ellipsis: true, render: (_, item) => dash(item.parentMenuItem) },
    { title: 'Open in New Tab?', dataIndex: 'openInNewTab', sorter: true, width: 150, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, item) => yesNo(item.openInNewTab) },
    { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 120, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, item) => yesNo(item.isActive) },
  ];

  return (
    <>
      <PageHeader
        title="Menu Items"
        extra={
          <>
            <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
              Sort Items
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(NEW_PATH)}>
              New Menu Item
            </Button>
          </>
        }
      />
      <AdminTable<MenuItem>
        actionRef={table}
        columns={columns}
        request={request}
        scrollX={1000}
        csv={{ fileName: 'menu-items', columns: CSV_COLUMNS, rows: shownRows }}
      />
      {sorting && (
        <SortItemsModal<MenuItem>
          title="Sort Items"
          load={fetchMenuItems}
          render={(item) => <SortRow item={item} />}
          label={(item) => item.name}
          save={sortMenuItems}
          onClose={closeSort}
        />
      )}
    </>
  );
}
