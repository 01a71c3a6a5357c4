/**
 * Everything that announces a deal going live, queued in the caller's transaction: the new-deal
 * alert of its product category ("Send Notification Immediately") and the alerts of visitors who
 * follow its words or store. Each announcer checks the deal is live now and announces a deal at
 * most once, so calling this again (a repeated job, a second instance) queues nothing more.
 */
import type { Database } from '../db/client.js';
import { queueFollowAlerts } from './follow-alerts.js';
import { queueNewDealAlert } from './new-deal-alert.js';

type Executor = Pick<Database, 'execute' | 'insert'>;

/** Answers whether anything was queued (then the delivery worker should be woken). */
export async function announceLiveDeal(tx: Executor, productId: number): Promise<boolean> {
  // One after the other: a transaction runs one statement at a time.
  const categoryAlert = await queueNewDealAlert(tx, productId);
  const followAlert = await queueFollowAlerts(tx, productId);
  return categoryAlert !== null || followAlert !== null;
}
