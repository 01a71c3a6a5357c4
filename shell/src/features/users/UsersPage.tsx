import { useEffect, useState } from 'react';
import { App, Table, Typography } from 'antd';
import { api, serverMessage } from '@deals/shared-auth';

interface UserRow {
  id: number;
  username: string;
  fullName: string;
  isActive: boolean;
  isAdmin: boolean;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export default function UsersPage() {
  const { message } = App.useApp();
  const [users, setUsers] = useState<UserRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    api
      .get<UserRow[]>('Users/GetAllUsers')
      .then(({ data }) => setUsers(data))
      .catch((error: unknown) => void message.error(serverMessage(error), 3.5))
      .finally(() => setLoading(false));
  }, [message]);

  return (
    <>
      <Typography.Title level={2}>Users</Typography.Title>
      <Table<UserRow>
        rowKey="id"
        loading={loading}
        dataSource={users}
        columns={[
          { title: 'Username', dataIndex: 'username', sorter: (a, b) => a.username.localeCompare(b.username) },
          { title: 'Full Name', dataIndex: 'fullName' },
          { title: 'Is User Active?', dataIndex: 'isActive', render: yesNo },
          { title: 'Is User Admin?', dataIndex: 'isAdmin', render: yesNo },
        ]}
      />
    </>
  );
}
