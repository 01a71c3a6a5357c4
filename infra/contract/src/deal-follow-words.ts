/**
 * Keyword deal alerts: how a followed word is written and how it matches a deal.
 * Pure and free of TypeBox, so the visitor site can import it at run time (`@deals/contract/deal-follow-words`).
 *
 * Matching rule: a followed word matches a deal when its words appear, whole and in order, in the
 * deal's name, ignoring case, punctuation and compatibility forms (full-width letters, ligatures). "lego" matches "LEGO®
 * Star Wars set" and "Lego-compatible bricks" but not "Legolas figure"; "airpods pro" matches
 * "Apple AirPods Pro (2nd gen)". Only the name is searched: descriptions mention other products
 * ("works with AirPods") and would alert for deals the visitor did not ask about.
 */
import { LIMITS } from './limits.ts';

export const DEAL_FOLLOW_MESSAGES = {
  followed: 'You will be alerted to new deals that match',
  unfollowed: 'You will no longer be alerted to these deals',
  wordRequired: 'Enter a word to follow',
  wordLength: `A followed word must be ${LIMITS.dealFollow.wordMin} to ${LIMITS.dealFollow.wordMax} letters or digits long`,
  wordOrStore: 'Follow either a word or a store, not both',
  storeUnknown: 'That store does not exist',
  tooMany: `You can follow at most ${LIMITS.dealFollow.perDevice} words and stores in this browser. Remove one to add another.`,
  deviceUnknown: 'Deal alerts are not on in this browser. Turn them on, then follow words and stores.',
} as const;

/**
 * The form a followed word is stored and matched in: compatibility-normalised, lower case, every
 * run of characters that are neither letters nor digits turned into one space, trimmed.
 * "  T-Shirt " → "t shirt". Empty when nothing followable is left.
 */
export function normaliseFollowWord(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Null when `word` (already normalised) may be followed; otherwise the message saying why not. */
export function followWordProblem(word: string): string | null {
  if (!word) return DEAL_FOLLOW_MESSAGES.wordRequired;
  // Counted in code points, so a word in another script is measured as its reader sees it.
  const length = [...word].length;
  if (length < LIMITS.dealFollow.wordMin || length > LIMITS.dealFollow.wordMax) return DEAL_FOLLOW_MESSAGES.wordLength;
  return null;
}

/** A deal name as matching reads it: normalised like a followed word and padded with a space each side. */
export function followMatchText(dealName: string): string {
  return ` ${normaliseFollowWord(dealName)} `;
}

/** Whether a normalised followed word matches the deal name (whole words, in order). */
export function followWordMatches(word: string, dealName: string): boolean {
  return word.length > 0 && followMatchText(dealName).includes(` ${word} `);
}
