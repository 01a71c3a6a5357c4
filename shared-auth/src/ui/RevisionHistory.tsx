import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Popconfirm, Spin, Tag, Timeline, Typography } from 'antd';
import { diffWords } from 'diff';
import type { MessageResponse } from '@deals/contract/common';
import type { Revision, RevisionAction, RevisionRecordType } from '@deals/contract/revisions';
import { serverMessage, toast } from '@deals/shared-auth';
import { api } from '@deals/shared-auth/client';
import './revision-history.css';

// The revision history of a record (a page, blog, section, banner or deal), newest first: who,
// when, what, and each changed field from → to; Restore makes a revision the record's new draft (a
// deal: a new save), so an editor can undo a bad change. One component for every editor that keeps
// revisions.

export interface RevisionHistoryProps {
  recordType: RevisionRecordType;
  recordId: number;
  /** Each field's label, in the order to show them; a field without one shows its name. */
  fieldLabels: Record<string, string>;
  /** Fields holding HTML or long text: shown as a word diff of their text. */
  richTextFields?: readonly string[];
  /** A field's value as text (e.g. a store's name for its id); undefined for the default rendering. */
  formatValue?: (field: string, value: unknown) => string | undefined;
  /** Called after a revision was restored (the editor then reloads its record). */
  onRestored?: () => void;
  /** The Restore button's label. */
  restoreLabel?: string;
  /** Change it to load the history again (e.g. after the record was saved). */
  reloadKey?: unknown;
}

export const REVISION_ACTION_LABELS: Record<RevisionAction, string> = {
  create: 'Created',
  save: 'Saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  restore: 'Restored',
};

const ACTION_COLORS: Record<RevisionAction, string> = { create: 'green', save: 'blue', publish: 'cyan', unpublish: 'orange', restore: 'purple' };

/** Values longer than this are cut, with Show more. */
const LONG_VALUE = 160;
/** A word diff longer than this (in characters) is folded, with Show more. */
const LONG_DIFF = 600;
const EMPTY = '(empty)';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export async function fetchRevisions(recordType: RevisionRecordType, recordId: number): Promise<Revision[]> {
  const { data } = await api.get<Revision[]>('Revisions/GetRevisions', { params: { recordType, recordId } });
  return data;
}

export async function restoreRevision(revisionId: number): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('Revisions/RestoreRevision', null, { params: { revisionId } });
  return data;
}

/** An instant in the viewer's time zone and locale, e.g. 5/3/2026, 2:07:00 PM. */
export const localDateTime = (instant: string) => new Date(instant).toLocaleString();

