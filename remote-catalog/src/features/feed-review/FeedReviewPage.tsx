import { useCallback, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Empty, Grid, Typography } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import type { FeedOffer } from '@deals/contract';
import { downloadCsv, sessionAtom } from '@deals/shared-auth';
import { AdminTable, PageHeader, useServerTable, visibleWidth, type TableSort } from '@deals/shared-auth/ui';
import { AcceptOfferModal } from './AcceptOfferModal';
import { fetchAllOffers, fetchOffersPage } from './api';
import { offerColumns } from './offerColumns';
import { DEFAULT_STATUS, OFFER_CSV, OFFER_TABLE_SPEC } from './offerRows';
import { ReviewBulkBar } from './ReviewBulkBar';
import { useOfferActions, type Skipped } from './useOfferActions';
import './feed-review.css';

/** The row selection's column. */
const SELECTION_WIDTH = 32;

/** Why offers were skipped, each named when the page still shows it. */
function SkippedNotice({ skipped, names, onClose }: { skipped: Skipped; names: ReadonlyMap<number, string>; onClose: () => void }) {
  return (
    <Alert
      className="feed-review-skipped"
      type="warning"
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 12 }}
      message={skipped.length === 1 ? '1 offer was skipped' : `${skipped.length.toLocaleString('en-US')} offers were skipped`}
      description={
        <ul aria-label="Skipped offers">
          {skipped.map((entry) => (
            <li key={entry.id}>
              {names.get(entry.id) ?? `Offer #${entry.id}`}: {entry.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * The review queue: the feeds' offers waiting for a decision (or, by the status filter, those
 * already live, rejected or expired), paged and sorted by the API, the filters in the address.
 * Pending offers are accepted as they are, edited then accepted, or rejected, one or many at once.
 */
export default function FeedReviewPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  const table = useRef<ActionType>(undefined);
  const { request: loadPage, initial, withUrlSort, query } = useServerTable(OFFER_TABLE_SPEC, fetchOffersPage);
  const opening = useMemo(() => ({ ...initial, values: { status: DEFAULT_STATUS, ...initial.values } }), [initial]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [editing, setEditing] = useState<FeedOffer | null>(null);
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const wide = Grid.useBreakpoint().md ?? true;

  const request = useCallback(
    async (params: Record<string, unknown>, sort: TableSort) => {
      const answer = await loadPage(params, sort);
      setNames((known) => new Map([...known, ...answer.data.map((offer) => [offer.id, offer.name] as const)]));
      return answer;
    },
    [loadPage],
  );

  // Decided offers leave the queue, and the choice with them.
  const afterChange = useCallback(async () => {
    setChosen([]);
    await table.current?.reload();
  }, []);
  const actions = useOfferActions(afterChange);
  const { busy, acceptOne, rejectOne, report } = actions;

  const columns = useMemo(
    () => withUrlSort(offerColumns({ busy, accept: (offer) => void acceptOne(offer.id), edit: setEditing, reject: (offer) => void rejectOne(offer.id) }, isAdmin, wide)),
    [busy, acceptOne, rejectOne, isAdmin, wide, withUrlSort],
  );

  return (
    <>
      <PageHeader title="Review queue">
        <Typography.Text type="secondary">Offers the feeds brought that wait for a decision: accept them as they are, edit then accept, or reject them.</Typography.Text>
      </PageHeader>
      {actions.skipped.length > 0 && <SkippedNotice skipped={actions.skipped} names={names} onClose={actions.clearSkipped} />}
      <AdminTable<FeedOffer, Record<string, unknown>>
        actionRef={table}
        columns={columns}
        request={request}
        initial={opening}
        scrollX={visibleWidth(columns, {}, SELECTION_WIDTH)}
        csv={{ download: async () => downloadCsv('feed-offers', OFFER_CSV, await fetchAllOffers(query())) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No offers" /> }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          // Only offers still waiting can be decided; antd hands these props to the checkbox's input.
          getCheckboxProps: (offer) => ({ disabled: offer.status !== 'PENDING', 'aria-label': `Choose ${offer.name}` }) as object,
          onChange: (keys) => setChosen(keys.map(Number)),
        }}
        tableAlertRender={false}
        tableExtraRender={() =>
          chosen.length > 0 ? <ReviewBulkBar chosen={chosen.length} onClear={() => setChosen([])} onAccept={() => void actions.acceptMany(chosen)} onReject={() => void actions.rejectMany(chosen)} /> : null
        }
        onSubmit={() => setChosen([])}
        onReset={() => setChosen([])}
      />
      {editing && (
        <AcceptOfferModal
          offer={editing}
          onAccepted={(outcome) => {
            setEditing(null);
            void report(outcome);
          }}
          onClose={(gone) => {
            setEditing(null);
            if (gone) void afterChange();
          }}
        />
      )}
    </>
  );
}
