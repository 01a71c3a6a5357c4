import { MESSAGES } from '@deals/contract/messages';
import { productCategorySchema } from './schemas';

const valid = { name: 'Electronics', isActive: true, notifyImmediately: false, logo: null };

describe('product category form rules (spec 2 §5)', () => {
  it('requires a name with the general rule\'s message', async () => {
    expect(MESSAGES.productCategory.nameRequired).toBe('Product Category is required');
    await expect(productCategorySchema.validate({ ...valid, name: ' ' })).rejects.toThrow('Product Category is required');
  });

  it('takes at most 250 characters', async () => {
    await expect(productCategorySchema.validate({ ...valid, name: 'a'.repeat(251) })).rejects.toThrow('Product Category must be at most 250 characters');
    await expect(productCategorySchema.validate({ ...valid, name: 'a'.repeat(250) })).resolves.toMatchObject({ name: 'a'.repeat(250) });
  });
});
