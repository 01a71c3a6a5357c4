import { Link, useLocation, useParams } from 'react-router-dom';
import type { DynamicPage, PreviewLink } from '@deals/contract';
import { PageLoading } from '../../components/PageLoading';
import { ApiError, getJson } from '../../lib/http';
import { previewHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useFetched } from '../../lib/useFetched';
import { DynamicPageView } from './DynamicPageView';

/** `Preview/GetSharedPreview`: the draft, as `/preview` draws it, and when the link stops working. */
export type SharedPreview = DynamicPage & Pick<PreviewLink, 'expiresAt'>;

/**
 * The API's 404 message (REVISION_MESSAGES.previewLinkInvalid in @deals/contract), kept here so
 * the visitor bundle imports nothing but types from the contract.
 */
export const PREVIEW_LINK_INVALID = 'This preview link is invalid or has expired.';

/** An instant as the visitor's local date and time, MM/DD/YYYY h:mm AM (the spec's date format); '' when unreadable. */
export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = date.getHours();
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()} ${hours % 12 || 12}:${two(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * `/preview/shared/:token`: a shareable preview link. The draft of a page or blog for
 * anyone holding an unexpired link, no sign-in, through the public `fetch` helper. Never indexed
 * (robots noindex here; the server neither renders nor caches these paths and sends the header too).
 */
export default function SharedPreviewPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { pathname } = useLocation();
  const { data, loading, error } = useFetched(token ? `shared-preview:${token}` : null, (signal) =>
    getJson<SharedPreview>('Preview/GetSharedPreview', { token }, signal),
  );
  useHead(previewHead(useSeoSite(), { title: data ? data.title || data.name || data.url || '' : '', path: pathname }));

  if (data) {
    const expires = formatExpiry(data.expiresAt);
    return (
      <>
        <p className="cms-preview__ribbon">
          <strong>Draft preview</strong>
          {data.url && <span>{data.url}</span>}
          {expires && (
            <span>
              Link expires <time dateTime={data.expiresAt}>{expires}</time>
            </span>
          )}
        </p>
        <DynamicPageView page={data} />
      </>
    );
  }
  if (loading) return <PageLoading />;
  // 404 (and a link without a token): the link is wrong or its time is up; anything else is a failed call.
  const invalid = !token || (error instanceof ApiError && error.status === 404);
  return (
    <section className="cms-preview__message" role="alert">
      <h1 className="page-title">{invalid ? PREVIEW_LINK_INVALID : 'This preview could not be loaded'}</h1>
      {invalid ? <p>Ask whoever shared it for a new link.</p> : <p>{error instanceof Error ? error.message : 'Please try again later.'}</p>}
      <Link to="/home">Back to the home page</Link>
    </section>
  );
}
