import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { EmailSignupForm } from './EmailSignupForm';
import { POPUP_DELAY_MS, rememberDismissal, shouldShowPopup } from './popupRules';

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

  return (
    <Modal
      open={open}
      title="Join Our Email Blast"
      onClose={close}
      footer={
        <button type="button" className="btn btn--ghost" onClick={close}>
          {signedUp ? 'Done' : 'Maybe Later'}
        </button>
      }
    >
      <p className="email-popup__text">Be the first to hear about the best deals and promo codes: sign up and we will send them straight to your inbox.</p>
      <EmailSignupForm compact onSignedUp={() => setSignedUp(true)} />
    </Modal>
  );
}
