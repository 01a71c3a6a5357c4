import { MESSAGES } from '@deals/contract/messages';
import { ImageEntityPage } from '../../components/ImageEntityPage';
import type { ImageEntityScreen } from '../../components/imageEntity';
import { productCategoryCalls } from './api';
import { PRODUCT_CATEGORY_NAME, productCategorySchema } from './schemas';
import { AdminOnly } from '@deals/shared-auth/ui';

/** Spec 2 §2 Product categories: the store screen's shape plus Send Notification Immediately? (default No) and a jump-to-page box. */
const PRODUCT_CATEGORIES: ImageEntityScreen = {
  title: 'Product Categories',
  noun: 'Product Category',
  name: PRODUCT_CATEGORY_NAME,
  schema: productCategorySchema,
  imageLabel: 'Image',
  imageRequired: MESSAGES.productCategory.imageRequired,
  flags: [
    { name: 'notifyImmediately', label: 'Send Notification Immediately?', default: false },
    { name: 'isActive', label: 'Is Active?', default: true },
  ],
  calls: productCategoryCalls,
  csvName: 'product-categories',
  jumpToPage: true,
};

/** /admin/management/product-categories, admins only. */
export default function ProductCategoriesPage() {
  return (
    <AdminOnly what="product categories">
      <ImageEntityPage screen={PRODUCT_CATEGORIES} />
    </AdminOnly>
  );
}
