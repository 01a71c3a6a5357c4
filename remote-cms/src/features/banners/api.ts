import { api, toFormData } from '@deals/shared-auth/client';
import type {
  AdminBanner,
  Banner,
  BannerItem,
  BannerItemSnapshot,
  BannerSnapshot,
  CreatedResponse,
  DraftBannerItem,
  EditorialState,
  MessageResponse,
  ScheduleBody,
  UploadContentImageResponse,
} from '@deals/contract';

// The banner calls of spec 2 §7 and its drafts: the editor keeps the banner and its
// items as one draft (`SaveBannerDraft`) and publishes it (`PublishBanner`); the spec's direct item
// calls (BannerItem/…), which publish at once, are no longer the editor's.

export type { AdminBanner, Banner, BannerItem, BannerItemSnapshot, BannerSnapshot, DraftBannerItem, EditorialState, ScheduleBody };

/** The published banner with its items in their sort order, plus its draft and editorial state. */
export async function fetchBanner(bannerId: number): Promise<AdminBanner> {
  const { data } = await api.get<AdminBanner>('Banner/GetBannerById', { params: { bannerId } });
  return data;
}

export interface BannerFields {
  name: string;
  isActive: boolean;
  /** The page or blog it is created from. */
  pageId?: number | undefined;
  blogId?: number | undefined;
}

/** JSON `{ name, isActive, pageId?, blogId? }`; published at once. */
export async function createBanner(fields: BannerFields): Promise<CreatedResponse> {
  const { data } = await api.post<CreatedResponse>('Banner/CreateBanner', fields);
  return data;
}

/** What Save Draft sends: the banner's fields and all its items in display order. */
export interface BannerDraftBody {
  name: string;
  isActive: boolean;
  items: DraftBannerItem[];
}

/** JSON with the id; the page or blog it came from stays (not sent). Item errors are keyed `items.<n>.<field>`. */
export async function saveBannerDraft(id: number, body: BannerDraftBody): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Banner/SaveBannerDraft', { id, ...body });
  return data;
}

/** Makes the draft (banner and items) public; without a draft, makes an inactive banner active. */
export async function publishBanner(bannerId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Banner/PublishBanner', undefined, { params: { bannerId } });
  return data;
}

/** Takes the banner off the site (inactive); its draft stays. */
export async function unpublishBanner(bannerId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Banner/UnpublishBanner', undefined, { params: { bannerId } });
  return data;
}

/** Drops the unpublished changes (fields and items). */
export async function discardBannerDraft(bannerId: number): Promise<MessageResponse> {
  const { data } = await api.delete<MessageResponse>('Banner/DiscardBannerDraft', { params: { bannerId } });
  return data;
}

/** Sets or clears (null) the scheduled publish and unpublish, both at once. */
export async function scheduleBanner(bannerId: number, body: ScheduleBody): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Banner/ScheduleBanner', body, { params: { bannerId } });
  return data;
}

/**
 * Stores a picked slide image (`ContentSection/UploadImageToContentSection`, multipart `file`) and
 * answers its stored name, which the draft item holds as its `imagePath`.
 */
export async function uploadBannerItemImage(file: File): Promise<string> {
  const { data } = await api.post<UploadContentImageResponse>('ContentSection/UploadImageToContentSection', toFormData({ file }));
  return data.filePath;
}
