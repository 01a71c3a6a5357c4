import { number, object, string, type InferType } from 'yup';
import { TRUST_MESSAGES, TRUST_SETTING_LIMITS, type TrustSettings } from '@deals/contract';

// The settings form holds the phrases as the textarea shows them (one a line) and numbers as the
// number boxes give them (null when cleared); the API takes a list and whole numbers.

const whole = (max: number, message: string) => number().typeError(message).integer(message).min(1, message).max(max, message);

/** The phrases as a list: one a line, trimmed, blank lines and repeats dropped (matching ignores case). */
export function phraseList(text: string): string[] {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const phrase = line.trim();
    const key = phrase.toLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    phrases.push(phrase);
  }
  return phrases;
}

const phrasesFit = (text: string | undefined) => {
  const phrases = phraseList(text ?? '');
  return phrases.length <= TRUST_SETTING_LIMITS.phrases && phrases.every((phrase) => phrase.length <= TRUST_SETTING_LIMITS.phraseLength);
};

/** The contract's rules and words, checked before the save so most mistakes never reach the server. */
export const trustSettingsSchema = object({
  minAnswers: whole(TRUST_SETTING_LIMITS.maxMinAnswers, TRUST_MESSAGES.minAnswers).required(TRUST_MESSAGES.minAnswers),
  lowSuccessPercent: whole(100, TRUST_MESSAGES.lowSuccessPercent).required(TRUST_MESSAGES.lowSuccessPercent),
  checkPeriodHours: whole(TRUST_SETTING_LIMITS.maxCheckPeriodHours, TRUST_MESSAGES.checkPeriodHours).required(TRUST_MESSAGES.checkPeriodHours),
  // Empty means off: never switch deals off automatically.
  autoDeactivateAfterDeadChecks: whole(TRUST_SETTING_LIMITS.maxDeadChecks, TRUST_MESSAGES.autoDeactivate).nullable().defined(),
  softDeadPhrases: string().defined().test('phrases', TRUST_MESSAGES.phrases, phrasesFit),
});

export type TrustSettingsValues = InferType<typeof trustSettingsSchema>;

export const SETTINGS_FIELDS = ['minAnswers', 'lowSuccessPercent', 'checkPeriodHours', 'autoDeactivateAfterDeadChecks', 'softDeadPhrases'] as const satisfies readonly (keyof TrustSettingsValues)[];

export const toFormValues = (settings: TrustSettings): TrustSettingsValues => ({ ...settings, softDeadPhrases: settings.softDeadPhrases.join('\n') });

export const toSettings = (values: TrustSettingsValues): TrustSettings => ({ ...values, softDeadPhrases: phraseList(values.softDeadPhrases) });

/**
 * The API names a bad phrase by its place (`softDeadPhrases.3`); the form has one box for them
 * all, so such messages are moved under that box.
 */
export function foldPhraseErrors(error: unknown): void {
  const errors = (error as { response?: { data?: { errors?: Record<string, string> } } } | null)?.response?.data?.errors;
  if (!errors || typeof errors !== 'object') return;
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith('softDeadPhrases.')) errors.softDeadPhrases ??= message;
  }
}