/** A value as text: null "(empty)", booleans Yes/No, lists comma-separated, instants local. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'string') return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? localDateTime(value) : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The readable text of HTML (or plain text): tags dropped, entities decoded, blocks on their own lines. */
export function htmlToText(html: unknown): string {
  if (html === null || html === undefined) return '';
  const marked = String(html).replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/blockquote|\/tr|\/pre)\b[^>]*>/gi, (tag) => `${tag}\n`);
  // DOMParser never runs scripts nor loads images of what it parses.
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One side of a change: struck in red (before) or green (after); a long value is cut, with Show more. */
function Value({ text, side }: { text: string; side: 'before' | 'after' }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_VALUE;
  const shown = long && !open ? `${text.slice(0, LONG_VALUE).trimEnd()}…` : text;
  return (
    <span className="revision-history__value">
      <span className="revision-history__sr">{side === 'before' ? 'Before: ' : 'After: '}</span>
      {side === 'before' ? <del className="revision-history__removed">{shown}</del> : <ins className="revision-history__added">{shown}</ins>}
      {long && (
        <Button type="link" size="small" className="revision-history__more" onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </span>
  );
}

function Folded({ size, children }: { size: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const long = size > LONG_DIFF;
  return (
    <>
      <div className={`revision-history__text${long && !open ? ' revision-history__text--folded' : ''}`}>{children}</div>
      {long && (
        <Button type="link" size="small" className="revision-history__more" onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}

/** Rich text: the words removed (struck, red) and added (green) between the two texts. */
function WordDiff({ from, to }: { from: unknown; to: unknown }) {
  const before = htmlToText(from);
  const after = htmlToText(to);
  if (!before && !after) return <span className="revision-history__empty">{EMPTY}</span>;
  const parts = diffWords(before, after);
  return (
    <Folded size={before.length + after.length}>
      {parts.map((part, index) =>
        part.removed ? (
          <del key={index} className="revision-history__removed">
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={index} className="revision-history__added">
            {part.value}
          </ins>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Folded>
  );
}

function FieldChange({ change, rich, text, showFrom }: { change: { from: unknown; to: unknown }; rich: boolean; text: (value: unknown) => string; showFrom: boolean }) {
  if (rich) return <WordDiff from={showFrom ? change.from : null} to={change.to} />;
  return (
    <span className="revision-history__values">
      {showFrom && (
        <>
          <Value text={text(change.from)} side="before" />
          <span className="revision-history__arrow" aria-hidden>
            →
          </span>
        </>
      )}
      <Value text={text(change.to)} side="after" />
    </span>
  );
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; revisions: Revision[] };

/**
 * The history of one record: a timeline, newest first, each revision with its action, who, when
 * and the fields changed from the revision before; each but the newest can be restored.
 */
export function RevisionHistory({ recordType, recordId, fieldLabels, richTextFields = [], formatValue, onRestored, restoreLabel = 'Restore', reloadKey }: RevisionHistoryProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const [restoring, setRestoring] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    fetchRevisions(recordType, recordId).then(
      (revisions) => current && setLoaded({ state: 'ready', revisions }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: serverMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [recordType, recordId, reloadKey, version]);

  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setVersion((value) => value + 1);
  }, []);

  const restore = async (revisionId: number) => {
    setRestoring(revisionId);
    try {
      const { message } = await restoreRevision(revisionId);
      toast.success(message);
      setVersion((value) => value + 1);
      onRestored?.();
    } catch (error) {
      toast.failure(error);
    } finally {
      setRestoring(null);
    }
  };

  if (loaded.state === 'loading') return <Spin className="revision-history__spinner" aria-label="Loading the history" />;
  if (loaded.state === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        message="The history could not be loaded"
        description={loaded.message}
        action={
          <Button size="small" onClick={retry}>
            Retry
          </Button>
        }
      />
    );
  if (loaded.revisions.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No revisions yet" />;

  const order = Object.keys(fieldLabels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const text = (field: string) => (value: unknown) => formatValue?.(field, value) ?? valueText(value);

  const items = loaded.revisions.map((revision, index) => {
    const fields = Object.keys(revision.changes).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    // The oldest revision listed (the record's creation, or the first kept for a record older than
    // the history) has nothing before it: only its values are worth reading.
    const showFrom = revision.action !== 'create' && index < loaded.revisions.length - 1;
    return {
      key: revision.id,
      color: ACTION_COLORS[revision.action] ?? 'gray',
      children: (
        <section className="revision-history__revision" aria-label={`${REVISION_ACTION_LABELS[revision.action] ?? revision.action} by ${revision.actorName}`}>
          <div className="revision-history__head">
            <Tag color={ACTION_COLORS[revision.action]}>{REVISION_ACTION_LABELS[revision.action] ?? revision.action}</Tag>
            <Typography.Text strong>{revision.actorName}</Typography.Text>
            <Typography.Text type="secondary">
              <time dateTime={revision.at}>{localDateTime(revision.at)}</time>
            </Typography.Text>
            {index > 0 && (
              <Popconfirm title="Restore this revision?" okText={restoreLabel} cancelText="Cancel" onConfirm={() => restore(revision.id)}>
                <Button size="small" className="revision-history__restore" loading={restoring === revision.id} disabled={restoring !== null && restoring !== revision.id}>
                  {restoreLabel}
                </Button>
              </Popconfirm>
            )}
          </div>
          {fields.length === 0 ? (
            <Typography.Text type="secondary">No changes</Typography.Text>
          ) : (
            <dl className="revision-history__changes">
              {fields.map((field) => (
                <div key={field} className="revision-history__change">
                  <dt>{fieldLabels[field] ?? field}</dt>
                  <dd>
                    <FieldChange change={revision.changes[field]!} rich={richTextFields.includes(field)} text={text(field)} showFrom={showFrom} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ),
    };
  });

  return (
    <div className="revision-history">
      <Timeline items={items} />
    </div>
  );
}
