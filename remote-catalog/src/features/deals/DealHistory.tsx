import { useCallback, useState } from 'react';
import { Button, Drawer } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { ProductType, Store } from '@deals/contract';
import { RevisionHistory } from '@deals/shared-auth/ui';
import { formatDateTime, formatPrice } from '../../lib/format';

/** The deal's fields as the form labels them, in the form's order (the words of its revision history). */
export const DEAL_FIELD_LABELS: Record<string, string> = {
  categoryId: 'Store',
  productTypeIds: 'Product Categories',
  name: 'Product Name',
  link: 'Link',
  additionalInformation: 'About this item',
  keywords: 'Keywords',
  currentPrice: 'Current Price',
  previousPrice: 'Previous Price',
  promoCode: 'Promo Code',
  dealStartsIn: 'Deal Starts In',
  dealExpiresIn: 'Deal Expires In',
  badgeText: 'Badge Text',
  badgeColor: 'Badge Color',
  isActive: 'Is Active?',
  isFeatured: 'Is Featured?',
  affiliateMode: 'Affiliate link',
  affiliateLinkTemplate: 'Own link template',
};

const RICH_TEXT_FIELDS = ['additionalInformation'];

/** Stores and product categories by name (a deleted one by its id), prices and dates as the form shows them. */
function dealValueFormatter(stores: readonly Store[], productTypes: readonly ProductType[]) {
  const nameOf = (rows: readonly (Store | ProductType)[], id: unknown) => rows.find((row) => row.id === id)?.name ?? `#${String(id)}`;
  return (field: string, value: unknown): string | undefined => {
    if (value === null || value === undefined) return undefined;
    if (field === 'categoryId') return nameOf(stores, value);
    if (field === 'productTypeIds' && Array.isArray(value)) return value.length > 0 ? value.map((id) => nameOf(productTypes, id)).join(', ') : undefined;
    if ((field === 'currentPrice' || field === 'previousPrice') && typeof value === 'number') return formatPrice(value);
    if ((field === 'dealStartsIn' || field === 'dealExpiresIn') && typeof value === 'string') return formatDateTime(value);
    return undefined;
  };
}

/**
 * The deal form's History button and drawer: each save of the deal, who and when, the fields it
 * changed; Restore saves a revision's fields as a new save (the deal stays live) and `onRestored`
 * reloads the form.
 */
export function DealHistory({ productId, stores, productTypes, onRestored }: { productId: number; stores: readonly Store[]; productTypes: readonly ProductType[]; onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  const restored = useCallback(() => {
    setOpen(false);
    onRestored();
  }, [onRestored]);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        History
      </Button>
      <Drawer title="Deal history" open={open} onClose={() => setOpen(false)} width={560} rootClassName="deal-history" destroyOnHidden>
        <RevisionHistory
          recordType="deal"
          recordId={productId}
          fieldLabels={DEAL_FIELD_LABELS}
          richTextFields={RICH_TEXT_FIELDS}
          formatValue={dealValueFormatter(stores, productTypes)}
          onRestored={restored}
        />
      </Drawer>
    </>
  );
}
