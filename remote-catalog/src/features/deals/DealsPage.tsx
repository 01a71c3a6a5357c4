import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Space, Tag } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { ProductListItem } from '@deals/api/contract';
import { confirmAction, sessionAtom, toast } from '@deals/shared-auth';
import { AdminTable, PageHeader, Thumbnail, useClientTable } from '@deals/shared-auth/ui';
import { formatDateTime, formatPrice, yesNo, YES_NO_FILTER } from '../../lib/format';
import { fetchProductTypes, fetchStores } from '../../lib/lookups';
import { deleteDeal, fetchDeals } from './api';
import { DEAL_CSV_COLUMNS, DEAL_TABLE_QUERY, productTypeNames } from './dealRows';
import { canChangeDeal } from './dealValues';

const EDIT_PATH = '/admin/management/product-deal/edit';

const storeOptions = async () => (await fetchStores()).map((store) => ({ label: store.name, value: store.id }));
const productTypeOptions = async () => (await fetchProductTypes()).map((type) => ({ label: type.name, value: type.id }));

/** Deals and Promo Codes (spec §2): every deal, 100 per page, filtered, sorted and downloaded on the client. */
export default function DealsPage() {
  const { isAdmin, user } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const { request, shownRows } = useClientTable(fetchDeals, DEAL_TABLE_QUERY);

  const remove = (deal: ProductListItem) =>
    void confirmAction({
      title: 'Delete Deal',
      text: `Delete the deal "${deal.name}"? Its images and featured-section places go with it. This cannot be undone.`,
      rightBtnText: 'Delete',
      action: async () => {
        const { message } = await deleteDeal(deal.id);
        toast.success(message);
        await table.current?.reload();
      },
    });

  const columns: ProColumns<ProductListItem>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 190,
      fixed: 'left',
      render: (_, deal) => (
        <Space size="small">
          <Button size="small" icon={<EyeOutlined />} href={`${EDIT_PATH}/${deal.id}`} target="_blank" rel="noopener" aria-label={`View ${deal.name} (opens in a new tab)`}>
            View
          </Button>
          {canChangeDeal({ isAdmin, userId: user?.id }, deal) && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(deal)} aria-label={`Delete ${deal.name}`}>
              Delete
            </Button>
          )}
        </Space>
      ),
    },
    { title: 'Preview Image', dataIndex: 'imageUrl', hideInSearch: true, width: 90, render: (_, deal) => <Thumbnail path={deal.imageUrl} alt={deal.name} /> },
    { title: 'Product Name', dataIndex: 'name', sorter: true, width: 260, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
    { title: 'Store', dataIndex: 'category', sorter: true, width: 140, hideInSearch: true },
    { title: 'Store', dataIndex: 'categoryId', hideInTable: true, valueType: 'select', request: storeOptions, fieldProps: { mode: 'multiple', showSearch: true, optionFilterProp: 'label' } },
    { title: 'Product Category', dataIndex: 'productTypes', sorter: true, width: 180, ellipsis: true, hideInSearch: true, render: (_, deal) => productTypeNames(deal) },
    { title: 'Product Category', dataIndex: 'productTypeIds', hideInTable: true, valueType: 'select', request: productTypeOptions, fieldProps: { mode: 'multiple', showSearch: true, optionFilterProp: 'label' } },
    { title: 'Promo Code', dataIndex: 'promoCode', sorter: true, width: 130, render: (_, deal) => (deal.promoCode ? <Tag>{deal.promoCode}</Tag> : '—') },
    { title: 'Discount %', dataIndex: 'discount', sorter: true, hideInSearch: true, width: 110, align: 'right', render: (_, deal) => `${deal.discount}%` },
    { title: 'Current Price', dataIndex: 'currentPrice', sorter: true, hideInSearch: true, width: 120, align: 'right', render: (_, deal) => formatPrice(deal.currentPrice) },
    { title: 'Previous Price', dataIndex: 'previousPrice', sorter: true, hideInSearch: true, width: 120, align: 'right', render: (_, deal) => formatPrice(deal.previousPrice) },
    { title: 'Posted By', dataIndex: 'addedBy', sorter: true, width: 130, render: (_, deal) => deal.addedBy ?? '—' },
    { title: 'Posted On', dataIndex: 'dateTimeAdded', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dateTimeAdded) },
    { title: 'Posted On', dataIndex: 'postedOn', valueType: 'dateRange', hideInTable: true },
    { title: 'Last Updated On', dataIndex: 'dateTimeModified', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dateTimeModified) },
    { title: 'Last Updated On', dataIndex: 'updatedOn', valueType: 'dateRange', hideInTable: true },
    { title: 'Starts On', dataIndex: 'dealStartsIn', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dealStartsIn) || '—' },
    { title: 'Expires In', dataIndex: 'dealExpiresIn', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dealExpiresIn) || '—' },
    { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 100, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, deal) => yesNo(deal.isActive) },
  ];

  return (
    <>
      <PageHeader
        title="Deals and Promo Codes"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/management/product-deal/create')}>
            Create New Deal
          </Button>
        }
      />
      <AdminTable<ProductListItem, Record<string, unknown>>
        actionRef={table}
        columns={columns}
        request={request}
        filtersCollapsed
        scrollX={2100}
        csv={{ fileName: 'deals', columns: DEAL_CSV_COLUMNS, rows: shownRows }}
      />
    </>
  );
}
