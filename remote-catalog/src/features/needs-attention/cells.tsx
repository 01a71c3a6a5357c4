import { Tag, Typography } from 'antd';
import { ATTENTION_REASON_LABELS, type AttentionReasonKind, type AttentionRow } from '@deals/contract';
import { formatDateTime } from '../../lib/format';
import { linkCheckSummary, reportLines, successSummary } from './attentionRows';

// The queue's cells: why a deal is listed and the evidence behind it, so staff can judge a row
// without opening the deal.

/** Colours by urgency, the queue's own order: a broken link first, an upcoming expiry last. */
const REASON_COLORS: Record<AttentionReasonKind, string> = { LINK: 'red', REPORTS: 'volcano', LOW_SUCCESS: 'gold', EXPIRING: 'blue' };

export function ReasonsCell({ reasons }: { reasons: AttentionRow['reasons'] }) {
  return (
    <ul className="attention-reasons">
      {reasons.map((reason) => (
        <li key={reason.kind}>
          <Tag color={REASON_COLORS[reason.kind]}>{ATTENTION_REASON_LABELS[reason.kind]}</Tag>
          <Typography.Text type="secondary" className="attention-detail">
            {reason.detail}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** The latest check: status and HTTP answer, where the redirects ended, what was seen, and when. */
export function LinkCheckCell({ check }: { check: AttentionRow['linkCheck'] }) {
  if (!check) return <Typography.Text type="secondary">Not checked yet</Typography.Text>;
  return (
    <div className="attention-evidence">
      <Typography.Text strong={check.status !== 'OK'}>{linkCheckSummary(check)}</Typography.Text>
      {check.finalUrl && (
        // The address is the evidence: shown whole on hover, never followed by accident (new tab, no referrer).
        <a className="attention-url" href={check.finalUrl} title={check.finalUrl} target="_blank" rel="noopener noreferrer">
          {check.finalUrl}
        </a>
      )}
      <Typography.Text type="secondary">{check.reason}</Typography.Text>
      <Typography.Text type="secondary">Checked {formatDateTime(check.checkedAt)}</Typography.Text>
    </div>
  );
}

export function FeedbackCell({ row }: { row: AttentionRow }) {
  const reports = reportLines(row.reports);
  return (
    <div className="attention-evidence">
      <span>{successSummary(row)}</span>
      {reports.length === 0 ? (
        <Typography.Text type="secondary">No reports</Typography.Text>
      ) : (
        <ul className="attention-reports" aria-label={`Reports on ${row.name}`}>
          {reports.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
