import { useState } from 'react';
import type { EmailAlertFrequency } from '@deals/contract/email-alerts';
import { addWord, failureOf, followsProblem, type FieldErrors, type FieldName, type FollowChoice } from './rules';

/**
 * The state the subscribe form and the manage page share: the follows being edited (and the word
 * being typed), the frequency, the messages by field and for the whole form, and whether a call is
 * on its way.
 */
export function useFollowsForm(initial: { choice: FollowChoice; frequency: EmailAlertFrequency }) {
  const [choice, setChoice] = useState(initial.choice);
  const [typed, setTyped] = useState('');
  const [frequency, setFrequencyState] = useState(initial.frequency);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setError = (field: FieldName, message: string | null) => {
    setFailure(null);
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[field];
      else next[field] = message;
      return next;
    });
  };

  /**
   * The follows to send, with a word still in the field added (a visitor who types a word and
   * presses Subscribe means it), and the messages of what is wrong with them; `extra` are the
   * caller's own checks (the address). Null follows when anything is wrong: the messages are shown.
   */
  const collect = (extra: FieldErrors = {}): FollowChoice | null => {
    const found: FieldErrors = { ...extra };
    let follows = choice;
    if (typed.trim()) {
      const added = addWord(choice, typed);
      if (added.problem !== null) found[added.field] = added.problem;
      else {
        follows = added.choice;
        setChoice(follows);
        setTyped('');
      }
    }
    const followsError = found.words || found.follows ? null : followsProblem(follows);
    if (followsError) found.follows = followsError;
    setErrors(found);
    setFailure(null);
    return Object.keys(found).length ? null : follows;
  };

  /** Shows a failed call: the API's field messages under their fields, the rest for the form. */
  const fail = (error: unknown) => {
    const { fields, message } = failureOf(error);
    setErrors(fields);
    setFailure(message);
  };

  const setFrequency = (value: EmailAlertFrequency) => {
    setFrequencyState(value);
    setError('frequency', null);
  };

  return { choice, setChoice, typed, setTyped, frequency, setFrequency, errors, setError, failure, busy, setBusy, collect, fail };
}
