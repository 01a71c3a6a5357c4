// The DealAlerts calls of the API contract (`@deals/contract`, deal-follows.ts): a browser's
// follows, named by its push subscription endpoint. Types only from that contract file (its
// run-time part pulls TypeBox); the pure matching rules come from deal-follow-words.
import type { DealFollowBody, DealFollowChangeResponse, DealFollowsResponse } from '@deals/contract/deal-follows';
import { postJson } from '../../lib/http';

/** A word (as typed: the server normalises it) or a store to follow: exactly one of the body's two. */
export type FollowTarget = (Required<Pick<DealFollowBody, 'word'>> & { storeId?: never }) | (Required<Pick<DealFollowBody, 'storeId'>> & { word?: never });

/** `POST DealAlerts/GetFollows`: 404 when the server does not know this browser. */
export function fetchFollows(endpoint: string): Promise<DealFollowsResponse> {
  return postJson('DealAlerts/GetFollows', { token: endpoint });
}

/** `POST DealAlerts/Follow` or `POST DealAlerts/Unfollow`: answers the follows afterwards. */
export function changeFollow(endpoint: string, target: FollowTarget, follow: boolean): Promise<DealFollowChangeResponse> {
  return postJson(follow ? 'DealAlerts/Follow' : 'DealAlerts/Unfollow', { token: endpoint, ...target });
}
