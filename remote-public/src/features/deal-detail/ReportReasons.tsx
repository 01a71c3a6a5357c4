import { useId, useState } from 'react';
import type { ReportReason } from '@deals/contract/trust';
import { feedbackProblem, sendReport } from '../../lib/dealFeedback';
import { FEEDBACK_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS } from '../../lib/trust';

type State = 'choosing' | ReportReason | 'sent' | { problem: string };

const FAILED = 'Your report could not be sent. Please try again, or send us an email.';

/**
 * One-click reports in Having Trouble?: each reason is one anonymous report to the team's
 * "Needs attention" queue, no email needed. Sent once; a failure is said inline and the reasons stay.
 */
export function ReportReasons({ productId }: { productId: number }) {
  const id = useId();
  const [state, setState] = useState<State>('choosing');
  const sending = typeof state === 'string' && state !== 'choosing' && state !== 'sent';
  const report = (reason: ReportReason) => {
    setState(reason);
    sendReport(productId, reason).then(
      () => setState('sent'),
      (error: unknown) => setState({ problem: feedbackProblem(error, FAILED) }),
    );
  };
  return (
    <div className="report-reasons">
      {state !== 'sent' && (
        <>
          <p id={id} className="report-reasons__label">
            What went wrong? One click tells our team:
          </p>
          <div className="report-reasons__options" role="group" aria-labelledby={id}>
            {REPORT_REASONS.map((reason) => (
              <button key={reason} type="button" className="btn btn--ghost report-reasons__option" disabled={sending} aria-busy={state === reason || undefined} onClick={() => report(reason)}>
                {REPORT_REASON_LABELS[reason]}
              </button>
            ))}
          </div>
        </>
      )}
      <p className="report-reasons__thanks" aria-live="polite">
        {state === 'sent' ? FEEDBACK_MESSAGES.reported : ''}
      </p>
      {typeof state === 'object' && (
        <p className="report-reasons__error" role="alert">
          {state.problem}
        </p>
      )}
    </div>
  );
}
