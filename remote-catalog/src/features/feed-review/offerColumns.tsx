import { Link } from 'react-router-dom';
import { Space, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { FeedOffer } from '@deals/contract';
import { RowAction, Thumbnail, Truncated } from '@deals/shared-auth/ui';
import { formatDateTime } from '../../lib/format';
import { fetchFeedOptions } from './api';
import { linkHost, OFFER_STATUS_COLORS, OFFER_STATUS_LABELS, STATUS_FILTER } from './offerRows';
import { dealEditPath } from './paths';

export interface OfferHandlers {
  busy: ReadonlySet<number>;
  accept: (offer: FeedOffer) => void;
  edit: (offer: FeedOffer) => void;
  reject: (offer: FeedOffer) => void;
}

/** The offer's name, the deal it became, and the live deal accepting it would join instead of adding one. */
function NameCell({ offer }: { offer: FeedOffer }) {
  return (
    <div>
      {offer.productId ? (
        <Link to={dealEditPath(offer.productId)} title={offer.name} className="deals-truncate">
          {offer.name}
        </Link>
      ) : (
        <Truncated text={offer.name} />
      )}
      {offer.duplicateOfId !== null && (
        <Link to={dealEditPath(offer.duplicateOfId)}>
          <Tag color="orange">Duplicate of #{offer.duplicateOfId}</Tag>
        </Link>
      )}
    </div>
  );
}

/**
 * The review queue's columns: sorted and filtered by the API. The feed filter is for admins only
 * (only they may read the feeds' list); the actions for offers still waiting for a decision.
 */
export function offerColumns({ busy, accept, edit, reject }: OfferHandlers, isAdmin: boolean, wide: boolean): ProColumns<FeedOffer>[] {
  const pinned = wide ? ('left' as const) : undefined;
  return [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 108,
      fixed: pinned,
      render: (_, offer) =>
        offer.status === 'PENDING' ? (
          <Space size={4}>
            <RowAction iconOnly label="Accept" name={`Accept ${offer.name}`} icon={<CheckOutlined />} loading={busy.has(offer.id)} onClick={() => accept(offer)} />
            <RowAction iconOnly label="Edit then accept" name={`Edit then accept ${offer.name}`} icon={<EditOutlined />} disabled={busy.has(offer.id)} onClick={() => edit(offer)} />
            <RowAction iconOnly danger label="Reject" name={`Reject ${offer.name}`} icon={<CloseOutlined />} disabled={busy.has(offer.id)} onClick={() => reject(offer)} />
          </Space>
        ) : null,
    },
    { title: 'Image', dataIndex: 'imageFilePath', search: false, width: 64, render: (_, offer) => <Thumbnail path={offer.imageFilePath} alt={offer.name} size={40} /> },
    { title: 'Product Name', dataIndex: 'name', sorter: true, search: false, width: 220, fixed: pinned, render: (_, offer) => <NameCell offer={offer} /> },
    { title: 'Store', dataIndex: 'store', sorter: true, search: false, width: 120, render: (_, offer) => <Truncated text={offer.store} /> },
    { title: 'Promo Code', dataIndex: 'promoCode', sorter: true, search: false, width: 110, render: (_, offer) => (offer.promoCode ? <Tag>{offer.promoCode}</Tag> : '—') },
    { title: 'Starts On', dataIndex: 'dealStartsIn', sorter: true, search: false, width: 140, render: (_, offer) => formatDateTime(offer.dealStartsIn) || '—' },
    { title: 'Expires In', dataIndex: 'dealExpiresIn', sorter: true, search: false, width: 140, render: (_, offer) => formatDateTime(offer.dealExpiresIn) || '—' },
    {
      title: 'Link',
      dataIndex: 'link',
      search: false,
      width: 150,
      render: (_, offer) => (
        <a href={offer.link} title={offer.link} target="_blank" rel="noopener noreferrer" className="deals-truncate" aria-label={`${linkHost(offer.link)} (opens in a new tab)`}>
          {linkHost(offer.link)}
        </a>
      ),
    },
    { title: 'Feed', dataIndex: 'feedId', width: 130, valueType: 'select', request: isAdmin ? fetchFeedOptions : undefined, hideInSearch: !isAdmin, fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: 'Any feed' }, render: (_, offer) => <Truncated text={offer.feedName} /> },
    { title: 'Status', dataIndex: 'status', width: 96, valueType: 'select', valueEnum: STATUS_FILTER, fieldProps: { allowClear: false }, render: (_, offer) => <Tag color={OFFER_STATUS_COLORS[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Tag> },
    { title: 'First Seen', dataIndex: 'firstSeenAt', sorter: true, search: false, width: 140, render: (_, offer) => formatDateTime(offer.firstSeenAt) },
    { title: 'Search', dataIndex: 'search', hideInTable: true, fieldProps: { placeholder: 'Name, store, code or link' } },
  ];
}
