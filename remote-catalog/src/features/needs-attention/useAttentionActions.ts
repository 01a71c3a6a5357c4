import { useCallback, useState } from 'react';
import { ATTENTION_MAX_IDS, ATTENTION_MESSAGES, LINK_STATUS_LABELS, type AttentionActionResult } from '@deals/contract';
import { confirmAction, toast } from '@deals/shared-auth';
import { checkProduct, deactivateDeals, dismiss, markVerified } from './api';
import { dealCount } from './attentionRows';

/** What an action may name: the deals' ids and, for the confirmation's words, a name when there is one. */
export interface ActionTarget {
  ids: readonly number[];
  /** The deal's name when the action is on one row. */
  name?: string;
}

const tooMany = (ids: readonly number[]) => {
  if (ids.length <= ATTENTION_MAX_IDS) return false;
  toast.warning(ATTENTION_MESSAGES.tooManyIds);
  return true;
};

/** Rows skipped (someone else's deal, gone meanwhile) are a warning: the person expected them done. */
const report = ({ message, skipped }: { message: string; skipped: number }) => (skipped > 0 ? toast.warning(message) : toast.success(message));

/**
 * The queue's actions on one row or the chosen rows; each reloads the table after (`afterChange`),
 * since a row the action settled leaves the queue. `checking` holds the deals whose link is being
 * checked now (a check can take 20 s, its button shows it is busy).
 */
export function useAttentionActions(afterChange: (ids: readonly number[]) => Promise<void> | void) {
  const [checking, setChecking] = useState<ReadonlySet<number>>(new Set());

  const run = useCallback(
    async (ids: readonly number[], call: (ids: readonly number[]) => Promise<AttentionActionResult>) => {
      if (tooMany(ids)) return;
      try {
        report(await call(ids));
        await afterChange(ids);
      } catch (error) {
        toast.failure(error);
      }
    },
    [afterChange],
  );

  const verify = useCallback((target: ActionTarget) => run(target.ids, markVerified), [run]);
  const dismissRows = useCallback((target: ActionTarget) => run(target.ids, dismiss), [run]);

  const deactivate = useCallback(
    (target: ActionTarget) => {
      if (tooMany(target.ids)) return Promise.resolve(false);
      const which = target.name ? `the deal "${target.name}"` : dealCount(target.ids.length);
      return confirmAction({
        title: target.name ? 'Deactivate Deal' : 'Deactivate Deals',
        text: `Deactivate ${which}? ${target.name ? 'It leaves' : 'They leave'} the site at once.`,
        rightBtnText: 'Deactivate',
        action: async () => {
          const answer = await deactivateDeals(target.ids);
          report({ message: answer.message, skipped: answer.skipped.reduce((sum, entry) => sum + entry.count, 0) });
          await afterChange(target.ids);
        },
      });
    },
    [afterChange],
  );

  const checkNow = useCallback(
    async (productId: number) => {
      setChecking((busy) => new Set(busy).add(productId));
      try {
        const check = await checkProduct(productId);
        const text = `${ATTENTION_MESSAGES.checked}: ${LINK_STATUS_LABELS[check.status]}${check.reason ? ` (${check.reason})` : ''}`;
        if (check.status === 'OK') toast.success(text);
        else toast.warning(text);
        await afterChange([productId]);
      } catch (error) {
        toast.failure(error);
      } finally {
        setChecking((busy) => {
          const next = new Set(busy);
          next.delete(productId);
          return next;
        });
      }
    },
    [afterChange],
  );

  return { checking, checkNow, verify, dismiss: dismissRows, deactivate };
}
