import { Link } from 'react-router-dom';
import { Space, Tag } from 'antd';
import { CloseCircleOutlined, EditOutlined, SafetyCertificateOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { AttentionRow } from '@deals/contract';
import { RowAction, Truncated } from '@deals/shared-auth/ui';
import { formatDateTime } from '../../lib/format';
import { dealEditPath, REASON_FILTER } from './attentionRows';
import { FeedbackCell, LinkCheckCell, ReasonsCell } from './cells';

export interface RowHandlers {
  checking: ReadonlySet<number>;
  checkNow: (row: AttentionRow) => void;
  verify: (row: AttentionRow) => void;
  edit: (row: AttentionRow) => void;
  deactivate: (row: AttentionRow) => void;
  dismiss: (row: AttentionRow) => void;
}

/** The row actions' column width: five icon buttons. */
const ACTIONS_WIDTH = 170;

/**
 * The queue's columns. Only the reason filters (the API orders the rows by urgency itself); on a
 * wide screen the actions and the deal's name stay pinned while the evidence scrolls.
 */
export function attentionColumns({ checking, checkNow, verify, edit, deactivate, dismiss }: RowHandlers, wide: boolean): ProColumns<AttentionRow>[] {
  const pinned = wide ? ('left' as const) : undefined;
  return [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: ACTIONS_WIDTH,
      fixed: pinned,
      render: (_, row) => (
        <Space size={4}>
          <RowAction iconOnly label="Check now" name={`Check the link of ${row.name} now`} icon={<SyncOutlined />} loading={checking.has(row.productId)} onClick={() => checkNow(row)} />
          <RowAction iconOnly label="Mark verified" name={`Mark ${row.name} verified`} icon={<SafetyCertificateOutlined />} onClick={() => verify(row)} />
          <RowAction iconOnly label="Edit" name={`Edit ${row.name}`} icon={<EditOutlined />} onClick={() => edit(row)} />
          <RowAction iconOnly danger label="Deactivate" name={`Deactivate ${row.name}`} icon={<StopOutlined />} onClick={() => deactivate(row)} />
          <RowAction iconOnly label="Dismiss" name={`Dismiss ${row.name}`} icon={<CloseCircleOutlined />} onClick={() => dismiss(row)} />
        </Space>
      ),
    },
    {
      title: 'Deal',
      dataIndex: 'name',
      hideInSearch: true,
      width: 200,
      fixed: pinned,
      render: (_, row) => (
        <Link to={dealEditPath(row.productId)} title={row.name} className="deals-truncate">
          {row.name}
        </Link>
      ),
    },
    { title: 'Store', dataIndex: 'store', hideInSearch: true, width: 120, render: (_, row) => <Truncated text={row.store} /> },
    { title: 'Promo Code', dataIndex: 'promoCode', hideInSearch: true, width: 110, render: (_, row) => (row.promoCode ? <Tag>{row.promoCode}</Tag> : '—') },
    { title: 'Reasons', dataIndex: 'reasons', hideInSearch: true, width: 320, render: (_, row) => <ReasonsCell reasons={row.reasons} /> },
    { title: 'Reason', dataIndex: 'reason', hideInTable: true, valueType: 'select', valueEnum: REASON_FILTER, fieldProps: { placeholder: 'Any reason' } },
    { title: 'Link Check', dataIndex: 'linkCheck', hideInSearch: true, width: 260, render: (_, row) => <LinkCheckCell check={row.linkCheck} /> },
    { title: 'Answers and Reports', dataIndex: 'feedbackCount', hideInSearch: true, width: 200, render: (_, row) => <FeedbackCell row={row} /> },
    { title: 'Expires In', dataIndex: 'dealExpiresIn', hideInSearch: true, width: 140, render: (_, row) => formatDateTime(row.dealExpiresIn) || '—' },
    { title: 'Verified On', dataIndex: 'verifiedAt', hideInSearch: true, width: 140, render: (_, row) => formatDateTime(row.verifiedAt) || 'Never' },
  ];
}
