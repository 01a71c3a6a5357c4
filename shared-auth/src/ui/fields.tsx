import { useId, useState, type ReactNode } from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, ColorPicker, Form, Input, Space, Switch } from 'antd';
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

interface InputFieldProps<Values extends FieldValues> extends FieldProps<Values> {
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: 'tel' | 'email' | 'text';
  /** Rewrites what was typed before it reaches the form (masks). */
  transform?: (typed: string) => string;
  suffix?: ReactNode;
}

function InputField<Values extends FieldValues>({ control, name, label, required, disabled, maxLength, autoComplete, placeholder, extra, type, inputMode, transform, suffix }: InputFieldProps<Values>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item label={label} htmlFor={id} required={required} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={extra}>
          <Input
            id={id}
            type={type}
            inputMode={inputMode}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled}
            maxLength={maxLength}
            autoComplete={autoComplete}
            placeholder={placeholder}
            suffix={suffix}
            aria-invalid={fieldState.invalid || undefined}
          />
        </Form.Item>
      )}
    />
  );
}

export function TextField<Values extends FieldValues>(props: FieldProps<Values> & { type?: 'text' | 'email' }) {
  return <InputField {...props} />;
}

/** A password with the spec's Show/Hide toggle. */
export function PasswordField<Values extends FieldValues>(props: FieldProps<Values>) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <Button type="link" size="small" className="deals-password-toggle" onClick={() => setShown((value) => !value)} aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}>
      {shown ? 'Hide' : 'Show'}
    </Button>
  );
  return <InputField {...props} type={shown ? 'text' : 'password'} suffix={toggle} />;
}

/** The spec's phone mask; `0` is a digit in imask's pattern syntax. */
export const PHONE_MASK = '(000) 000-0000';

/** Formats typed or pasted digits as (999) 999-9999. */
export function maskPhone(value: string): string {
  const masked = pipe(value, { mask: PHONE_MASK });
  // A lone "(" left after deleting every digit is an empty phone, not a value to save.
  return /\d/.test(masked) ? masked : '';
}

export function PhoneField<Values extends FieldValues>(props: FieldProps<Values>) {
  return <InputField autoComplete="tel" placeholder="(999) 999-9999" {...props} type="tel" inputMode="tel" transform={maskPhone} />;
}

export function SwitchField<Values extends FieldValues>({ control, name, label, disabled }: FieldProps<Values>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Form.Item label={label} htmlFor={id}>
          <Switch id={id} checked={Boolean(field.value)} onChange={field.onChange} disabled={disabled} checkedChildren="Yes" unCheckedChildren="No" />
        </Form.Item>
      )}
    />
  );
}

type RenderControl<Values extends FieldValues, Name extends FieldPath<Values>> = (props: { field: ControllerRenderProps<Values, Name>; id: string; invalid: boolean }) => ReactNode;

/**
 * Any antd control as a react-hook-form field (select, number, date, colour…): the label names
 * the control through `id`, the rule's message shows under it.
 */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  label,
  required,
  extra,
  children,
}: Pick<FieldProps<Values>, 'control' | 'label' | 'required' | 'extra'> & { name: Name; children: RenderControl<Values, Name> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item label={label} htmlFor={id} required={required} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={extra}>
          {children({ field, id, invalid: fieldState.invalid })}
        </Form.Item>
      )}
    />
  );
}

/**
 * A hex colour: a text input (type or paste #1a2b3c) with a colour picker beside it, both writing
 * the same field. The picker gives six-digit hex without alpha.
 */
export function ColorField<Values extends FieldValues>({ control, name, label, required, disabled, maxLength, extra }: FieldProps<Values>) {
  return (
    <FormField control={control} name={name} label={label} required={required} extra={extra}>
      {({ field, id, invalid }) => (
        <Space.Compact block>
          <Input
            id={id}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={disabled}
            maxLength={maxLength}
            placeholder="#000000"
            aria-invalid={invalid || undefined}
          />
          <ColorPicker
            value={/^#[0-9a-fA-F]{6}$/.test(String(field.value ?? '')) ? String(field.value) : '#000000'}
            onChange={(color) => field.onChange(color.toHexString())}
            disabledAlpha
            disabled={disabled}
          />
        </Space.Compact>
      )}
    </FormField>
  );
}
