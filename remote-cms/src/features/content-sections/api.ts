import { api, downloadFromApi, toFormData, type FormFieldValue } from '@deals/shared-auth/client';
import type {
  BannerSummary,
  ContentSection,
  ContentSectionDetail,
  ContentSectionSnapshot,
  CreatedResponse,
  MessageResponse,
  ScheduleBody,
  SectionTableRow,
  TablePage,
} from '@deals/contract';

// The content-section calls of spec 2 §7 (with the drafts, publishing and schedules), and
// the banner calls the shared list needs.

export type { BannerSummary, ContentSection, ContentSectionDetail, ContentSectionSnapshot };

/** One page of the content-sections table (content sections and banners): its filters, sort and page (paged by the server). */
export async function fetchSectionTablePage(query: Record<string, unknown>): Promise<TablePage<SectionTableRow>> {
  const { data } = await api.get<TablePage<SectionTableRow>>('ContentSection/GetAllContentSections', { params: query });
  return data;
}

/** Download CSV: every content section and banner matching the table's filters, written by the server. */
export function downloadSectionsCsv(query: Record<string, unknown>): Promise<void> {
  return downloadFromApi('ContentSection/ExportContentSectionsCsv', { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, 'content-sections.csv');
}

/** The published section, its draft (if any) and its editorial state. */
export async function fetchContentSection(contentSectionId: number): Promise<ContentSectionDetail> {
  const { data } = await api.get<ContentSectionDetail>('ContentSection/GetContentSectionById', { params: { contentSectionId } });
  return data;
}

/** Multipart with the image; `pageId` / `blogId` when created from a page or blog. */
export async function createContentSection(fields: Record<string, FormFieldValue>): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('ContentSection/CreateContentSection', toFormData(fields));
  return data;
}

/** Multipart with the id; the image only when a new one was picked. Saves and publishes at once (the editor saves drafts instead). */
export async function updateContentSection(id: number, fields: Record<string, FormFieldValue>): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/UpdateContentSection', toFormData({ id, ...fields }));
  return data;
}

/** Keeps the fields (the body of UpdateContentSection) as the draft; the public site is unchanged. */
export async function saveContentSectionDraft(id: number, fields: Record<string, FormFieldValue>): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/SaveContentSectionDraft', toFormData({ id, ...fields }));
  return data;
}

/** Copies the draft into the published section (no draft: makes an inactive one active). */
export async function publishContentSection(contentSectionId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/PublishContentSection', undefined, { params: { contentSectionId } });
  return data;
}

/** Takes it off the public site (inactive); the draft stays. */
export async function unpublishContentSection(contentSectionId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/UnpublishContentSection', undefined, { params: { contentSectionId } });
  return data;
}

/** Drops the unpublished changes. */
export async function discardContentSectionDraft(contentSectionId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('ContentSection/DiscardContentSectionDraft', { params: { contentSectionId } });
  return data;
}

/** Sets or clears (null) the scheduled publish and unpublish, both at once. */
export async function scheduleContentSection(contentSectionId: number, body: ScheduleBody): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('ContentSection/ScheduleContentSection', body, { params: { contentSectionId } });
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
