import { Link, useLocation } from 'react-router-dom';
import type { DynamicPage } from '@deals/contract';
import { serverMessage } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFetched } from '../../lib/useFetched';
import { DynamicPageView } from './DynamicPageView';

/** What the page and blog editors send along when they open `/preview` (spec 000 §2). */
export interface PreviewState {
  title?: string | null;
  id?: number | string;
  url?: string | null;
  isBlog?: boolean;
}

function readState(state: unknown): (PreviewState & { id: number }) | null {
  if (!state || typeof state !== 'object') return null;
  const preview = state as PreviewState;
  const id = Number(preview.id);
  return Number.isInteger(id) && id > 0 ? { ...preview, id } : null;
}

/**
 * `/preview`: the draft of a page or blog, inactive components included, through the admin
 * preview calls (they need the staff session, hence the shared axios client, loaded with this
 * route's chunk only).
 */
export default function PreviewPage() {
  const state = readState(useLocation().state);
  const isBlog = state?.isBlog === true;
  const { data, loading, error } = useFetched(state ? `${isBlog ? 'blog' : 'page'}:${state.id}` : null, (signal) =>
    api
      .get<DynamicPage>(isBlog ? 'Blog/GetBlogPreview' : 'Page/GetPagePreview', { params: isBlog ? { blogId: state?.id } : { pageId: state?.id }, signal })
      .then((response) => response.data),
  );
  const title = state?.title || data?.title || data?.name || state?.url || '';
  useDocumentTitle(title ? `Preview: ${title}` : 'Nothing to preview', 'Draft preview of a page or blog.');

  if (!state)
    return (
      <section className="cms-preview__message">
        <h1 className="page-title">Nothing to preview</h1>
        <p>Open a page or blog in the website editor and choose Preview.</p>
        <Link to="/home">Back to the home page</Link>
      </section>
    );
  return (
    <>
      <p className="cms-preview__ribbon">
        <strong>Draft preview</strong>
        {state.url && <span>{state.url}</span>}
      </p>
      {data ? (
        <DynamicPageView page={data} />
      ) : loading ? (
        <PageLoading />
      ) : (
        <section className="cms-preview__message" role="alert">
          <h1 className="page-title">This preview could not be loaded</h1>
          <p>{serverMessage(error)}</p>
        </section>
      )}
    </>
  );
}
