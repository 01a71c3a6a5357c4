import { Suspense, useState } from 'react';
import { Icon } from '../../components/icons';
import { preloadable } from '../../lib/preloadable';
import { useHydrated } from '../../lib/ssr/useHydrated';
import type { StoreChoice } from './rules';
import './email-alerts-button.css';

// The form and its dialog load on the first hover, focus or click: the pages that offer the button
// carry only the button.
const EmailAlertsDialog = preloadable(() => import('./EmailAlertsDialog'));
const preload = () => void EmailAlertsDialog.preload().catch(() => undefined);

export interface EmailAlertsButtonProps {
  /** The button's text (also the dialog's title unless `title` says otherwise). */
  label: string;
  title?: string;
  /** What the form starts with: the page's search words and stores. */
  words?: readonly string[];
  stores?: readonly StoreChoice[];
  /** `link`: a quiet text button (the deal page, the footer); `button`: an outlined one. */
  look?: 'button' | 'link';
  className?: string;
}

/**
 * "Email me deals like these": opens the email-alerts form in a dialog, prefilled from the page.
 * Rendered by the server too (so nothing moves when the page wakes up), disabled until hydrated:
 * a click on the server's markup would do nothing.
 */
export function EmailAlertsButton({ label, title, words, stores, look = 'button', className }: EmailAlertsButtonProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A fresh form (and prefill) for each opening.
  const [opening, setOpening] = useState(0);
  const classes = ['ea-button', look === 'link' ? 'ea-button--link' : 'btn btn--ghost', className].filter(Boolean).join(' ');
  return (
    <>
      <button
        type="button"
        className={classes}
        disabled={!hydrated}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        <Icon name="mail" size={18} />
        <span>{label}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <EmailAlertsDialog key={opening} title={title ?? label} words={words} stores={stores} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
