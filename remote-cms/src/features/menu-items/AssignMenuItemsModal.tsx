import { useCallback } from 'react';
import { Typography } from 'antd';
import { PickRecordsModal } from '@deals/shared-auth/ui';
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
  const load = useCallback(async () => (await fetchAssignableMenuItems()).filter((item) => item.id !== parent.id), [parent.id]);
  const save = useCallback(
    (items: MenuItem[]) =>
      assignParentMenuItem(
        parent.id,
        items.map((item) => item.id),
      ),
    [parent.id],
  );

  return (
    <PickRecordsModal
      title="Assign Menu Items"
      okText="Assign"
      source={{ load, loadingLabel: 'Loading the menu items', empty: 'No menu items can be assigned: every other item already has a parent or assigned items of its own.' }}
      hint={<>Tick the items to show under &quot;{parent.name}&quot;.</>}
      listLabel="Menu items to assign"
      renderRow={(item) => (
        <>
          {item.name}
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {item.pageName ? `Page: ${item.pageName}` : `Link: ${dash(item.customLink)}`}
            {item.isActive ? '' : ' · inactive'}
          </Typography.Text>
        </>
      )}
      nothingChosen={CMS_MESSAGES.menuChildrenRequired}
      save={save}
      onClose={onClose}
    />
  );
}
