import { useCallback, useState } from 'react';
import { FEED_LIMITS, FEED_MESSAGES, type FeedOfferOutcome } from '@deals/contract';
import { confirmAction, toast } from '@deals/shared-auth';
import { acceptOffers, rejectOffers } from './api';
import { offerCount } from './offerRows';

/** Offers the last action could not take, each with why (already decided by someone else, gone). */
export type Skipped = FeedOfferOutcome['skipped'];

const tooMany = (ids: readonly number[]) => {
  if (ids.length >= 1 && ids.length <= FEED_LIMITS.bulkMax) return false;
  toast.warning(FEED_MESSAGES.bulkSize);
  return true;
};

/**
 * Accept and reject, on one offer or the chosen ones. One offer goes at once; several are
 * confirmed first, naming how many. The outcome's message is the toast (a warning when some were
 * skipped, listed in `skipped`); `afterChange` then reloads the queue the decided offers leave.
 */
export function useOfferActions(afterChange: () => Promise<void> | void) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [skipped, setSkipped] = useState<Skipped>([]);

  const report = useCallback(
    async (outcome: FeedOfferOutcome) => {
      if (outcome.skipped.length > 0) toast.warning(outcome.message);
      else toast.success(outcome.message);
      setSkipped(outcome.skipped);
      await afterChange();
    },
    [afterChange],
  );

  const one = useCallback(
    async (id: number, call: (ids: readonly number[]) => Promise<FeedOfferOutcome>) => {
      setBusy((current) => new Set(current).add(id));
      try {
        await report(await call([id]));
      } catch (error) {
        toast.failure(error);
      } finally {
        setBusy((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [report],
  );

  const acceptOne = useCallback((id: number) => one(id, acceptOffers), [one]);
  const rejectOne = useCallback((id: number) => one(id, rejectOffers), [one]);

  const acceptMany = useCallback(
    (ids: readonly number[]) => {
      if (tooMany(ids)) return Promise.resolve(false);
      return confirmAction({
        title: 'Accept Offers',
        text: `Accept ${offerCount(ids.length)}? Each goes on the site as a deal (or joins the live deal it duplicates) and is announced as any new deal is.`,
        rightBtnText: 'Accept',
        action: async () => report(await acceptOffers(ids)),
      });
    },
    [report],
  );

  const rejectMany = useCallback(
    (ids: readonly number[]) => {
      if (tooMany(ids)) return Promise.resolve(false);
      return confirmAction({
        title: 'Reject Offers',
        text: `Reject ${offerCount(ids.length)}? They leave the queue and come back only if their feed changes them.`,
        rightBtnText: 'Reject',
        action: async () => report(await rejectOffers(ids)),
      });
    },
    [report],
  );

  return { busy, skipped, clearSkipped: () => setSkipped([]), report, acceptOne, rejectOne, acceptMany, rejectMany };
}
