import { api, toFormData, type FormFieldValue } from '@deals/shared-auth/client';
import type { BannerSummary, ContentSection, CreatedResponse, MessageResponse } from '@deals/api/contract';

// The content-section calls of spec 2 §7, and the banner calls the shared list needs.

export type { BannerSummary, ContentSection };

/** Every content section, active or not (an empty flag lists all). */
export async function fetchContentSections(): Promise<ContentSection[]> {
  const { data } = await api.get<ContentSection[]>('ContentSection/GetAllContentSections', { params: { isActive: '' } });
  return data;
}

/** Every banner, active or not, with its number of items. */
export async function fetchBanners(): Promise<BannerSummary[]> {
  const { data } = await api.get<BannerSummary[]>('Banner/GetAllBanners', { params: { isActive: '' } });
  return data;
}

export async function fetchContentSection(contentSectionId: number): Promise<ContentSection> {
  const { data } = await api.get<ContentSection>('ContentSection/GetContentSectionById', { params: { contentSectionId } });
  return data;
}

/** Multipart with the image; `pageId` / `blogId` when created from a page or blog. */
export async function createContentSection(fields: Record<string, FormFieldValue>): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('ContentSection/CreateContentSection', toFormData(fields));
  return data;
}

/** Multipart with the id; the image only when a new one was picked. */
export async function updateContentSection(id: number, fields: Record<string, FormFieldValue>): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/UpdateContentSection', toFormData({ id, ...fields }));
  return data;
}

export async function deleteContentSection(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('ContentSection/DeleteContentSection', { params: { id } });
  return data;
}

export async function deleteBanner(id: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('Banner/DeleteBanner', { params: { id } });
  return data;
}
