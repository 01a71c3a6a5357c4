import { Modal } from '../../components/Modal';
import { EmailSignupForm } from './EmailSignupForm';

/** The email-blast invitation itself (EmailPopup decides when): the form and Maybe Later. */
export default function EmailPopupDialog({ signedUp, onSignedUp, onClose }: { signedUp: boolean; onSignedUp: () => void; onClose: () => void }) {
  return (
    <Modal
      open
      title="Join Our Email Blast"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {signedUp ? 'Done' : 'Maybe Later'}
        </button>
      }
    >
      <p className="email-popup__text">Be the first to hear about the best deals and promo codes: sign up and we will send them straight to your inbox.</p>
      <EmailSignupForm compact onSignedUp={onSignedUp} />
    </Modal>
  );
}
