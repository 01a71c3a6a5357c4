import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { POPUP_DELAY_MS, rememberDismissal, shouldShowPopup } from './popupRules';

// The dialog and the signup form load when the popup opens, not with every page.
const EmailPopupDialog = lazy(() => import('./EmailPopupDialog'));

const allowed = (pathname: string) => {
  try {
    return shouldShowPopup({ pathname, storage: window.localStorage, now: new Date() });
  } catch {
    return false; // no storage: the popup could never be dismissed for good, so never show it
  }
};

/**
 * The email-blast invitation (spec 000 §4): opens 5 s after the site loads (on whichever page the
 * visitor is then), never on /email-blast-signup, never after a signup, not within 3 days of
 * Maybe Later. Closing it any other way (Escape, backdrop, ×) counts as Maybe Later.
 */
export default function EmailPopup() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  const loadedAt = useRef(0);
  const shown = useRef(false);

  useEffect(() => {
    loadedAt.current ||= Date.now();
    if (shown.current || !allowed(pathname)) return;
    const timer = window.setTimeout(
      () => {
        // Checked again: the visitor may have signed up in the footer meanwhile.
        if (shown.current || !allowed(pathname)) return;
        shown.current = true;
        setOpen(true);
      },
      Math.max(0, loadedAt.current + POPUP_DELAY_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [pathname]);

  const close = () => {
    if (!signedUp) {
      try {
        rememberDismissal(window.localStorage, new Date());
      } catch {
        // storage unavailable: nothing to remember
      }
    }
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EmailPopupDialog signedUp={signedUp} onSignedUp={() => setSignedUp(true)} onClose={close} />
    </Suspense>
  );
}
