import dayjs from 'dayjs';

/** The spec's date-time format (MM/DD/YYYY HH:mm), shared by the tables and the deal form's pickers. */
export const DATE_TIME_FORMAT = 'MM/DD/YYYY HH:mm';

/** A stored timestamp as the tables show it, in the viewer's time zone; empty for none. */
export function formatDateTime(stamp: string | null | undefined): string {
  return stamp ? dayjs(stamp).format(DATE_TIME_FORMAT) : '';
}

/** Prices: 2 decimals with a $ prefix (spec §9). */
export function formatPrice(value: number): string {
  return `$${value.toFixed(2)}`;
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The Yes/No select of a flag column's search field. */
export const YES_NO_FILTER = { true: { text: 'Yes' }, false: { text: 'No' } };
