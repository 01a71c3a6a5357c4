import { api, downloadFromApi, toFormData, type FormFieldValue } from '@deals/shared-auth/client';
import type { BannerSummary, ContentSection, CreatedResponse, MessageResponse, SectionTableRow, TablePage } from '@deals/api/contract';

// The content-section calls of spec 2 §7, and the banner calls the shared list needs.

export type { BannerSummary, ContentSection };

/** One page of the content-sections table (content sections and banners): its filters, sort and page (issue 18). */
export async function fetchSectionTablePage(query: Record<string, unknown>): Promise<TablePage<SectionTableRow>> {
  const { data } = await api.get<TablePage<SectionTableRow>>('ContentSection/GetAllContentSections', { params: query });
  return data;
}

/** Download CSV: every content section and banner matching the table's filters, written by the server. */
export function downloadSectionsCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('ContentSection/ExportContentSectionsCsv', { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'content-sections.csv');
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
