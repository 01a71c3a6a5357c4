import { api, downloadFromApi, toFormData } from '@deals/shared-auth/client';
import type { AudienceSizeResponse, DealFields, BulkUpdateProductsBody, BulkUpdateProductsResponse, CreatedResponse, FeaturedSection, LinkCheck, MessageResponse, Product, ProductListItem, TablePage } from '@deals/contract';

/** The deal form's values as the API takes them (spec §3 Product); dates are ISO strings or null. */
export type { DealFields } from '@deals/contract';

/** One page of the admin deals table: the table's filters, sort and page, paged by the server so a large catalogue stays light; any state. */
export async function fetchDealsPage(query: Record<string, unknown>): Promise<TablePage<ProductListItem>> {
  const { data } = await api.get<TablePage<ProductListItem>>('Product/GetAllProducts', { params: query });
  return data;
}

/** Download CSV: every deal matching the table's filters, written by the server in the viewer's time zone. */
export function downloadDealsCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('Product/ExportProductsCsv', { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'deals.csv');
}

export async function bulkUpdateDeals(body: BulkUpdateProductsBody): Promise<BulkUpdateProductsResponse> {
  const { data } = await api.post<BulkUpdateProductsResponse>('Product/BulkUpdateProducts', body);
  return data;
}

/** The sections a bulk "Add to featured section" may choose from. */
export async function fetchSectionOptions(): Promise<{ label: string; value: number }[]> {
  const { data } = await api.get<FeaturedSection[]>('FeaturedSection/GetAllFeaturedSections', { params: { isActive: '' } });
  return data.map((section) => ({ label: section.name, value: section.id }));
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

/** How many devices a notification to everyone reaches now (the deal form's push notice). */
export async function fetchAudienceSize(): Promise<number> {
  const { data } = await api.get<AudienceSizeResponse>('Devices/GetAudienceSize');
  return data.devices;
}

/** Checks the deal's saved link now; the server waits for the store's answer, so this may take about 30 s. */
export async function checkDealLink(productId: number): Promise<LinkCheck> {
  const { data } = await api.post<LinkCheck>('LinkHealth/CheckProduct', null, { params: { productId } });
  return data;
}
