import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { auditChangeText, auditValueText, type AuditChanges } from '@deals/contract';

/** Characters of a value the cell shows before cutting it (the whole value is in its tooltip). */
export const VALUE_PREVIEW = 40;
/** Fields a cell lists before "Show all": a created or deleted record names every field. */
export const CHANGES_PREVIEW = 3;

const pad = (value: number) => String(value).padStart(2, '0');
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An ISO instant as the tables show it (MM/DD/YYYY HH:mm, the viewer's zone); null when it is none. */
export function localDateTime(stamp: string): string | null {
  const date = new Date(stamp);
  if (!ISO_INSTANT.test(stamp) || Number.isNaN(date.getTime())) return null;
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One value of a change: short ones as they are ('(hidden)' included), instants in local time, long ones cut, the whole in a tooltip. */
function ChangeValue({ value }: { value: unknown }) {
  const text = (typeof value === 'string' && localDateTime(value)) || auditValueText(value);
  if (value === null || value === undefined || value === '') return <span className="audit-empty">{text}</span>;
  if (text.length <= VALUE_PREVIEW) return <>{text}</>;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</span>}>
      {/* Focusable, so the whole value is reachable from the keyboard too. */}
      <span className="audit-value" tabIndex={0} aria-label={text}>
        {text.slice(0, VALUE_PREVIEW)}…
      </span>
    </Tooltip>
  );
}

/** The Changes cell: each field as "name: from → to", the first few and then "Show all". */
export function ChangesCell({ changes }: { changes: AuditChanges | null }) {
  const [open, setOpen] = useState(false);
  const entries = Object.entries(changes ?? {});
  if (!entries.length) return <span className="audit-empty">—</span>;
  const shown = open ? entries : entries.slice(0, CHANGES_PREVIEW);
  return (
    <>
      <ul className="audit-changes">
        {shown.map(([name, change]) => (
          <li key={name} data-change={auditChangeText(name, change)}>
            <span className="audit-field">{name}</span>: <ChangeValue value={change.from} /> → <ChangeValue value={change.to} />
          </li>
        ))}
      </ul>
      {entries.length > CHANGES_PREVIEW && (
        <Button type="link" size="small" style={{ padding: 0 }} aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show fewer' : `Show all ${entries.length} changes`}
        </Button>
      )}
    </>
  );
}
