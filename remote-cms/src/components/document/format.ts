import dayjs from 'dayjs';

/** The spec's date-time format (MM/DD/YYYY HH:mm), in the viewer's time zone; empty for none. */
export const DATE_TIME_FORMAT = 'MM/DD/YYYY HH:mm';

export function formatDateTime(stamp: string | null | undefined): string {
  return stamp ? dayjs(stamp).format(DATE_TIME_FORMAT) : '';
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The Yes/No select of a flag column's filter. */
export const YES_NO_FILTER = { true: { text: 'Yes' }, false: { text: 'No' } };

/** A cell's text, or a dash when there is none. */
export const orDash = (text: string | null | undefined) => (text ? text : '—');
