import { useEffect, useState } from 'react';
import { Descriptions, Spin, Typography } from 'antd';
import { toast } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';

interface SiteAsset {
  companyName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
}

/** Assets and Resources: the company settings the public site shows (spec 001 §3 SiteAsset). */
export function SiteSettingsPage() {
  const [asset, setAsset] = useState<SiteAsset | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    api
      .get<SiteAsset>('Asset/GetAsset')
      .then(({ data }) => setAsset(data))
      .catch((error: unknown) => toast.failure(error))
      .finally(() => setLoading(false));
  }, []);

  return (
    <>
      <Typography.Title level={2}>Assets and Resources</Typography.Title>
      <Spin spinning={loading}>
        <Descriptions bordered column={1} title="Basic Information">
          <Descriptions.Item label="Company Name">{asset?.companyName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Email Address">{asset?.emailAddress ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Phone Number">{asset?.phoneNumber ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Spin>
    </>
  );
}
