import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Button, Grid, Space, Tag } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { BulkUpdateProductsBody, DealBulkAction, ProductListItem } from '@deals/contract';
import { confirmAction, sessionAtom, toast } from '@deals/shared-auth';
import { AdminTable, PageHeader, RowAction, Thumbnail, Truncated, useServerTable, useTableColumns, visibleWidth, type ColumnStateMap, type TableSort } from '@deals/shared-auth/ui';
import { formatDateTime, formatPrice, yesNo, YES_NO_FILTER } from '../../lib/format';
import { formatEpc, moneyOrDash } from '@deals/contract/money-format';
import { fetchProductTypes, fetchStores } from '../../lib/lookups';
import { bulkUpdateDeals, deleteDeal, downloadDealsCsv, fetchDealsPage } from './api';
import { BulkActionBar, BulkDetailsModal, dealCount, needsDetails, type BulkExtra } from './BulkActions';
import { bulkFilterOf, DEAL_TABLE_SPEC, linkedFilterText, productTypeNames } from './dealRows';
import { canChangeDeal } from './dealValues';

const EDIT_PATH = '/admin/management/product-deal/edit';

const storeOptions = async () => (await fetchStores()).map((store) => ({ label: store.name, value: store.id }));
const productTypeOptions = async () => (await fetchProductTypes()).map((type) => ({ label: type.name, value: type.id }));

/**
 * Columns hidden until a staff member shows them (column settings, remembered per person): the
 * rest fit a 1440 px screen without scrolling sideways. Actions and the name stay pinned left.
 */
const DEFAULT_COLUMNS: ColumnStateMap = Object.fromEntries(
  ['productTypes', 'previousPrice', 'addedBy', 'dateTimeAdded', 'dateTimeModified', 'dealStartsIn', 'commission30d', 'epc30d'].map((key) => [key, { show: false }]),
);
const PINNED_COLUMNS = ['actions', 'name'];
/** `map` with `keys` not pinned. */
const unpinned = (map: ColumnStateMap, keys: readonly string[]): ColumnStateMap => ({ ...map, ...Object.fromEntries(keys.map((key) => [key, { ...map[key], fixed: undefined }])) });

/** The row selection's column. */
const SELECTION_WIDTH = 32;

const CONFIRM: Record<'activate' | 'deactivate' | 'delete', { title: string; verb: string; button: string; note: string }> = {
  activate: { title: 'Activate Deals', verb: 'Activate', button: 'Activate', note: 'They show on the site from their start date.' },
  deactivate: { title: 'Deactivate Deals', verb: 'Deactivate', button: 'Deactivate', note: 'They leave the site at once.' },
  delete: { title: 'Delete Deals', verb: 'Delete', button: 'Delete', note: 'Their images and featured-section places go with them. This cannot be undone.' },
};

/**
 * Deals and Promo Codes (spec §2): paged, filtered and sorted by the API (tens of thousands of deals), the state in
 * the URL; rows can be chosen (or all matching the filter) for bulk actions; Download CSV streams
 * every matching deal from the server.
 */
