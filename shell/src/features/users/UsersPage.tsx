import { useCallback, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, KeyOutlined, UserAddOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { downloadCsv, sessionAtom, toast } from '@deals/shared-auth';
import { fetchUsers, type UserListItem } from './api';
import { filterUsers, sortUsers, USER_CSV_COLUMNS, yesNo, type UserFilter, type UserSortKey, type SortOrder } from './userRows';
import { EditUserModal, NewUserModal } from './UserFormModal';
import { ResetPasswordModal } from './ResetPasswordModal';

type OpenModal = { kind: 'new' } | { kind: 'edit'; userId: number } | { kind: 'password' } | null;

const YES_NO = { true: { text: 'Yes' }, false: { text: 'No' } };

/** Users (spec §2): everyone sees the list; admins add and edit; each user resets their own password. */
export default function UsersPage() {
  const { isAdmin, user: me } = useAtomValue(sessionAtom);
  const table = useRef<ActionType>(undefined);
  const shown = useRef<UserListItem[]>([]);
  const [modal, setModal] = useState<OpenModal>(null);

  const closeModal = useCallback((saved = false) => {
    setModal(null);
    if (saved) void table.current?.reload();
  }, []);

  const columns: ProColumns<UserListItem>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 250,
      render: (_, user) => (
        <Space size="small">
          {isAdmin && (
            <Button size="small" icon={<EyeOutlined />} onClick={() => setModal({ kind: 'edit', userId: user.id })} aria-label={`View ${user.username}`}>
              View
            </Button>
          )}
          {user.id === me?.id && (
            <Button size="small" icon={<KeyOutlined />} onClick={() => setModal({ kind: 'password' })}>
              Reset Password
            </Button>
          )}
        </Space>
      ),
    },
    { title: 'Username', dataIndex: 'username', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a username' } },
    { title: 'Full Name', dataIndex: 'fullName', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
    { title: 'Is User Active?', dataIndex: 'isActive', sorter: true, valueType: 'select', valueEnum: YES_NO, render: (_, user) => yesNo(user.isActive) },
    { title: 'Is User Admin?', dataIndex: 'isAdmin', sorter: true, valueType: 'select', valueEnum: YES_NO, render: (_, user) => yesNo(user.isAdmin) },
  ];

  return (
    <>
      <Typography.Title level={2}>Users</Typography.Title>
      <ProTable<UserListItem, UserFilter>
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={async (params, sort) => {
          try {
            const rows = sortUsers(filterUsers(await fetchUsers(), params), sort as Partial<Record<UserSortKey, SortOrder>>);
            shown.current = rows;
            return { data: rows, success: true, total: rows.length };
          } catch (error) {
            toast.failure(error);
            return { data: [], success: false, total: 0 };
          }
        }}
        search={{ labelWidth: 'auto', filterType: 'query', searchText: 'Filter', resetText: 'Clear' }}
        pagination={{ defaultPageSize: 100, showSizeChanger: true, pageSizeOptions: [25, 50, 100] }}
        options={{ density: false, setting: true, reload: true }}
        scroll={{ x: 820 }}
        toolBarRender={() => [
          <Tooltip key="download" title="Download the filtered list as CSV">
            <Button icon={<DownloadOutlined />} onClick={() => downloadCsv('users', USER_CSV_COLUMNS, shown.current)}>
              Download
            </Button>
          </Tooltip>,
          isAdmin && (
            <Button key="add" type="primary" icon={<UserAddOutlined />} onClick={() => setModal({ kind: 'new' })}>
              Add New User
            </Button>
          ),
        ]}
      />
      {modal?.kind === 'new' && <NewUserModal onClose={closeModal} />}
      {modal?.kind === 'edit' && <EditUserModal userId={modal.userId} onClose={closeModal} />}
      {modal?.kind === 'password' && <ResetPasswordModal onClose={() => closeModal()} />}
    </>
  );
}
