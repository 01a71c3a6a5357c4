import { api, toFormData } from '@deals/shared-auth/client';
import type { MessageResponse, SiteAsset } from '@deals/contract';
import type { SiteSettingsFields } from './schemas';

/** The settings with the form's field names; every field null before the first save. */
export async function fetchSiteAsset(): Promise<SiteAsset> {
  const { data } = await api.get<SiteAsset>('Asset/GetAsset');
  return data;
}

/** Replaced images: a file only when one was picked (the stored one stays otherwise). */
export interface SiteAssetFiles {
  companyLogo: File | null;
  companyIcon: File | null;
}

/** Multipart: every filled text field, and the logo and icon only when replaced. */
export async function updateSiteAsset(fields: SiteSettingsFields, files: SiteAssetFiles): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Asset/UpdateAsset', toFormData({ ...fields, ...files }));
  return data;
}
