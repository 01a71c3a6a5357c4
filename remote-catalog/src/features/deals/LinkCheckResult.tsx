import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { LINK_STATUS_LABELS, type LinkCheck, type LinkStatus } from '@deals/contract';
import { formatDateTime } from '../../lib/format';

export const NEEDS_ATTENTION_PATH = '/admin/management/needs-attention';

type Tone = 'ok' | 'dead' | 'doubtful';

// A dead link loses every click; the other failures may still reach the store, so they warn rather than alarm.
const toneOf = (status: LinkStatus): Tone => (status === 'OK' ? 'ok' : status === 'DEAD' ? 'dead' : 'doubtful');

// Colour is never the only signal: each tone has its own icon next to the label.
const ICONS: Record<Tone, ReactNode> = {
  ok: <CheckCircleFilled aria-hidden />,
  dead: <CloseCircleFilled aria-hidden />,
  doubtful: <ExclamationCircleFilled aria-hidden />,
};

// The final URL comes from a store's redirects: only a web address becomes a clickable link.
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function FinalUrl({ url }: { url: string | null }) {
  if (url === null) return <>none (nothing answered)</>;
  if (!isWebAddress(url)) return <code>{url}</code>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

/** One check of the deal's link: what it found, the evidence behind it, and where to follow up when it failed. */
export function LinkCheckResult({ check }: { check: LinkCheck }) {
  const tone = toneOf(check.status);
  return (
    <div className={`deal-link-check__result deal-link-check__result--${tone}`}>
      <p className="deal-link-check__label">
        {ICONS[tone]} {LINK_STATUS_LABELS[check.status]}
      </p>
      <p className="deal-link-check__reason">{check.reason}</p>
      <dl className="deal-link-check__evidence">
        <dt>HTTP status</dt>
        <dd>{check.httpStatus ?? 'no answer'}</dd>
        <dt>Final URL</dt>
        <dd>
          <FinalUrl url={check.finalUrl} />
        </dd>
        <dt>Checked</dt>
        <dd>{formatDateTime(check.checkedAt)}</dd>
        {check.consecutiveDead > 1 && (
          <>
            <dt>Dead in a row</dt>
            <dd>{check.consecutiveDead} checks</dd>
          </>
        )}
      </dl>
      {tone !== 'ok' && <Link to={NEEDS_ATTENTION_PATH}>Open Needs attention</Link>}
    </div>
  );
}
