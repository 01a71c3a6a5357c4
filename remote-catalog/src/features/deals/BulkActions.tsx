import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, DeleteOutlined, FieldTimeOutlined, StarOutlined, StopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DEAL_BULK_MAX_EXTEND_DAYS, type DealBulkAction } from '@deals/contract';
import { DATE_TIME_FORMAT } from '../../lib/format';
import { fetchSectionOptions } from './api';

/** What a bulk action adds to its selection: the new expiry, the days, or the section. */
export type BulkExtra = { expiresAt?: string; days?: number; featuredSectionId?: number };

export const dealCount = (count: number) => (count === 1 ? '1 deal' : `${count.toLocaleString('en-US')} deals`);

/** The bar over the table while rows are chosen: how many, "all N matching", and the actions. */
export function BulkActionBar({
  chosen,
  total,
  allMatching,
  onAllMatching,
  onClear,
  onAction,
}: {
  chosen: number;
  total: number;
  allMatching: boolean;
  onAllMatching: () => void;
  onClear: () => void;
  onAction: (action: DealBulkAction) => void;
}) {
  return (
    <Space wrap size="small" aria-label="Bulk actions">
      <Typography.Text strong>{allMatching ? `All ${dealCount(total)} matching the filter chosen` : `${dealCount(chosen)} chosen`}</Typography.Text>
      {!allMatching && total > chosen && (
        <Button type="link" size="small" onClick={onAllMatching}>
          Choose all {dealCount(total)} matching the filter
        </Button>
      )}
      <Button size="small" type="link" onClick={onClear}>
        Clear
      </Button>
      <Button size="small" icon={<CheckCircleOutlined />} onClick={() => onAction('activate')}>
        Activate
      </Button>
      <Button size="small" icon={<StopOutlined />} onClick={() => onAction('deactivate')}>
        Deactivate
      </Button>
      <Button size="small" icon={<FieldTimeOutlined />} onClick={() => onAction('setExpiry')}>
        Set expiry
      </Button>
      <Button size="small" icon={<ClockCircleOutlined />} onClick={() => onAction('extendExpiry')}>
        Extend expiry
      </Button>
      <Button size="small" icon={<StarOutlined />} onClick={() => onAction('addToFeaturedSection')}>
        Add to featured section
      </Button>
      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onAction('delete')}>
        Delete
      </Button>
    </Space>
  );
}

const MODAL_TITLES: Partial<Record<DealBulkAction, (count: string) => string>> = {
  setExpiry: (count) => `Set the expiry of ${count}`,
  extendExpiry: (count) => `Extend the expiry of ${count}`,
  addToFeaturedSection: (count) => `Add ${count} to a featured section`,
};

export const needsDetails = (action: DealBulkAction) => action in MODAL_TITLES;

/**
 * The confirmation of a bulk action that takes a value (the new expiry, the days, the section),
 * naming the count; OK runs it.
 */
export function BulkDetailsModal({ action, count, onRun, onCancel }: { action: DealBulkAction; count: number; onRun: (extra: BulkExtra) => Promise<void>; onCancel: () => void }) {
  const [form] = Form.useForm<{ expiresAt?: Dayjs; days?: number; featuredSectionId?: number }>();
  const [sections, setSections] = useState<{ label: string; value: number }[] | null>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (action === 'addToFeaturedSection') void fetchSectionOptions().then(setSections, () => setSections([]));
  }, [action]);
  const submit = async () => {
    const values = await form.validateFields();
    setRunning(true);
    try {
      await onRun({
        ...(values.expiresAt ? { expiresAt: values.expiresAt.toDate().toISOString() } : {}),
        ...(values.days ? { days: values.days } : {}),
        ...(values.featuredSectionId ? { featuredSectionId: values.featuredSectionId } : {}),
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal open title={MODAL_TITLES[action]?.(dealCount(count))} okText="Apply" onOk={() => void submit()} onCancel={onCancel} confirmLoading={running} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false}>
        {action === 'setExpiry' && (
          <Form.Item name="expiresAt" label="New expiry" rules={[{ required: true, message: 'Choose the new expiry date and time' }]} extra="Deals that start after it are left as they are.">
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {action === 'extendExpiry' && (
          <Form.Item
            name="days"
            label="Days to add"
            rules={[{ required: true, type: 'integer', min: 1, max: DEAL_BULK_MAX_EXTEND_DAYS, message: `Choose a whole number of days from 1 to ${DEAL_BULK_MAX_EXTEND_DAYS}` }]}
            extra="Deals without an expiry date are left as they are."
          >
            <InputNumber min={1} max={DEAL_BULK_MAX_EXTEND_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {action === 'addToFeaturedSection' && (
          <Form.Item name="featuredSectionId" label="Featured section" rules={[{ required: true, message: 'Choose a featured section' }]} extra="Deals already in it are skipped.">
            <Select options={sections ?? []} loading={sections === null} showSearch optionFilterProp="label" placeholder="Choose a section" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
