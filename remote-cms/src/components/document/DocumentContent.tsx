import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { confirmAction, toast } from '@deals/shared-auth';
import { SortItemsModal } from '@deals/shared-auth/ui';
import type { Page, PageComponent } from './api';
import { AddContentModal } from './AddContentModal';
import { bannerEditPath, COMPONENT_TYPE_LABELS, contentSectionEditPath, type DocumentKind } from './kind';

interface DocumentContentProps {
  kind: DocumentKind;
  record: Page;
  /** Reloads the record after its content changed. */
  onChanged: () => void;
}

/** The screen of a component: its content section or banner. */
const componentPath = (component: PageComponent) =>
  component.type === 'BANNER' && component.bannerId !== null
    ? bannerEditPath(component.bannerId)
    : component.contentSectionId !== null
      ? contentSectionEditPath(component.contentSectionId)
      : null;

/**
 * Page Content / Blog Content (spec 2 §2): the components of a saved page or blog in their order,
 * each with View and Remove (a confirm; the component itself stays), plus Add Content and Sort.
 * Every change is saved at once, apart from the form.
 */
export function DocumentContent({ kind, record, onChanged }: DocumentContentProps) {
  const { texts, api } = kind;
  const [adding, setAdding] = useState(false);
  const [sorting, setSorting] = useState(false);
  const recordId = record.id;

  const loadOrder = useCallback(async () => (await api.get(recordId)).contentSections, [api, recordId]);
  const closeSort = useCallback(
    (saved: boolean) => {
      setSorting(false);
      if (saved) onChanged();
    },
    [onChanged],
  );

  const remove = async (component: PageComponent) => {
    const kindLabel = COMPONENT_TYPE_LABELS[component.type].toLowerCase();
    const removed = await confirmAction({
      title: 'Remove Content',
      text: `Remove the ${kindLabel} "${component.name}" from the ${texts.noun.toLowerCase()} "${record.name}"? The ${kindLabel} itself stays.`,
      rightBtnText: 'Remove',
      // Spec 2 §8: unassign and remove failures are warnings.
      failureState: 'warning',
      action: async () => {
        const { message } = await api.unassign(component.id);
        toast.success(message);
      },
    });
    if (removed) onChanged();
  };

  const columns: TableColumnsType<PageComponent> = [
    {
      title: 'Actions',
      key: 'actions',
      width: 180,
      render: (_, component) => {
        const path = componentPath(component);
        return (
          <Space size="small" wrap={false}>
            {path && (
              <Link to={path} aria-label={`View ${component.name}`} style={{ whiteSpace: 'nowrap' }}>
                <EyeOutlined /> View
              </Link>
            )}
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(component)} aria-label={`Remove ${component.name}`}>
              Remove
            </Button>
          </Space>
        );
      },
    },
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'Type', dataIndex: 'type', width: 180, render: (_, component) => COMPONENT_TYPE_LABELS[component.type] },
  ];

  return (
    <Card
      title={texts.contentSection}
      style={{ marginTop: 24 }}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
            {texts.sortButton}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add Content
          </Button>
        </Flex>
      }
    >
      <Table<PageComponent>
        rowKey="id"
        columns={columns}
        dataSource={record.contentSections}
        pagination={false}
        scroll={{ x: 560 }}
        // antd draws a text empty state in its disabled grey (1.8:1): secondary text reads (WCAG AA).
        locale={{ emptyText: <Typography.Text type="secondary">{`No content on this ${texts.noun.toLowerCase()} yet. Use Add Content to add a banner or a content section.`}</Typography.Text> }}
      />
      {adding && (
        <AddContentModal
          kind={kind}
          ownerId={record.id}
          onClose={(added) => {
            setAdding(false);
            if (added) onChanged();
          }}
        />
      )}
      {sorting && (
        <SortItemsModal<PageComponent>
          title="Sort Sections"
          load={loadOrder}
          render={(component) => (
            <Flex align="center" gap={12}>
              <span>{component.name}</span>
              <Tag>{COMPONENT_TYPE_LABELS[component.type]}</Tag>
            </Flex>
          )}
          label={(component) => `${component.name} (${COMPONENT_TYPE_LABELS[component.type]})`}
          save={api.sort}
          onClose={closeSort}
        />
      )}
    </Card>
  );
}
