import { useLocation } from 'react-router-dom';
import type { DynamicPage, SiteInfo } from '@deals/api/contract';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageLoading } from '../../components/PageLoading';
import { getJson } from '../../lib/http';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useFetched } from '../../lib/useFetched';
import { useSiteInfo } from '../site/api';
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

function CmsPage({ entry, company }: { entry: PageEntry; company: string }) {
  const { data, loading } = useFetched(`${entry.isBlog ? 'blog' : 'page'}:${entry.id}`, (signal) =>
    getJson<DynamicPage>(entry.isBlog ? 'Home/GetDynamicBlog' : 'Home/GetDynamicPage', { dynamicPageId: entry.id }, signal),
  );
  const title = data?.title || data?.name || entry.title;
  useDocumentTitle(title ? `${title} | ${company}` : company, data?.description || (title ? `${title} on ${company}.` : undefined));
  // A failed load is silently ignored (spec 000 §8): the visitor sees Not Found.
  if (!data) return loading ? <PageLoading /> : <NotFoundPage />;
  return <DynamicPageView page={data} />;
}

/** Every path no fixed route matched: a CMS page or blog by its url (from site info), else Not Found. */
export default function CmsRoute() {
  const { pathname } = useLocation();
  const info = useSiteInfo();
  if (info === undefined) return <PageLoading />;
  const entry = info ? findPage(info.pages, pathname) : undefined;
  if (!entry) return <NotFoundPage />;
  return <CmsPage key={`${entry.isBlog}:${entry.id}`} entry={entry} company={info?.companyName || 'DealDrop'} />;
}
