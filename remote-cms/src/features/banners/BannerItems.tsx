import { useCallback, useState } from 'react';
import { Button, Card, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction } from '@deals/shared-auth';
import { SortItemsModal, Thumbnail, type SortOrderList } from '@deals/shared-auth/ui';
import { BannerItemModal } from './BannerItemModal';
import { itemLabel, type EditorItem, type ItemErrors } from './draft';

export { itemLabel };

/** A row of the sort list: the item under its key. */
interface SortRow {
  id: number;
  item: EditorItem;
}

interface BannerItemsProps {
  /** The editor's items, in display order. */
  items: EditorItem[];
  /** The new list after an add, edit, delete or sort (local: Save Draft or Publish sends it). */
  onChange: (items: EditorItem[]) => void;
  /** The last Save Draft's messages, per item key. */
  errors: ItemErrors;
  /** Whether the items differ from the saved draft (or the published banner). */
  changed: boolean;
}

/**
 * The banner's items (spec 2 §2, §7): Add Banner Item, Edit and Delete per row, Sort Items by drag
 * and drop. Every change is the editor's, kept with the banner's draft by Save Draft
 * (or Publish); the public banner is unchanged until then.
 */
export function BannerItems({ items, onChange, errors, changed }: BannerItemsProps) {
  // The modal's item: null adds one; undefined is closed.
  const [editing, setEditing] = useState<EditorItem | null | undefined>(undefined);
  const [sorting, setSorting] = useState(false);

  // Stable while the sort modal is open (it reloads whenever `load` changes).
  const loadSortRows = useCallback(() => Promise.resolve(items.map((item): SortRow => ({ id: item.key, item }))), [items]);
  const saveOrder = useCallback(
    (order: SortOrderList) => {
      const byKey = new Map(items.map((item) => [item.key, item]));
      const sorted = [...order].sort((a, b) => a.sortOrder - b.sortOrder).flatMap(({ id }) => byKey.get(id) ?? []);
      onChange(sorted);
      return Promise.resolve({ message: 'Order changed: Save Draft or Publish to keep it.' });
    },
    [items, onChange],
  );
  const closeSort = useCallback(() => setSorting(false), []);

  const saveItem = (saved: EditorItem) => {
    setEditing(undefined);
    const at = items.findIndex((item) => item.key === saved.key);
    onChange(at < 0 ? [...items, saved] : items.map((item) => (item.key === saved.key ? saved : item)));
  };

  const remove = async (removed: EditorItem) => {
    await confirmAction({
      title: 'Delete Banner Item',
      text: `Delete the banner item "${itemLabel(removed)}"? The site keeps showing it until the banner is published.`,
      rightBtnText: 'Delete',
      action: () => {
        onChange(items.filter((item) => item.key !== removed.key));
        return Promise.resolve();
      },
    });
  };

  const columns: TableColumnsType<EditorItem> = [
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
    {
      title: 'Name',
      dataIndex: 'name',
      ellipsis: true,
      render: (_, item) => (
        <>
          {item.name || '—'}
          {item.id === null && (
            <Tag className="editorial-tag" color="gold" style={{ marginInlineStart: 8 }} title="Not on the site until the banner is published">
              New
            </Tag>
          )}
        </>
      ),
    },
    { title: 'Title', dataIndex: 'title', ellipsis: true, render: (_, item) => item.title || '—' },
    { title: 'Image', dataIndex: 'imagePath', width: 100, render: (_, item) => <Thumbnail path={item.imagePath} alt={itemLabel(item)} /> },
  ];

  const withErrors = items.filter((item) => errors[item.key]).map((item) => item.key);

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
      {changed && (
        <Typography.Paragraph className="editorial-note" role="status">
          The slides have unsaved changes: Save Draft keeps them, Publish puts them on the site.
        </Typography.Paragraph>
      )}
      <Table<EditorItem>
        rowKey="key"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 640 }}
        // The last Save Draft's messages for an item, in a row under it.
        expandable={{
          expandedRowKeys: withErrors,
          showExpandColumn: false,
          expandedRowRender: (item) => (
            <ul aria-label={`Problems with ${itemLabel(item)}`} style={{ margin: 0, paddingInlineStart: 20 }}>
              {Object.entries(errors[item.key] ?? {}).map(([field, message]) => (
                <li key={field}>
                  <Typography.Text type="danger">{message}</Typography.Text>
                </li>
              ))}
            </ul>
          ),
        }}
        // antd draws a text empty state in its disabled grey (1.8:1): secondary text reads (WCAG AA).
        locale={{ emptyText: <Typography.Text type="secondary">No banner items yet: add the first slide with Add Banner Item.</Typography.Text> }}
      />
      {editing !== undefined && (
        <BannerItemModal
          key={editing?.key ?? 'new'}
          item={editing}
          serverErrors={editing ? errors[editing.key] : undefined}
          onSave={saveItem}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {sorting && (
        <SortItemsModal<SortRow>
          title="Sort Banner Items"
          load={loadSortRows}
          render={({ item }) => (
            <Flex align="center" gap={12}>
              <Thumbnail path={item.imagePath} size={40} />
              <span>{itemLabel(item)}</span>
            </Flex>
          )}
          label={({ item }) => itemLabel(item)}
          save={saveOrder}
          onClose={closeSort}
        />
      )}
    </Card>
  );
}
