// The checks the email-alert forms run before a round trip, worded as the API words them, and the
// mapping of the API's own field messages onto the fields the forms show.
import { followWordProblem, normaliseFollowWord } from '@deals/contract/deal-follow-words';
import { isEmailAddress } from '../../lib/emailAddress';
import { ApiError } from '../../lib/http';
import { EMAIL_ALERT_LIMITS, EMAIL_ALERT_MESSAGES, EMAIL_TOO_LONG, SOMETHING_WENT_WRONG } from './texts';

export interface StoreChoice {
  id: number;
  name: string;
}

/** What a subscription follows, as the forms edit it: words already normalised, stores by id. */
export interface FollowChoice {
  words: string[];
  stores: StoreChoice[];
}

/** `follows` is both lists together (at least one, at most the limit); the rest are the body's fields. */
export type FieldName = 'email' | 'words' | 'storeIds' | 'frequency' | 'follows';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const NO_FOLLOWS: FollowChoice = { words: [], stores: [] };

export function emailProblem(email: string): string | null {
  if (!email) return EMAIL_ALERT_MESSAGES.emailRequired;
  if (email.length > EMAIL_ALERT_LIMITS.email) return EMAIL_TOO_LONG;
  return isEmailAddress(email) ? null : EMAIL_ALERT_MESSAGES.emailInvalid;
}

const count = (choice: FollowChoice) => choice.words.length + choice.stores.length;

export function followsProblem(choice: FollowChoice): string | null {
  if (count(choice) === 0) return EMAIL_ALERT_MESSAGES.followsRequired;
  return count(choice) > EMAIL_ALERT_LIMITS.follows ? EMAIL_ALERT_MESSAGES.tooMany : null;
}

type Added = { choice: FollowChoice; problem: null; field?: never } | { choice?: never; problem: string; field: 'words' | 'follows' };

/** The choice with a typed word added in its stored form, or why it cannot be (a word already there is no problem). */
export function addWord(choice: FollowChoice, text: string): Added {
  const word = normaliseFollowWord(text);
  const problem = followWordProblem(word);
  if (problem) return { problem, field: 'words' };
  if (choice.words.includes(word)) return { choice, problem: null };
  if (count(choice) >= EMAIL_ALERT_LIMITS.follows) return { problem: EMAIL_ALERT_MESSAGES.tooMany, field: 'follows' };
  return { choice: { ...choice, words: [...choice.words, word] }, problem: null };
}

export function addStore(choice: FollowChoice, store: StoreChoice): Added {
  if (choice.stores.some((chosen) => chosen.id === store.id)) return { choice, problem: null };
  if (count(choice) >= EMAIL_ALERT_LIMITS.follows) return { problem: EMAIL_ALERT_MESSAGES.tooMany, field: 'follows' };
  return { choice: { ...choice, stores: [...choice.stores, store] }, problem: null };
}

/**
 * A prefill from the page (a search, the filtered stores): words normalised and followable only,
 * no repeats, within the limit.
 */
export function initialChoice(words: readonly string[] = [], stores: readonly StoreChoice[] = []): FollowChoice {
  let choice = NO_FOLLOWS;
  for (const store of stores) choice = addStore(choice, store).choice ?? choice;
  for (const word of words) choice = addWord(choice, word).choice ?? choice;
  return choice;
}

const FIELDS: readonly FieldName[] = ['email', 'words', 'storeIds', 'frequency'];

/**
 * A failed call as the form shows it: the API's field messages (`words.2` under the words) and,
 * for anything else (a 429, a bad link, the network), one message for the whole form.
 */
export function failureOf(error: unknown): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: SOMETHING_WENT_WRONG };
  const fields: FieldErrors = {};
  let unplaced = false;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    if (field) fields[field] ??= message;
    else unplaced = true;
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, message: placed && !unplaced ? null : error.message || SOMETHING_WENT_WRONG };
}
