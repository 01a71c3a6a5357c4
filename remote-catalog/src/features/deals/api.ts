import { api, toFormData } from '@deals/shared-auth/client';
import type { CreatedResponse, MessageResponse, Product, ProductListItem } from '@deals/api/contract';

/** The deal form's values as the API takes them (spec §3 Product); dates are ISO strings or null. */
export interface DealFields {
  categoryId: number;
  productTypeIds: number[];
  name: string;
  additionalInformation: string | null;
  isFeatured: boolean;
  currentPrice: number;
  previousPrice: number;
  promoCode: string | null;
  dealStartsIn: string | null;
  dealExpiresIn: string | null;
  link: string;
  keywords: string | null;
  badgeText: string | null;
  badgeColor: string;
  isActive: boolean;
}

/** Every deal, any state: the admin table passes an empty flag (spec §7) and pages on the client. */
export async function fetchDeals(): Promise<ProductListItem[]> {
  const { data } = await api.get<ProductListItem[]>('Product/GetAllProducts', { params: { isActive: '' } });
  return data;
}

export async function fetchDeal(productId: number): Promise<Product> {
  const { data } = await api.get<Product>('Product/GetProductById', { params: { productId } });
  return data;
}

/** Multipart: the fields, `productTypeIds` repeated, and the first image (it becomes the preview). */
export async function createDeal(fields: DealFields, image: File): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Product/CreateProduct', toFormData({ ...fields, image }));
  return data;
}

/** The whole form again (multipart, as create): absent optional texts become empty. */
export async function updateDeal(id: number, fields: DealFields): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Product/UpdateProduct', toFormData({ id, ...fields }));
  return data;
}

export async function deleteDeal(productId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('Product/DeleteProduct', { params: { productId } });
  return data;
}

export async function uploadDealImages(productId: number, files: readonly File[]): Promise<MessageResponse> {
  const form = toFormData({ productId });
  for (const file of files) form.append('files', file, file.name);
  const { data } = await api.post<MessageResponse>('ProductImage/UploadImages', form);
  return data;
}

export async function setPreviewImage(imageId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ProductImage/SetPreviewImage', null, { params: { imageId } });
  return data;
}

export async function deleteDealImage(imageId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('ProductImage/DeleteImage', { params: { imageId } });
  return data;
}
