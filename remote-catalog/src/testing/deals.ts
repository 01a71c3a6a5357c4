// Test data shaped like the API's answers (types from the contract keep them honest).
import type { Product, ProductListItem, ProductType, Store } from '@deals/contract';

export const STORES: Store[] = [
  { id: 1, name: 'Amazon', imageFilePath: 'a.png', isActive: true, notifyImmediately: false, sortOrder: 1, affiliateNetwork: 'AMAZON', affiliateLinkTemplate: '{url}?tag=deals-20&ascsubtag={clickId}' },
  { id: 2, name: 'Target', imageFilePath: 't.png', isActive: true, notifyImmediately: false, sortOrder: 2, affiliateNetwork: 'NONE', affiliateLinkTemplate: null },
  { id: 3, name: 'Closed Store', imageFilePath: null, isActive: false, notifyImmediately: false, sortOrder: 3 },
];

export const PRODUCT_TYPES: ProductType[] = [
  { id: 10, name: 'Electronics', imageFilePath: null, notifyImmediately: false, isActive: true, sortOrder: 1 },
  { id: 11, name: 'Books', imageFilePath: null, notifyImmediately: false, isActive: true, sortOrder: 2 },
];

export const listItem = (overrides: Partial<ProductListItem>): ProductListItem => ({
  id: 1,
  name: 'Deal',
  categoryId: 1,
  category: 'Amazon',
  productTypes: [{ productTypeId: 10, name: 'Electronics' }],
  promoCode: null,
  discount: 20,
  currentPrice: 80,
  previousPrice: 100,
  addedById: 1,
  addedBy: 'admin',
  dateTimeAdded: '2026-11-01T10:00:00.000Z',
  dateTimeModified: '2026-11-02T10:00:00.000Z',
  dealStartsIn: null,
  dealExpiresIn: null,
  isActive: true,
  imageUrl: null,
  clicks7d: 0,
  commission30d: 0,
  epc30d: 0,
  commissionCurrency: null,
  ...overrides,
});

export const DEALS: ProductListItem[] = [
  listItem({ id: 1, name: 'Noise Cancelling Headphones', addedById: 1, addedBy: 'admin', promoCode: 'SAVE20', clicks7d: 1234, commission30d: 12.5, epc30d: 0.0125, commissionCurrency: 'EUR' }),
  listItem({ id: 2, name: 'Paperback Novel', categoryId: 2, category: 'Target', productTypes: [{ productTypeId: 11, name: 'Books' }], addedById: 7, addedBy: 'staff7', isActive: false }),
  listItem({ id: 3, name: 'Gaming Mouse', addedById: 8, addedBy: 'staff8', dateTimeAdded: '2026-10-01T10:00:00.000Z' }),
];

export const product = (overrides: Partial<Product> = {}): Product => ({
  id: 5,
  categoryId: 2,
  productTypeIds: [10],
  name: 'Wireless Mouse',
  additionalInformation: 'Limit 2 per customer.',
  isFeatured: false,
  currentPrice: 81.99,
  previousPrice: 99.99,
  discount: 19,
  promoCode: 'TAKE20',
  dealStartsIn: null,
  dealExpiresIn: null,
  link: 'https://store.example/mouse',
  keywords: null,
  badgeText: null,
  badgeColor: '#000000',
  isActive: true,
  affiliateMode: 'STORE',
  affiliateLinkTemplate: null,
  likes: 0,
  addedById: 1,
  addedBy: 'admin',
  category: 'Target',
  productTypes: [{ productTypeId: 10, name: 'Electronics' }],
  productImages: [
    { id: 50, filePath: 'first.webp', isPreviewImage: true },
    { id: 51, filePath: 'second.webp', isPreviewImage: false },
  ],
  imageUrl: 'first.webp',
  dateTimeAdded: '2026-11-01T10:00:00.000Z',
  dateTimeModified: '2026-11-02T10:00:00.000Z',
  ...overrides,
});
