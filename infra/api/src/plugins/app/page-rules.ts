/** What pages and blogs share between their repository, their drafts and their routes: kinds, fields and refusals. */
import { CMS_MESSAGES, MESSAGES } from '@deals/contract';
import { fieldError, HttpError } from '../../errors.js';

export type PageKind = 'page' | 'blog';

/** The editable fields of a page or blog, normalised by the route (trimmed, empty → null). */
export interface PageFields {
  name: string;
  title: string | null;
  url: string;
  keywords: string | null;
  description: string | null;
  /** Undefined keeps the stored value (or the default on create). */
  isBannerVisible: boolean | undefined;
  bannerColor: string | undefined;
  isActive: boolean | undefined;
}

export const pageNotFound = (kind: PageKind) => new HttpError(404, kind === 'blog' ? CMS_MESSAGES.blogNotFound : CMS_MESSAGES.pageNotFound);

const URL_INDEX = 'pages_url_lower_key';

/** The unique url index refused a write (two saves raced past the explicit check). */
export function isUrlConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (constraint === URL_INDEX || String(message).includes(URL_INDEX))) return true;
  }
  return false;
}

export const urlTaken = () => fieldError('url', MESSAGES.page.urlTaken);
