import { TRUST_MESSAGES, TRUST_SETTING_LIMITS } from '@deals/contract';
import { phraseList, toFormValues, toSettings, trustSettingsSchema } from './settingsForm';

const VALUES = { minAnswers: 5, lowSuccessPercent: 50, checkPeriodHours: 24, autoDeactivateAfterDeadChecks: null, softDeadPhrases: 'gone' };

describe('the settings form values', () => {
  it('reads the phrases one a line, trimmed, without blanks or repeats in another case', () => {
    expect(phraseList('  sold out \r\n\nSOLD OUT\nno longer available\n')).toEqual(['sold out', 'no longer available']);
  });

  it('round-trips the settings the API answers', () => {
    const settings = { ...VALUES, autoDeactivateAfterDeadChecks: 3, softDeadPhrases: ['a', 'b'] };
    expect(toSettings(toFormValues(settings))).toEqual(settings);
  });

  it('takes an empty automatic deactivation as off, and refuses out-of-range numbers with the contract words', async () => {
    await expect(trustSettingsSchema.validate(VALUES)).resolves.toMatchObject({ autoDeactivateAfterDeadChecks: null });
    await expect(trustSettingsSchema.validate({ ...VALUES, lowSuccessPercent: 101 })).rejects.toThrow(TRUST_MESSAGES.lowSuccessPercent);
    await expect(trustSettingsSchema.validate({ ...VALUES, checkPeriodHours: 0 })).rejects.toThrow(TRUST_MESSAGES.checkPeriodHours);
    await expect(trustSettingsSchema.validate({ ...VALUES, autoDeactivateAfterDeadChecks: 1.5 })).rejects.toThrow(TRUST_MESSAGES.autoDeactivate);
  });

  it('refuses too many phrases or one too long', async () => {
    const many = Array.from({ length: TRUST_SETTING_LIMITS.phrases + 1 }, (_, i) => `phrase ${i}`).join('\n');
    await expect(trustSettingsSchema.validate({ ...VALUES, softDeadPhrases: many })).rejects.toThrow(TRUST_MESSAGES.phrases);
    await expect(trustSettingsSchema.validate({ ...VALUES, softDeadPhrases: 'x'.repeat(TRUST_SETTING_LIMITS.phraseLength + 1) })).rejects.toThrow(TRUST_MESSAGES.phrases);
  });
});
