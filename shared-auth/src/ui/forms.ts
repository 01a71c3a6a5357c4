import { isAxiosError } from 'axios';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from '@deals/shared-auth';
import { resolveEditConflict, type ConflictHandling } from './conflict-save';

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

interface SaveOptions<Values extends FieldValues> {
  /** The API call; its `{ message }` becomes the success toast. */
  call: () => Promise<{ message: string }>;
  setError: UseFormSetError<Values>;
  /** Fields whose server messages go under the field. */
  fields: readonly FieldPath<Values>[];
  /** The toast state of a failure (spec §8: deals use warning, the rest error). */
  failureState?: 'error' | 'warning';
  /**
   * How the form takes part when the save is refused because someone else changed the record
   * since it loaded: without it the dialog still says who and when and offers Overwrite.
   */
  conflict?: ConflictHandling<Values>;
}

/**
 * Runs a form's save: success shows the server's message; failure shows it too and puts field
 * messages under their fields. Resolves to whether it saved.
 */
export async function saveForm<Values extends FieldValues>(options: SaveOptions<Values>): Promise<boolean> {
  const { call, setError, fields, failureState = 'error' } = options;
  try {
    const { message } = await call();
    toast.success(message);
    return true;
  } catch (error) {
    const overwrite = await resolveEditConflict(error, options.conflict);
    if (overwrite === 'retry') return saveForm(options);
    if (overwrite === 'handled') return false;
    applyServerErrors(error, setError, fields);
    toast.failure(error, failureState);
    return false;
  }
}
