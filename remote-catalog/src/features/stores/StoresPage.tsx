import { MESSAGES } from '@deals/contract/messages';
import { ImageEntityPage } from '../../components/ImageEntityPage';
import type { ImageEntityScreen } from '../../components/imageEntity';
import { storeCalls } from './api';
import { STORE_NAME, storeSchema } from './schemas';
import { AdminOnly } from '@deals/shared-auth/ui';

/** Spec 1 §2 Stores screen: the store modal offers the name, the logo and Is Active? (default Yes). */
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
};

/** /admin/management/stores, admins only. */
export default function StoresPage() {
  return (
    <AdminOnly what="stores">
      <ImageEntityPage screen={STORES} />
    </AdminOnly>
  );
}
