/**
 * One check of a deal's link: fetched like a visitor's browser would (a real browser's user agent,
 * up to 8 redirects) through the outbound-fetch guard (lib/safe-fetch.ts), then judged:
 *
 * - `DEAD`: 404 or 410; an unknown host, an unreachable or refused address, a redirect loop; a 5xx
 *   answer or a time-out that happens again on a second try.
 * - `HOME_REDIRECT`: the link names a page (a path) and the redirects end on a site's home page
 *   (`/` or a bare locale such as `/en-gb/`): the product is lost.
 * - `TAG_LOST`: the redirects stayed on the link's own host and dropped query parameters the link
 *   carried (its affiliate tags). A link through a network's host hands its tags to the network,
 *   which legitimately drops them when it sends the visitor on, so only the same host is judged.
 * - `SOFT_DEAD`: a 200 page whose text holds one of the phrases (case-insensitive).
 * - `OK` otherwise. Other 4xx answers (403 to a robot, 429) say nothing certain and count as OK
 *   with their status kept as evidence.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LinkStatus } from '@deals/contract';
import { fetchAnswer, FetchRefused, type FetchAnswer } from './safe-fetch.js';

/** A current desktop Chrome: stores answer robots differently from visitors. */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const LINK_CHECK_MAX_REDIRECTS = 8;
/** The page's first bytes are enough to find "no longer available". */
const PAGE_BYTES = 512 * 1024;

export interface LinkCheckOptions {
  timeoutMs: number;
  /** Pause before the second try of a 5xx or a time-out. */
  retryDelayMs: number;
  allowHosts: readonly string[];
  phrases: readonly string[];
}

export interface LinkCheckResult {
  status: LinkStatus;
  httpStatus: number | null;
  finalUrl: string | null;
  reason: string;
}

const LOCALE_ROOT = /^\/([a-z]{2}([-_][a-z]{2})?\/?)?$/i;

/** Whether a URL's path is a site's home page: `/` or a bare locale. */
export function isHomePath(url: URL): boolean {
  return LOCALE_ROOT.test(url.pathname);
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');

/** The page's visible text, roughly: tags, scripts and styles out, entities of quotes in, spaces collapsed. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;|&apos;|&rsquo;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Judges a final answer of `link` (after its redirects). */
export function judgeAnswer(link: string, answer: FetchAnswer, phrases: readonly string[]): LinkCheckResult {
  const evidence = { httpStatus: answer.status, finalUrl: answer.url };
  if (answer.status === 404 || answer.status === 410) return { status: 'DEAD', ...evidence, reason: `the server answered ${answer.status}` };
  const start = new URL(link);
  const end = new URL(answer.url);
  if (!isHomePath(start) && isHomePath(end)) return { status: 'HOME_REDIRECT', ...evidence, reason: `the redirects end on the home page ${end.origin}${end.pathname}` };
  if (bareHost(start) === bareHost(end)) {
    const lost = [...new Set(start.searchParams.keys())].filter((name) => !end.searchParams.has(name));
    if (lost.length > 0) return { status: 'TAG_LOST', ...evidence, reason: `the redirects dropped ${lost.map((name) => `“${name}”`).join(', ')}` };
  }
  if (answer.status === 200 && phrases.length > 0) {
    const text = pageText(answer.body.toString('utf8'));
    const phrase = phrases.find((candidate) => text.includes(candidate.toLowerCase()));
    if (phrase) return { status: 'SOFT_DEAD', ...evidence, reason: `the page says “${phrase}”` };
  }
  return { status: 'OK', ...evidence, reason: answer.status === 200 ? 'the page answered 200' : `the server answered ${answer.status}` };
}

type Attempt = { answer: FetchAnswer } | { error: FetchRefused };

const transient = (attempt: Attempt) =>
  'answer' in attempt ? attempt.answer.status >= 500 : attempt.error.failure === 'TIMEOUT' || attempt.error.failure === 'UNREACHABLE';

/** Checks `link` now. Never throws: a failure is a result with its reason. */
export async function checkLink(link: string, options: LinkCheckOptions): Promise<LinkCheckResult> {
  const attempt = async (): Promise<Attempt> => {
    try {
      return {
        answer: await fetchAnswer(link, {
          maxBytes: PAGE_BYTES,
          overflow: 'truncate',
          timeoutMs: options.timeoutMs,
          maxRedirects: LINK_CHECK_MAX_REDIRECTS,
          allowHosts: options.allowHosts,
          headers: { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en-US,en;q=0.9' },
        }),
      };
    } catch (error) {
      if (error instanceof FetchRefused) return { error };
      return { error: new FetchRefused('the server could not be reached') };
    }
  };
  let result = await attempt();
  // One failure of a server may be a blip; the same failure twice is a dead link.
  if (transient(result)) {
    await sleep(options.retryDelayMs);
    result = await attempt();
  }
  if ('answer' in result) {
    if (result.answer.status >= 500) return { status: 'DEAD', httpStatus: result.answer.status, finalUrl: result.answer.url, reason: `the server answered ${result.answer.status} twice` };
    return judgeAnswer(link, result.answer, options.phrases);
  }
  const { error } = result;
  const twice = error.failure === 'TIMEOUT' || error.failure === 'UNREACHABLE' ? ' twice' : '';
  return { status: 'DEAD', httpStatus: null, finalUrl: error.url ?? null, reason: `${error.message}${twice}` };
}
