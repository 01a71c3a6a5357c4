import { useMemo, useRef } from 'react';
import { EARNINGS_DEFAULT_DAYS, type EarningsRow } from '@deals/contract/commissions';
import { toast } from '@deals/shared-auth';
import type { ImageEntity, ImageEntityExtraColumns } from '../../components/imageEntity';
import { formatEpc, formatMoney } from '@deals/contract/money-format';
import { fetchStoreEarnings } from './api';

type Earning = EarningsRow & { currency: string };

/**
 * A store's earning rows by its id (the report's `key`), largest commission first. Rows without a
 * currency only count clicks that earned nothing, so they are left out.
 */
export function earningsByStore(rows: readonly EarningsRow[]): Map<string, Earning[]> {
  const byStore = new Map<string, Earning[]>();
  for (const row of rows) {
    if (row.currency === null) continue;
    byStore.set(row.key, [...(byStore.get(row.key) ?? []), row as Earning]);
  }
  for (const earnings of byStore.values()) earnings.sort((a, b) => b.commission - a.commission);
  return byStore;
}

/** One line per currency: a store earning in two currencies shows both, never their sum. */
function Amounts({ earnings, format }: { earnings: readonly Earning[] | undefined; format: (row: Earning) => string }) {
  if (!earnings?.length) return <>—</>;
  return (
    <>
      {earnings.map((row) => (
        <div key={row.currency}>{format(row)}</div>
      ))}
    </>
  );
}

/**
 * The stores table's Commission and EPC (30 days) columns, from one earnings report per load of
 * the table. They sort by the store's first (largest) currency's figure.
 */
export function useStoreEarningsColumns(): ImageEntityExtraColumns {
  // Read by the cells and sorters when the table draws, which is after `load` resolved.
  const earnings = useRef(new Map<string, Earning[]>());
  return useMemo(() => {
    const of = (store: ImageEntity) => earnings.current.get(String(store.id));
    return {
      load: async () => {
        try {
          earnings.current = earningsByStore((await fetchStoreEarnings()).rows);
        } catch (error) {
          // The stores still list; the columns show dashes.
          earnings.current = new Map();
          toast.failure(error);
        }
      },
      columns: [
        {
          title: `Commission (${EARNINGS_DEFAULT_DAYS} days)`,
          dataIndex: 'commission30d',
          sorter: true,
          search: false,
          align: 'right',
          width: 150,
          tooltip: 'Pending and approved commission of the last 30 days, per currency',
          render: (_, store) => <Amounts earnings={of(store)} format={(row) => formatMoney(row.commission, row.currency)} />,
        },
        {
          title: `EPC (${EARNINGS_DEFAULT_DAYS} days)`,
          dataIndex: 'epc30d',
          sorter: true,
          search: false,
          align: 'right',
          width: 130,
          tooltip: 'Earnings per click: commission per unique click-out of the same 30 days',
          render: (_, store) => <Amounts earnings={of(store)} format={(row) => formatEpc(row.epc, row.currency)} />,
        },
      ],
      sorters: {
        commission30d: (store) => of(store)?.[0]?.commission ?? 0,
        epc30d: (store) => of(store)?.[0]?.epc ?? 0,
      },
      width: 280,
    };
  }, []);
}
