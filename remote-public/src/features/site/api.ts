import { useEffect, useState } from 'react';
import { api } from '@deals/shared-auth';

export interface StoreSummary {
  id: number;
  name: string;
  imageFilePath: string | null;
}

/** The part of Home/GetCMSInfo the layout and home page read (spec 000 §3 "Site info"). */
export interface SiteInfo {
  companyName: string | null;
  emailAddress: string | null;
  stores: StoreSummary[];
}

let cached: Promise<SiteInfo | null> | null = null;

/** Site info, fetched once per page load; failures are silently ignored (spec 000 §8). */
export function fetchSiteInfo(): Promise<SiteInfo | null> {
  cached ??= api
    .get<SiteInfo>('Home/GetCMSInfo')
    .then(({ data }) => data)
    .catch(() => null);
  return cached;
}

export function useSiteInfo(): SiteInfo | null | undefined {
  const [info, setInfo] = useState<SiteInfo | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void fetchSiteInfo().then((value) => current && setInfo(value));
    return () => {
      current = false;
    };
  }, []);
  return info;
}
