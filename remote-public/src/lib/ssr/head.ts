import { useEffect, useMemo } from 'react';
import { runtimeConfig } from '@deals/shared-auth';
import { useSiteInfo } from '../siteInfo';
import { applyHead, siteFromInfo, type PageHead, type SeoSite } from '../seo';
import { useRenderRecorder } from './renderContext';

/** The site's absolute address: the server's setting, else (a client-only page) this origin. */
export function usePublicUrl(): string {
  const recorder = useRenderRecorder();
  const configured = recorder?.input.config.publicUrl ?? runtimeConfig().publicUrl;
  return (configured || (typeof window === 'undefined' ? '' : window.location.origin)).replace(/\/+$/, '');
}

/** What every page's metadata is built from: the company, its logo and links, absolute URLs. */
export function useSeoSite(): SeoSite {
  const info = useSiteInfo();
  const publicUrl = usePublicUrl();
  const recorder = useRenderRecorder();
  const apiBase = recorder?.input.config.apiBase ?? runtimeConfig().apiBase;
  return useMemo(() => siteFromInfo(info ?? null, publicUrl, apiBase), [info, publicUrl, apiBase]);
}

/**
 * The page's title, description, canonical, robots, Open Graph and JSON-LD: recorded for the
 * server's `<head>`, applied to the document after a client-side navigation.
 */
export function useHead(head: PageHead): void {
  const recorder = useRenderRecorder();
  recorder?.setHead(head);
  const serialised = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(serialised) as PageHead);
  }, [serialised]);
}

/** The HTTP status of a server-rendered page (404 Not Found, 410 Gone); nothing in the browser. */
export function useStatus(status: number): void {
  const recorder = useRenderRecorder();
  recorder?.setStatus(status);
}
