import { DEAL_IMPORT_COLUMNS, FEED_EXTRA_COLUMNS, FEED_COLUMN_KEYS, type FeedColumnKey, type FeedRun, type FeedRunStatus, type FeedRunTrigger } from '@deals/contract';

export const FEEDS_PATH = '/admin/management/feeds';

const count = (value: number) => value.toLocaleString('en-US');

/** The header each column key goes by in the import template, so a mapping reads in the words staff know. */
export const COLUMN_HEADERS: Record<FeedColumnKey, string> = Object.fromEntries([...FEED_EXTRA_COLUMNS, ...DEAL_IMPORT_COLUMNS].map((column) => [column.key, column.header])) as Record<FeedColumnKey, string>;

export const COLUMN_OPTIONS = FEED_COLUMN_KEYS.map((key) => ({ value: key, label: COLUMN_HEADERS[key] }));
/** Defaults fill deal cells only: the offer's and advertiser's ids come from the feed or nowhere. */
export const DEFAULT_OPTIONS = DEAL_IMPORT_COLUMNS.map((column) => ({ value: column.key, label: column.header }));

export const RUN_STATUS_LABELS: Record<FeedRunStatus, string> = { RUNNING: 'Running', SUCCEEDED: 'Succeeded', FAILED: 'Failed' };
export const RUN_STATUS_COLORS: Record<FeedRunStatus, string> = { RUNNING: 'processing', SUCCEEDED: 'success', FAILED: 'error' };
export const RUN_TRIGGER_LABELS: Record<FeedRunTrigger, string> = { SCHEDULE: 'Schedule', MANUAL: 'Run now' };

/** The host a feed is read from: enough to tell feeds apart without showing the key some URLs carry. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * What a finished run changed, in one line ("12 created · 3 updated · 1 expired · 2 rejected"):
 * new offers queued for review are named too, since in review mode they are what a run brings.
 */
export function runSummary(run: Pick<FeedRun, 'created' | 'pending' | 'updated' | 'expired' | 'rejected'>): string {
  const parts = [`${count(run.created)} created`];
  if (run.pending > 0) parts.push(`${count(run.pending)} pending`);
  parts.push(`${count(run.updated)} updated`, `${count(run.expired)} expired`, `${count(run.rejected)} rejected`);
  return parts.join(' · ');
}

/** A run's length: seconds with a decimal under a minute, then minutes and seconds. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
