import type { ComponentType } from '@deals/contract';
import { documentApi, type DocumentApi, type DocumentCalls } from './api';

// Pages and blogs are one table in the API (`isBlog`) with the same calls under two names and
// nearly the same screens: a "kind" holds what differs (calls, routes, words), and the shared
// screens of this folder take one.

/** The website-management routes (App.tsx). */
export const CMS = '/cms/management';

/** The edit screen a page's or blog's component opens (View). */
export const contentSectionEditPath = (id: number) => `${CMS}/content-section/edit/${id}`;
export const bannerEditPath = (id: number) => `${CMS}/banner/edit/${id}`;

/** How the component types read on screen (spec 2 §3: BANNER and CONTENTSECTION). */
export const COMPONENT_TYPE_LABELS: Record<ComponentType, string> = { BANNER: 'Banner', CONTENTSECTION: 'Content Section' };

export interface DocumentTexts {
  /** The list's heading: Pages, Blogs. */
  listTitle: string;
  /** The list's create button: New Page, New Blog. */
  newButton: string;
  /** The form's heading for a new one and an existing one. */
  newTitle: string;
  editTitle: string;
  /** Page, Blog: in confirmations and aria labels. */
  noun: string;
  nameLabel: string;
  nameRequired: string;
  /** The create button of the form's footer: Create Page, Create Blog. */
  createButton: string;
  /** Page Banner, Blog Banner. */
  bannerSection: string;
  /** Page Content, Blog Content. */
  contentSection: string;
  /** Preview Page, Preview Blog. */
  previewButton: string;
  /** The content list's sort button: Sort (pages), Sort Items (blogs). */
  sortButton: string;
  /** The 404 of the edit screen (the API's wording). */
  notFound: string;
  /** The CSV file name of the list's download. */
  csvName: string;
}

export interface DocumentLimits {
  name: number;
  url: number;
  bannerColor: number;
  keywords: number;
}

export interface DocumentKindConfig {
  isBlog: boolean;
  /** The query parameter naming one (`pageId`, `blogId`): GetById, the options, Assign, DeleteBannerImage and the create-component routes. */
  idParam: 'pageId' | 'blogId';
  calls: DocumentCalls;
  paths: { list: string; create: string; edit: (id: number) => string };
  texts: DocumentTexts;
  limits: DocumentLimits;
  /** Pages have a Title field; blogs do not (spec 2 §3). */
  hasTitle: boolean;
}

export interface DocumentKind extends DocumentKindConfig {
  api: DocumentApi;
  /** Create New of the Add Content modal: the new component's screen, which comes back here after saving. */
  createComponentPath: (type: ComponentType, id: number) => string;
}

/** A kind with its calls bound (define kinds at module level so the calls keep their identity). */
export function defineDocumentKind(config: DocumentKindConfig): DocumentKind {
  return {
    ...config,
    api: documentApi(config.calls, config.idParam),
    createComponentPath: (type, id) => `${CMS}/${type === 'BANNER' ? 'banner' : 'content-section'}/${config.idParam}/${id}`,
  };
}
