import { Button, Space, Typography } from 'antd';
import { CloseCircleOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { dealCount } from './attentionRows';

export type AttentionBulkAction = 'verify' | 'deactivate' | 'dismiss';

/** The bar over the table while rows are chosen: how many, and what can be done to them all. */
export function AttentionBulkBar({ chosen, onClear, onAction }: { chosen: number; onClear: () => void; onAction: (action: AttentionBulkAction) => void }) {
  return (
    <Space wrap size="small" aria-label="Bulk actions" className="attention-bulk-bar">
      <Typography.Text strong>{dealCount(chosen)} chosen</Typography.Text>
      <Button size="small" type="link" onClick={onClear}>
        Clear
      </Button>
      <Button size="small" icon={<SafetyCertificateOutlined />} onClick={() => onAction('verify')}>
        Mark verified
      </Button>
      <Button size="small" icon={<StopOutlined />} onClick={() => onAction('deactivate')}>
        Deactivate
      </Button>
      <Button size="small" icon={<CloseCircleOutlined />} onClick={() => onAction('dismiss')}>
        Dismiss
      </Button>
    </Space>
  );
}
