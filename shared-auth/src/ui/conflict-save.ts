import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { askEditConflict, showConflictComparison, toast, type ConflictRow } from '@deals/shared-auth';
import { allowOverwrite, editConflictOf, loadLatestRecord } from '@deals/shared-auth/client';

/** What a form lends the conflict dialog: its unsaved values, and how to show the latest record. */
export interface ConflictHandling<Values extends FieldValues> {
  /** The values the user tried to save. */
  values: () => Values;
  /** The latest record, as the screen's read call answers it, in the form's shape. */
  toValues: (latest: never) => Values;
  /** Shows these values in the form (as a fresh load would). */
  show: (values: Values) => void;
  /** Puts one of the user's values back into the form. */
  restore: (field: FieldPath<Values>, value: unknown) => void;
  /** Field labels for the comparison (the field name otherwise). */
  labels?: Partial<Record<string, string>>;
  /** Fields the comparison leaves out (files being uploaded, ids). */
  skip?: readonly string[];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant as the date pickers show it, to the minute: the pickers save whole minutes, so a
 * stored value's seconds are no change the user made and must not be listed as one.
 */
const shownInstant = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A value as the comparison shows it. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return shownInstant(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.map(shownValue).join(', ');
  if (typeof value === 'object') {
    const date = value as { toISOString?: () => string };
    if (typeof date.toISOString === 'function') return shownInstant(date.toISOString());
    if (typeof File !== 'undefined' && value instanceof File) return value.name;
    return JSON.stringify(value);
  }
  return String(value);
}

const same = (a: unknown, b: unknown) => shownValue(a) === shownValue(b);

/** The fields whose unsaved and latest values differ, each with the way to put the user's back. */
export function conflictRows<Values extends FieldValues>(mine: Values, latest: Values, handling: Pick<ConflictHandling<Values>, 'restore' | 'labels' | 'skip'>): ConflictRow[] {
  const skip = new Set(handling.skip ?? []);
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(latest)])].filter((field) => !skip.has(field));
  return fields
    .filter((field) => !same(mine[field], latest[field]))
    .map((field) => ({
      field,
      label: handling.labels?.[field] ?? field,
      mine: shownValue(mine[field]),
      latest: shownValue(latest[field]),
      useMine: () => handling.restore(field as FieldPath<Values>, mine[field]),
    }));
}

/**
 * When `error` is an edit conflict: asks the user, then overwrites (answers 'retry', having read
 * the latest version so the retry names it) or reloads the form with the latest version and shows
 * the comparison ('handled'). Anything else is 'other': the caller reports it as usual.
 */
export async function resolveEditConflict<Values extends FieldValues>(error: unknown, handling: ConflictHandling<Values> | undefined): Promise<'retry' | 'handled' | 'other'> {
  const conflict = editConflictOf(error);
  if (!conflict) return 'other';
  const choice = await askEditConflict(conflict, handling !== undefined);
  if (choice === 'cancel') return 'handled';
  if (choice === 'overwrite') {
    const latest = await loadLatestRecord(conflict).catch(() => null);
    // Records without a read of their own (banner items) go through whatever their version.
    if (latest === null) allowOverwrite(conflict);
    return 'retry';
  }
  if (!handling) return 'handled';
  const mine = handling.values();
  let latest: Values;
  try {
    latest = handling.toValues((await loadLatestRecord(conflict)) as never);
  } catch (failure) {
    // Deleted meanwhile, or the network: the user's values stay in the form.
    toast.failure(failure);
    return 'handled';
  }
  handling.show(latest);
  showConflictComparison(conflict, conflictRows(mine, latest, handling));
  return 'handled';
}

/** The conflict handling of a react-hook-form form: `toValues` is what the screen's load already uses to fill it. */
export function formConflict<Values extends FieldValues, Record = never>(
  form: Pick<UseFormReturn<Values>, 'getValues' | 'reset' | 'setValue'>,
  toValues: (latest: Record) => Values,
  options: Pick<ConflictHandling<Values>, 'labels' | 'skip'> = {},
): ConflictHandling<Values> {
  return {
    values: () => form.getValues(),
    toValues: toValues as (latest: never) => Values,
    show: (values) => form.reset(values),
    restore: (field, value) => form.setValue(field, value as PathValue<Values, typeof field>, { shouldDirty: true, shouldValidate: true }),
    ...options,
  };
}
