import { api, toFormData } from '@deals/shared-auth/client';
import type { AssociateProductsResponse, CreatedResponse, FeaturedSection, FeaturedSectionDetail, FeaturedSectionProduct, MessageResponse, ProductSearchItem, TablePage } from '@deals/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';

// The featured-section calls of spec 2 §7, plus the deal picker's product search.

export type { FeaturedSection, FeaturedSectionDetail, FeaturedSectionProduct, ProductSearchItem };

/** Every section, active or not (an empty flag lists all), in their sort order. */
export async function fetchFeaturedSections(): Promise<FeaturedSection[]> {
  const { data } = await api.get<FeaturedSection[]>('FeaturedSection/GetAllFeaturedSections', { params: { isActive: '' } });
  return data;
}

/** One section's details, without its deals (`SectionDeals` pages them). */
export async function fetchFeaturedSection(id: number): Promise<FeaturedSectionDetail> {
  const { data } = await api.get<FeaturedSectionDetail>('FeaturedSection/GetFeaturedSection', { params: { id, withProducts: false } });
  return data;
}

export interface SectionDealsQuery {
  page: number;
  pageSize: number;
  name?: string;
  sortBy?: 'position' | 'name' | 'category' | 'promoCode';
  order?: 'asc' | 'desc';
}

/** One page of the section's deals, in its order or a column's (paged by the server, as a section may hold thousands). */
export async function fetchSectionDeals(featuredSectionId: number, query: SectionDealsQuery): Promise<TablePage<FeaturedSectionProduct>> {
  const { data } = await api.get<TablePage<FeaturedSectionProduct>>('FeaturedSection/GetFeaturedSectionProducts', { params: { featuredSectionId, ...query } });
  return data;
}

export interface FeaturedSectionFields {
  name: string;
  isActive: boolean;
  /** Required on create; on update only when replaced. */
  image: File | null;
}

/** Multipart: name, isActive and the image; the server puts the new section last. */
export async function createFeaturedSection({ name, isActive, image }: FeaturedSectionFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('FeaturedSection/CreateFeaturedSection', toFormData({ name, isActive, image }));
  return data;
}

/** Multipart with the id; the image is sent only when a new one was picked. */
export async function updateFeaturedSection(id: number, { name, isActive, image }: FeaturedSectionFields): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('FeaturedSection/UpdateFeaturedSection', toFormData({ id, name, isActive, image }));
  return data;
}

export async function sortFeaturedSections(order: SortOrderList): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('FeaturedSection/SortFeaturedSections', order);
  return data;
}

export async function deleteFeaturedSection(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('FeaturedSection/DeleteFeaturedSection', { params: { id } });
  return data;
}

export async function addDealsToSection(featuredSectionId: number, productIds: number[]): Promise<AssociateProductsResponse> {
  const { data } = await api.post<AssociateProductsResponse>('FeaturedSection/associateProductsToFeaturedSection', { featuredSectionId, productIds });
  return data;
}

export async function removeDealFromSection(featuredSectionId: number, productId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('FeaturedSection/RemoveProductsFromFeaturedSection', { params: { featuredSectionId, productId } });
  return data;
}

/** Deals a picker search shows at a time. */
export const PICKER_PAGE_SIZE = 50;

/** The deal picker: a page of the deals whose name contains the term, leaving out the section's own, and how many match. */
export async function searchDeals(searchTerm: string, sectionId: number, page: number, signal?: AbortSignal): Promise<TablePage<ProductSearchItem>> {
  const { data } = await api.get<TablePage<ProductSearchItem>>('Product/GetAllProductsBySearchTerm', {
    params: { searchTerm, excludeFeaturedSectionId: sectionId, page, pageSize: PICKER_PAGE_SIZE },
    signal,
  });
  return data;
}
