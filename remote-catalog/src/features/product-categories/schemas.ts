import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { imageEntitySchema, type NameRule } from '../../components/imageEntity';

/** Spec 2 §5 Product category: name required (the general rule's wording), at most 250 characters. */
export const PRODUCT_CATEGORY_NAME: NameRule = { label: 'Product Category', max: LIMITS.productCategory.name, required: MESSAGES.productCategory.nameRequired };

export const productCategorySchema = imageEntitySchema(PRODUCT_CATEGORY_NAME);
