import { api, downloadFromApi, toFormData } from '@deals/shared-auth/client';
import type { ComponentOption, ComponentType, CreatedResponse, EditorialState, MessageResponse, Page, PageComponent, PageListItem, PageSnapshot, PreviewLink, ScheduleBody, TablePage } from '@deals/contract';
import type { SortOrderList } from '@deals/shared-auth/ui';

// The page and blog calls of spec 2 §7 (the same calls under the Page or Blog controller) and the
// Add Content modal's options (ContentSection/GetContentSectionOptions[ForBlog]).

export type { ComponentOption, ComponentType, EditorialState, Page, PageComponent, PageListItem, PageSnapshot, PreviewLink, ScheduleBody };

/** The controller paths of one kind, e.g. `Page/GetAllPages`. */
export interface DocumentCalls {
  getAll: string;
  /** Download CSV of the list (every matching row, streamed by the server), e.g. `Page/ExportPagesCsv`. */
  exportCsv: string;
  getById: string;
  create: string;
  update: string;
  remove: string;
  deleteBannerImage: string;
  options: string;
  assign: string;
  unassign: string;
  sort: string;
  /** Drafts, publishing, schedules and preview links (edits stay off the public site until published), e.g. `Page/SavePageDraft`. */
  saveDraft: string;
  publish: string;
  unpublish: string;
  discardDraft: string;
  schedule: string;
  createPreviewLink: string;
}

/** What the form sends (multipart: null fields are left out, the image only when one was picked). */
export type DocumentFields = {
  name: string;
  /** Pages only; left out for blogs. */
  title?: string | null;
  url: string;
  isActive: boolean;
  isBannerVisible: boolean;
  /** Left out when empty: the server keeps the current colour (#000000 on create). */
  bannerColor: string | null;
  /** Empty texts are left out, which clears them. */
  keywords: string | null;
  description: string | null;
  bannerImage: File | null;
};

export interface DocumentApi {
  /** Every one, active or not (`isActive=` empty lists all). */
  list: () => Promise<PageListItem[]>;
  /** One page of the list: the table's filters, sort and page (paged by the server). */
  listPage: (query: Record<string, unknown>) => Promise<TablePage<PageListItem>>;
  /** Download CSV: every one matching the table's filters, written by the server in the viewer's time zone. */
  downloadCsv: (query: Record<string, unknown>, fileName: string) => Promise<void>;
  get: (id: number) => Promise<Page>;
  create: (fields: DocumentFields) => Promise<CreatedResponse>;
  /** Saves and publishes at once (the spec's call; the editor saves drafts instead). */
  update: (id: number, fields: DocumentFields) => Promise<MessageResponse>;
  /** Keeps the fields as the draft (the body of `update`); the public site is unchanged. */
  saveDraft: (id: number, fields: DocumentFields) => Promise<MessageResponse>;
  /** Copies the draft into the public record (no draft: makes an inactive one active). */
  publish: (id: number) => Promise<MessageResponse>;
  /** Takes it off the public site (inactive); the draft stays. */
  unpublish: (id: number) => Promise<MessageResponse>;
  /** Drops the unpublished changes. */
  discardDraft: (id: number) => Promise<MessageResponse>;
  /** Sets or clears (null) the scheduled publish and unpublish, both at once. */
  schedule: (id: number, body: ScheduleBody) => Promise<MessageResponse>;
  /** A signed link to the draft that needs no sign-in, until it expires (the server's default hours). */
  createPreviewLink: (id: number) => Promise<PreviewLink>;
  remove: (id: number) => Promise<MessageResponse>;
  removeBannerImage: (id: number) => Promise<MessageResponse>;
  /** The Add Content modal's components of a type, without those already there. */
  componentOptions: (id: number, type: ComponentType) => Promise<ComponentOption[]>;
  /** Appends a component (`contentSectionId` is the banner id for BANNER); empty body. */
  assign: (id: number, type: ComponentType, componentId: number) => Promise<CreatedResponse>;
  /** Removes one component entry (its assignment id) from its page or blog. */
  unassign: (assignmentId: number) => Promise<MessageResponse>;
  sort: (order: SortOrderList) => Promise<MessageResponse>;
}

export function documentApi(calls: DocumentCalls, idParam: 'pageId' | 'blogId'): DocumentApi {
  const owner = (id: number) => ({ [idParam]: id });
  return {
    list: async () => (await api.get<PageListItem[]>(calls.getAll, { params: { isActive: '' } })).data,
    listPage: async (query) => (await api.get<TablePage<PageListItem>>(calls.getAll, { params: query })).data,
    downloadCsv: (query, fileName) => downloadFromApi(calls.exportCsv, { ...query, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }, `${fileName}.csv`),
    get: async (id) => (await api.get<Page>(calls.getById, { params: owner(id) })).data,
    create: async (fields) => (await api.post<CreatedResponse>(calls.create, toFormData(fields))).data,
    update: async (id, fields) => (await api.put<MessageResponse>(calls.update, toFormData({ id, ...fields }))).data,
    saveDraft: async (id, fields) => (await api.put<MessageResponse>(calls.saveDraft, toFormData({ id, ...fields }))).data,
    publish: async (id) => (await api.put<MessageResponse>(calls.publish, undefined, { params: owner(id) })).data,
    unpublish: async (id) => (await api.put<MessageResponse>(calls.unpublish, undefined, { params: owner(id) })).data,
    discardDraft: async (id) => (await api.delete<MessageResponse>(calls.discardDraft, { params: owner(id) })).data,
    schedule: async (id, body) => (await api.put<MessageResponse>(calls.schedule, body, { params: owner(id) })).data,
    createPreviewLink: async (id) => (await api.post<PreviewLink>(calls.createPreviewLink, undefined, { params: owner(id) })).data,
    remove: async (id) => (await api.delete<MessageResponse>(calls.remove, { params: { id } })).data,
    removeBannerImage: async (id) => (await api.delete<MessageResponse>(calls.deleteBannerImage, { params: owner(id) })).data,
    componentOptions: async (id, type) => (await api.get<ComponentOption[]>(calls.options, { params: { ...owner(id), type } })).data,
    assign: async (id, type, componentId) => (await api.post<CreatedResponse>(calls.assign, undefined, { params: { ...owner(id), contentSectionId: componentId, type } })).data,
    unassign: async (assignmentId) => (await api.delete<MessageResponse>(calls.unassign, { params: { contentSectionBannerId: assignmentId } })).data,
    sort: async (order) => (await api.put<MessageResponse>(calls.sort, order)).data,
  };
}
