/**
 * Which email subscriptions a deal matches, by the browsers' rule (contract/deal-follow-words.ts):
 * a followed word matches when its words appear whole and in order in the deal's name. Instead of
 * testing every followed word against the name, the name's phrases (every run of consecutive words
 * no longer than a followed word may be) are looked up in the followed words' index, so matching
 * costs the same with 2,000 followers or 2 million follows.
 */
import { LIMITS, normaliseFollowWord } from '@deals/contract';

/** Every run of consecutive words of the name that could be a followed word. */
export function phrasesOf(dealName: string): string[] {
  const words = normaliseFollowWord(dealName).split(' ').filter(Boolean);
  const phrases = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    let phrase = '';
    for (let end = start; end < words.length; end++) {
      phrase = end === start ? words[start]! : `${phrase} ${words[end]}`;
      if ([...phrase].length > LIMITS.dealFollow.wordMax) break;
      if ([...phrase].length >= LIMITS.dealFollow.wordMin) phrases.add(phrase);
    }
  }
  return [...phrases];
}

export interface DealToMatch {
  id: number;
  name: string;
  storeId: number;
}

/** The deals' phrases and stores as two JSON parameters for the matching SQL (see alerts.ts). */
export function matchInput(deals: readonly DealToMatch[]): { phrases: string; stores: string } {
  return {
    phrases: JSON.stringify(deals.flatMap((deal) => phrasesOf(deal.name).map((g) => ({ p: deal.id, g })))),
    stores: JSON.stringify(deals.map((deal) => ({ p: deal.id, s: deal.storeId }))),
  };
}
