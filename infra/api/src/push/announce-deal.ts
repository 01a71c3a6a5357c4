/**
 * Everything that announces a deal going live, queued in the caller's transaction: the new-deal
 * alert of its product category ("Send Notification Immediately"), the alerts of browsers that
 * follow its words or store, and the instant alert mails of email subscribers who follow them
 * (handed to the job queue by the mail relay once the transaction commits). Each announcer checks the deal is live now and announces a deal at
 * most once, so calling this again (a repeated job, a second instance) queues nothing more.
 */
import type { Database } from '../db/client.js';
import { queueFollowAlerts } from './follow-alerts.js';
import { queueNewDealAlert } from './new-deal-alert.js';
import { queueEmailAlerts } from '../mail/alerts.js';

type Executor = Pick<Database, 'execute' | 'insert'>;

/** Answers whether anything was queued (then the delivery worker should be woken). */
export async function announceLiveDeal(tx: Executor, productId: number): Promise<boolean> {
  // One after the other: a transaction runs one statement at a time.
  const categoryAlert = await queueNewDealAlert(tx, productId);
  const followAlert = await queueFollowAlerts(tx, productId);
  await queueEmailAlerts(tx, [productId]);
  return categoryAlert !== null || followAlert !== null;
}
