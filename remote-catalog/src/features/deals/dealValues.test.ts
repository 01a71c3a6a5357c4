import dayjs from 'dayjs';
import { discountPercent } from '@deals/contract/deal-rules';
import { canChangeDeal, fromProduct, toDealFields } from './dealValues';
import { dealSchema } from './schemas';
import { product } from '../../testing/deals';

describe('deal rules', () => {
  it('computes the discount as the rounded-up percent saved, as the API does', () => {
    expect(discountPercent(81.99, 99.99)).toBe(19); // 18.0018…% rounds up
    expect(discountPercent(75, 100)).toBe(25); // exact stays exact
    expect(discountPercent(70.3, 100)).toBe(30);
    expect(discountPercent(10, 0)).toBe(0);
  });

  it('lets admins change any deal and other staff only the deals they added', () => {
    expect(canChangeDeal({ isAdmin: true, userId: 1 }, { addedById: 9 })).toBe(true);
    expect(canChangeDeal({ isAdmin: false, userId: 9 }, { addedById: 9 })).toBe(true);
    expect(canChangeDeal({ isAdmin: false, userId: 8 }, { addedById: 9 })).toBe(false);
    expect(canChangeDeal({ isAdmin: false, userId: 8 }, { addedById: null })).toBe(false);
    expect(canChangeDeal({ isAdmin: false, userId: undefined }, { addedById: null })).toBe(false);
  });

  it('round-trips a stored deal through the form, blank texts becoming absent and minutes kept', () => {
    const values = fromProduct(product({ dealStartsIn: '2026-11-20T09:30:00.000Z', keywords: null }));
    expect(values.keywords).toBe('');
    const fields = toDealFields({ ...values, promoCode: '  ', dealExpiresIn: dayjs('2026-11-25T18:45:31.500Z') });
    expect(fields).toMatchObject({ promoCode: null, keywords: null, dealStartsIn: '2026-11-20T09:30:00.000Z', dealExpiresIn: '2026-11-25T18:45:00.000Z', productTypeIds: [10] });
  });
});

describe('deal form schema (spec §5)', () => {
  const valid = fromProduct(product());
  const messageOf = (values: object) =>
    dealSchema.validate({ ...valid, ...values }, { abortEarly: true }).then(
      () => null,
      (error: Error) => error.message,
    );

  it.each([
    [{ categoryId: null }, 'Store is required'],
    [{ productTypeIds: [] }, 'At least one category is required'],
    [{ name: '   ' }, 'Product Name is required'],
    [{ name: 'x'.repeat(501) }, 'Product Name must be at most 500 characters'],
    [{ currentPrice: null }, 'Current Price is required'],
    [{ currentPrice: -1 }, 'Please enter valid current price'],
    [{ currentPrice: 1.005 }, 'Current Price may have at most 2 decimals'],
    [{ previousPrice: null }, 'Previous Price is required'],
    [{ previousPrice: 'abc' }, 'Please enter valid previous price'],
    [{ link: '' }, 'Link is required'],
    [{ link: 'javascript:alert(1)' }, 'Link must be a web address starting with http:// or https://'],
    [{ link: `https://x.example/${'a'.repeat(3000)}` }, 'Link must be at most 3000 characters'],
    [{ additionalInformation: 'a'.repeat(2001) }, 'Additional Information must be at most 2000 characters'],
    [{ keywords: 'a'.repeat(2501) }, 'Keywords must be at most 2500 characters'],
    [{ badgeText: 'a'.repeat(31) }, 'Please enter upto 30 words.'],
    [{ badgeColor: 'black' }, 'Please enter a valid hex colour such as #000000'],
    [{ promoCode: 'a'.repeat(51) }, 'Promo Code must be at most 50 characters'],
    [{ dealStartsIn: dayjs('2026-11-20T10:00:00Z'), dealExpiresIn: dayjs('2026-11-20T09:59:00Z') }, 'Deal expiry must not be before the deal start'],
  ])('%j → %s', async (values, message) => {
    expect(await messageOf(values)).toBe(message);
  });

  it('accepts a complete deal', async () => {
    expect(await messageOf({})).toBeNull();
  });
});
