import { useId } from 'react';
import type { EmailAlertFrequency } from '@deals/contract/email-alerts';
import { FREQUENCIES, FREQUENCY_LABELS } from './texts';

/** Instant alerts or a daily digest, each with a line saying what it means for the inbox. */
export function FrequencyChoice({ value, onChange, error }: { value: EmailAlertFrequency; onChange: (value: EmailAlertFrequency) => void; error?: string }) {
  const id = useId();
  return (
    <fieldset className="ea-frequency" aria-describedby={error ? `${id}e` : undefined}>
      <legend className="ea-legend">How often</legend>
      <div className="ea-frequency__options">
        {FREQUENCIES.map((frequency) => (
          <label key={frequency} className="ea-radio">
            <input type="radio" name={`${id}f`} value={frequency} checked={value === frequency} onChange={() => onChange(frequency)} />
            <span>
              <span className="ea-radio__label">{FREQUENCY_LABELS[frequency].label}</span>
              <small className="ea-radio__hint">{FREQUENCY_LABELS[frequency].hint}</small>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}e`} className="ea-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
