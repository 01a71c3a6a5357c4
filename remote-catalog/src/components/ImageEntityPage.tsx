import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Flex, Space } from 'antd';
import { DeleteOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { confirmAction, toast, type CsvColumn } from '@deals/shared-auth';
import { AdminTable, clientTableRequest, containsText, flagIs, PageHeader, SortItemsModal, Thumbnail, type RowMatcher, type SortValue, type TableQuery } from '@deals/shared-auth/ui';
import { YES_NO_FILTER, yesNo } from '../lib/format';
import { ImageEntityModal, type ModalTarget } from './ImageEntityModal';
import type { ImageEntity, ImageEntityExtraColumns, ImageEntityScreen } from './imageEntity';

/** The list's own order (and the tie-break of every sort): the saved sort order. */
const bySortOrder = (a: ImageEntity, b: ImageEntity) => a.sortOrder - b.sortOrder || a.id - b.id;

const isNotFound = (error: unknown) => (error as { response?: { status?: number } } | null)?.response?.status === 404;

/**
 * The admin screen of stores or product categories (spec 1 §2 Stores screen, spec 2 §2 Product
 * categories): a filterable, sortable table of every record with View and Delete, Add New and
 * Sort buttons, and the CSV download of the rows shown. `extraColumns` adds a screen's own columns.
 */
export function ImageEntityPage({ screen, extraColumns }: { screen: ImageEntityScreen; extraColumns?: ImageEntityExtraColumns }) {
  const { title, noun, name, imageLabel, flags, calls } = screen;
  const table = useRef<ActionType>(undefined);
  const shown = useRef<ImageEntity[]>([]);
  const [target, setTarget] = useState<ModalTarget | null>(null);
  const [sorting, setSorting] = useState(false);

  // Stable: the modals load their data in effects that depend on these.
  const closeModal = useCallback((saved: boolean) => {
    setTarget(null);
    if (saved) void table.current?.reload();
  }, []);
  const closeSort = useCallback((saved: boolean) => {
    setSorting(false);
    if (saved) void table.current?.reload();
  }, []);
  const loadInOrder = useCallback(async () => [...(await calls.list())].sort(bySortOrder), [calls]);

  // The search form's fields and the sortable columns: the name and each flag.
  const query = useMemo((): TableQuery<ImageEntity> => {
    const filters: Record<string, RowMatcher<ImageEntity>> = { name: containsText((row) => row.name) };
    const sorters: Record<string, (row: ImageEntity) => SortValue> = { name: (row) => row.name };
    for (const flag of flags) {
      filters[flag.name] = flagIs((row) => row[flag.name]);
      sorters[flag.name] = (row) => row[flag.name];
    }
    Object.assign(sorters, extraColumns?.sorters);
    return { filters, sorters, tieBreak: bySortOrder };
  }, [flags, extraColumns]);
  // The extra columns' data comes with each load of the list, so a sort by them sees it.
  const loadList = useCallback(async () => (await Promise.all([calls.list(), extraColumns?.load()]))[0], [calls, extraColumns]);

  const csvColumns: CsvColumn<ImageEntity>[] = [{ title: name.label, value: (row) => row.name }, ...flags.map((flag) => ({ title: flag.label, value: (row: ImageEntity) => yesNo(row[flag.name]) }))];

  const remove = async (row: ImageEntity) => {
    let gone = false;
    const deleted = await confirmAction({
      title: `Delete ${noun}`,
      text: `Delete the ${noun.toLowerCase()} ${row.name}? This cannot be undone.`,
      rightBtnText: 'Delete',
      failureState: 'error',
      action: async () => {
        try {
          toast.success((await calls.remove(row.id)).message);
        } catch (error) {
          // Already deleted elsewhere: the toast says so and the list drops the row.
          gone = isNotFound(error);
          throw error;
        }
      },
    });
    if (deleted || gone) void table.current?.reload();
  };

  const columns: ProColumns<ImageEntity>[] = [
    {
      title: 'Actions',
      key: 'actions',
      valueType: 'option',
      width: 180,
      render: (_, row) => (
        <Space size="small">
          <Button size="small" icon={<EyeOutlined />} onClick={() => setTarget({ id: row.id })} aria-label={`View ${row.name}`}>
            View
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)} aria-label={`Delete ${row.name}`}>
            Delete
          </Button>
        </Space>
      ),
    },
    { title: imageLabel, dataIndex: 'imageFilePath', search: false, width: 88, render: (_, row) => <Thumbnail path={row.imageFilePath} /> },
    { title: name.label, dataIndex: 'name', sorter: true, ellipsis: true, fieldProps: { placeholder: 'Part of a name' } },
    ...flags.map(
      (flag): ProColumns<ImageEntity> => ({
        title: flag.label,
        dataIndex: flag.name,
        sorter: true,
        valueType: 'select',
        valueEnum: YES_NO_FILTER,
        // Wide enough for the title on one line (Send Notification Immediately? is long).
        width: Math.max(120, flag.label.length * 8),
        render: (_, row) => yesNo(row[flag.name]),
      }),
    ),
    ...(extraColumns?.columns ?? []),
  ];

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ id: 0 })}>
              Add New {noun}
            </Button>
            <Button icon={<OrderedListOutlined />} onClick={() => setSorting(true)}>
              Sort {title}
            </Button>
          </>
        }
      />
      <AdminTable<ImageEntity>
        actionRef={table}
        columns={columns}
        request={(params, sort) =>
          clientTableRequest(loadList, query, (rows) => {
            shown.current = rows;
          })(params, sort)
        }
        jumpToPage={screen.jumpToPage ?? false}
        scrollX={640 + 140 * flags.length + (extraColumns?.width ?? 0)}
        csv={{ fileName: screen.csvName, columns: csvColumns, rows: () => shown.current }}
      />
      <ImageEntityModal screen={screen} target={target} onClose={closeModal} />
      {sorting && (
        <SortItemsModal<ImageEntity>
          title={`Sort ${title}`}
          load={loadInOrder}
          render={(row) => (
            <Flex align="center" gap={12}>
              <Thumbnail path={row.imageFilePath} size={32} />
              <span>{row.name}</span>
            </Flex>
          )}
          label={(row) => row.name}
          save={calls.sort}
          onClose={closeSort}
        />
      )}
    </>
  );
}
