import { Typography } from 'antd';
import { AdminOnly, PageHeader } from '@deals/shared-auth/ui';
import { CommissionImport } from './CommissionImport';
import { EarningsReport } from './EarningsReport';

/** /admin/management/commissions, admins only: import the networks' commission reports, read the earnings. */
export default function CommissionsPage() {
  return (
    <AdminOnly what="commissions">
      <PageHeader title="Commissions">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Import the transaction reports of the affiliate networks; commissions are matched to click-outs by their click reference.
        </Typography.Paragraph>
      </PageHeader>
      <CommissionImport />
      <EarningsReport />
    </AdminOnly>
  );
}
