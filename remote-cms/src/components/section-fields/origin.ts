import type { ComponentType, MessageResponse } from '@deals/contract';
import { api } from '@deals/shared-auth/client';
import { blogEditPath, pageEditPath } from './paths';

/**
 * The page or blog a content section or banner was created from (`/…/pageId/{pageId}`,
 * `/…/blogId/{blogId}`, stored as its `pageId` / `blogId`): saving returns there (spec §4).
 */
export interface Origin {
  kind: 'page' | 'blog';
  id: number;
}

const asId = (value: string) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && /^\d+$/.test(value) ? id : null;
};

/** The origin of a create route; null on the plain create route, 'invalid' for an id that is not one. */
export function originFromParams({ pageId, blogId }: { pageId?: string | undefined; blogId?: string | undefined }): Origin | null | 'invalid' {
  if (pageId !== undefined) {
    const id = asId(pageId);
    return id ? { kind: 'page', id } : 'invalid';
  }
  if (blogId !== undefined) {
    const id = asId(blogId);
    return id ? { kind: 'blog', id } : 'invalid';
  }
  return null;
}

/** The origin a saved section or banner keeps. */
export function originOf(record: { pageId: number | null; blogId: number | null }): Origin | null {
  if (record.pageId) return { kind: 'page', id: record.pageId };
  if (record.blogId) return { kind: 'blog', id: record.blogId };
  return null;
}

export const originPath = (origin: Origin) => (origin.kind === 'page' ? pageEditPath(origin.id) : blogEditPath(origin.id));
export const originReturnLabel = (origin: Origin) => (origin.kind === 'page' ? 'Return to Page' : 'Return to Blog');

/** The create form's `pageId` / `blogId`. */
export const originFields = (origin: Origin | null) => ({
  pageId: origin?.kind === 'page' ? origin.id : undefined,
  blogId: origin?.kind === 'blog' ? origin.id : undefined,
});

/**
 * Adds a section or banner just created from a page or blog to that page's or blog's content
 * (`Page/AssignContentSectionToPage`, `Blog/AssignContentSectionToBlog`, empty body), so it is
 * there when the editor returns to it.
 */
export async function assignToOrigin(origin: Origin, componentId: number, type: ComponentType): Promise<MessageResponse> {
  const url = origin.kind === 'page' ? 'Page/AssignContentSectionToPage' : 'Blog/AssignContentSectionToBlog';
  const owner = origin.kind === 'page' ? { pageId: origin.id } : { blogId: origin.id };
  const { data } = await api.post<MessageResponse>(url, null, { params: { ...owner, contentSectionId: componentId, type } });
  return data;
}
