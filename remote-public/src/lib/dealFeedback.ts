// The DealFeedback calls of the API contract (trust.ts): anonymous answers to "Did this code work?"
// and one-click reports. Shared by the deal card and the deal page, hence here rather than in a feature.
import type { DealFeedbackReportBody, DealFeedbackVoteBody, ReportReason } from '@deals/contract/trust';
import { ApiError, postJson } from './http';

/** `POST DealFeedback/Vote`. */
export function sendVote(productId: number, worked: boolean): Promise<unknown> {
  const body: DealFeedbackVoteBody = { productId, worked };
  return postJson('DealFeedback/Vote', body);
}

/** `POST DealFeedback/Report`. */
export function sendReport(productId: number, reason: ReportReason): Promise<unknown> {
  const body: DealFeedbackReportBody = { productId, reason };
  return postJson('DealFeedback/Report', body);
}

/**
 * What to tell the visitor when a call failed: the API's own words for a refusal (rate-limited,
 * the deal is no longer live), otherwise `fallback`, since "HTTP 502" or a network error helps nobody.
 */
export function feedbackProblem(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  return /^HTTP \d+$/.test(error.message) ? fallback : error.message;
}

// The API counts one answer per visitor, deal and UTC day, so the prompt is not shown again for a
// deal until the API would count a new answer. Only today's ids are kept, so the list stays small.
const VOTED_KEY = 'deal_feedback_voted';

interface Voted {
  day: string;
  ids: number[];
}

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readVoted(now: number): number[] {
  try {
    const stored = JSON.parse(storage()?.getItem(VOTED_KEY) ?? 'null') as Partial<Voted> | null;
    return stored?.day === utcDay(now) && Array.isArray(stored.ids) ? stored.ids.filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

/** True when this browser answered "Did this code work?" for the deal today. */
export function hasVotedToday(productId: number, now = Date.now()): boolean {
  return readVoted(now).includes(productId);
}

/** Remembers an answer; a full or refused storage only means the prompt may be offered again. */
export function rememberVote(productId: number, now = Date.now()): void {
  const ids = readVoted(now);
  if (ids.includes(productId)) return;
  try {
    storage()?.setItem(VOTED_KEY, JSON.stringify({ day: utcDay(now), ids: [...ids, productId] } satisfies Voted));
  } catch {
    // Nothing to do: see above.
  }
}
