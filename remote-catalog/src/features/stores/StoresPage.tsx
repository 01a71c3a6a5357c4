import { useEffect, useState } from 'react';
import { Image, Result, Table, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { attachmentUrl, toast, sessionAtom } from '@deals/shared-auth';
import { fetchStores, type Store } from './api';

function StoresTable() {
  const [stores, setStores] = useState<Store[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    fetchStores()
      .then(setStores)
      .catch((error: unknown) => toast.failure(error))
      .finally(() => setLoading(false));
  }, []);

  return (
    <Table<Store>
      rowKey="id"
      loading={loading}
      dataSource={stores}
      pagination={{ pageSize: 100, showSizeChanger: false }}
      columns={[
        {
          title: 'Logo',
          dataIndex: 'imageFilePath',
          width: 96,
          render: (path: string | null) => (path ? <Image src={attachmentUrl(path)} width={56} height={56} alt="" /> : null),
        },
        { title: 'Store Name', dataIndex: 'name' },
        { title: 'Is Active?', dataIndex: 'isActive', render: (active: boolean) => (active ? 'Yes' : 'No') },
      ]}
    />
  );
}

/** Stores are managed by admins only (spec 000 §2); others reaching the URL are told so. */
export function StoresPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  if (!isAdmin) return <Result status="403" title="Admins only" subTitle="Only admins can manage stores." />;
  return (
    <>
      <Typography.Title level={2}>Stores</Typography.Title>
      <StoresTable />
    </>
  );
}
