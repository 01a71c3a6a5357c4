import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction, toast } from '@deals/shared-auth';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { removeParentMenuItem, type AssignedMenuItem, type MenuItem } from './api';
import { AssignMenuItemsModal } from './AssignMenuItemsModal';
import { dash, yesNo } from './format';
import { editPath } from './paths';
import { canHaveChildren } from './schemas';

interface AssignedMenuItemsProps {
  item: MenuItem;
  /** Reloads the item after items were assigned or removed. */
  onChanged: () => void;
}

/**
 * The saved item's Assigned Menu Items (spec 2 §2, §4): its children in menu order, each with
 * Remove, and Assign New; an item that has a parent cannot have any, and says so.
 */
export function AssignedMenuItems({ item, onChanged }: AssignedMenuItemsProps) {
  const [assigning, setAssigning] = useState(false);
  const childrenAllowed = canHaveChildren(item);

  const remove = async (child: AssignedMenuItem) => {
    const removed = await confirmAction({
      title: 'Remove Menu Item',
      text: `Remove "${child.name}" from "${item.name}"? It stays in the menu as a top-level item.`,
      rightBtnText: 'Remove',
      // Spec 2 §8: unassigning fails as a warning.
      failureState: 'warning',
      action: async () => {
        const { message } = await removeParentMenuItem(child.id);
        toast.success(message);
      },
    });
    if (removed) onChanged();
  };

  const columns: TableColumnsType<AssignedMenuItem> = [
    {
      title: 'Name',
      dataIndex: 'name',
      ellipsis: true,
      render: (_, child) => (
        <Link to={editPath(child.id)} aria-label={`View ${child.name}`}>
          {child.name}
        </Link>
      ),
    },
    { title: 'Page', dataIndex: 'pageName', ellipsis: true, render: (_, child) => dash(child.pageName) },
    { title: 'Is Active?', dataIndex: 'isActive', width: 110, render: (_, child) => yesNo(child.isActive) },
    {
      title: 'Remove',
      key: 'remove',
      width: 120,
      render: (_, child) => (
        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(child)} aria-label={`Remove ${child.name}`}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="Assigned Menu Items"
      style={{ marginTop: 24 }}
      extra={
        childrenAllowed && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
            Assign New
          </Button>
        )
      }
    >
      {!childrenAllowed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={CMS_MESSAGES.menuParentHasParent}
          description={`"${item.name}" is assigned under "${dash(item.parentMenuItem)}". Remove it from there (or clear its Parent Menu Item) to assign items to it.`}
        />
      )}
      <Table<AssignedMenuItem>
        rowKey="id"
        columns={columns}
        dataSource={item.assignedMenuItems}
        pagination={false}
        scroll={{ x: 560 }}
        // antd draws a text empty state in its disabled grey (1.8:1): secondary text reads (WCAG AA).
        locale={{ emptyText: <Typography.Text type="secondary">{childrenAllowed ? 'No menu items are assigned to this item yet. Use Assign New to add some.' : 'No assigned menu items.'}</Typography.Text> }}
      />
      {assigning && (
        <AssignMenuItemsModal
          parent={item}
          onClose={(assigned) => {
            setAssigning(false);
            if (assigned) onChanged();
          }}
        />
      )}
    </Card>
  );
}
