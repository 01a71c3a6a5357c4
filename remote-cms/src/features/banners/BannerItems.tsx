import { useCallback, useState } from 'react';
import { Button, Card, Flex, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction, toast } from '@deals/shared-auth';
import { SortItemsModal, Thumbnail } from '@deals/shared-auth/ui';
import { deleteBannerItem, fetchBanner, sortBannerItems, type Banner, type BannerItem } from './api';
import { BannerItemModal } from './BannerItemModal';

/** How an item reads in buttons and lists: its name, else its title. */
export const itemLabel = (item: BannerItem) => item.name || item.title || `Banner item ${item.id}`;

/**
 * The banner's items (spec 2 §2, §7): Add Banner Item, Edit and Delete per row, Sort Items by drag
 * and drop. `onChanged` reloads the banner after a change.
 */
export function BannerItems({ banner, onChanged }: { banner: Banner; onChanged: () => void }) {
  // The modal's item: null adds one; undefined is closed.
  const [editing, setEditing] = useState<BannerItem | null | undefined>(undefined);
  const [sorting, setSorting] = useState(false);

  const loadItems = useCallback(() => fetchBanner(banner.id).then((loaded) => loaded.bannerItems), [banner.id]);
  const closeSort = useCallback(
    (saved: boolean) => {
      setSorting(false);
      if (saved) onChanged();
    },
    [onChanged],
  );
  const closeItem = (saved: boolean) => {
    setEditing(undefined);
    if (saved) onChanged();
  };

  const remove = async (item: BannerItem) => {
    const deleted = await confirmAction({
      title: 'Delete Banner Item',
      text: `Delete the banner item "${itemLabel(item)}"?`,
      rightBtnText: 'Delete',
      // Spec §8: delete failures are errors.
      failureState: 'error',
      action: async () => {
        const { message } = await deleteBannerItem(item.id);
        toast.success(message);
      },
    });
    if (deleted) onChanged();
  };

  const columns: TableColumnsType<BannerItem> = [
    {
      title: 'Actions',
      key: 'actions',
      width: 170,
      render: (_, item) => (
        <Space size="small">
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(item)} aria-label={`Edit ${itemLabel(item)}`}>
            Edit
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(item)} aria-label={`Delete ${itemLabel(item)}`}>
            Delete
          </Button>
        </Space>
      ),
    },
    { title: 'Name', dataIndex: 'name', ellipsis: true, render: (_, item) => item.name || '—' },
    { title: 'Title', dataIndex: 'title', ellipsis: true, render: (_, item) => item.title || '—' },
    { title: 'Image', dataIndex: 'imagePath', width: 100, render: (_, item) => <Thumbnail path={item.imagePath} alt={itemLabel(item)} /> },
  ];

  return (
    <Card
      title="Banner Items"
      style={{ marginTop: 16 }}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
            Sort Items
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            Add Banner Item
          </Button>
        </Flex>
      }
    >
      <Table<BannerItem>
        rowKey="id"
        columns={columns}
        dataSource={banner.bannerItems}
        pagination={false}
        scroll={{ x: 640 }}
        // antd draws a text empty state in its disabled grey (1.8:1): secondary text reads (WCAG AA).
        locale={{ emptyText: <Typography.Text type="secondary">No banner items yet: add the first slide with Add Banner Item.</Typography.Text> }}
      />
      {editing !== undefined && <BannerItemModal key={editing?.id ?? 'new'} bannerId={banner.id} item={editing} onClose={closeItem} />}
      {sorting && (
        <SortItemsModal<BannerItem>
          title="Sort Banner Items"
          load={loadItems}
          render={(item) => (
            <Flex align="center" gap={12}>
              <Thumbnail path={item.imagePath} size={40} />
              <span>{itemLabel(item)}</span>
            </Flex>
          )}
          label={itemLabel}
          save={sortBannerItems}
          onClose={closeSort}
        />
      )}
    </Card>
  );
}
