import type { SiteInfo } from '@deals/contract';
import { onePerPage } from './onePerPage';

const siteInfo = onePerPage<SiteInfo | null>({ method: 'GET', path: 'Home/GetCMSInfo' }, null);

/** Site info (`Home/GetCMSInfo`), fetched once per page load; failures are silently ignored (spec 000 §8). */
export const fetchSiteInfo = siteInfo.get;
/** Forget the cached site info (tests). */
export const resetSiteInfo = siteInfo.reset;
/** Site info: undefined while loading, null when the call failed. */
export const useSiteInfo = siteInfo.use;