export default function DealsPage() {
  const { isAdmin, user } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const { request: loadPage, initial, withUrlSort, query, linked, clearLinked } = useServerTable(DEAL_TABLE_SPEC, fetchDealsPage);
  const linkedText = linkedFilterText(linked, user?.id, formatDateTime);
  const [total, setTotal] = useState(0);
  const [pageIds, setPageIds] = useState<number[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [details, setDetails] = useState<DealBulkAction | null>(null);
  const [lastResult, setLastResult] = useState<string | null>(null);

  const request = useCallback(
    async (params: Record<string, unknown>, sort: TableSort) => {
      const answer = await loadPage(params, sort);
      setTotal(answer.total);
      setPageIds(answer.data.map((deal) => deal.id));
      return answer;
    },
    [loadPage],
  );

  const clearChoice = () => {
    setChosen([]);
    setAllMatching(false);
  };
  const count = allMatching ? total : chosen.length;

  const runBulk = async (action: DealBulkAction, extra: BulkExtra = {}) => {
    const selection = allMatching ? { filter: bulkFilterOf(query()) } : { ids: chosen };
    const answer = await bulkUpdateDeals({ action, ...selection, ...extra } as BulkUpdateProductsBody);
    if (answer.skipped.length) toast.warning(answer.message);
    else toast.success(answer.message);
    setLastResult(answer.skipped.length ? answer.message : null);
    clearChoice();
    await table.current?.reload();
  };

  const startBulk = (action: DealBulkAction) => {
    if (needsDetails(action)) return setDetails(action);
    const { title, verb, button, note } = CONFIRM[action as keyof typeof CONFIRM];
    const which = allMatching ? `all ${dealCount(count)} matching the filter` : dealCount(count);
    void confirmAction({ title, text: `${verb} ${which}? ${note}`, rightBtnText: button, action: () => runBulk(action) });
  };

  // Memoised: a new columns array makes ProTable redraw every row, and the page re-renders when
  // a load reports its total or rows are chosen.
  const columns = useMemo<ProColumns<ProductListItem>[]>(() => {
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

    return withUrlSort<ProColumns<ProductListItem>>([
      {
        title: 'Actions',
        key: 'actions',
        valueType: 'option',
        width: 88,
        fixed: 'left',
        render: (_, deal) => (
          <Space size={4}>
            <RowAction iconOnly label="View" name={`View ${deal.name} (opens in a new tab)`} icon={<EyeOutlined />} href={`${EDIT_PATH}/${deal.id}`} target="_blank" rel="noopener" />
            {canChangeDeal({ isAdmin, userId: user?.id }, deal) && <RowAction iconOnly danger label="Delete" name={`Delete ${deal.name}`} icon={<DeleteOutlined />} onClick={() => remove(deal)} />}
          </Space>
        ),
      },
      { title: 'Preview Image', dataIndex: 'imageUrl', hideInSearch: true, width: 76, fixed: 'left', render: (_, deal) => <Thumbnail path={deal.imageUrl} alt={deal.name} size={40} /> },
      { title: 'Product Name', dataIndex: 'name', sorter: true, width: 180, fixed: 'left', fieldProps: { placeholder: 'Part of a name' }, render: (_, deal) => <Truncated text={deal.name} /> },
      { title: 'Store', dataIndex: 'category', sorter: true, width: 96, hideInSearch: true, render: (_, deal) => <Truncated text={deal.category} /> },
      { title: 'Store', dataIndex: 'categoryId', hideInTable: true, valueType: 'select', request: storeOptions, fieldProps: { mode: 'multiple', showSearch: true, optionFilterProp: 'label' } },
      { title: 'Product Category', dataIndex: 'productTypes', sorter: true, width: 180, hideInSearch: true, render: (_, deal) => <Truncated text={productTypeNames(deal)} /> },
      { title: 'Product Category', dataIndex: 'productTypeIds', hideInTable: true, valueType: 'select', request: productTypeOptions, fieldProps: { mode: 'multiple', showSearch: true, optionFilterProp: 'label' } },
      { title: 'Promo Code', dataIndex: 'promoCode', sorter: true, width: 100, render: (_, deal) => (deal.promoCode ? <Tag>{deal.promoCode}</Tag> : '—') },
      { title: 'Discount %', dataIndex: 'discount', sorter: true, hideInSearch: true, width: 100, align: 'right', render: (_, deal) => `${deal.discount}%` },
      { title: 'Current Price', dataIndex: 'currentPrice', sorter: true, hideInSearch: true, width: 92, align: 'right', render: (_, deal) => formatPrice(deal.currentPrice) },
      { title: 'Previous Price', dataIndex: 'previousPrice', sorter: true, hideInSearch: true, width: 120, align: 'right', render: (_, deal) => formatPrice(deal.previousPrice) },
      { title: 'Posted By', dataIndex: 'addedBy', sorter: true, width: 130, render: (_, deal) => deal.addedBy ?? '—' },
      { title: 'Posted On', dataIndex: 'dateTimeAdded', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dateTimeAdded) },
      { title: 'Posted On', dataIndex: 'postedOn', valueType: 'dateRange', hideInTable: true },
      { title: 'Last Updated On', dataIndex: 'dateTimeModified', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dateTimeModified) },
      { title: 'Last Updated On', dataIndex: 'updatedOn', valueType: 'dateRange', hideInTable: true },
      { title: 'Starts On', dataIndex: 'dealStartsIn', sorter: true, hideInSearch: true, width: 150, render: (_, deal) => formatDateTime(deal.dealStartsIn) || '—' },
      { title: 'Expires In', dataIndex: 'dealExpiresIn', sorter: true, hideInSearch: true, width: 140, render: (_, deal) => formatDateTime(deal.dealExpiresIn) || '—' },
      { title: 'Expires In', dataIndex: 'expiresOn', valueType: 'dateRange', hideInTable: true },
      { title: 'Is Active?', dataIndex: 'isActive', sorter: true, width: 92, valueType: 'select', valueEnum: YES_NO_FILTER, render: (_, deal) => yesNo(deal.isActive) },
      // Clicks: unique visitors who opened the deal's store link in the last 7 days (refreshed every minute), so staff see which deals draw.
      {
        title: 'Clicks (7 days)',
        dataIndex: 'clicks7d',
        sorter: true,
        hideInSearch: true,
        width: 88,
        align: 'right',
        tooltip: 'Unique visitors who opened the store link in the last 7 days (each counted once a day)',
        render: (_, deal) => deal.clicks7d.toLocaleString('en-US'),
      },
      // Sorted by the server on the figure alone: a deal's figures are in its main currency (commissionCurrency).
      {
        title: 'Commission (30 d)',
        dataIndex: 'commission30d',
        sorter: true,
        hideInSearch: true,
        width: 112,
        align: 'right',
        tooltip: 'Pending and approved commission of the last 30 days, in the deal’s main currency',
        render: (_, deal) => moneyOrDash(deal.commission30d, deal.commissionCurrency),
      },
      {
        title: 'EPC (30 d)',
        dataIndex: 'epc30d',
        sorter: true,
        hideInSearch: true,
        width: 96,
        align: 'right',
        tooltip: 'Earnings per click: the commission per unique click-out of the same 30 days',
        render: (_, deal) => moneyOrDash(deal.epc30d, deal.commissionCurrency, formatEpc),
      },
    ]);
  }, [isAdmin, user, withUrlSort]);

  const { columnsState, shown } = useTableColumns('product-deals', DEFAULT_COLUMNS, PINNED_COLUMNS);
  // On a phone only the actions stay pinned: the image and the name pinned too would fill the screen.
  const wide = Grid.useBreakpoint().md ?? true;
  const state = wide ? columnsState : { ...columnsState, value: unpinned(columnsState.value, ['imageUrl', 'name']) };

  return (
    <>
      <PageHeader
        title="Deals and Promo Codes"
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => navigate('/admin/management/product-deal/import')}>
              Import CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/management/product-deal/create')}>
              Create New Deal
            </Button>
          </Space>
        }
      />
      {linkedText && (
        <Alert
          type="info"
          showIcon
          message={linkedText}
          action={
            <Button
              size="small"
              onClick={() => {
                clearLinked();
                clearChoice();
                void table.current?.reload();
              }}
            >
              Show all deals
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {lastResult && <Alert type="warning" showIcon closable message={lastResult} onClose={() => setLastResult(null)} style={{ marginBottom: 12 }} />}
      <AdminTable<ProductListItem, Record<string, unknown>>
        actionRef={table}
        columns={columns}
        request={request}
        initial={initial}
        filtersCollapsed
        columnsState={state}
        scrollX={visibleWidth(columns, shown, SELECTION_WIDTH)}
        csv={{ download: () => downloadDealsCsv(query()) }}
        rowSelection={{
          selectedRowKeys: allMatching ? pageIds : chosen,
          preserveSelectedRowKeys: true,
          // antd hands these props to the checkbox's input (its select-all one gets "Select all" so);
          // its type just does not list aria attributes.
          getCheckboxProps: (deal) => ({ 'aria-label': `Choose ${deal.name}` }) as object,
          onChange: (keys) => {
            setAllMatching(false);
            setChosen(keys.map(Number));
          },
        }}
        tableAlertRender={false}
        tableExtraRender={() =>
          count > 0 ? (
            <div className="deals-bulk-bar" style={{ padding: '8px 12px', background: '#eaf0f8', border: '1px solid #b9c9de', borderRadius: 6 }}>
              <BulkActionBar chosen={chosen.length} total={total} allMatching={allMatching} onAllMatching={() => setAllMatching(true)} onClear={clearChoice} onAction={startBulk} />
            </div>
          ) : null
        }
        onSubmit={clearChoice}
        onReset={clearChoice}
      />
      {details && (
        <BulkDetailsModal
          action={details}
          count={count}
          onCancel={() => setDetails(null)}
          onRun={async (extra) => {
            try {
              await runBulk(details, extra);
              setDetails(null);
            } catch (error) {
              toast.failure(error);
            }
          }}
        />
      )}
    </>
  );
}
