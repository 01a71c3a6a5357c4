import { useState } from 'react';
import { EmailAlertForm } from './EmailAlertForm';
import type { StoreChoice } from './rules';

/** After a dead link or an unsubscribe: the way back in, the form opening in place on request. */
export function SubscribeAgain({ words, stores, label = 'Subscribe again' }: { words?: readonly string[]; stores?: readonly StoreChoice[]; label?: string }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" className="btn btn--primary ea-again" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  return (
    <section className="ea-card" aria-labelledby="ea-again-title">
      <h2 id="ea-again-title" className="ea-card__title">
        Deal alerts by email
      </h2>
      <EmailAlertForm words={words} stores={stores} />
    </section>
  );
}
