import { startTransition, useEffect, useState } from 'react';
import type { BlogPost, SiteInfo } from '@deals/api/contract';
import { getJson } from '../../lib/http';

export type { SiteInfo, BlogPost };

let cached: Promise<SiteInfo | null> | null = null;

/** Site info (`Home/GetCMSInfo`), fetched once per page load; failures are silently ignored (spec 000 §8). */
export function fetchSiteInfo(): Promise<SiteInfo | null> {
  cached ??= getJson<SiteInfo>('Home/GetCMSInfo').catch(() => null);
  return cached;
}

/** Forget the cached site info (tests). */
export function resetSiteInfo(): void {
  cached = null;
}

/** Site info: undefined while loading, null when the call failed. */
export function useSiteInfo(): SiteInfo | null | undefined {
  const [info, setInfo] = useState<SiteInfo | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    // A transition: the page it fills is rendered in slices, never one long task.
    void fetchSiteInfo().then((value) => current && startTransition(() => setInfo(value)));
    return () => {
      current = false;
    };
  }, []);
  return info;
}
