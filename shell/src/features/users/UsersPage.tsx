import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Grid, Space, Typography } from 'antd';
import { EyeOutlined, KeyOutlined, LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, sessionAtom, toast } from '@deals/shared-auth';
import { TWO_FACTOR_MESSAGES } from '@deals/contract/two-factor';
import { AdminTable, RowAction, useServerTable } from '@deals/shared-auth/ui';
import { downloadUsersCsv, endUserSessions, fetchUsersPage, type UserListItem } from './api';
import { RequireTwoFactorSwitch } from './RequireTwoFactorSwitch';
import { USER_TABLE_SPEC, yesNo } from './userRows';
import { EditUserModal, NewUserModal } from './UserFormModal';
import { ResetPasswordModal } from './ResetPasswordModal';

type OpenModal = { kind: 'new' } | { kind: 'edit'; userId: number } | { kind: 'password' } | null;

const YES_NO = { true: { text: 'Yes' }, false: { text: 'No' } };

const endSessionsOf = (user: UserListItem) =>
  confirmAction({
    title: TWO_FACTOR_MESSAGES.endUserSessions,
    text: `Sign ${user.username} out on every device? Their next action there asks them to sign in again.`,
    rightBtnText: TWO_FACTOR_MESSAGES.endUserSessions,
    action: async () => toast.success((await endUserSessions(user.id)).message),
  });

/**
 * Users (spec §2): everyone sees the list; admins add and edit; each user resets their own
 * password. Paged, filtered and sorted by the API (so it stays fast with many users), the state in
 * the URL; Download CSV streams every matching user from the server.
 */
export default function UsersPage() {
  const { isAdmin, user: me } = useAtomValue(sessionAtom);
  const table = useRef<ActionType>(undefined);
  const [modal, setModal] = useState<OpenModal>(null);
  const { request, initial, withUrlSort, query } = useServerTable(USER_TABLE_SPEC, fetchUsersPage);
  // On a phone the row actions are icons (their words in tooltips), so Username stays in view.
  const wide = Grid.useBreakpoint().sm ?? true;

  const closeModal = useCallback((saved = false) => {
    setModal(null);
    if (saved) void table.current?.reload();
  }, []);

  const columns = useMemo<ProColumns<UserListItem>[]>(
    () =>
      withUrlSort<ProColumns<UserListItem>>([
        {
          title: 'Actions',
          key: 'actions',
          valueType: 'option',
          width: wide ? (isAdmin ? 380 : 250) : 120,
          render: (_, user) => (
            <Space size={4}>
              {isAdmin && <RowAction iconOnly={!wide} label="View" name={`View ${user.username}`} icon={<EyeOutlined />} onClick={() => setModal({ kind: 'edit', userId: user.id })} />}
              {isAdmin && (
                <RowAction iconOnly={!wide} label={TWO_FACTOR_MESSAGES.endUserSessions} name={`End all sessions of ${user.username}`} icon={<LogoutOutlined />} onClick={() => void endSessionsOf(user)} />
              )}
              {user.id === me?.id && <RowAction iconOnly={!wide} label="Reset Password" name="Reset Password" icon={<KeyOutlined />} onClick={() => setModal({ kind: 'password' })} />}
            </Space>
          ),
        },
        { title: 'Username', dataIndex: 'username', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a username' } },
        { title: 'Full Name', dataIndex: 'fullName', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
        { title: 'Is User Active?', dataIndex: 'isActive', sorter: true, valueType: 'select', valueEnum: YES_NO, render: (_, user) => yesNo(user.isActive) },
        { title: 'Is User Admin?', dataIndex: 'isAdmin', sorter: true, valueType: 'select', valueEnum: YES_NO, render: (_, user) => yesNo(user.isAdmin) },
      ]),
    [isAdmin, me?.id, withUrlSort, wide],
  );

  return (
    <>
      <Typography.Title level={2}>Users</Typography.Title>
      {isAdmin && (
        <div style={{ marginBottom: 16 }}>
          <RequireTwoFactorSwitch />
        </div>
      )}
      <AdminTable<UserListItem, Record<string, unknown>>
        actionRef={table}
        columns={columns}
        request={request}
        initial={initial}
        scrollX={wide ? 820 : 560}
        csv={{ download: () => downloadUsersCsv(query()) }}
        tools={
          isAdmin
            ? [
                <Button key="add" type="primary" icon={<UserAddOutlined />} onClick={() => setModal({ kind: 'new' })}>
                  Add New User
                </Button>,
              ]
            : []
        }
      />
      {modal?.kind === 'new' && <NewUserModal onClose={closeModal} />}
      {modal?.kind === 'edit' && <EditUserModal userId={modal.userId} onClose={closeModal} />}
      {modal?.kind === 'password' && <ResetPasswordModal onClose={() => closeModal()} />}
    </>
  );
}
