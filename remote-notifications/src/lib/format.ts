// The spec's date-time format (MM/DD/YYYY HH:mm) in the viewer's time zone, as the other back-office
// tables show it. Written out here: this remote does not depend on dayjs for one format.
const pad = (value: number) => String(value).padStart(2, '0');

/** A stored timestamp as MM/DD/YYYY HH:mm; empty when there is none or it does not parse. */
export function formatDateTime(stamp: string | null | undefined): string {
  if (!stamp) return '';
  const date = new Date(stamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
