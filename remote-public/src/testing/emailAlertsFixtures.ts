// Test support only: a site with stores to follow, and subscriptions as the EmailAlerts calls answer them.
import type { SiteInfo } from '@deals/contract';
import type { EmailAlertAnswer, EmailAlertSubscription } from '@deals/contract/email-alerts';
import type { FakeFetchHandler } from './fakeFetch';
import { EMPTY_SITE_INFO } from './siteInfoFixtures';

export const STORES = [
  { id: 7, name: 'Acme Outlet', imageFilePath: null },
  { id: 9, name: 'Best Buy', imageFilePath: null },
  { id: 12, name: 'Walmart', imageFilePath: null },
];

export const SITE_INFO: SiteInfo = { ...EMPTY_SITE_INFO, companyName: 'Bargain Bay', stores: STORES };

export const subscription = (over: Partial<EmailAlertSubscription> = {}): EmailAlertSubscription => ({
  email: 'j***@example.com',
  words: ['lego', 'airpods pro'],
  stores: [{ id: 9, name: 'Best Buy' }],
  frequency: 'INSTANT',
  status: 'CONFIRMED',
  ...over,
});

export const answer = (message: string, over: Partial<EmailAlertSubscription> = {}): EmailAlertAnswer => ({ message, subscription: subscription(over) });

/** Site info for Home/GetCMSInfo, `api` for every other call. */
export const withSiteInfo =
  (api: FakeFetchHandler): FakeFetchHandler =>
  (call) =>
    call.path === 'Home/GetCMSInfo' ? { status: 200, data: SITE_INFO } : api(call);
