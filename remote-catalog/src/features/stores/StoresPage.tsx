import { MESSAGES } from '@deals/contract/messages';
import { ImageEntityPage } from '../../components/ImageEntityPage';
import type { ImageEntityScreen } from '../../components/imageEntity';
import { storeCalls } from './api';
import { STORE_NAME, storeSchema } from './schemas';
import { AdminOnly } from '@deals/shared-auth/ui';
import { STORE_AFFILIATE_FIELDS } from './affiliate';
import { useStoreEarningsColumns } from './storeEarnings';

/**
 * Spec 1 §2 Stores screen: the store modal offers the name, the logo, Is Active? (default Yes) and
 * the store's affiliate network and link template; the table adds the store's earnings.
 */
const STORES: ImageEntityScreen = {
  title: 'Stores',
  noun: 'Store',
  name: STORE_NAME,
  schema: storeSchema,
  imageLabel: 'Logo',
  imageRequired: MESSAGES.store.imageRequired,
  flags: [{ name: 'isActive', label: 'Is Active?', default: true }],
  calls: storeCalls,
  csvName: 'stores',
  extraFields: STORE_AFFILIATE_FIELDS,
};

/** /admin/management/stores, admins only. */
export default function StoresPage() {
  return (
    <AdminOnly what="stores">
      <StoresTable />
    </AdminOnly>
  );
}

/** Inside AdminOnly: only admins load the earnings. */
function StoresTable() {
  const earnings = useStoreEarningsColumns();
  return <ImageEntityPage screen={STORES} extraColumns={earnings} />;
}
