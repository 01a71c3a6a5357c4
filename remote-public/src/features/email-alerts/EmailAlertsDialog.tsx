import { createPortal } from 'react-dom';
import { Modal } from '../../components/Modal';
import { EmailAlertForm } from './EmailAlertForm';
import type { StoreChoice } from './rules';

export interface EmailAlertsDialogProps {
  title: string;
  words?: readonly string[];
  stores?: readonly StoreChoice[];
  onClose: () => void;
}

/**
 * The subscription form in the site's dialog. Portalled to the body: a button in the footer would
 * otherwise put the dialog inside the footer, whose white-on-navy rules (headings, lists, links)
 * reach into it.
 */
export default function EmailAlertsDialog({ title, words, stores, onClose }: EmailAlertsDialogProps) {
  return createPortal(
    <Modal open title={title} onClose={onClose}>
      <p className="ea-lead">Get an email when new deals match the words and stores you choose.</p>
      <EmailAlertForm words={words} stores={stores} onDone={onClose} />
    </Modal>,
    document.body,
  );
}
