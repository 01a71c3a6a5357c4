import { useLocation } from 'react-router-dom';
import type { DynamicPage, SiteInfo } from '@deals/contract';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageLoading } from '../../components/PageLoading';
import { blogHead, cmsPageHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { useApi } from '../../lib/ssr/useApi';
import { useBlogPosts } from '../../lib/blogPosts';
import { useSiteInfo } from '../../lib/siteInfo';
import { DynamicPageView } from './DynamicPageView';

type PageEntry = SiteInfo['pages'][number];

/** A url compared case-insensitively, decoded, without a trailing slash. */
export function normalizeUrl(url: string): string {
  let path = url.trim();
  try {
    path = decodeURI(path);
  } catch {
    // Keep a malformed escape as typed.
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** The CMS page or blog whose url is `pathname`, if any. */
export function findPage(pages: readonly PageEntry[], pathname: string): PageEntry | undefined {
  const wanted = normalizeUrl(pathname);
  return pages.find((page) => normalizeUrl(page.url) === wanted);
}

function PageHead({ page, entry }: { page: DynamicPage; entry: PageEntry }) {
  useHead(cmsPageHead(useSeoSite(), page, entry.url));
  return null;
}

/** A blog's metadata also names its author and date (from the blog list). */
function BlogHead({ page, entry }: { page: DynamicPage; entry: PageEntry }) {
  const post = useBlogPosts()?.find((candidate) => candidate.id === entry.id);
  useHead(blogHead(useSeoSite(), page, entry.url, post));
  return null;
}

function CmsPage({ entry }: { entry: PageEntry }) {
  const { data, loading } = useApi<DynamicPage>({ method: 'GET', path: entry.isBlog ? 'Home/GetDynamicBlog' : 'Home/GetDynamicPage', query: { dynamicPageId: entry.id } });
  // A failed load is silently ignored (spec 000 §8): the visitor sees Not Found.
  if (!data) return loading ? <PageLoading /> : <NotFoundPage />;
  return (
    <>
      {entry.isBlog ? <BlogHead page={data} entry={entry} /> : <PageHead page={data} entry={entry} />}
      <DynamicPageView page={data} />
    </>
  );
}

/** Every path no fixed route matched: a CMS page or blog by its url (from site info), else Not Found. */
export default function CmsRoute() {
  const { pathname } = useLocation();
  const info = useSiteInfo();
  if (info === undefined) return <PageLoading />;
  const entry = info ? findPage(info.pages, pathname) : undefined;
  if (!entry) return <NotFoundPage />;
  return <CmsPage key={`${entry.isBlog}:${entry.id}`} entry={entry} />;
}
