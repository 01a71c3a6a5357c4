import { useId, useState } from 'react';
import { feedbackProblem, rememberVote, sendVote } from '../../lib/dealFeedback';
import { FEEDBACK_MESSAGES } from '../../lib/trust';
import './trust.css';

type State = 'asking' | 'sending' | 'thanked' | { problem: string };

const FAILED = 'Your answer could not be sent. Please try again.';

/**
 * "Did this code work?" with Yes and No, shown once a code was copied (PromoCode). The answer is
 * anonymous and remembered for the day; a failed send says so and leaves the buttons to try again.
 */
export function CodeFeedback({ productId }: { productId: number }) {
  const id = useId();
  const [state, setState] = useState<State>('asking');
  const answer = (worked: boolean) => {
    setState('sending');
    sendVote(productId, worked).then(
      () => {
        rememberVote(productId);
        setState('thanked');
      },
      (error: unknown) => setState({ problem: feedbackProblem(error, FAILED) }),
    );
  };
  const thanked = state === 'thanked';
  return (
    <div className="code-feedback" role="group" aria-labelledby={thanked ? undefined : id}>
      {!thanked && (
        <>
          <span id={id} className="code-feedback__question">
            Did this code work?
          </span>
          <span className="code-feedback__answers">
            <button type="button" className="code-feedback__answer" disabled={state === 'sending'} onClick={() => answer(true)}>
              Yes
            </button>
            <button type="button" className="code-feedback__answer" disabled={state === 'sending'} onClick={() => answer(false)}>
              No
            </button>
          </span>
        </>
      )}
      <span className="code-feedback__thanks" aria-live="polite">
        {thanked ? FEEDBACK_MESSAGES.voted : ''}
      </span>
      {typeof state === 'object' && (
        <span className="code-feedback__error" role="alert">
          {state.problem}
        </span>
      )}
    </div>
  );
}
