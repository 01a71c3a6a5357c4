import type { UploadContentImageResponse } from '@deals/contract';
import { attachmentUrl } from '@deals/shared-auth';
import { api, toFormData } from '@deals/shared-auth/client';

/**
 * The rich-text editor's picture upload (`ContentSection/UploadImageToContentSection`, multipart
 * `file`), for content sections and banner items alike: answers the URL the editor inserts.
 */
export async function uploadSectionImage(file: File): Promise<string> {
  const { data } = await api.post<UploadContentImageResponse>('ContentSection/UploadImageToContentSection', toFormData({ file }));
  return attachmentUrl(data.filePath);
}
