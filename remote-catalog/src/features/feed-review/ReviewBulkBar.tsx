import { Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { offerCount } from './offerRows';

/** The bar over the queue while offers are chosen: how many, and the two decisions. */
export function ReviewBulkBar({ chosen, onClear, onAccept, onReject }: { chosen: number; onClear: () => void; onAccept: () => void; onReject: () => void }) {
  return (
    <Space wrap size="small" aria-label="Bulk actions" className="deals-bulk-bar" style={{ padding: '8px 12px', background: '#eaf0f8', border: '1px solid #b9c9de', borderRadius: 6 }}>
      <Typography.Text strong>{offerCount(chosen)} chosen</Typography.Text>
      <Button size="small" type="link" onClick={onClear}>
        Clear
      </Button>
      <Button size="small" type="primary" icon={<CheckOutlined />} onClick={onAccept}>
        Accept selected
      </Button>
      <Button size="small" danger icon={<CloseOutlined />} onClick={onReject}>
        Reject selected
      </Button>
    </Space>
  );
}
