import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body, right-aligned. */
  footer?: ReactNode;
}

/**
 * The site's dialog: the native `<dialog>` opened with showModal(), so focus is trapped, Escape
 * closes and the page behind is inert without a library. A click on the backdrop closes too.
 */
export function Modal({ open, title, onClose, children, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the open attribute is the same for the tests.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="site-modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="site-modal__panel">
          <div className="site-modal__head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="site-modal__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="site-modal__body">{children}</div>
          {footer && <div className="site-modal__foot">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
