import { useCallback, useEffect, useRef, useState } from 'react';
import type { Feed, FeedRun } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { fetchFeedRuns, runFeed } from './api';
import { runSummary } from './feedText';

/** How often a started run is asked after: runs take seconds to minutes, and each ask is one small query. */
export const RUN_POLL_MS = 2000;
/** Runs read per ask: the one started is the newest, unless a scheduled one began just after. */
const RUNS_READ = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for the run until it has finished; null when the screen was left first. */
async function finishedRun(feedId: number, runId: number, stillShown: () => boolean): Promise<FeedRun | null> {
  for (;;) {
    await pause(RUN_POLL_MS);
    if (!stillShown()) return null;
    const runs = await fetchFeedRuns(feedId, RUNS_READ);
    const run = runs.find((candidate) => candidate.id === runId);
    if (run && run.status !== 'RUNNING') return run;
  }
}

/**
 * Run now: starts the run, follows it until it ends, then says what it did and has the table read
 * again (`reload`, also right after the start so the row shows it running). `running` holds the
 * feeds being followed, so their button shows it is busy.
 */
export function useRunFeed(reload: () => unknown) {
  const [running, setRunning] = useState<ReadonlySet<number>>(new Set());
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const run = useCallback(
    async (feed: Pick<Feed, 'id' | 'name'>) => {
      setRunning((busy) => new Set(busy).add(feed.id));
      try {
        const started = await runFeed(feed.id);
        toast.info(started.message);
        void reload();
        const finished = await finishedRun(feed.id, started.id, () => shown.current);
        if (!finished) return;
        if (finished.status === 'SUCCEEDED') toast.success(`${feed.name}: ${runSummary(finished)}`);
        else toast.error(`${feed.name}: ${finished.error ?? 'the run failed'}`);
        void reload();
      } catch (error) {
        toast.failure(error);
      } finally {
        if (shown.current)
          setRunning((busy) => {
            const next = new Set(busy);
            next.delete(feed.id);
            return next;
          });
      }
    },
    [reload],
  );

  return { running, run };
}
