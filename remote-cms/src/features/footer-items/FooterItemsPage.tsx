import { useCallback, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, toast, type CsvColumn } from '@deals/shared-auth';
import { AdminTable, containsText, PageHeader, SortItemsModal, useClientTable, type TableQuery } from '@deals/shared-auth/ui';
import { deleteFooterItem, fetchFooterItems, sortFooterItems, type FooterItem } from './api';
import { FooterItemModal } from './FooterItemModal';

const CSV_COLUMNS: CsvColumn<FooterItem>[] = [
  { title: 'Label', value: (row) => row.label },
  { title: 'Link', value: (row) => row.to },
];

/** Filter and sort on the client; unsorted, the rows keep the footer order. */
const TABLE_QUERY: TableQuery<FooterItem> = {
  filters: { label: containsText((row) => row.label), to: containsText((row) => row.to) },
  sorters: { label: (row) => row.label, to: (row) => row.to },
};

/** The modal's opening: which item (0 = new), and a number that makes each opening fresh. */
interface Opening {
  id: number;
  key: number;
}

/** Footer items (spec 2 §2): the public site's footer links, added and edited in a modal, sorted. */
export default function FooterItemsPage() {
  const table = useRef<ActionType>(undefined);
  const [sorting, setSorting] = useState(false);
  const [opening, setOpening] = useState<Opening | null>(null);
  const { request, shownRows } = useClientTable(fetchFooterItems, TABLE_QUERY);

  const open = (id: number) => setOpening((last) => ({ id, key: (last?.key ?? 0) + 1 }));

  const closeSort = useCallback((saved: boolean) => {
    setSorting(false);
    if (saved) void table.current?.reload();
  }, []);

  const closeModal = useCallback((saved: boolean) => {
    setOpening(null);
    if (saved) void table.current?.reload();
  }, []);

  const remove = async (item: FooterItem) => {
    const deleted = await confirmAction({
      title: 'Delete Footer Item',
      text: `Delete the footer item "${item.label}"? It disappears from the site's footer.`,
      rightBtnText: 'Delete',
      action: async () => {
        const { message } = await deleteFooterItem(item.id);
        toast.success(message);
      },
    });
    if (deleted) void table.current?.reload();
  };

  const columns: ProColumns<FooterItem>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 170,
      render: (_, item) => (
        <Space size="small">
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => open(item.id)} aria-label={`View ${item.label}`}>
            View
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(item)} aria-label={`Delete ${item.label}`}>
            Delete
          </Button>
        </Space>
      ),
    },
    { title: 'Label', dataIndex: 'label', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a label' } },
    { title: 'Link', dataIndex: 'to', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a link' } },
  ];

  return (
    <>
      <PageHeader
        title="Footer Items"
        extra={
          <>
            <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
              Sort Items
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(0)}>
              Add Footer Item
            </Button>
          </>
        }
      />
      <AdminTable<FooterItem>
        actionRef={table}
        columns={columns}
        request={request}
        scrollX={640}
        csv={{ fileName: 'footer-items', columns: CSV_COLUMNS, rows: shownRows }}
      />
      {opening && <FooterItemModal key={opening.key} id={opening.id} onClose={closeModal} />}
      {sorting && (
        <SortItemsModal<FooterItem>
          title="Sort Footer Items"
          load={fetchFooterItems}
          render={(item) => (
            <span>
              {item.label} <span style={{ color: 'rgba(0,0,0,0.45)' }}>{item.to}</span>
            </span>
          )}
          label={(item) => item.label}
          save={sortFooterItems}
          onClose={closeSort}
        />
      )}
    </>
  );
}
