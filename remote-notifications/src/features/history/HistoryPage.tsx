import { useEffect, useState } from 'react';
import { Table, Typography } from 'antd';
import { toast } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';

interface HistoryRow {
  id: number;
  title: string;
  message: string;
  numberOfDevicesNotificationSentTo: number;
  createdBy: string;
  dateCreated: string;
}

/** Push notification history (spec 001 §2), 100 rows per page. */
export function HistoryPage() {
  const [rows, setRows] = useState<HistoryRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    api
      .get<HistoryRow[]>('PushNotificationHistory/GetPushNotificationHistory')
      .then(({ data }) => setRows(data))
      .catch((error: unknown) => toast.failure(error))
      .finally(() => setLoading(false));
  }, []);

  return (
    <>
      <Typography.Title level={2}>Push Notifications</Typography.Title>
      <Table<HistoryRow>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 100, showSizeChanger: false }}
        columns={[
          { title: 'Title', dataIndex: 'title' },
          { title: 'Message', dataIndex: 'message' },
          { title: 'Number of Devices Sent To', dataIndex: 'numberOfDevicesNotificationSentTo' },
          { title: 'Created By', dataIndex: 'createdBy' },
          { title: 'Date Created', dataIndex: 'dateCreated', render: (value: string) => new Date(value).toLocaleString() },
        ]}
      />
    </>
  );
}
