import { useEffect, useState } from 'react';
import { Checkbox, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { toast, useGuardedClose } from '@deals/shared-auth';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { assignParentMenuItem, fetchAssignableMenuItems, type MenuItem } from './api';
import { dash } from './format';

interface AssignMenuItemsModalProps {
  parent: MenuItem;
  /** `assigned` when the item should reload. */
  onClose: (assigned: boolean) => void;
}

/**
 * Assign New (spec 2 §2): the items with neither a parent nor children of their own (never the
 * item itself), any number of them ticked and assigned in one call, in menu order.
 */
export function AssignMenuItemsModal({ parent, onClose }: AssignMenuItemsModalProps) {
  const [candidates, setCandidates] = useState<MenuItem[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  // Items ticked but not assigned: closing asks first.
  const cancel = useGuardedClose(selected.length > 0 && !saving, () => onClose(false));

  useEffect(() => {
    let current = true;
    fetchAssignableMenuItems().then(
      (items) => {
        if (current) setCandidates(items.filter((item) => item.id !== parent.id));
      },
      (error: unknown) => {
        // A load failure is an error (spec 2 §8); there is nothing to choose from.
        toast.failure(error);
        if (current) onClose(false);
      },
    );
    return () => {
      current = false;
    };
  }, [parent.id, onClose]);

  const submit = async () => {
    const childMenuItemIds = (candidates ?? []).filter((item) => selected.includes(item.id)).map((item) => item.id);
    if (childMenuItemIds.length === 0) {
      toast.warning(CMS_MESSAGES.menuChildrenRequired);
      return;
    }
    setSaving(true);
    try {
      const { message } = await assignParentMenuItem(parent.id, childMenuItemIds);
      toast.success(message);
      onClose(true);
    } catch (error) {
      // Spec 2 §8: an assign failure is a warning.
      toast.failure(error, 'warning');
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="Assign Menu Items"
      okText="Assign"
      onOk={() => void submit()}
      onCancel={cancel}
      okButtonProps={{ loading: saving, disabled: candidates === null || candidates.length === 0 }}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      destroyOnHidden
    >
      {candidates === null ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin aria-label="Loading the menu items" />
        </Flex>
      ) : candidates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No menu items can be assigned: every other item already has a parent or assigned items of its own." />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">Tick the items to show under &quot;{parent.name}&quot;.</Typography.Text>
            <Typography.Text strong aria-live="polite">
              {selected.length} selected
            </Typography.Text>
          </Flex>
          <Checkbox.Group value={selected} onChange={(values) => setSelected(values as number[])} style={{ display: 'block' }}>
            <ul aria-label="Menu items to assign" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
              {candidates.map((item) => (
                <li key={item.id} style={{ padding: '8px 4px', borderBottom: '1px solid #f5f5f5' }}>
                  <Checkbox value={item.id}>
                    {item.name}
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {item.pageName ? `Page: ${item.pageName}` : `Link: ${dash(item.customLink)}`}
                      {item.isActive ? '' : ' · inactive'}
                    </Typography.Text>
                  </Checkbox>
                </li>
              ))}
            </ul>
          </Checkbox.Group>
        </>
      )}
    </Modal>
  );
}
