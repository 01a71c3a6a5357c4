import { isAxiosError } from 'axios';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts the API's per-field messages (400 `{ errors: { field: message } }`) under the fields the
 * form shows; returns whether any landed. The toast still carries the overall message.
 */
export function applyServerErrors<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>, fields: readonly FieldPath<Values>[]): boolean {
  if (!isAxiosError(error)) return false;
  const errors = (error.response?.data as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return false;
  let applied = false;
  for (const field of fields) {
    const message = errors[field];
    if (typeof message === 'string') {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
