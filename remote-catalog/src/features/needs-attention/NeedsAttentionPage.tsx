import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Empty, Grid, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { ATTENTION_EXPIRING_HOURS, type AttentionRow } from '@deals/contract';
import { downloadCsv, sessionAtom } from '@deals/shared-auth';
import { AdminTable, PageHeader, useServerTable, visibleWidth, type TableSort } from '@deals/shared-auth/ui';
import { fetchAllAttentionRows, fetchAttentionPage } from './api';
import { AttentionBulkBar, type AttentionBulkAction } from './AttentionBulkBar';
import { ATTENTION_CSV, ATTENTION_TABLE_SPEC, dealEditPath } from './attentionRows';
import { attentionColumns, type RowHandlers } from './columns';
import { TrustSettingsModal } from './TrustSettingsModal';
import { useAttentionActions } from './useAttentionActions';
import './needs-attention.css';

/** The row selection's column. */
const SELECTION_WIDTH = 32;

const EMPTY_TEXTS = {
  none: 'Nothing needs attention',
  filtered: 'No deal is listed for this reason',
  // A failed load already says why in a toast; an empty table must not claim all is well.
  failed: 'The list could not be loaded',
} as const;

/**
 * Needs attention: live deals whose link check failed, whose code visitors say fails, that were
 * reported or expire soon, most urgent first, with the evidence to decide and the actions that
 * settle a row. Paged by the API; the reason filter and page live in the address.
 */
export default function NeedsAttentionPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const { request: loadPage, initial, query } = useServerTable(ATTENTION_TABLE_SPEC, fetchAttentionPage);
  const [chosen, setChosen] = useState<number[]>([]);
  const [empty, setEmpty] = useState<keyof typeof EMPTY_TEXTS>('none');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const wide = Grid.useBreakpoint().md ?? true;

  const request = useCallback(
    async (params: Record<string, unknown>, sort: TableSort) => {
      const answer = await loadPage(params, sort);
      setEmpty(!answer.success ? 'failed' : params.reason ? 'filtered' : 'none');
      return answer;
    },
    [loadPage],
  );

  // Rows an action settled leave the queue: they leave the choice too, and the page is read again.
  const afterChange = useCallback(async (ids: readonly number[]) => {
    setChosen((current) => current.filter((id) => !ids.includes(id)));
    await table.current?.reload();
  }, []);
  const { checking, checkNow, verify, dismiss, deactivate } = useAttentionActions(afterChange);

  const columns = useMemo(() => {
    const one = (row: AttentionRow) => ({ ids: [row.productId], name: row.name });
    const handlers: RowHandlers = {
      checking,
      checkNow: (row) => void checkNow(row.productId),
      verify: (row) => void verify(one(row)),
      edit: (row) => navigate(dealEditPath(row.productId)),
      deactivate: (row) => void deactivate(one(row)),
      dismiss: (row) => void dismiss(one(row)),
    };
    return attentionColumns(handlers, wide);
  }, [checking, checkNow, verify, navigate, deactivate, dismiss, wide]);

  const startBulk = (action: AttentionBulkAction) => {
    const target = { ids: chosen };
    if (action === 'verify') void verify(target);
    else if (action === 'dismiss') void dismiss(target);
    else void deactivate(target);
  };

  return (
    <>
      <PageHeader
        title="Needs attention"
        extra={
          isAdmin && (
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              Settings
            </Button>
          )
        }
      >
        <Typography.Text type="secondary">
          {isAdmin ? 'Live deals' : 'Your live deals'} with a failing link, a low success rate, visitor reports or an expiry within {ATTENTION_EXPIRING_HOURS} h, most urgent first.
        </Typography.Text>
      </PageHeader>
      <AdminTable<AttentionRow, Record<string, unknown>>
        rowKey="productId"
        actionRef={table}
        columns={columns}
        request={request}
        initial={initial}
        scrollX={visibleWidth(columns, {}, SELECTION_WIDTH)}
        csv={{ download: async () => downloadCsv('needs-attention', ATTENTION_CSV, await fetchAllAttentionRows(query())) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXTS[empty]} /> }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          // antd hands these props to the checkbox's input; its type just does not list aria attributes.
          getCheckboxProps: (row) => ({ 'aria-label': `Choose ${row.name}` }) as object,
          onChange: (keys) => setChosen(keys.map(Number)),
        }}
        tableAlertRender={false}
        tableExtraRender={() => (chosen.length > 0 ? <AttentionBulkBar chosen={chosen.length} onClear={() => setChosen([])} onAction={startBulk} /> : null)}
        onSubmit={() => setChosen([])}
        onReset={() => setChosen([])}
      />
      {settingsOpen && <TrustSettingsModal onClose={() => setSettingsOpen(false)} />}
    </>
  );
}
