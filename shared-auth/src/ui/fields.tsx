import { useId, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, Form, Input, Switch } from 'antd';
import { pipe } from 'imask';

// react-hook-form fields drawn with antd: label, control and the rule's message under it, wired
// so the label names the control (screen readers, getByLabelText).

interface FieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  /** Shows the required mark; the rule itself lives in the form's schema. */
  required?: boolean;
  disabled?: boolean;
  /** Stops typing past the limit; the schema still says why. */
  maxLength?: number;
  autoComplete?: string;
  placeholder?: string;
  extra?: ReactNode;
}

function FieldFrame({ id, label, required, error, extra, children }: { id: string; label: string; required?: boolean; error?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Form.Item label={label} htmlFor={id} required={required} validateStatus={error ? 'error' : undefined} help={error} extra={extra}>
      {children}
    </Form.Item>
  );
}

export function TextField<Values extends FieldValues>({ control, name, label, required, disabled, maxLength, autoComplete, placeholder, extra, type }: FieldProps<Values> & { type?: 'text' | 'email' }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldFrame id={id} label={label} required={required} error={fieldState.error?.message} extra={extra}>
          <Input
            id={id}
            type={type}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled}
            maxLength={maxLength}
            autoComplete={autoComplete}
            placeholder={placeholder}
            aria-invalid={fieldState.invalid || undefined}
          />
        </FieldFrame>
      )}
    />
  );
}

/** A password with the spec's Show/Hide toggle. */
export function PasswordField<Values extends FieldValues>({ control, name, label, required, disabled, maxLength, autoComplete }: FieldProps<Values>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldFrame id={id} label={label} required={required} error={fieldState.error?.message}>
          <Input
            id={id}
            type={shown ? 'text' : 'password'}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled}
            maxLength={maxLength}
            autoComplete={autoComplete}
            aria-invalid={fieldState.invalid || undefined}
            suffix={
              <Button type="link" size="small" className="deals-password-toggle" onClick={() => setShown((value) => !value)} aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}>
                {shown ? 'Hide' : 'Show'}
              </Button>
            }
          />
        </FieldFrame>
      )}
    />
  );
}

/** The spec's phone mask; `0` is a digit in imask's pattern syntax. */
export const PHONE_MASK = '(000) 000-0000';

/** Formats typed or pasted digits as (999) 999-9999. */
export function maskPhone(value: string): string {
  const masked = pipe(value, { mask: PHONE_MASK });
  // A lone "(" left after deleting every digit is an empty phone, not a value to save.
  return /\d/.test(masked) ? masked : '';
}

export function PhoneField<Values extends FieldValues>({ control, name, label, required, disabled, autoComplete = 'tel' }: FieldProps<Values>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldFrame id={id} label={label} required={required} error={fieldState.error?.message}>
          <Input
            id={id}
            type="tel"
            inputMode="tel"
            name={field.name}
            placeholder="(999) 999-9999"
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(event) => field.onChange(maskPhone(event.target.value))}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled}
            autoComplete={autoComplete}
            aria-invalid={fieldState.invalid || undefined}
          />
        </FieldFrame>
      )}
    />
  );
}

export function SwitchField<Values extends FieldValues>({ control, name, label, disabled }: FieldProps<Values>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame id={id} label={label}>
          <Switch id={id} checked={Boolean(field.value)} onChange={field.onChange} disabled={disabled} checkedChildren="Yes" unCheckedChildren="No" />
        </FieldFrame>
      )}
    />
  );
}
