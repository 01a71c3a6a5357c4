import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction, toast } from '@deals/shared-auth';
import { removeDealFromSection, type FeaturedSectionDetail, type FeaturedSectionProduct } from './api';
import { AddDealsModal } from './AddDealsModal';
import { dealEditPath } from './paths';
import { Thumbnail } from '@deals/shared-auth/ui';

interface SectionDealsProps {
  section: FeaturedSectionDetail;
  /** Reloads the section after a deal was added or removed. */
  onChanged: () => void;
}

const dash = (text: string | null | undefined) => (text ? text : '—');

/**
 * The saved section's Deals and Promo Codes (spec 2 §2): every staff member may view, add and
 * remove its deals; each change is saved at once, apart from the section's form.
 */
export function SectionDeals({ section, onChanged }: SectionDealsProps) {
  const [adding, setAdding] = useState(false);

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
    { title: 'Product Name', dataIndex: 'name', ellipsis: true },
    { title: 'Category', dataIndex: 'category', width: 170, ellipsis: true },
    { title: 'Product Type', key: 'productTypes', width: 200, render: (_, deal) => dash(deal.productTypes.map((type) => type.name).join(', ')) },
    { title: 'Promo Code', dataIndex: 'promoCode', width: 150, render: (_, deal) => dash(deal.promoCode) },
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
      <Table<FeaturedSectionProduct>
        rowKey="id"
        columns={columns}
        dataSource={section.products}
        pagination={{ defaultPageSize: 100, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 960 }}
        locale={{ emptyText: 'No deals in this section yet. Use Add Deals to pick some.' }}
      />
      {adding && (
        <AddDealsModal
          sectionId={section.id}
          existingIds={section.products.map((deal) => deal.id)}
          onClose={(added) => {
            setAdding(false);
            if (added) onChanged();
          }}
        />
      )}
    </Card>
  );
}
