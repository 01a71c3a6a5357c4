import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Input, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction, toast } from '@deals/shared-auth';
import { fetchSectionDeals, removeDealFromSection, type FeaturedSectionDetail, type FeaturedSectionProduct, type SectionDealsQuery } from './api';
import { AddDealsModal } from './AddDealsModal';
import { dealEditPath } from './paths';
import { Thumbnail } from '@deals/shared-auth/ui';

interface SectionDealsProps {
  section: FeaturedSectionDetail;
}

const PAGE_SIZES = [25, 50, 100];
const SORTABLE = new Set(['name', 'category', 'promoCode']);

const dash = (text: string | null | undefined) => (text ? text : '—');

/**
 * The saved section's Deals and Promo Codes (spec 2 §2): every staff member may view, add and
 * remove its deals; each change is saved at once, apart from the section's form. Paged, sorted
 * and searched by the API, so a section of thousands of deals opens at once.
 */
export function SectionDeals({ section }: SectionDealsProps) {
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState<SectionDealsQuery>({ page: 1, pageSize: 25 });
  const [version, setVersion] = useState(0);
  // The answer and the query it answers: the table shows loading until the current one arrives.
  const [answer, setAnswer] = useState<{ key: string; items: FeaturedSectionProduct[]; total: number } | null>(null);
  const key = JSON.stringify([section.id, query, version]);
  const loading = answer?.key !== key;
  const rows = answer;
  const onChanged = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    let current = true;
    fetchSectionDeals(section.id, query).then(
      (page) => {
        if (!current) return;
        setAnswer({ key, items: page.items, total: page.total });
        // The last deal of the last page was removed: show the page before it.
        if (page.items.length === 0 && page.total > 0 && query.page > 1) setQuery((shown) => ({ ...shown, page: Math.ceil(page.total / shown.pageSize) }));
      },
      (error: unknown) => {
        if (!current) return;
        toast.failure(error);
        setAnswer({ key, items: [], total: 0 });
      },
    );
    return () => {
      current = false;
    };
  }, [section.id, query, key]);

  const change = (pagination: TablePaginationConfig, sorter: SorterResult<FeaturedSectionProduct> | SorterResult<FeaturedSectionProduct>[]) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = String(sort?.columnKey ?? sort?.field ?? '');
    const sorted = sort?.order && SORTABLE.has(key);
    setQuery((shown) => ({
      ...shown,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? shown.pageSize,
      sortBy: sorted ? (key as SectionDealsQuery['sortBy']) : undefined,
      order: sorted ? (sort.order === 'ascend' ? 'asc' : 'desc') : undefined,
    }));
  };

  const remove = async (deal: FeaturedSectionProduct) => {
    const removed = await confirmAction({
      title: 'Remove Deal',
      text: `Remove "${deal.name}" from the featured section "${section.name}"? The deal itself stays.`,
      rightBtnText: 'Remove',
      failureState: 'warning',
      action: async () => {
        const { message } = await removeDealFromSection(section.id, deal.id);
        toast.success(message);
      },
    });
    if (removed) onChanged();
  };

  const columns: TableColumnsType<FeaturedSectionProduct> = [
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_, deal) => (
        <Space size="small" wrap={false}>
          <Link to={dealEditPath(deal.id)} aria-label={`View ${deal.name}`} style={{ whiteSpace: 'nowrap' }}>
            <EyeOutlined /> View
          </Link>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(deal)} aria-label={`Remove ${deal.name}`}>
            Remove
          </Button>
        </Space>
      ),
    },
    { title: 'Preview Image', dataIndex: 'filePath', width: 110, render: (_, deal) => <Thumbnail path={deal.filePath} alt={deal.name} /> },
    { title: 'Product Name', dataIndex: 'name', ellipsis: true, sorter: true, sortOrder: query.sortBy === 'name' ? (query.order === 'asc' ? 'ascend' : 'descend') : null },
    { title: 'Category', dataIndex: 'category', width: 170, ellipsis: true, sorter: true, sortOrder: query.sortBy === 'category' ? (query.order === 'asc' ? 'ascend' : 'descend') : null },
    { title: 'Product Type', key: 'productTypes', width: 200, render: (_, deal) => dash(deal.productTypes.map((type) => type.name).join(', ')) },
    {
      title: 'Promo Code',
      dataIndex: 'promoCode',
      width: 150,
      sorter: true,
      sortOrder: query.sortBy === 'promoCode' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_, deal) => dash(deal.promoCode),
    },
  ];

  return (
    <Card
      title="Deals and Promo Codes"
      className="featured-section-deals"
      style={{ marginTop: 24 }}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add Deals
        </Button>
      }
    >
      <Input.Search
        placeholder="Search this section's deals by name"
        aria-label="Search this section's deals"
        allowClear
        maxLength={200}
        onSearch={(name) => setQuery((shown) => ({ ...shown, page: 1, name: name.trim() || undefined }))}
        style={{ maxWidth: 360, marginBottom: 12 }}
      />
      <Table<FeaturedSectionProduct>
        rowKey="id"
        columns={columns}
        dataSource={rows?.items ?? []}
        loading={loading}
        onChange={(pagination, _filters, sorter) => change(pagination, sorter)}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: rows?.total ?? 0,
          hideOnSinglePage: (rows?.total ?? 0) <= PAGE_SIZES[0]!,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total, [from, to]) => `${from}–${to} of ${total.toLocaleString('en-US')}`,
        }}
        scroll={{ x: 960 }}
        locale={{ emptyText: query.name ? 'No deal in this section matches the search.' : 'No deals in this section yet. Use Add Deals to pick some.' }}
      />
      {adding && (
        <AddDealsModal
          sectionId={section.id}
          onClose={(added) => {
            setAdding(false);
            if (added) onChanged();
          }}
        />
      )}
    </Card>
  );
}
