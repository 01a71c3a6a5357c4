import { api, toFormData } from '@deals/shared-auth/client';
import type { CreatedResponse, MessageResponse, ProductType } from '@deals/contract';
import type { ImageEntityCalls } from '../../components/imageEntity';
import { fetchProductTypes } from '../../lib/lookups';

/** The product category calls (spec 2 §7 `ProductType/…`; the API calls a product category a product type). */
export const productCategoryCalls: ImageEntityCalls = {
  list: () => fetchProductTypes(),
  get: async (productTypeId) => (await api.get<ProductType>('ProductType/GetProductTypeById', { params: { productTypeId } })).data,
  create: async (fields, logo) => (await api.post<CreatedResponse>('ProductType/CreateProductType', toFormData({ ...fields, logo }))).data,
  update: async (id, fields, logo) => (await api.put<MessageResponse>('ProductType/UpdateProductTypes', toFormData({ id, ...fields, logo }))).data,
  remove: async (productTypeId) => (await api.delete<MessageResponse>('ProductType/DeleteProductType', { params: { productTypeId } })).data,
  sort: async (order) => (await api.put<MessageResponse>('ProductType/SortProductTypes', order)).data,
};
